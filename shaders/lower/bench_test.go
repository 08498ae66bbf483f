package lower_test

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/ingot-render/ingot/shaders/lower"
	"github.com/ingot-render/ingot/shaders/sema"
)

// BenchmarkLowerRenderer lowers every kernel of the large renderer; the
// baseline is parsing and checking the same source, reported as the ratio
// lower/check.
func BenchmarkLowerRenderer(b *testing.B) {
	src, err := os.ReadFile(filepath.Join("..", "testdata", "large", "renderer.metal"))
	if err != nil {
		b.Skip(err)
	}
	prog, err := compileMSL("renderer.metal", string(src), false)
	if err != nil {
		b.Fatal(err)
	}
	var check, low time.Duration
	for b.Loop() {
		t0 := time.Now()
		if _, err := compileMSL("renderer.metal", string(src), false); err != nil {
			b.Fatal(err)
		}
		t1 := time.Now()
		for _, fn := range prog.Functions {
			if fn.Kind != sema.FuncKernel {
				continue
			}
			if _, err := lower.Entry(prog, fn, lower.Options{}); err != nil {
				b.Fatal(err)
			}
		}
		check += t1.Sub(t0)
		low += time.Since(t1)
	}
	b.ReportMetric(float64(low)/float64(check), "lower/check")
}
