package exec_test

import (
	"testing"

	"github.com/ingot-render/ingot/engine/exec"
)

// TestNoMixedLaneVectors checks that no lane vector is shared between a
// float temporary and an integer one. A varying op runs over all 64 lanes,
// the inactive ones too; if a float op's operand vector last held integers
// there, it reads small integers as subnormal floats, and Intel cores take
// a microcode assist (about 150 cycles) per such instruction. The kernels
// here mix integer and float temporaries under divergent branches.
func TestNoMixedLaneVectors(t *testing.T) {
	for _, kc := range kernelCases() {
		t.Run(kc.name, func(t *testing.T) {
			got, err := exec.MixedLaneVectors(kc.prog(), kc.entry, mathIntrinsics)
			if err != nil {
				t.Fatal(err)
			}
			for fn, n := range got {
				if n != 0 {
					t.Errorf("function %s: %d lane vectors hold both float and integer temporaries", fn, n)
				}
			}
		})
	}
}
