package scenes_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/ingot-render/ingot/scenes"
)

var update = flag.Bool("update", false, "rewrite golden files in testdata")

// TestSummaryGolden pins `ingot scene info` output (text and JSON) for the
// built-in scenes.
func TestSummaryGolden(t *testing.T) {
	for _, name := range scenes.BuiltinNames() {
		s, err := scenes.Builtin(name)
		if err != nil {
			t.Fatal(err)
		}
		sum := s.Summary()
		var text bytes.Buffer
		if err := sum.WriteText(&text); err != nil {
			t.Fatal(err)
		}
		js, err := json.MarshalIndent(sum, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		for file, got := range map[string][]byte{name + ".summary.txt": text.Bytes(), name + ".summary.json": append(js, '\n')} {
			path := filepath.Join("testdata", file)
			if *update {
				if err := os.MkdirAll("testdata", 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, got, 0o644); err != nil {
					t.Fatal(err)
				}
				continue
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run with -update)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s differs:\n--- got\n%s\n--- want\n%s", file, got, want)
			}
		}
	}
}
