package render

import (
	"testing"

	"github.com/ingot-render/ingot/scenes/render/internal/kernel"
)

// TestPublicConstantsMatchKernel: the public tone-map and filter values
// are the kernel's (scene_types.h TONEMAP_*, FILTER_*), which
// internal/kernel's TestHeaderDefinesMatchGo checks against the MSL.
func TestPublicConstantsMatchKernel(t *testing.T) {
	for _, c := range []struct {
		name      string
		pub, kern uint32
	}{
		{"ToneNone", uint32(ToneNone), uint32(kernel.ToneNone)},
		{"TonePBRNeutral", uint32(TonePBRNeutral), uint32(kernel.TonePBRNeutral)},
		{"ToneACES", uint32(ToneACES), uint32(kernel.ToneACES)},
		{"FilterTent", uint32(FilterTent), uint32(kernel.FilterTent)},
		{"FilterBox", uint32(FilterBox), uint32(kernel.FilterBox)},
		{"FilterGaussian", uint32(FilterGaussian), uint32(kernel.FilterGaussian)},
		{"FilterBlackmanHarris", uint32(FilterBlackmanHarris), uint32(kernel.FilterBlackmanHarris)},
		{"FilterCenter", uint32(FilterCenter), uint32(kernel.FilterCenter)},
	} {
		if c.pub != c.kern {
			t.Errorf("%s = %d, kernel %d", c.name, c.pub, c.kern)
		}
	}
	for f := FilterTent; f <= FilterCenter; f++ {
		if f.DefaultWidth() != kernel.PixelFilter(f).DefaultWidth() {
			t.Errorf("%v.DefaultWidth %v", f, f.DefaultWidth())
		}
	}
}
