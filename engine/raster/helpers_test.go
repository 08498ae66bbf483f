package raster

import (
	"context"
	"math"
	"testing"

	"github.com/ingot-render/ingot/internal/texel"
)

// varyShader writes colour 0 = the first four varyings (missing: 1), or the
// primitive-ID colour when Stride is 0.
type varyShader struct {
	stride  int
	discard func(b *FragmentBatch, lane int) bool
	depth   func(b *FragmentBatch, lane int) float32
}

func (s *varyShader) Shade(worker int, b *FragmentBatch) error {
	for L := range b.N {
		for c := range 4 {
			v := float32(1)
			if c < s.stride {
				v = b.Varyings[c][L]
			} else if s.stride == 0 && c < 3 {
				v = float32((b.PrimitiveID[L]*(37+uint32(c)*11))%256) / 255
			}
			b.Color[0][c][L] = v
		}
		if s.discard != nil && s.discard(b, L) {
			b.Live &^= 1 << L
		}
		if s.depth != nil {
			b.Depth[L] = s.depth(b, L)
		}
	}
	return nil
}

// scene is a set of draws over one pass configuration.
type scene struct {
	w, h, samples, layers int
	format                texel.PixelFormat
	depth                 texel.PixelFormat // Invalid: none
	stencil               bool
	clear                 [4]float64
	clearDepth            float64
	clearStencil          uint32
	draws                 []*Draw
	tileW, tileH          int                  // PassOptions.TileWidth, TileHeight
	dispatch              map[int]TileFunction // tile dispatches before draw i (len(draws): after all)
	hooks                 TileHooks
}

func defaultState(w, h int) *State {
	st := &State{Viewports: []Viewport{{0, 0, float64(w), float64(h), 0, 1}}}
	st.DepthStencil.DepthCompare = CompareAlways
	for i := range st.Blends {
		st.Blends[i].WriteMask = WriteAll
	}
	st.DepthStencil.Front = StencilFace{Compare: CompareAlways, ReadMask: 0xff, WriteMask: 0xff}
	st.DepthStencil.Back = st.DepthStencil.Front
	return st
}

// run renders sc with the given workers and returns its targets.
func (sc *scene) run(t testing.TB, workers int) PassTargets {
	t.Helper()
	return sc.runWith(t, workers, nil)
}

// runWith is run with a callback that sees the targets before the draws.
func (sc *scene) runWith(t testing.TB, workers int, bind func(PassTargets)) PassTargets {
	t.Helper()
	layers := max(sc.layers, 1)
	samples := max(sc.samples, 1)
	pt := PassTargets{Width: sc.w, Height: sc.h, Samples: samples, Layers: layers}
	f := sc.format
	if f == texel.Invalid {
		f = texel.RGBA32Float
	}
	ct, err := NewColorTarget(f, sc.w, sc.h, samples, layers)
	if err != nil {
		t.Fatal(err)
	}
	ct.Clear(sc.clear)
	pt.Color[0] = ct
	if sc.depth != texel.Invalid {
		dt, err := NewDepthTarget(sc.depth, sc.w, sc.h, samples, layers)
		if err != nil {
			t.Fatal(err)
		}
		dt.Clear(sc.clearDepth)
		pt.Depth = dt
	}
	if sc.stencil {
		st, err := NewStencilTarget(texel.Stencil8, sc.w, sc.h, samples, layers)
		if err != nil {
			t.Fatal(err)
		}
		st.Clear(sc.clearStencil)
		pt.Stencil = st
	}
	p, err := NewPass(pt, PassOptions{Workers: workers, TileWidth: sc.tileW, TileHeight: sc.tileH})
	if err != nil {
		t.Fatal(err)
	}
	if bind != nil {
		bind(pt)
	}
	if sc.hooks != nil {
		p.SetTileHooks(sc.hooks)
	}
	for i := 0; i <= len(sc.draws); i++ {
		if f := sc.dispatch[i]; f != nil {
			if err := p.Dispatch(f); err != nil {
				t.Fatal(err)
			}
		}
		if i == len(sc.draws) {
			break
		}
		if err := p.Draw(sc.draws[i]); err != nil {
			t.Fatalf("draw %d: %v", i, err)
		}
	}
	if err := p.Flush(context.Background()); err != nil {
		t.Fatal(err)
	}
	return pt
}

// tri makes vertex outputs from window-space-like NDC triples (x, y, z, w)
// and per-vertex colours.
func verts(pos [][4]float32, vary [][]float32) *VertexOutputs {
	v := &VertexOutputs{Count: len(pos)}
	for i, p := range pos {
		v.Position = append(v.Position, p[:]...)
		if vary != nil {
			v.Varyings = append(v.Varyings, vary[i]...)
		}
	}
	if vary != nil {
		v.Stride = len(vary[0])
	}
	return v
}

// ndc converts a window position (pixels) of a w×h target to clip space
// with the given z and w.
func ndc(x, y, z, cw float64, w, h int) [4]float32 {
	xn := x/float64(w)*2 - 1
	yn := 1 - y/float64(h)*2
	return [4]float32{float32(xn * cw), float32(yn * cw), float32(z * cw), float32(cw)}
}

func interps(n int, m Interp) []Interp {
	r := make([]Interp, n)
	for i := range r {
		r[i] = m
	}
	return r
}

func isNaN32(f float32) bool { return math.IsNaN(float64(f)) }

func contextWithCancel() (context.Context, func()) { return context.WithCancel(context.Background()) }
