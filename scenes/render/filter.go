package render

import (
	"fmt"
	"strings"

	"github.com/ingot-render/ingot/scenes/render/internal/kernel"
)

// PixelFilter is the reconstruction filter of the path tracer's image:
// the distribution of each camera ray's position around its pixel centre.
// Filters are importance sampled (every sample has weight 1, so a pixel
// is the plain mean of its samples); the filter's footprint, Width, is in
// pixels (filter.h filter_offset).
type PixelFilter uint32

// Pixel filters (scene_types.h FILTER_*). The zero value, FilterTent of
// width 2, is the default and what every earlier release used.
const (
	// FilterTent is the separable tent (triangle) of radius Width/2.
	FilterTent PixelFilter = iota
	// FilterBox is the separable box of side Width.
	FilterBox
	// FilterGaussian is the radially symmetric Gaussian of σ = Width/6,
	// truncated at radius Width/2 (3σ).
	FilterGaussian
	// FilterBlackmanHarris is the separable four-term Blackman–Harris
	// window of width Width (Cycles' default pixel filter at width 1.5).
	FilterBlackmanHarris
	// FilterCenter sends every camera ray through its pixel centre (no
	// anti-aliasing: for comparisons against references that do the same).
	FilterCenter
)

// filterNames are the names ParsePixelFilter accepts, in constant order.
var filterNames = [...]string{"tent", "box", "gaussian", "blackman-harris", "center"}

// String returns the filter's name (as `ingot render --filter` takes it).
func (f PixelFilter) String() string {
	if int(f) < len(filterNames) {
		return filterNames[f]
	}
	return fmt.Sprintf("PixelFilter(%d)", uint32(f))
}

// ParsePixelFilter parses a filter name: tent, box, gaussian,
// blackman-harris (or bh), center (or centre, pixel-center).
func ParsePixelFilter(s string) (PixelFilter, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "bh", "blackmanharris":
		return FilterBlackmanHarris, nil
	case "centre", "pixel-center", "pixel-centre":
		return FilterCenter, nil
	}
	for i, n := range filterNames {
		if strings.EqualFold(strings.TrimSpace(s), n) {
			return PixelFilter(i), nil
		}
	}
	return 0, fmt.Errorf("render: pixel filter %q: want one of %s", s, strings.Join(filterNames[:], ", "))
}

// DefaultWidth is the filter's width when Frame.FilterWidth is 0: tent 2
// (radius one pixel), box 1, gaussian 3 (σ = 0.5), blackman-harris 1.5.
func (f PixelFilter) DefaultWidth() float32 { return kernel.PixelFilter(f).DefaultWidth() }

// MaxFilterWidth is the widest filter footprint a Frame accepts (pixels).
const MaxFilterWidth = 16
