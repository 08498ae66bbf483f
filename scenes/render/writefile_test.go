package render

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// TestWriteFileAtomic: a write that fails half-way leaves the existing
// file as it was and no temporary file; a write that succeeds replaces it
// whole with mode 0644.
func TestWriteFileAtomic(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.png")
	if err := os.WriteFile(path, []byte("old image"), 0o600); err != nil {
		t.Fatal(err)
	}
	boom := errors.New("disk on fire")
	err := writeFile(path, func(w io.Writer) error {
		w.Write([]byte("half a PNG"))
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("err = %v, want the writer's error", err)
	}
	checkDir := func(want string) {
		t.Helper()
		if b, err := os.ReadFile(path); err != nil || string(b) != want {
			t.Errorf("out.png holds %q (%v), want %q", b, err, want)
		}
		ents, _ := os.ReadDir(dir)
		if len(ents) != 1 {
			var names []string
			for _, e := range ents {
				names = append(names, e.Name())
			}
			t.Errorf("directory holds %v, want only out.png", names)
		}
	}
	checkDir("old image")
	if err := writeFile(path, func(w io.Writer) error { _, err := w.Write([]byte("new image")); return err }); err != nil {
		t.Fatal(err)
	}
	checkDir("new image")
	if st, err := os.Stat(path); err != nil || st.Mode().Perm() != 0o644 {
		t.Errorf("mode %v (%v), want 0644", st.Mode().Perm(), err)
	}
	// A file in the working directory (no directory in the path).
	t.Chdir(dir)
	if err := writeFile("rel.pfm", func(w io.Writer) error { return nil }); err != nil {
		t.Errorf("relative path: %v", err)
	}
	if err := writeFile(filepath.Join(dir, "missing", "x.png"), func(w io.Writer) error { return nil }); err == nil {
		t.Error("a file in a missing directory was written")
	}
}
