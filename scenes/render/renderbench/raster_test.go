package renderbench

import (
	"strings"
	"testing"

	"github.com/ingot-render/ingot/internal/benchkit"
)

// BenchmarkRasterCases runs RasterBenchCases through benchkit on one
// worker (-bench RasterCases/damagedhelmet-512 for one scene and size).
func BenchmarkRasterCases(b *testing.B) {
	for _, c := range RasterBenchCases("../../../../shared/scenes") {
		b.Run(strings.TrimPrefix(c.Name, "render/raster/"), func(b *testing.B) { benchkit.Bench(b, c, 1) })
	}
}

// TestRasterBenchCases checks the case list: every scene at both sizes in
// every mode, under unique names of the form `ingot bench` filters by.
func TestRasterBenchCases(t *testing.T) {
	cs := RasterBenchCases(t.TempDir())
	if want := len(rasterScenes) * 2 * len(rasterModes); len(cs) != want {
		t.Fatalf("%d cases, want %d", len(cs), want)
	}
	seen := map[string]bool{}
	for _, c := range cs {
		if !strings.HasPrefix(c.Name, "render/raster/") || c.Ingot == nil || c.Unit != "ns/op" {
			t.Errorf("case %q: unit %q, ingot %v", c.Name, c.Unit, c.Ingot != nil)
		}
		if seen[c.Name] {
			t.Errorf("case %q twice", c.Name)
		}
		seen[c.Name] = true
	}
	for _, name := range []string{"render/raster/damagedhelmet-512x512/raster", "render/raster/spheres-1920x1080/mesh", "render/raster/cornell-512x512/deferred"} {
		if !seen[name] {
			t.Errorf("no case %q", name)
		}
	}
}
