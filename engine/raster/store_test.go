package raster

import (
	"testing"

	"github.com/ingot-render/ingot/internal/texel"
)

// TestStoreUnorm8MatchesEncode: the row-by-row store of 8-bit unorm
// targets writes the bytes texel.EncodeFloat writes.
func TestStoreUnorm8MatchesEncode(t *testing.T) {
	for _, f := range []texel.PixelFormat{texel.RGBA8Unorm, texel.BGRA8Unorm} {
		ct, err := NewColorTarget(f, 37, 5, 1, 2)
		if err != nil {
			t.Fatal(err)
		}
		ct.materialize()
		q := newQuantizer(f)
		for i := 0; i < len(ct.data); i += 4 {
			v := [4]float32{float32(i%251) / 250, float32(i%97) / 96.5, float32(i%13) / 12, float32(i%7) / 6.5}
			q.quant(&v)
			copy(ct.data[i:i+4], v[:])
		}
		tex, err := texel.New(texel.Descriptor{TextureType: texel.Type2DArray, PixelFormat: f, Width: 40, Height: 6, ArrayLength: 3})
		if err != nil {
			t.Fatal(err)
		}
		if err := ct.Store(tex, 0, 1, 0); err != nil {
			t.Fatal(err)
		}
		for l := range 2 {
			for y := range 5 {
				for x := range 37 {
					off, _ := tex.Offset(texel.Loc{X: uint32(x), Y: uint32(y), Slice: uint32(1 + l)})
					var want [4]byte
					i := ct.sampleIndex(ct.lay.pixel(x, y, l), 0)
					if err := texel.EncodeFloat(f, want[:], [4]float32(ct.data[i:i+4])); err != nil {
						t.Fatal(err)
					}
					if got := [4]byte(tex.Data()[off : off+4]); got != want {
						t.Fatalf("%v layer %d (%d, %d): stored %v, EncodeFloat %v", f, l, x, y, got, want)
					}
				}
			}
		}
	}
}
