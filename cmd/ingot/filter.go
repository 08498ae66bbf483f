package main

import (
	"fmt"
	"math"

	"github.com/spf13/cobra"

	"github.com/ingot-render/ingot/scenes/render"
)

// filterFlags are `ingot render`'s pixel-filter flags (the path tracer's
// reconstruction filter; render.Frame.Filter and FilterWidth).
type filterFlags struct {
	name  string
	width float64
}

// register adds --filter and --filter-width to cmd.
func (ff *filterFlags) register(cmd *cobra.Command) {
	fl := cmd.Flags()
	fl.StringVar(&ff.name, "filter", "tent", "pixel filter of the path tracer: tent (the default, width 2: radius one pixel), box, gaussian, "+
		"blackman-harris, or center (every camera ray through its pixel centre, no anti-aliasing)")
	fl.Float64Var(&ff.width, "filter-width", 0, fmt.Sprintf("pixel filter width in pixels, up to %d (0: the filter's default: tent 2, box 1, gaussian 3 (σ 0.5), blackman-harris 1.5)", render.MaxFilterWidth))
}

// apply sets frame's filter from the flags. The rasterizer (raster) has
// its own MSAA resolve: a filter other than the default is refused there.
func (ff *filterFlags) apply(frame *render.Frame, raster bool) error {
	f, err := render.ParsePixelFilter(ff.name)
	if err != nil {
		return fmt.Errorf("--filter: %w", err)
	}
	if math.IsNaN(ff.width) || ff.width < 0 || ff.width > render.MaxFilterWidth {
		return fmt.Errorf("--filter-width %v: want 0..%d pixels", ff.width, render.MaxFilterWidth)
	}
	if f == render.FilterCenter && ff.width != 0 {
		return fmt.Errorf("--filter-width %v: the center filter has no width", ff.width)
	}
	if raster && (f != render.FilterTent || ff.width != 0) {
		return fmt.Errorf("--filter, --filter-width: path-tracing settings, not supported with --mode raster (use --msaa)")
	}
	frame.Filter, frame.FilterWidth = f, float32(ff.width)
	return nil
}
