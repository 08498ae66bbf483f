// Package testkit holds helpers shared by ingot's tests: golden files that
// are rewritten with -update, image comparison with a stated tolerance that
// writes a diff image on failure, and the `// ERROR "regexp"` harness for
// compiler diagnostics. It knows nothing of production code.
package testkit

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"
)

// Update is set by `go test -update`: golden files are rewritten instead of
// compared.
var Update = flag.Bool("update", false, "rewrite golden files instead of comparing against them")

// Golden compares got with the file at path, or writes it when -update is
// set. A missing golden file is an error that says how to create it.
func Golden(t testing.TB, path string, got []byte) {
	t.Helper()
	if *Update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("golden %s: %v (run `go test -update` to create it)", path, err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from golden:\n%s", path, LineDiff(string(want), string(got)))
	}
}

// FailureDir is where tests write artefacts of failures (diff images,
// actual outputs): $INGOT_TEST_OUT, or a folder in the system temp dir.
func FailureDir() string {
	if d := os.Getenv("INGOT_TEST_OUT"); d != "" {
		return d
	}
	return filepath.Join(os.TempDir(), "ingot-test-failures")
}
