package lower_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ingot-render/ingot/shaders/lower"
	"github.com/ingot-render/ingot/shaders/sema"
)

// FuzzLower checks that lowering any source the front end accepts returns
// an error or a program that verifies, and never panics.
func FuzzLower(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "conformance", "*.metal"))
	for _, p := range files {
		if src, err := os.ReadFile(p); err == nil {
			f.Add(string(src))
		}
	}
	f.Fuzz(func(t *testing.T, src string) {
		prog, err := compileMSL("fuzz.metal", src, false)
		if err != nil || prog == nil {
			return
		}
		check := func(err error) {
			if err != nil && strings.Contains(err.Error(), "internal error") {
				t.Fatal(err)
			}
		}
		for _, fn := range prog.Functions {
			switch fn.Kind {
			case sema.FuncKernel:
				_, err := lower.Entry(prog, fn, lower.Options{})
				check(err)
			case sema.FuncVertex, sema.FuncFragment:
				_, err := lower.Stage(prog, fn, lower.Options{})
				check(err)
			}
		}
		for _, sf := range prog.Funcs {
			if sf.Kind == sema.FuncPlain {
				_, err := lower.Function(prog, sf, lower.Options{})
				check(err)
			}
		}
	})
}
