package syntax

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/ingot-render/ingot/shaders/diag"
)

var update = flag.Bool("update", false, "rewrite golden files in testdata")

// TestGolden parses every testdata/parse/*.metal file and compares the AST
// dump and the diagnostics with the .golden file next to it.
func TestGolden(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "parse", "*.metal"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no test files")
	}
	for _, fn := range files {
		t.Run(filepath.Base(fn), func(t *testing.T) {
			src, err := os.ReadFile(fn)
			if err != nil {
				t.Fatal(err)
			}
			fset := diag.NewFileSet()
			dl := diag.NewList(fset)
			f := ParseFile(fset, filepath.Base(fn), src, Options{}, dl)
			checkPositions(t, fset, f, true)
			var b bytes.Buffer
			// The <simd/simd.h> typedefs are long and uninteresting.
			for _, d := range f.Decls {
				if p := fset.Position(d.Pos()); strings.HasPrefix(p.Filename, "<") {
					continue
				}
				b.WriteString(Dump(d))
				b.WriteByte('\n')
			}
			b.WriteString("-- diagnostics --\n")
			dl.Sort()
			for _, d := range dl.Diags {
				b.WriteString(fset.Position(d.Pos).String() + ": " + d.Severity.String() + ": " + d.Msg + "\n")
			}
			golden := strings.TrimSuffix(fn, ".metal") + ".golden"
			if *update {
				if err := os.WriteFile(golden, b.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run with -update to create)", err)
			}
			if got := b.String(); got != string(want) {
				t.Errorf("AST dump differs from %s (run with -update after checking):\n%s", golden, lineDiff(string(want), got))
			}
		})
	}
}

// lineDiff reports the first differing lines.
func lineDiff(want, got string) string {
	wl, gl := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(wl) || i < len(gl); i++ {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g {
			return "line " + strconv.Itoa(i+1) + ":\n want: " + w + "\n  got: " + g
		}
	}
	return ""
}
