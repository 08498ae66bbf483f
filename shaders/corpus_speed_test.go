package shaders

import (
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkCorpusFile compiles the corpus file named by
// INGOT_MSL_FILE (with its folder and INGOT_MSL_INCLUDE as include
// directories), the path of `ingot msl check`, for profiling the compile
// of one real file. It skips when the variable is unset.
func BenchmarkCorpusFile(b *testing.B) {
	path := os.Getenv("INGOT_MSL_FILE")
	if path == "" {
		b.Skip("INGOT_MSL_FILE not set")
	}
	src, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	opts := Options{IncludeDirs: []string{filepath.Dir(path)}}
	if inc := os.Getenv("INGOT_MSL_INCLUDE"); inc != "" {
		opts.IncludeDirs = append(opts.IncludeDirs, inc)
	}
	for b.Loop() {
		if _, err := Compile(path, src, opts); err != nil {
			b.Fatal(err)
		}
	}
}
