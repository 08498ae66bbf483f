package syntax

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ingot-render/ingot/shaders/diag"
)

// TestCorpus parses every MSL file of the shared test corpus
// (../testdata/seeds/*.metal, written from the seeds' examples, and
// ../testdata/large/*.metal) with the options of its "// flags:" line.
// Files marked "// expect: valid" must preprocess and parse without
// errors; in files marked "// expect: error" every syntax error must be on
// a line carrying an "// ERROR" comment (most of their errors belong to
// sema). The test skips when the corpus is absent.
func TestCorpus(t *testing.T) {
	var files []string
	for _, dir := range []string{"seeds", "large"} {
		fs, _ := filepath.Glob(filepath.Join("..", "testdata", dir, "*.metal"))
		files = append(files, fs...)
	}
	if len(files) == 0 {
		t.Skip("no corpus in ../testdata")
	}
	for _, fn := range files {
		src, err := os.ReadFile(fn)
		if err != nil {
			t.Fatal(err)
		}
		opts := corpusOptions(string(src))
		opts.IncludeDirs = append(opts.IncludeDirs, filepath.Dir(fn))
		opts.Resolver = OSResolver{}
		fset := diag.NewFileSet()
		dl := diag.NewList(fset)
		f := ParseFile(fset, fn, src, opts, dl)
		checkPositions(t, fset, f, true)
		if !dl.HasErrors() {
			continue
		}
		// In files that expect errors, every syntax error must be on a
		// line marked // ERROR.
		lines := strings.Split(string(src), "\n")
		expectErr := strings.Contains(string(src), "// expect: error")
		var bad []diag.Diagnostic
		for _, d := range dl.Diags {
			if d.Severity != diag.Error {
				continue
			}
			p := fset.Position(d.Pos)
			if expectErr && p.Filename == fn && p.Line <= len(lines) && strings.Contains(lines[p.Line-1], "// ERROR") {
				continue
			}
			bad = append(bad, d)
		}
		if len(bad) == 0 {
			continue
		}
		var b strings.Builder
		(&diag.List{Fset: fset, Diags: bad}).Format(&b)
		t.Errorf("%s: unexpected diagnostics:\n%s", fn, b.String())
	}
}

// corpusOptions reads a "// flags: -std=... -D N=V -I dir" header line.
func corpusOptions(src string) Options {
	var o Options
	for _, l := range strings.Split(src, "\n") {
		l = strings.TrimSpace(l)
		rest, ok := strings.CutPrefix(l, "// flags:")
		if !ok {
			continue
		}
		fs := strings.Fields(rest)
		for i := 0; i < len(fs); i++ {
			f := fs[i]
			switch {
			case strings.HasPrefix(f, "-std="):
				o.Std = f
			case f == "-D" && i+1 < len(fs):
				i++
				o.Defines = append(o.Defines, fs[i])
			case strings.HasPrefix(f, "-D"):
				o.Defines = append(o.Defines, f[2:])
			case f == "-I" && i+1 < len(fs):
				i++
				o.IncludeDirs = append(o.IncludeDirs, fs[i])
			case strings.HasPrefix(f, "-I"):
				o.IncludeDirs = append(o.IncludeDirs, f[2:])
			}
		}
	}
	return o
}
