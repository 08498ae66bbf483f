package exec_test

import (
	"strings"
	"testing"

	"github.com/ingot-render/ingot/engine/exec"
)

func TestZZDump2(t *testing.T) {
	for _, c := range []struct {
		n      int
		s      uint64
		x      uint32
		signed bool
	}{{4, 16, 0, false}, {4, 16, 0, true}, {3, 12, 0, false}, {2, 24, 0, false}, {4, 16, 1, false}} {
		pl, err := exec.Compile(buildVecCopy(c.n, c.s, c.x, c.signed), "vcopy", exec.Options{})
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%v grouped=%v", c, strings.Contains(exec.DumpCode(pl), "opVLoadAffN"))
	}
}
