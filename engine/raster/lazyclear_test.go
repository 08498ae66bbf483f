package raster

import (
	"bytes"
	"context"
	"fmt"
	"testing"

	"github.com/ingot-render/ingot/internal/texel"
)

// Clears of tiles with nothing to draw are deferred past the pass
// (ColorTarget.deferBlock, sampleStore.deferBlock): the stored colour
// (8-bit fast store and the general store), depth and stencil textures,
// Read, a later pass drawing into a deferred tile and one clearing again
// give the bytes of clearing every tile, whatever the storage held before the clear; tiles
// not made of whole blocks clear at once.
func TestDeferredClearMatchesEager(t *testing.T) {
	const w, h = 100, 70
	type tc struct {
		f      texel.PixelFormat
		tw, th int
		lazy   bool // some block is expected to be deferred
	}
	var cases []tc
	for _, f := range []texel.PixelFormat{texel.RGBA8Unorm, texel.BGRA8Unorm, texel.RGBA16Float} {
		cases = append(cases, tc{f, 32, 32, true}, tc{f, 16, 16, false})
	}
	tri := func(x, y float64) *Draw {
		pos := [][4]float32{ndc(x, y, 0.5, 1, w, h), ndc(x+9, y, 0.5, 1, w, h), ndc(x, y+7, 0.5, 1, w, h)}
		vary := [][]float32{{0.9, 0.1, 0.3}, {0.2, 0.8, 0.5}, {0.4, 0.6, 0.7}}
		st := defaultState(w, h)
		st.DepthStencil = DepthStencil{DepthCompare: CompareLess, DepthWrite: true, StencilEnabled: true}
		st.DepthStencil.Front = StencilFace{Compare: CompareAlways, Pass: StencilIncrementClamp, WriteMask: 0xff, ReadMask: 0xff}
		st.DepthStencil.Back = st.DepthStencil.Front
		return &Draw{Topology: TriangleList, Vertices: verts(pos, vary), State: st, ColorMask: 1, SampleMask: ^uint32(0),
			Shader: &varyShader{stride: 3}, Interp: interps(3, InterpPerspective), Flags: FlagPixels}
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("%v/tile=%dx%d", c.f, c.tw, c.th), func(t *testing.T) {
			run := func(off bool) (first, second []byte, reads [][4]float32, deferred int) {
				var out []byte
				lazyClearOff = off
				defer func() { lazyClearOff = false }()
				ct, err := NewColorTarget(c.f, w, h, 1, 1)
				if err != nil {
					t.Fatal(err)
				}
				for i := range ct.data { // storage that differs from the clear value
					ct.data[i] = float32(i%5) / 4
				}
				ct.Clear([4]float64{0.25, 0.5, 0.75, 1})
				dt, err := NewDepthTarget(texel.Depth32Float, w, h, 1, 1)
				if err != nil {
					t.Fatal(err)
				}
				st, err := NewStencilTarget(texel.Stencil8, w, h, 1, 1)
				if err != nil {
					t.Fatal(err)
				}
				for i := range dt.data {
					dt.data[i], st.data[i] = float32(i%3)/4, uint8(i%7)
				}
				dt.Clear(0.75)
				st.Clear(3)
				pt := PassTargets{Width: w, Height: h, Samples: 1, Layers: 1, Depth: dt, Stencil: st}
				pt.Color[0] = ct
				store := func() []byte {
					tex, err := texel.New(texel.Descriptor{TextureType: texel.Type2D, PixelFormat: c.f, Width: w, Height: h})
					if err != nil {
						t.Fatal(err)
					}
					if err := ct.StoreWorkers(tex, 0, 0, 0, 2); err != nil {
						t.Fatal(err)
					}
					out = append([]byte(nil), tex.Data()...)
					for _, f := range []texel.PixelFormat{texel.Depth32Float, texel.Stencil8} {
						tex, err := texel.New(texel.Descriptor{TextureType: texel.Type2D, PixelFormat: f, Width: w, Height: h})
						if err != nil {
							t.Fatal(err)
						}
						store := dt.Store
						if f == texel.Stencil8 {
							store = st.Store
						}
						if err := store(tex, 0, 0, 0); err != nil {
							t.Fatal(err)
						}
						out = append(out, tex.Data()...)
					}
					return out
				}
				for k, d := range []*Draw{tri(3, 4), tri(70, 40), tri(40, 30)} {
					if k == 2 { // a new clear over deferred blocks
						ct.Clear([4]float64{0.5, 0.25, 1, 0.5})
						dt.Clear(0.5)
						st.Clear(9)
					}
					p, err := NewPass(pt, PassOptions{Workers: 2, TileWidth: c.tw, TileHeight: c.th})
					if err != nil {
						t.Fatal(err)
					}
					if err := p.Draw(d); err != nil {
						t.Fatal(err)
					}
					if err := p.Flush(context.Background()); err != nil {
						t.Fatal(err)
					}
					if k == 0 {
						deferred = ct.nlazy
						if dt.nlazy != ct.nlazy || st.nlazy != ct.nlazy {
							t.Fatalf("deferred blocks: colour %d, depth %d, stencil %d", ct.nlazy, dt.nlazy, st.nlazy)
						}
						first = store()
					} else {
						second = append(second, store()...)
					}
				}
				for y := range h {
					for x := range w {
						reads = append(reads, ct.Read(x, y, 0, 0), [4]float32{dt.Read(x, y, 0, 0), float32(st.Read(x, y, 0, 0))})
					}
				}
				return first, second, reads, deferred
			}
			f0, s0, r0, _ := run(true)
			f1, s1, r1, n := run(false)
			if c.lazy != (n > 0) {
				t.Fatalf("%d blocks deferred, want some: %v", n, c.lazy)
			}
			if !bytes.Equal(f0, f1) {
				t.Errorf("first pass: the stored texture differs from clearing every tile")
			}
			if !bytes.Equal(s0, s1) {
				t.Errorf("second pass: the stored texture differs from clearing every tile")
			}
			for i := range r0 {
				if !sameBits4(r0[i], r1[i]) {
					t.Fatalf("Read(%d, %d) = %v, want %v", i/2%w, i/2/w, r1[i], r0[i])
				}
			}
		})
	}
}
