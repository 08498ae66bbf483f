package lower_test

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/ingot-render/ingot/shaders/lower"
)

var update = flag.Bool("update", false, "rewrite the golden IR files")

// TestGoldenIR checks the IR of a few kernels against testdata/golden and
// that lowering the same source twice gives identical IR.
func TestGoldenIR(t *testing.T) {
	for _, name := range []string{"basic.metal", "control_flow.metal"} {
		src, err := os.ReadFile(filepath.Join("testdata", "conformance", name))
		if err != nil {
			t.Fatal(err)
		}
		var texts [2]string
		for i := range texts {
			prog, err := compileMSL(name, string(src), false)
			if err != nil {
				t.Fatal(err)
			}
			for _, fn := range prog.Functions {
				res, err := lower.Entry(prog, fn, lower.Options{})
				if err != nil {
					t.Fatal(err)
				}
				texts[i] += "== " + fn.Name + "\n" + res.Program.String() + "\n"
			}
		}
		if texts[0] != texts[1] {
			t.Errorf("%s: lowering is not deterministic", name)
		}
		golden := filepath.Join("testdata", "golden", name+".ir")
		if *update {
			if err := os.WriteFile(golden, []byte(texts[0]), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatalf("%v (run with -update)", err)
		}
		if string(want) != texts[0] {
			t.Errorf("%s: IR differs from %s (run with -update after checking)", name, golden)
		}
	}
}
