package raster

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/ingot-render/ingot/internal/texel"
)

// randomScene builds a seeded scene of triangle-list draws with random
// fixed-function state that refRender models.
func randomScene(seed uint64, w, h, samples int) *scene {
	rng := rand.New(rand.NewPCG(seed, 7))
	formats := []texel.PixelFormat{texel.RGBA8Unorm, texel.RGBA8Unorm_sRGB, texel.RGBA16Float, texel.RGBA32Float, texel.BGRA8Unorm}
	depths := []texel.PixelFormat{texel.Invalid, texel.Depth32Float, texel.Depth16Unorm, texel.Depth24Unorm_Stencil8}
	sc := &scene{w: w, h: h, samples: samples, format: formats[rng.IntN(len(formats))], depth: depths[rng.IntN(len(depths))],
		stencil: rng.IntN(2) == 0, clear: [4]float64{rng.Float64(), rng.Float64(), rng.Float64(), rng.Float64()},
		clearDepth: rng.Float64(), clearStencil: uint32(rng.IntN(256))}
	nd := 1 + rng.IntN(4)
	for range nd {
		st := defaultState(w, h)
		st.Cull = CullMode(rng.IntN(3))
		st.Front = Winding(rng.IntN(2))
		ds := &st.DepthStencil
		ds.DepthCompare = CompareFunc(rng.IntN(8))
		ds.DepthWrite = rng.IntN(2) == 0
		ds.StencilEnabled = rng.IntN(2) == 0
		for _, f := range []*StencilFace{&ds.Front, &ds.Back} {
			*f = StencilFace{Compare: CompareFunc(rng.IntN(8)), Fail: StencilOp(rng.IntN(8)), DepthFail: StencilOp(rng.IntN(8)),
				Pass: StencilOp(rng.IntN(8)), ReadMask: uint8(rng.IntN(256)), WriteMask: uint8(rng.IntN(256))}
		}
		st.StencilRefFront, st.StencilRefBack = uint32(rng.IntN(256)), uint32(rng.IntN(256))
		b := &st.Blends[0]
		b.Enabled = rng.IntN(3) != 0
		b.RGBOp, b.AlphaOp = BlendOp(rng.IntN(5)), BlendOp(rng.IntN(5))
		b.SrcRGB, b.DstRGB = BlendFactor(rng.IntN(15)), BlendFactor(rng.IntN(15))
		b.SrcAlpha, b.DstAlpha = BlendFactor(rng.IntN(15)), BlendFactor(rng.IntN(15))
		b.WriteMask = ColorWriteMask(rng.IntN(16))
		if rng.IntN(2) == 0 {
			b.WriteMask = WriteAll
		}
		st.BlendColor = [4]float32{rng.Float32(), rng.Float32(), rng.Float32(), rng.Float32()}
		if rng.IntN(4) == 0 {
			x, y := rng.IntN(w), rng.IntN(h)
			st.Scissors = []Scissor{{x, y, rng.IntN(w), rng.IntN(h)}}
		}
		nt := 3 + rng.IntN(25)
		var pos [][4]float32
		for range 3 * nt {
			cw := 0.5 + 1.5*rng.Float64()
			pos = append(pos, ndc(rng.Float64()*float64(w+20)-10, rng.Float64()*float64(h+20)-10, rng.Float64(), cw, w, h))
		}
		d := &Draw{Topology: TriangleList, Vertices: verts(pos, nil), State: st, ColorMask: 1,
			SampleMask: ^uint32(0), PrimitiveIDBase: uint32(rng.IntN(1000))}
		if rng.IntN(3) == 0 {
			d.SampleMask = uint32(rng.IntN(256))
		}
		switch rng.IntN(4) {
		case 0:
			d.Shader = primShader{}
		case 1:
			d.Shader = primShader{discard: func(id uint32, x, y int) bool { return (int(id)+3*x+5*y)%7 == 0 }}
			d.Flags = FlagDiscards
		case 2:
			d.Shader = primShader{discard: func(id uint32, x, y int) bool { return (int(id)+x+y)%3 == 0 }}
			d.Flags = FlagDiscards | FlagEarlyTests
		case 3:
			if rng.IntN(2) == 0 {
				d.Shader = primShader{}
			}
		}
		sc.draws = append(sc.draws, d)
	}
	return sc
}

// compareRef checks every sample of the pass against the reference.
func compareRef(t *testing.T, sc *scene, pt PassTargets, ref *refImage) {
	t.Helper()
	bad := 0
	for l := range ref.l {
		for y := range sc.h {
			for x := range sc.w {
				for s := range ref.s {
					i := ref.at(x, y, s, l)
					got := pt.Color[0].Read(x, y, s, l)
					if !sameBits4(got, ref.color[i]) {
						if bad < 5 {
							t.Errorf("colour (%d,%d) sample %d layer %d = %v, reference %v", x, y, s, l, got, ref.color[i])
						}
						bad++
					}
					if pt.Depth != nil {
						if g := pt.Depth.Read(x, y, s, l); math.Float32bits(g) != math.Float32bits(ref.depth[i]) {
							if bad < 5 {
								t.Errorf("depth (%d,%d) sample %d = %v, reference %v", x, y, s, g, ref.depth[i])
							}
							bad++
						}
					}
					if pt.Stencil != nil {
						if g := pt.Stencil.Read(x, y, s, l); g != ref.sten[i] {
							if bad < 5 {
								t.Errorf("stencil (%d,%d) sample %d = %d, reference %d", x, y, s, g, ref.sten[i])
							}
							bad++
						}
					}
				}
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d mismatching values", bad)
	}
}

func sameBits4(a, b [4]float32) bool {
	for c := range 4 {
		if math.Float32bits(a[c]) != math.Float32bits(b[c]) && !(isNaN32(a[c]) && isNaN32(b[c])) {
			return false
		}
	}
	return true
}

// colorData returns c's storage with its deferred clears applied.
func colorData(c *ColorTarget) []float32 {
	c.settle()
	return c.data
}

// depthData returns d's storage with its deferred clears applied.
func depthData(d *DepthTarget) []float32 {
	d.settle()
	return d.data
}

// sameTargets reports the first difference between two passes' targets.
func sameTargets(a, b PassTargets) error {
	ca, cb := a.Color[0], b.Color[0]
	ca.settle()
	cb.settle()
	for i := range ca.data {
		if math.Float32bits(ca.data[i]) != math.Float32bits(cb.data[i]) {
			return fmt.Errorf("colour word %d: %v vs %v", i, ca.data[i], cb.data[i])
		}
	}
	if a.Depth != nil {
		a.Depth.settle()
		b.Depth.settle()
		for i := range a.Depth.data {
			if math.Float32bits(a.Depth.data[i]) != math.Float32bits(b.Depth.data[i]) {
				return fmt.Errorf("depth word %d", i)
			}
		}
	}
	if a.Stencil != nil {
		a.Stencil.settle()
		b.Stencil.settle()
		for i := range a.Stencil.data {
			if a.Stencil.data[i] != b.Stencil.data[i] {
				return fmt.Errorf("stencil byte %d", i)
			}
		}
	}
	return nil
}

func TestRandomScenesMatchReference(t *testing.T) {
	n := 60
	if testing.Short() {
		n = 15
	}
	sizes := [][2]int{{37, 29}, {70, 45}, {8, 8}}
	for seed := range uint64(n) {
		for _, samples := range []int{1, 2, 4, 8} {
			sz := sizes[seed%3]
			sc := randomScene(seed*16+uint64(samples), sz[0], sz[1], samples)
			name := fmt.Sprintf("seed%d/s%d/%v/%v", seed, samples, sc.format, sc.depth)
			t.Run(name, func(t *testing.T) {
				ref := refRender(sc)
				pt := sc.run(t, 1)
				compareRef(t, sc, pt, ref)
				for _, nw := range []int{2, 7} {
					if err := sameTargets(pt, sc.run(t, nw)); err != nil {
						t.Errorf("%d workers differ from 1: %v", nw, err)
					}
				}
				// The shaders read no other lane: packing covered pixels
				// without quads (FlagPixels) gives the same bits.
				px := *sc
				px.draws = nil
				for _, d := range sc.draws {
					dd := *d
					if dd.Shader != nil {
						dd.Flags |= FlagPixels
					}
					px.draws = append(px.draws, &dd)
				}
				if err := sameTargets(pt, px.run(t, 2)); err != nil {
					t.Errorf("FlagPixels differs from quads: %v", err)
				}
			})
		}
	}
}
