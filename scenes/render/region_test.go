package render

import (
	"image"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/ingot-render/ingot/scenes/builtin"
)

// TestRegionMatchesWholeFrame: a Frame.Region renders the same bits as
// the same pixels of the whole frame (linear, 8-bit, AOVs, sample
// counts), whatever the tile size, and regions that tile the frame
// reassemble it.
func TestRegionMatchesWholeFrame(t *testing.T) {
	r := testRenderer(t, builtin.Cornell(), 2, Options{})
	f := smallFrame(20, 14, 2)
	f.AOVs = true
	whole := mustRender(t, r, f)
	for _, c := range []struct {
		region image.Rectangle
		tile   int
	}{
		{image.Rect(5, 3, 17, 11), 0},
		{image.Rect(0, 0, 7, 14), 4},
		{image.Rect(7, 0, 20, 14), 5},
		{image.Rect(19, 13, 20, 14), 0},
	} {
		g := f
		g.Region, g.TileSize = c.region, c.tile
		part := mustRender(t, r, g)
		want := whole.crop(c.region)
		if part.Width != c.region.Dx() || part.Height != c.region.Dy() {
			t.Fatalf("region %v: image %dx%d", c.region, part.Width, part.Height)
		}
		for _, a := range []struct {
			name      string
			got, want []float32
		}{
			{"linear", part.Linear, want.Linear}, {"samples", part.Samples, want.Samples},
			{"albedo", part.Albedo, want.Albedo}, {"normal", part.Normal, want.Normal}, {"depth", part.Depth, want.Depth},
		} {
			if !slices.Equal(bitsOf(a.got), bitsOf(a.want)) {
				t.Errorf("region %v tile %d: %s differs from the whole frame's pixels", c.region, c.tile, a.name)
			}
		}
		if !slices.Equal(part.RGBA8.Pix, want.RGBA8.Pix) {
			t.Errorf("region %v: RGBA8 differs", c.region)
		}
	}
}

// TestRegionValidate: regions outside the frame or empty are refused,
// naming the field.
func TestRegionValidate(t *testing.T) {
	for _, rg := range []image.Rectangle{image.Rect(0, 0, 21, 5), image.Rect(-1, 0, 3, 3), {Min: image.Pt(4, 4), Max: image.Pt(4, 9)}} {
		f := smallFrame(20, 14, 1)
		f.Region = rg
		if err := f.validate(); err == nil || !strings.Contains(err.Error(), "Frame.Region") {
			t.Errorf("region %v: %v", rg, err)
		}
	}
}

func bitsOf(v []float32) []uint32 {
	out := make([]uint32, len(v))
	for i, x := range v {
		out[i] = math.Float32bits(x)
	}
	return out
}
