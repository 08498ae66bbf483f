package raster

import (
	"context"
	"math"
	"testing"

	"github.com/ingot-render/ingot/internal/texel"
)

func TestDepthBias(t *testing.T) {
	const w, h = 8, 8
	for _, c := range []struct {
		format              texel.PixelFormat
		bias, slope, clampv float32
		z                   [3]float64 // window depth at (0,0), (8,0), (0,8)
		want                float64    // depth offset
	}{
		{texel.Depth16Unorm, 4, 0, 0, [3]float64{0.5, 0.5, 0.5}, 4.0 / 65536},
		{texel.Depth24Unorm_Stencil8, -8, 0, 0, [3]float64{0.5, 0.5, 0.5}, -8.0 / (1 << 24)},
		{texel.Depth32Float, 2, 0, 0, [3]float64{0.5, 0.5, 0.5}, 2 * math.Ldexp(1, -24)},
		{texel.Depth32Float, 0, 1, 0, [3]float64{0.25, 0.25 + 8*0.01, 0.25 + 8*0.03}, 0.03},
		{texel.Depth32Float, 0, 1, 0.02, [3]float64{0.25, 0.25 + 8*0.01, 0.25 + 8*0.03}, 0.02},
		{texel.Depth32Float, 0, -1, -0.01, [3]float64{0.25, 0.25 + 8*0.01, 0.25 + 8*0.03}, -0.01},
	} {
		st := defaultState(w, h)
		st.DepthBias, st.DepthSlope, st.DepthBiasClamp = c.bias, c.slope, c.clampv
		st.DepthStencil = DepthStencil{DepthCompare: CompareAlways, DepthWrite: true}
		pos := [][4]float32{ndc(0, 0, c.z[0], 1, w, h), ndc(8, 0, c.z[1], 1, w, h), ndc(0, 8, c.z[2], 1, w, h)}
		sc := &scene{w: w, h: h, depth: c.format, clearDepth: 1, draws: []*Draw{{Topology: TriangleList, Vertices: verts(pos, nil),
			State: st, Shader: constShader{1, 1, 1, 1}, ColorMask: 1, SampleMask: ^uint32(0)}}}
		pt := sc.run(t, 1)
		// Pixel (1,1): centre (1.5, 1.5).
		z := c.z[0] + (c.z[1]-c.z[0])*1.5/8 + (c.z[2]-c.z[0])*1.5/8 + c.want
		want := refDepthQuant(c.format, float32(z))
		if got := pt.Depth.Read(1, 1, 0, 0); math.Abs(float64(got-want)) > 1e-7 {
			t.Errorf("%v bias %v slope %v clamp %v: depth %v, want %v", c.format, c.bias, c.slope, c.clampv, got, want)
		}
	}
}

// readColorShader implements programmable blending: out = in·0.5 + 0.25.
type readColorShader struct{}

func (readColorShader) Shade(worker int, b *FragmentBatch) error {
	for L := range b.N {
		for c := range 4 {
			b.Color[0][c][L] = b.ColorIn[0][c][L]*0.5 + 0.25
		}
	}
	return nil
}

func TestProgrammableBlending(t *testing.T) {
	const w, h = 4, 4
	st := defaultState(w, h)
	d := &Draw{Topology: TriangleList, Vertices: verts(square(0, 0, 4, 4, 0.5, w, h), nil), State: st, Shader: readColorShader{},
		Flags: FlagReadsColor, ColorMask: 1, SampleMask: ^uint32(0)}
	sc := &scene{w: w, h: h, clear: [4]float64{1, 0.5, 0, 0.25}, draws: []*Draw{d, d}}
	got := sc.run(t, 1).Color[0].Read(3, 3, 0, 0)
	// Twice: v → v/2 + 1/4.
	want := [4]float32{}
	for c, v := range [4]float32{1, 0.5, 0, 0.25} {
		v = v*0.5 + 0.25
		want[c] = v*0.5 + 0.25
	}
	if got != want {
		t.Errorf("programmable blending gave %v, want %v", got, want)
	}
}

// stencilShader writes [[stencil]] = x and discards nothing.
type stencilShader struct{}

func (stencilShader) Shade(worker int, b *FragmentBatch) error {
	for L := range b.N {
		b.Stencil[L] = uint32(b.PosX[L]) + 0x100 // only the low 8 bits count
	}
	return nil
}

func TestShaderStencilAndIntegerTarget(t *testing.T) {
	const w, h = 4, 4
	st := defaultState(w, h)
	st.DepthStencil = DepthStencil{DepthCompare: CompareAlways, StencilEnabled: true,
		Front: StencilFace{Compare: CompareAlways, Pass: StencilReplace, ReadMask: 0xff, WriteMask: 0xff}}
	st.DepthStencil.Back = st.DepthStencil.Front
	sc := &scene{w: w, h: h, stencil: true, draws: []*Draw{{Topology: TriangleList, Vertices: verts(square(0, 0, 4, 4, 0.5, w, h), nil),
		State: st, Shader: stencilShader{}, Flags: FlagWritesStencil, SampleMask: ^uint32(0)}}}
	pt := sc.run(t, 1)
	for x := range w {
		if got := pt.Stencil.Read(x, 2, 0, 0); got != uint8(x) {
			t.Errorf("stencil at x=%d: %d, want %d", x, got, x)
		}
	}
	// Integer target: values are bit patterns, saturated by the format,
	// write-masked, never blended.
	st2 := defaultState(w, h)
	st2.Blends[0] = Blend{Enabled: true, SrcRGB: BlendZero, DstRGB: BlendZero, SrcAlpha: BlendZero, DstAlpha: BlendZero, WriteMask: WriteRed | WriteBlue | WriteAlpha}
	bitsShader := constShader{math.Float32frombits(7), math.Float32frombits(9), math.Float32frombits(300), math.Float32frombits(1)}
	sc2 := &scene{w: w, h: h, format: texel.RGBA8Uint, clear: [4]float64{1, 2, 3, 4}, draws: []*Draw{{Topology: TriangleList,
		Vertices: verts(square(0, 0, 4, 4, 0.5, w, h), nil), State: st2, Shader: bitsShader, ColorMask: 1, SampleMask: ^uint32(0)}}}
	got := sc2.run(t, 1).Color[0].Read(1, 1, 0, 0)
	want := [4]uint32{7, 2, 255, 1}
	for c := range 4 {
		if math.Float32bits(got[c]) != want[c] {
			t.Fatalf("RGBA8Uint texel %v, want %v", [4]uint32{math.Float32bits(got[0]), math.Float32bits(got[1]), math.Float32bits(got[2]), math.Float32bits(got[3])}, want)
		}
	}
}

// sampleIDShader writes colour = sample_id/8.
type sampleIDShader struct{}

func (sampleIDShader) Shade(worker int, b *FragmentBatch) error {
	for L := range b.N {
		b.Color[0][0][L] = float32(b.SampleID[L]) / 8
		b.Color[0][1][L] = float32(b.SampleMaskIn[L])
		b.Color[0][3][L] = 1
	}
	return nil
}

func TestPerSampleShading(t *testing.T) {
	const w, h = 4, 4
	sc := &scene{w: w, h: h, samples: 8, draws: []*Draw{{Topology: TriangleList, Vertices: verts(square(0, 0, 4, 4, 0.5, w, h), nil),
		State: defaultState(w, h), Shader: sampleIDShader{}, Flags: FlagPerSample, ColorMask: 1, SampleMask: ^uint32(0)}}}
	ct := sc.run(t, 2).Color[0]
	for s := range 8 {
		got := ct.Read(2, 1, s, 0)
		if got[0] != float32(s)/8 || got[1] != float32(uint32(1)<<s) {
			t.Errorf("sample %d: shaded with id %v mask %v", s, got[0]*8, got[1])
		}
	}
}

func TestFlushCancelledMidway(t *testing.T) {
	const w, h = 64, 64
	ctx, cancel := contextWithCancel()
	sh := &cancelShader{cancel: cancel}
	sc := &scene{w: w, h: h}
	ct, _ := NewColorTarget(texel.RGBA8Unorm, w, h, 1, 1)
	p, _ := NewPass(PassTargets{Width: w, Height: h, Samples: 1, Layers: 1, Color: [8]*ColorTarget{ct}}, PassOptions{Workers: 1})
	_ = sc
	if err := p.Draw(&Draw{Topology: TriangleList, Vertices: verts(square(0, 0, w, h, 0.5, w, h), nil), State: defaultState(w, h),
		Shader: sh, ColorMask: 1, SampleMask: ^uint32(0)}); err != nil {
		t.Fatal(err)
	}
	if err := p.Flush(ctx); err == nil {
		t.Fatal("no error after cancellation")
	}
	if sh.calls > 2 {
		t.Errorf("shaded %d batches after cancelling in the first", sh.calls)
	}
}

type cancelShader struct {
	cancel func()
	calls  int
}

func (c *cancelShader) Shade(worker int, b *FragmentBatch) error {
	c.calls++
	c.cancel()
	return nil
}

func TestDrawAndStateCopied(t *testing.T) {
	const w, h = 8, 4
	ct, _ := NewColorTarget(texel.RGBA32Float, w, h, 1, 1)
	p, _ := NewPass(PassTargets{Width: w, Height: h, Samples: 1, Layers: 1, Color: [8]*ColorTarget{ct}}, PassOptions{Workers: 1})
	st := defaultState(w, h)
	d := Draw{Topology: TriangleList, Vertices: verts(square(0, 0, 4, 4, 0.5, w, h), nil), State: st, Shader: constShader{1, 0, 0, 1},
		ColorMask: 1, SampleMask: ^uint32(0)}
	if err := p.Draw(&d); err != nil {
		t.Fatal(err)
	}
	// The encoder reuses its structs for the next draw.
	st.Blends[0].WriteMask = WriteGreen | WriteAlpha
	d.Vertices = verts(square(4, 0, 8, 4, 0.5, w, h), nil)
	d.Shader = constShader{0, 1, 0, 1}
	if err := p.Draw(&d); err != nil {
		t.Fatal(err)
	}
	st.Blends[0].WriteMask = 0
	if err := p.Flush(context.Background()); err != nil {
		t.Fatal(err)
	}
	if a, b := ct.Read(1, 1, 0, 0), ct.Read(6, 1, 0, 0); a != [4]float32{1, 0, 0, 1} || b != [4]float32{0, 1, 0, 1} {
		t.Errorf("pixels %v %v, want red and green", a, b)
	}
}
