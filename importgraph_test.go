package ingot

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

const modulePath = "github.com/ingot-render/ingot"

// layerRules says which project packages each package (by longest matching
// prefix) may import in non-test code. It mirrors the package table of
// docs/DESIGN.md: leaves know nothing of the layers above them.
var layerRules = map[string][]string{
	"internal/lane":     {},
	"internal/testkit":  {},
	"internal/benchkit": {},
	"internal/fmath":    {"internal/benchkit"},
	"internal/texel":    {"internal/benchkit", "internal/fmath"},
	"shaders/diag":      {},
	"shaders/syntax":    {"internal/benchkit", "shaders/diag"},
	"shaders/sema":      {"internal/benchkit", "shaders/diag", "shaders/syntax"},
	"shaders/reflect":   {"shaders/diag", "shaders/syntax", "shaders/sema"},
	"shaders/stdlib":    {"shaders/diag", "shaders/syntax", "shaders/sema", "shaders/ir", "internal/fmath"},
	"shaders/ir":        {"internal/benchkit", "shaders/diag", "shaders/syntax", "shaders/sema", "shaders/stdlib", "internal/fmath"},
	"shaders":           {"internal/benchkit", "shaders", "internal/fmath"},
	"engine/exec":       {"internal/benchkit", "engine/exec", "shaders/ir", "shaders/diag", "internal/lane", "internal/fmath", "internal/texel"},
	"engine/raster":     {"internal/benchkit", "internal/lane", "internal/fmath", "internal/texel"},
	"accel":             {"internal/benchkit", "accel", "internal/lane", "internal/fmath"},
	"mesh":              {"internal/benchkit", "mesh", "internal/lane", "internal/fmath"},
	"engine/rt":         {"internal/benchkit", "accel", "engine/exec", "shaders/ir", "shaders/stdlib", "shaders/diag", "internal/lane", "internal/fmath"},
	"engine":            {"internal/benchkit", "engine", "shaders", "accel", "mesh", "internal/lane", "internal/fmath", "internal/texel"},
	"scenes":            {"internal/benchkit", "scenes", "engine", "shaders", "accel", "mesh", "internal/lane", "internal/fmath", "internal/texel"},
	"cmd":               {"internal/benchkit", "cmd", "scenes", "engine", "shaders", "accel", "mesh", "internal/lane", "internal/fmath", "internal/texel"},
}

// ruleFor returns the rule key that governs pkg (longest prefix match).
func ruleFor(pkg string) (string, bool) {
	best := ""
	for k := range layerRules {
		if (pkg == k || strings.HasPrefix(pkg, k+"/")) && len(k) > len(best) {
			best = k
		}
	}
	return best, best != ""
}

func allowed(rule, imp string) bool {
	for _, a := range layerRules[rule] {
		if imp == a || strings.HasPrefix(imp, a+"/") {
			return true
		}
	}
	return false
}

// TestImportGraph checks every non-test import between project packages
// against layerRules, and that every package has a rule.
func TestImportGraph(t *testing.T) {
	imports := map[string]map[string]bool{}
	fset := token.NewFileSet()
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			name := d.Name()
			if path != "." && (strings.HasPrefix(name, ".") || name == "testdata" || name == "docs") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		dir := filepath.ToSlash(filepath.Dir(path))
		if dir == "." {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		if imports[dir] == nil {
			imports[dir] = map[string]bool{}
		}
		for _, im := range f.Imports {
			p, _ := strconv.Unquote(im.Path.Value)
			if rel, ok := strings.CutPrefix(p, modulePath+"/"); ok {
				imports[dir][rel] = true
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var pkgs []string
	for p := range imports {
		pkgs = append(pkgs, p)
	}
	sort.Strings(pkgs)
	for _, p := range pkgs {
		rule, ok := ruleFor(p)
		if !ok {
			t.Errorf("package %s has no layer rule: add it to layerRules and docs/DESIGN.md", p)
			continue
		}
		for imp := range imports[p] {
			if imp == "internal/testkit" {
				t.Errorf("%s imports internal/testkit outside tests", p)
				continue
			}
			if !allowed(rule, imp) {
				t.Errorf("%s imports %s, which layer %q may not use", p, imp, rule)
			}
		}
	}
	if _, err := os.Stat("shaders/diag"); err == nil && len(imports["shaders/diag"]) != 0 {
		t.Errorf("shaders/diag must be a leaf")
	}
}
