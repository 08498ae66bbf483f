package raster

import (
	"fmt"
	"math"
	"testing"

	"github.com/ingot-render/ingot/internal/texel"
)

// TestStoreUnorm8MatchesEncode: the row-by-row store of 8-bit unorm
// targets writes the bytes texel.EncodeFloat writes, on one or several
// goroutines, for varied texels and for runs of one value (the clear
// colour's case, converted once per run, with −0 beside +0).
func TestStoreUnorm8MatchesEncode(t *testing.T) {
	type tc struct {
		f       texel.PixelFormat
		w, h    int
		workers int
		runs    bool
	}
	var cases []tc
	for _, f := range []texel.PixelFormat{texel.RGBA8Unorm, texel.BGRA8Unorm} {
		cases = append(cases, tc{f, 37, 5, 1, false}, tc{f, 70, 200, 1, true}, tc{f, 70, 200, 3, true}, tc{f, 70, 200, 16, false})
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("%v/%dx%d/workers=%d/runs=%v", c.f, c.w, c.h, c.workers, c.runs), func(t *testing.T) {
			ct, err := NewColorTarget(c.f, c.w, c.h, 1, 2)
			if err != nil {
				t.Fatal(err)
			}
			ct.materialize()
			q := newQuantizer(c.f)
			for i := 0; i < len(ct.data); i += 4 {
				k := i
				if c.runs {
					k = i / 4 / 9 * 4 // runs of 9 texels
				}
				v := [4]float32{float32(k%251) / 250, float32(k%97) / 96.5, float32(k%13) / 12, float32(k%7) / 6.5}
				q.quant(&v)
				if c.runs && (k/4)%5 == 1 && i%8 == 0 {
					v[0] = float32(math.Copysign(0, -1))
				} else if c.runs && (k/4)%5 == 1 {
					v[0] = 0
				}
				copy(ct.data[i:i+4], v[:])
			}
			tex, err := texel.New(texel.Descriptor{TextureType: texel.Type2DArray, PixelFormat: c.f, Width: c.w + 3, Height: c.h + 1, ArrayLength: 3})
			if err != nil {
				t.Fatal(err)
			}
			if err := ct.StoreWorkers(tex, 0, 1, 0, c.workers); err != nil {
				t.Fatal(err)
			}
			for l := range 2 {
				for y := range c.h {
					for x := range c.w {
						off, _ := tex.Offset(texel.Loc{X: uint32(x), Y: uint32(y), Slice: uint32(1 + l)})
						var want [4]byte
						i := ct.sampleIndex(ct.lay.pixel(x, y, l), 0)
						if err := texel.EncodeFloat(c.f, want[:], [4]float32(ct.data[i:i+4])); err != nil {
							t.Fatal(err)
						}
						if got := [4]byte(tex.Data()[off : off+4]); got != want {
							t.Fatalf("layer %d (%d, %d): stored %v, EncodeFloat %v", l, x, y, got, want)
						}
					}
				}
			}
		})
	}
}
