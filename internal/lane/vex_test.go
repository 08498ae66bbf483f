package lane

import (
	"testing"

	"github.com/ingot-render/ingot/internal/testkit"
)

// TestAssemblyVEXOnly fails on a legacy-SSE instruction that touches an
// XMM register in the package's kernels: run between AVX instructions
// (whose upper YMM halves stay dirty until VZEROUPPER) each one costs an
// SSE/AVX state transition, which once made the masked move 50 times
// slower.
func TestAssemblyVEXOnly(t *testing.T) {
	testkit.CheckAssembly(t, "*_amd64.s", false)
}
