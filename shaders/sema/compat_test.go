package sema

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/ingot-render/ingot/internal/testkit"
	"github.com/ingot-render/ingot/shaders/diag"
	"github.com/ingot-render/ingot/shaders/syntax"
)

var expectFuncRE = regexp.MustCompile(`// EXPECT-FUNC name=(\S+) kind=(\S+)`)

// TestCompat checks the real-world compatibility cases of
// shaders/testdata/compat (one valid and one misuse file per feature of
// docs/msl-compat.md): every `// ERROR "re"` and `// WARNING "re"` must be
// matched on its line and no other diagnostic reported; `// EXPECT-FUNC name=N kind=K` lines name
// qualified functions the valid files must define.
func TestCompat(t *testing.T) {
	files, err := filepath.Glob("../testdata/compat/*.metal")
	if err != nil || len(files) == 0 {
		t.Fatalf("no compat cases: %v", err)
	}
	for _, path := range files {
		name := filepath.Base(path)
		t.Run(strings.TrimSuffix(name, ".metal"), func(t *testing.T) {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			fset := diag.NewFileSet()
			diags := diag.NewList(fset)
			opts, conf := seedOptions(path, src)
			f := syntax.ParseFile(fset, path, src, opts, diags)
			prog := Check(fset, f, conf, diags)
			diags.Sort()
			exps, err := testkit.ParseExpectations(src)
			if err != nil {
				t.Fatal(err)
			}
			valid := strings.Contains(string(src), "// expect: valid")
			errs := 0
			for _, x := range exps {
				if x.Severity == "error" {
					errs++
				}
			}
			if valid != (errs == 0) {
				t.Fatalf("a valid case has no ERROR lines and an error case has some (valid=%v, %d ERROR lines)", valid, errs)
			}
			if problems := testkit.MatchExpectations(exps, reported(diags, path)); len(problems) > 0 {
				t.Errorf("%s:\n  %s", name, strings.Join(problems, "\n  "))
			}
			for _, m := range expectFuncRE.FindAllStringSubmatch(string(src), -1) {
				fn := prog.Lookup(m[1])
				if fn == nil {
					t.Errorf("no qualified function %s", m[1])
				} else if fn.Kind.String() != m[2] {
					t.Errorf("%s is a %s function, want %s", m[1], fn.Kind, m[2])
				}
			}
		})
	}
}
