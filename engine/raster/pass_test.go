package raster

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/ingot-render/ingot/internal/texel"
)

// square returns two triangles covering window rect (x0,y0)-(x1,y1) at z.
func square(x0, y0, x1, y1, z float64, w, h int) [][4]float32 {
	a, b, c, d := ndc(x0, y0, z, 1, w, h), ndc(x1, y0, z, 1, w, h), ndc(x1, y1, z, 1, w, h), ndc(x0, y1, z, 1, w, h)
	return [][4]float32{a, b, c, a, c, d}
}

func TestVisibility(t *testing.T) {
	const w, h = 16, 16
	for _, samples := range []int{1, 4} {
		mk := func(mode VisibilityMode, off int, z float64) *Draw {
			st := defaultState(w, h)
			st.DepthStencil = DepthStencil{DepthCompare: CompareLess, DepthWrite: true}
			st.Visibility, st.VisibilityOffset = mode, off
			return &Draw{Topology: TriangleList, Vertices: verts(square(2, 2, 6, 5, z, w, h), nil), State: st,
				Shader: constShader{1, 1, 1, 1}, ColorMask: 1, SampleMask: ^uint32(0)}
		}
		sc := &scene{w: w, h: h, samples: samples, depth: texel.Depth32Float, clearDepth: 1,
			draws: []*Draw{mk(VisibilityCounting, 8, 0.5), mk(VisibilityBoolean, 16, 0.25), mk(VisibilityCounting, 24, 0.75)}}
		pt := sc.run(t, 1)
		_ = pt
		// Re-run to get at the pass's visibility.
		p, err := NewPass(pt, PassOptions{Workers: 3})
		if err != nil {
			t.Fatal(err)
		}
		pt.Depth.Clear(1)
		for _, d := range sc.draws {
			if err := p.Draw(d); err != nil {
				t.Fatal(err)
			}
		}
		if err := p.Flush(context.Background()); err != nil {
			t.Fatal(err)
		}
		got := p.Visibility()
		want := map[int]uint64{8: uint64(12 * samples), 16: 1, 24: 0}
		for k, v := range want {
			if got[k] != v {
				t.Errorf("%d samples: visibility[%d] = %d, want %d (all %v)", samples, k, got[k], v, got)
			}
		}
	}
}

func TestResolveMSAA(t *testing.T) {
	const w, h = 4, 4
	// Left half of pixel column 1 (x ∈ [1, 1.5)) covered: 4x samples with
	// x < 0.5 are samples 2 (0.125) and 0 (0.375).
	st := defaultState(w, h)
	sc := &scene{w: w, h: h, samples: 4, format: texel.RGBA8Unorm, clear: [4]float64{0, 0, 0, 0}, draws: []*Draw{{Topology: TriangleList,
		Vertices: verts(square(0, 0, 1.5, 4, 0.5, w, h), nil), State: st, Shader: constShader{1, 0.5, 0.25, 1}, ColorMask: 1, SampleMask: ^uint32(0)}}}
	pt := sc.run(t, 1)
	ct := pt.Color[0]
	for s, want := range []bool{true, false, true, false} {
		if got := ct.Read(1, 0, s, 0)[3] == 1; got != want {
			t.Errorf("sample %d covered %v, want %v", s, got, want)
		}
	}
	tex, _ := texel.New(texel.Texture2DDescriptor(texel.RGBA8Unorm, w, h, false))
	if err := ct.Resolve(tex, 0, 0, 0); err != nil {
		t.Fatal(err)
	}
	got, _ := tex.ReadFloat(texel.Loc{X: 1})
	// Mean of two samples (1, 0.502, 0.251, 1) and two zeros, re-encoded.
	wantB := []byte{128, 64, 32, 128}
	if b := tex.Data()[4:8]; string(b) != string(wantB) {
		t.Errorf("resolved bytes %v (%v), want %v", b, got, wantB)
	}
	ms, _ := texel.New(texel.Descriptor{TextureType: texel.Type2DMultisample, PixelFormat: texel.RGBA8Unorm, Width: w, Height: h, SampleCount: 4})
	if err := ct.Store(ms, 0, 0, 0); err != nil {
		t.Fatal(err)
	}
	ct2, _ := NewColorTarget(texel.RGBA8Unorm, w, h, 4, 1)
	if err := ct2.Load(ms, 0, 0, 0); err != nil {
		t.Fatal(err)
	}
	if err := sameTargets(PassTargets{Color: [8]*ColorTarget{ct}}, PassTargets{Color: [8]*ColorTarget{ct2}}); err != nil {
		t.Errorf("store/load round trip: %v", err)
	}
	if err := ct.Store(tex, 0, 0, 0); err == nil {
		t.Error("storing a 4-sample target into a 1-sample texture succeeded")
	}
}

func TestDepthStencilStoreLoad(t *testing.T) {
	const w, h = 5, 3
	for _, f := range []texel.PixelFormat{texel.Depth16Unorm, texel.Depth32Float, texel.Depth24Unorm_Stencil8, texel.Depth32Float_Stencil8} {
		dt, err := NewDepthTarget(f, w, h, 1, 2)
		if err != nil {
			t.Fatal(err)
		}
		dt.Clear(0.3)
		tex, _ := texel.New(texel.Descriptor{TextureType: texel.Type2DArray, PixelFormat: f, Width: w, Height: h, ArrayLength: 3})
		if err := dt.Store(tex, 0, 1, 0); err != nil {
			t.Fatal(err)
		}
		d2, _ := NewDepthTarget(f, w, h, 1, 2)
		if err := d2.Load(tex, 0, 1, 0); err != nil {
			t.Fatal(err)
		}
		if a, b := dt.Read(4, 2, 0, 1), d2.Read(4, 2, 0, 1); a != b || math.Abs(float64(a)-0.3) > 1e-4 {
			t.Errorf("%v: depth %v after round trip %v", f, a, b)
		}
		if f.IsStencil() {
			st, _ := NewStencilTarget(f, w, h, 1, 2)
			st.Clear(0x1A5)
			if err := st.Store(tex, 0, 1, 0); err != nil {
				t.Fatal(err)
			}
			d3, _ := NewDepthTarget(f, w, h, 1, 2)
			s2, _ := NewStencilTarget(f, w, h, 1, 2)
			if err := d3.Load(tex, 0, 1, 0); err != nil {
				t.Fatal(err)
			}
			if err := s2.Load(tex, 0, 1, 0); err != nil {
				t.Fatal(err)
			}
			if s2.Read(1, 1, 0, 1) != 0xA5 || d3.Read(1, 1, 0, 1) != dt.Read(1, 1, 0, 1) {
				t.Errorf("%v: stencil %#x depth %v after storing both aspects", f, s2.Read(1, 1, 0, 1), d3.Read(1, 1, 0, 1))
			}
		}
	}
}

// countShader counts covered lanes it is asked to shade and writes depth.
type countShader struct {
	covered int
	depth   float32
}

func (c *countShader) Shade(worker int, b *FragmentBatch) error {
	for L := range b.N {
		if b.Covered&(1<<L) != 0 {
			c.covered++
		}
		b.Color[0][0][L], b.Color[0][3][L] = 1, 1
		b.Depth[L] = c.depth
	}
	return nil
}

func TestEarlyAndLateTests(t *testing.T) {
	const w, h = 8, 8
	mk := func(z float64, sh FragmentShader, flags ShaderFlags) *Draw {
		st := defaultState(w, h)
		st.DepthStencil = DepthStencil{DepthCompare: CompareLess, DepthWrite: true}
		return &Draw{Topology: TriangleList, Vertices: verts(square(0, 0, 8, 8, z, w, h), nil), State: st, Shader: sh,
			Flags: flags, ColorMask: 1, SampleMask: ^uint32(0)}
	}
	// Early: the occluded second draw is not shaded at all.
	occl := &countShader{}
	sc := &scene{w: w, h: h, depth: texel.Depth32Float, clearDepth: 1, draws: []*Draw{mk(0.2, &countShader{}, 0), mk(0.5, occl, 0)}}
	sc.run(t, 1)
	if occl.covered != 0 {
		t.Errorf("early tests: occluded draw shaded %d covered lanes, want 0", occl.covered)
	}
	// Late (the shader writes depth 0.1): shaded, and its depth wins.
	late := &countShader{depth: 0.1}
	sc = &scene{w: w, h: h, depth: texel.Depth32Float, clearDepth: 1, draws: []*Draw{mk(0.2, &countShader{}, 0), mk(0.5, late, FlagWritesDepth)}}
	pt := sc.run(t, 1)
	if late.covered != w*h {
		t.Errorf("late tests: shaded %d covered lanes, want %d", late.covered, w*h)
	}
	if z := pt.Depth.Read(3, 3, 0, 0); z != 0.1 {
		t.Errorf("late tests: depth %v, want the written 0.1", z)
	}
}

func TestAlphaToCoverageAndSampleMask(t *testing.T) {
	const w, h = 4, 4
	for _, c := range []struct {
		alpha float32
		mask  uint32
		want  int
	}{{0.5, 0xff, 2}, {1, 0xff, 4}, {0.1, 0xff, 0}, {0.8, 0xff, 3}, {1, 0b1010, 2}} {
		st := defaultState(w, h)
		sc := &scene{w: w, h: h, samples: 4, draws: []*Draw{{Topology: TriangleList, Vertices: verts(square(0, 0, 4, 4, 0.5, w, h), nil),
			State: st, Shader: constShader{1, 1, 1, c.alpha}, ColorMask: 1, SampleMask: c.mask, AlphaToCoverage: true, AlphaToOne: true}}}
		pt := sc.run(t, 1)
		n := 0
		for s := range 4 {
			if v := pt.Color[0].Read(1, 1, s, 0); v[0] == 1 {
				n++
				if v[3] != 1 {
					t.Errorf("alphaToOne: alpha %v", v[3])
				}
			}
		}
		if n != c.want {
			t.Errorf("alpha %v mask %b: %d samples written, want %d", c.alpha, c.mask, n, c.want)
		}
	}
}

type failShader struct{ at int }

func (f failShader) Shade(worker int, b *FragmentBatch) error {
	for L := range b.N {
		if int(b.PosX[L]) == f.at {
			return errors.New("boom")
		}
	}
	return nil
}

func TestShaderErrorAndCancel(t *testing.T) {
	const w, h = 128, 64
	st := defaultState(w, h)
	d := &Draw{Topology: TriangleList, Vertices: verts(square(0, 0, w, h, 0.5, w, h), nil), State: st,
		Shader: failShader{at: 70}, ColorMask: 1, SampleMask: ^uint32(0)}
	for _, nw := range []int{1, 2, 7} {
		ct, _ := NewColorTarget(texel.RGBA8Unorm, w, h, 1, 1)
		p, _ := NewPass(PassTargets{Width: w, Height: h, Samples: 1, Layers: 1, Color: [8]*ColorTarget{ct}}, PassOptions{Workers: nw})
		if err := p.Draw(d); err != nil {
			t.Fatal(err)
		}
		err := p.Flush(context.Background())
		if err == nil || !strings.Contains(err.Error(), "boom") || !strings.Contains(err.Error(), "tile 2 ") {
			t.Errorf("%d workers: error %v, want boom from tile 2", nw, err)
		}
		p.Reset()
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		if err := p.Draw(d); err != nil {
			t.Fatal(err)
		}
		if err := p.Flush(ctx); !errors.Is(err, context.Canceled) {
			t.Errorf("cancelled flush: %v", err)
		}
	}
}

func TestDrawValidation(t *testing.T) {
	const w, h = 8, 8
	good := func() *Draw {
		return &Draw{Topology: TriangleList, Vertices: verts(square(0, 0, 8, 8, 0.5, w, h), nil), State: defaultState(w, h), SampleMask: ^uint32(0)}
	}
	ct, _ := NewColorTarget(texel.RGBA8Unorm, w, h, 1, 1)
	p, _ := NewPass(PassTargets{Width: w, Height: h, Samples: 1, Layers: 1, Color: [8]*ColorTarget{ct}}, PassOptions{Workers: 3})
	for _, c := range []struct {
		name string
		mod  func(d *Draw)
		want string
	}{
		{"index", func(d *Draw) { d.Indices = []uint32{0, 1, 9} }, "Indices[2] = 9"},
		{"index in a long list", func(d *Draw) {
			d.Indices = make([]uint32, 3*parIndices)
			d.Indices[2*parIndices+7] = 99
			d.Indices[2*parIndices+8] = RestartIndex
		}, "Indices[131079] = 99"},
		{"no state", func(d *Draw) { d.State = nil }, "State"},
		{"no viewport", func(d *Draw) { d.State.Viewports = nil }, "Viewports"},
		{"interp", func(d *Draw) { d.Interp = []Interp{0} }, "Interp"},
		{"positions", func(d *Draw) { d.Vertices.Count = 100 }, "Position"},
		{"topology", func(d *Draw) { d.Topology = 9 }, "Topology"},
	} {
		d := good()
		c.mod(d)
		err := p.Draw(d)
		if err == nil || !errors.Is(err, ErrDraw) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one naming %q", c.name, err, c.want)
		}
	}
	// NaN positions drop the primitive without error.
	d := good()
	d.Vertices.Position[0] = float32(math.NaN())
	if err := p.Draw(d); err != nil {
		t.Errorf("NaN position: %v", err)
	}
	if p.primCount() != 1 {
		t.Errorf("NaN position: %d primitives set up, want 1", p.primCount())
	}
}

// TestScanIndices checks the restart flag and the bound of scanIndices on
// one goroutine and on several, with the restart and the largest index in
// different stretches.
func TestScanIndices(t *testing.T) {
	long := func(at map[int]uint32) []uint32 {
		idx := make([]uint32, 4*parIndices+3)
		for i := range idx {
			idx[i] = uint32(i % 97)
		}
		for i, v := range at {
			idx[i] = v
		}
		return idx
	}
	for _, c := range []struct {
		name     string
		idx      []uint32
		restarts bool
		hi       uint32
	}{
		{"empty", nil, false, 0},
		{"only restarts", []uint32{RestartIndex, RestartIndex}, true, 0},
		{"short", []uint32{3, 0, RestartIndex, 7}, true, 8},
		{"long", long(nil), false, 97},
		{"long, restart last", long(map[int]uint32{4*parIndices + 2: RestartIndex}), true, 97},
		{"long, largest first", long(map[int]uint32{0: 1 << 20, 3 * parIndices: RestartIndex}), true, 1<<20 + 1},
		{"long, largest last", long(map[int]uint32{4*parIndices + 2: 5000}), false, 5001},
	} {
		for _, workers := range []int{1, 2, 5} {
			p := &Pass{workers: workers}
			r, hi := p.scanIndices(c.idx)
			if r != c.restarts || hi != c.hi {
				t.Errorf("%s, %d workers: restarts %v, bound %d; want %v, %d", c.name, workers, r, hi, c.restarts, c.hi)
			}
		}
	}
}

func TestQuantizerFastPathsMatchTexel(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	vals := []float32{0, 1, -1, 0.5, 2, float32(math.NaN()), float32(math.Inf(1)), 1.0 / 510, 3.0 / 510, 0.0031308, 0.04045}
	for range 20000 {
		vals = append(vals, rng.Float32()*1.2-0.1)
	}
	for _, f := range []texel.PixelFormat{texel.RGBA8Unorm, texel.BGRA8Unorm, texel.RGBA8Unorm_sRGB, texel.BGRA8Unorm_sRGB, texel.R32Float, texel.RGBA32Float} {
		q := newQuantizer(f)
		g := q
		g.fast = fastNone
		for i := 0; i+3 < len(vals); i++ {
			v := [4]float32(vals[i : i+4])
			a, b := v, v
			q.quant(&a)
			g.quant(&b)
			if !sameBits4(a, b) {
				t.Fatalf("%v: fast %v, generic %v for %v", f, a, b, v)
			}
		}
	}
}

type panicShader struct{}

func (panicShader) Shade(worker int, b *FragmentBatch) error { panic("shader bug") }

func TestShaderPanicBecomesError(t *testing.T) {
	const w, h = 8, 8
	ct, _ := NewColorTarget(texel.RGBA8Unorm, w, h, 1, 1)
	p, _ := NewPass(PassTargets{Width: w, Height: h, Samples: 1, Layers: 1, Color: [8]*ColorTarget{ct}}, PassOptions{Workers: 2})
	if err := p.Draw(&Draw{Topology: TriangleList, Vertices: verts(square(0, 0, w, h, 0.5, w, h), nil), State: defaultState(w, h),
		Shader: panicShader{}, ColorMask: 1, SampleMask: ^uint32(0)}); err != nil {
		t.Fatal(err)
	}
	if err := p.Flush(context.Background()); err == nil || !strings.Contains(err.Error(), "shader bug") {
		t.Errorf("error %v, want the panic's message", err)
	}
}

// TestResolveWorkers resolves a two-layer 4× target holding random samples
// into a mipmapped array texture, on 1, 2 and 3 workers, and checks every
// texel against the mean of the pixel's samples (summed in sample order,
// then divided) encoded at the texel's own offset.
func TestResolveWorkers(t *testing.T) {
	const w, h, layers = 211, 150, 2
	for _, f := range []texel.PixelFormat{texel.RGBA16Float, texel.RGBA8Unorm, texel.RGBA32Float} {
		ms, err := texel.New(texel.Descriptor{TextureType: texel.Type2DMultisampleArray, PixelFormat: texel.RGBA16Float, Width: w, Height: h, ArrayLength: layers, SampleCount: 4})
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(3, uint64(f)))
		data := ms.Data()
		for i := 0; i+2 <= len(data); i += 2 {
			// Half floats in [0, 2): exponent below 16.
			binary.LittleEndian.PutUint16(data[i:], uint16(r.IntN(0x4000)))
		}
		ct, err := NewColorTarget(texel.RGBA16Float, w, h, 4, layers)
		if err != nil {
			t.Fatal(err)
		}
		if err := ct.Load(ms, 0, 0, 0); err != nil {
			t.Fatal(err)
		}
		for _, workers := range []int{1, 2, 3} {
			tex, err := texel.New(texel.Descriptor{TextureType: texel.Type2DArray, PixelFormat: f, Width: 2 * w, Height: 2 * h, ArrayLength: layers + 1, MipmapLevelCount: 2})
			if err != nil {
				t.Fatal(err)
			}
			if err := ct.ResolveWorkers(tex, 1, 1, 0, workers); err != nil {
				t.Fatal(err)
			}
			bpp := f.BytesPerPixel()
			for l := range layers {
				for y := range h {
					for x := range w {
						var v [4]float32
						for s := range 4 {
							c := ct.Read(x, y, s, l)
							for k := range 4 {
								v[k] += c[k]
							}
						}
						for k := range 4 {
							v[k] /= 4
						}
						want := make([]byte, bpp)
						if err := texel.EncodeFloat(f, want, v); err != nil {
							t.Fatal(err)
						}
						off, ok := tex.Offset(texel.Loc{X: uint32(x), Y: uint32(y), Slice: uint32(l + 1), Level: 1})
						if !ok {
							t.Fatalf("no texel (%d, %d) in slice %d", x, y, l+1)
						}
						if got := tex.Data()[off : off+bpp]; !bytes.Equal(got, want) {
							t.Fatalf("%v, %d workers: texel (%d, %d) of layer %d is %v, want %v", f, workers, x, y, l, got, want)
						}
					}
				}
			}
		}
	}
}
