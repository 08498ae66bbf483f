package lane

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestAssemblyVEXOnly fails on a legacy-SSE instruction that touches an
// XMM register in the AVX2 kernels: run between AVX instructions (whose
// upper YMM halves stay dirty until VZEROUPPER) each one costs an SSE/AVX
// state transition, which made the masked move 50 times slower.
func TestAssemblyVEXOnly(t *testing.T) {
	src, err := os.ReadFile("asm_amd64.s")
	if err != nil {
		t.Fatal(err)
	}
	xmm := regexp.MustCompile(`\b[XY]\d+\b`)
	for i, line := range strings.Split(string(src), "\n") {
		f := strings.Fields(line)
		if len(f) < 2 || !strings.HasPrefix(line, "\t") || !xmm.MatchString(line) {
			continue
		}
		if !strings.HasPrefix(f[0], "V") {
			t.Errorf("asm_amd64.s:%d: %s is not VEX-encoded", i+1, strings.TrimSpace(line))
		}
	}
}
