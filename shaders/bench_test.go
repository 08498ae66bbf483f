package shaders

import (
	"testing"
	"time"

	"github.com/ingot-render/ingot/internal/benchkit"
)

func BenchmarkFrontEnd(b *testing.B) {
	for _, c := range BenchCases() {
		b.Run(c.Name, func(b *testing.B) { benchkit.Bench(b, c, 0) })
	}
}

// TestGeneratedShaderCompiles keeps the benchmark input valid.
func TestGeneratedShaderCompiles(t *testing.T) {
	src := GenerateLargeShader(20000)
	lib, err := Compile("gen.metal", src, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(lib.Functions()) < 4 {
		t.Fatalf("%d functions", len(lib.Functions()))
	}
	if _, err := lib.Function("process0_half"); err != nil {
		t.Fatal(err)
	}
}

// TestRendererCompileTime checks the bound: a realistic
// ~1,000-line file compiles (check + reflect) well under 50 ms. CPU time is
// measured as the best of several runs so a loaded machine does not fail
// it spuriously.
func TestRendererCompileTime(t *testing.T) {
	src := RendererSource()
	best := time.Hour
	for range 5 {
		start := time.Now()
		if _, err := Compile("renderer.metal", src, Options{}); err != nil {
			t.Fatal(err)
		}
		best = min(best, time.Since(start))
	}
	t.Logf("renderer.metal (%d bytes): best of 5 = %v (%.1f MB/s)", len(src), best, float64(len(src))/best.Seconds()/1e6)
	if best > 50*time.Millisecond {
		t.Errorf("compile took %v, want < 50ms", best)
	}
}
