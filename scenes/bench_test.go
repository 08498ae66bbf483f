package scenes_test

import (
	"bufio"
	"bytes"
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/qmuntal/gltf"

	"github.com/ingot-render/ingot/scenes"
)

// baseline is the naive reference for one file: for glTF, qmuntal/gltf's
// own Open (JSON and buffers, no accessors, no images); for OBJ, reading
// the file and splitting it into lines.
func baseline(b *testing.B, p string) time.Duration {
	const runs = 2
	start := time.Now()
	for i := 0; i < runs; i++ {
		if strings.HasSuffix(p, ".obj") {
			data, err := os.ReadFile(p)
			if err != nil {
				b.Fatal(err)
			}
			sc := bufio.NewScanner(bytes.NewReader(data))
			n := 0
			for sc.Scan() {
				n += len(strings.Fields(sc.Text()))
			}
			_ = n
		} else if _, err := gltf.Open(p); err != nil {
			b.Fatal(err)
		}
	}
	return time.Since(start) / runs
}

// BenchmarkLoad imports every shared model (images decoded in parallel on
// GOMAXPROCS workers) and reports MB/s of file data read, triangles/s
// (unique mesh triangles), and the time relative to the baseline above.
func BenchmarkLoad(b *testing.B) { benchLoad(b, scenes.Options{}) }

// BenchmarkLoadGeometry is BenchmarkLoad without image decoding
// (Options.SkipImages), isolating geometry import.
func BenchmarkLoadGeometry(b *testing.B) { benchLoad(b, scenes.Options{SkipImages: true}) }

func benchLoad(b *testing.B, opts scenes.Options) {
	for _, p := range sharedModels(b) {
		b.Run(strings.TrimPrefix(p, sharedDir+"/"), func(b *testing.B) {
			s, err := scenes.Load(context.Background(), p, opts)
			if err != nil {
				b.Fatal(err)
			}
			tris := s.Summary().Triangles
			base := baseline(b, p)
			b.SetBytes(s.FileBytes)
			b.ResetTimer()
			for b.Loop() {
				if _, err := scenes.Load(context.Background(), p, opts); err != nil {
					b.Fatal(err)
				}
			}
			perOp := b.Elapsed().Seconds() / float64(b.N)
			b.ReportMetric(float64(tris)/perOp, "tris/s")
			b.ReportMetric(perOp/base.Seconds(), "x-baseline")
		})
	}
}

// BenchmarkBuiltin builds the built-in scenes.
func BenchmarkBuiltin(b *testing.B) {
	for _, name := range scenes.BuiltinNames() {
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				if _, err := scenes.Builtin(name); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
