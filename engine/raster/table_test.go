package raster

import (
	"fmt"
	"testing"

	"github.com/ingot-render/ingot/internal/texel"
)

// overlapScene draws two overlapping triangles (the second at a different
// depth) with state st for the second draw; the first lays down colour,
// depth and stencil with plain state.
func overlapScene(format texel.PixelFormat, samples int, st *State, early bool) *scene {
	const w, h = 20, 16
	first := defaultState(w, h)
	first.DepthStencil = DepthStencil{DepthCompare: CompareAlways, DepthWrite: true, StencilEnabled: true,
		Front: StencilFace{Compare: CompareAlways, Pass: StencilReplace, ReadMask: 0xff, WriteMask: 0xff},
		Back:  StencilFace{Compare: CompareAlways, Pass: StencilReplace, ReadMask: 0xff, WriteMask: 0xff}}
	first.StencilRefFront, first.StencilRefBack = 0x5A, 0x5A
	a := verts([][4]float32{ndc(1, 1, 0.5, 1, w, h), ndc(19, 2, 0.5, 1, w, h), ndc(3, 15, 0.5, 1, w, h)}, nil)
	b := verts([][4]float32{ndc(2, 3, 0.2, 1, w, h), ndc(18.5, 9, 0.8, 1, w, h), ndc(6, 15.5, 0.5, 1, w, h),
		ndc(18, 1, 0.5, 1, w, h), ndc(12, 15, 0.5, 1, w, h), ndc(19, 14, 0.5, 1, w, h)}, nil)
	d2 := &Draw{Topology: TriangleList, Vertices: b, State: st, Shader: primShader{}, ColorMask: 1, SampleMask: ^uint32(0), PrimitiveIDBase: 7}
	if !early {
		d2.Shader = primShader{discard: func(id uint32, x, y int) bool { return (x+y)%5 == 0 }}
		d2.Flags = FlagDiscards
	}
	return &scene{w: w, h: h, samples: samples, format: format, depth: texel.Depth24Unorm_Stencil8, stencil: true,
		clear: [4]float64{0.2, 0.4, 0.6, 0.8}, clearDepth: 0.5, clearStencil: 0x33,
		draws: []*Draw{{Topology: TriangleList, Vertices: a, State: first, Shader: primShader{}, ColorMask: 1, SampleMask: ^uint32(0)}, d2}}
}

func checkAgainstRef(t *testing.T, sc *scene) {
	t.Helper()
	pt := sc.run(t, 1)
	compareRef(t, sc, pt, refRender(sc))
	if err := sameTargets(pt, sc.run(t, 7)); err != nil {
		t.Errorf("7 workers differ: %v", err)
	}
}

func TestEachBlendFactorAndOp(t *testing.T) {
	for _, f := range []texel.PixelFormat{texel.RGBA8Unorm, texel.RGBA16Float} {
		for fac := BlendZero; fac <= BlendOneMinusBlendAlpha; fac++ {
			for op := BlendOpAdd; op <= BlendOpMax; op++ {
				t.Run(fmt.Sprintf("%v/factor%d/op%d", f, fac, op), func(t *testing.T) {
					st := defaultState(20, 16)
					st.Blends[0] = Blend{Enabled: true, RGBOp: op, AlphaOp: op, SrcRGB: fac, DstRGB: BlendOneMinusBlendAlpha - fac,
						SrcAlpha: BlendOneMinusBlendAlpha - fac, DstAlpha: fac, WriteMask: WriteAll}
					st.BlendColor = [4]float32{0.25, 0.5, 0.75, 0.6}
					checkAgainstRef(t, overlapScene(f, 1, st, true))
				})
			}
		}
	}
}

func TestWriteMasks(t *testing.T) {
	for m := WriteNone; m <= WriteAll; m++ {
		st := defaultState(20, 16)
		st.Blends[0] = Blend{Enabled: m&1 == 0, SrcRGB: BlendSourceAlpha, DstRGB: BlendOneMinusSourceAlpha, SrcAlpha: BlendOne, DstAlpha: BlendZero, WriteMask: m}
		checkAgainstRef(t, overlapScene(texel.RGBA8Unorm_sRGB, 2, st, m&2 == 0))
	}
}

func TestEachCompareFunction(t *testing.T) {
	for f := CompareNever; f <= CompareAlways; f++ {
		for _, write := range []bool{false, true} {
			t.Run(fmt.Sprintf("depth%d/write%v", f, write), func(t *testing.T) {
				st := defaultState(20, 16)
				st.DepthStencil = DepthStencil{DepthCompare: f, DepthWrite: write}
				checkAgainstRef(t, overlapScene(texel.RGBA8Unorm, 4, st, write))
			})
		}
		t.Run(fmt.Sprintf("stencil%d", f), func(t *testing.T) {
			st := defaultState(20, 16)
			st.DepthStencil = DepthStencil{DepthCompare: CompareLess, StencilEnabled: true,
				Front: StencilFace{Compare: f, Fail: StencilIncrementClamp, DepthFail: StencilInvert, Pass: StencilZero, ReadMask: 0xF0, WriteMask: 0xFF},
				Back:  StencilFace{Compare: f, Fail: StencilDecrementWrap, DepthFail: StencilReplace, Pass: StencilIncrementWrap, ReadMask: 0xFF, WriteMask: 0x3C}}
			st.StencilRefFront, st.StencilRefBack = 0x5B, 0x60
			checkAgainstRef(t, overlapScene(texel.RGBA8Unorm, 1, st, true))
		})
	}
}

func TestEachStencilOp(t *testing.T) {
	for op := StencilKeep; op <= StencilDecrementWrap; op++ {
		for _, face := range []int{0, 1} {
			t.Run(fmt.Sprintf("op%d/face%d", op, face), func(t *testing.T) {
				st := defaultState(20, 16)
				st.Cull = CullNone
				sf := StencilFace{Compare: CompareEqual, Fail: op, DepthFail: op, Pass: op, ReadMask: 0xFF, WriteMask: 0xFF}
				other := StencilFace{Compare: CompareAlways, ReadMask: 0xFF, WriteMask: 0xFF}
				st.DepthStencil = DepthStencil{DepthCompare: CompareLess, StencilEnabled: true, Front: sf, Back: other}
				if face == 1 {
					st.DepthStencil.Front, st.DepthStencil.Back = other, sf
				}
				st.StencilRefFront, st.StencilRefBack = 0x5A, 0x5A
				checkAgainstRef(t, overlapScene(texel.RGBA8Unorm, 1, st, op%2 == 0))
			})
		}
	}
}

// dualShader writes colour 0 and the dual-source colour.
type dualShader struct{}

func (dualShader) Shade(worker int, b *FragmentBatch) error {
	for L := range b.N {
		c := [4]float32{0.9, 0.6, 0.3, 0.5}
		d := [4]float32{0.2, 0.4, 0.8, 0.25}
		for i := range 4 {
			b.Color[0][i][L], b.Color1[i][L] = c[i], d[i]
		}
	}
	return nil
}

func TestDualSourceBlending(t *testing.T) {
	const w, h = 4, 4
	st := defaultState(w, h)
	st.Blends[0] = Blend{Enabled: true, SrcRGB: BlendSource1Color, DstRGB: BlendOneMinusSource1Alpha, SrcAlpha: BlendSource1Alpha,
		DstAlpha: BlendOneMinusSource1Color, WriteMask: WriteAll}
	sc := &scene{w: w, h: h, clear: [4]float64{0.5, 0.5, 0.5, 0.5}, draws: []*Draw{{Topology: TriangleList,
		Vertices: verts(square(0, 0, 4, 4, 0.5, w, h), nil), State: st, Shader: dualShader{}, Flags: FlagDualSource, ColorMask: 1, SampleMask: ^uint32(0)}}}
	got := sc.run(t, 1).Color[0].Read(2, 2, 0, 0)
	want := [4]float32{float32(0.9*0.2) + float32(0.5*0.75), float32(0.6*0.4) + float32(0.5*0.75), float32(0.3*0.8) + float32(0.5*0.75), float32(0.5*0.25) + float32(0.5*0.75)}
	for c := range 4 {
		if d := got[c] - want[c]; d > 1e-6 || d < -1e-6 {
			t.Fatalf("dual-source result %v, want %v", got, want)
		}
	}
}
