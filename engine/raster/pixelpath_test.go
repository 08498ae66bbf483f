package raster

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/ingot-render/ingot/internal/texel"
)

// inputShader writes colour 0 from every input the rasterizer fills, so
// that any difference in them shows in the image; it discards lanes whose
// first varying's bits are ≡ 0 mod 5 when discard is set.
type inputShader struct {
	stride  int
	flags   ShaderFlags // the inputs it reads (FlagInputsListed clear: all)
	discard bool
}

func (s inputShader) Shade(worker int, b *FragmentBatch) error {
	reads := func(f ShaderFlags) float32 {
		if s.flags&FlagInputsListed == 0 || s.flags&f != 0 {
			return 1
		}
		return 0
	}
	pos, bary, prim, mask := reads(FlagInPosition), reads(FlagInBary), reads(FlagInPrimitive), reads(FlagInSampleMask)
	for L := range b.N {
		v := func(c int) float32 {
			if c < s.stride {
				return b.Varyings[c][L]
			}
			return 0
		}
		in := func(on float32, x float32) float32 {
			if on == 0 {
				return 0
			}
			return x
		}
		b.Color[0][0][L] = v(0) + 0.001*in(pos, b.PosX[L]) + 0.3*in(bary, b.Bary[0][L]) + 0.01*v(4)
		b.Color[0][1][L] = v(1) + in(pos, b.PosW[L]) + 0.1*in(prim, float32(b.FrontFacing[L])) + 0.001*in(pos, b.PosY[L]) + 0.01*v(5)
		b.Color[0][2][L] = v(2) + in(pos, b.PosZ[L]) + 0.01*in(prim, float32(b.PrimitiveID[L])) + 0.2*in(bary, b.Bary[2][L])
		b.Color[0][3][L] = v(3) + in(bary, b.Bary[1][L]) + 0.1*in(mask, float32(b.SampleMaskIn[L])) + 0.01*in(prim, float32(b.Layer[L]+b.ViewportIndex[L]))
		if s.discard && math.Float32bits(v(0))%5 == 0 {
			b.Live &^= 1 << L
		}
	}
	return nil
}

// pixelScene is a seeded scene of triangle lists that the pixel path takes
// (FlagPixels, early tests, a float32 depth target) with random depth
// state, blending, interpolation modes, listed inputs and visibility, and
// triangles crossing the near plane (vertices made by clipping).
func pixelScene(seed uint64, w, h int) *scene { return pixelSceneMS(seed, w, h, 1) }

// pixelSceneMS is pixelScene at the given sample count: with several
// samples, sample-interpolated components (which make a draw run per
// sample, off the pixel path) are centroid-interpolated instead, and some
// draws have a partial sample mask.
func pixelSceneMS(seed uint64, w, h, samples int) *scene {
	rng := rand.New(rand.NewPCG(seed, 19))
	formats := []texel.PixelFormat{texel.RGBA32Float, texel.RGBA8Unorm, texel.RGBA16Float}
	sc := &scene{w: w, h: h, samples: samples, format: formats[rng.IntN(len(formats))], depth: texel.Depth32Float, clearDepth: rng.Float64(),
		clear: [4]float64{rng.Float64(), rng.Float64(), rng.Float64(), 1}}
	for range 1 + rng.IntN(3) {
		st := defaultState(w, h)
		st.Cull = CullMode(rng.IntN(3))
		st.DepthStencil = DepthStencil{DepthCompare: CompareFunc(rng.IntN(8)), DepthWrite: rng.IntN(3) != 0}
		if rng.IntN(2) == 0 {
			b := &st.Blends[0]
			b.Enabled = true
			b.SrcRGB, b.DstRGB, b.SrcAlpha, b.DstAlpha = BlendSourceAlpha, BlendOneMinusSourceAlpha, BlendOne, BlendOne
		}
		if rng.IntN(4) == 0 {
			st.DepthClip = DepthClamp
			st.Viewports[0].ZNear, st.Viewports[0].ZFar = 0.2, 0.7
		}
		if rng.IntN(4) == 0 {
			st.Visibility, st.VisibilityOffset = VisibilityCounting, 8*rng.IntN(2)
		}
		stride := rng.IntN(7)
		nt := 50 + rng.IntN(300)
		var pos [][4]float32
		var vary [][]float32
		for range 3 * nt {
			// Mostly small triangles, as a dense mesh has, some large.
			cx, cy := rng.Float64()*float64(w+20)-10, rng.Float64()*float64(h+20)-10
			r := 1 + 4*rng.Float64()
			if rng.IntN(20) == 0 {
				r = float64(w) / 2
			}
			z := rng.Float64()*1.2 - 0.1
			pos = append(pos, ndc(cx+r*(rng.Float64()-0.5), cy+r*(rng.Float64()-0.5), z, 0.5+rng.Float64(), w, h))
			vy := make([]float32, stride)
			for c := range vy {
				vy[c] = rng.Float32()
			}
			vary = append(vary, vy)
		}
		// Neighbouring triangles share vertices when indexed.
		var idx []uint32
		if rng.IntN(2) == 0 {
			for i := range 3 * nt {
				idx = append(idx, uint32(max(i-rng.IntN(3), 0)))
			}
		}
		interp := make([]Interp, stride)
		for c := range interp {
			interp[c] = []Interp{InterpPerspective, InterpNoPerspective, InterpFlat, InterpPerspective | InterpCentroid,
				InterpNoPerspective | InterpSample}[rng.IntN(5)]
			if samples > 1 && interp[c]&InterpSample != 0 {
				interp[c] = InterpNoPerspective | InterpCentroid
			}
		}
		flags := FlagPixels | FlagInputsListed
		for _, f := range []ShaderFlags{FlagInPosition, FlagInBary, FlagInPrimitive, FlagInSampleMask} {
			if rng.IntN(2) == 0 {
				flags |= f
			}
		}
		if rng.IntN(5) == 0 {
			flags &^= FlagInputsListed
		}
		discard := rng.IntN(3) == 0
		if discard {
			flags |= FlagDiscards | FlagEarlyTests
		}
		d := &Draw{Topology: TriangleList, Vertices: verts(pos, vary), Indices: idx, State: st, ColorMask: 1,
			SampleMask: ^uint32(0), Shader: inputShader{stride: stride, flags: flags, discard: discard}, Interp: interp, Flags: flags,
			PrimitiveIDBase: uint32(rng.IntN(100))}
		if samples > 1 && rng.IntN(4) == 0 {
			d.SampleMask = uint32(1 + rng.IntN(1<<samples-1))
		}
		sc.draws = append(sc.draws, d)
	}
	return sc
}

// TestPixelPathMatchesQuadPath renders seeded scenes on the pixel path
// and on the general quad path and compares colour, depth and visibility
// bit for bit, on 1 and 3 workers.
func TestPixelPathMatchesQuadPath(t *testing.T) {
	defer func() { pixelPathOff = false }()
	for _, tc := range []struct{ samples, seeds int }{{1, 24}, {2, 8}, {4, 16}, {8, 8}} {
		for seed := range uint64(tc.seeds) {
			testPixelPathScene(t, pixelSceneMS(seed, 70+int(seed%3)*13, 64, tc.samples), seed)
		}
	}
}

// testPixelPathScene checks that every draw of sc takes the pixel path
// and that sc renders as on the quad path: the colour and depth samples,
// the colour resolve and the visibility results, bit for bit.
func testPixelPathScene(t *testing.T, sc *scene, seed uint64) {
	t.Helper()
	ns := sc.samples
	{
		// The scene's draws take the pixel path.
		dt, err := NewDepthTarget(texel.Depth32Float, sc.w, sc.h, ns, 1)
		if err != nil {
			t.Fatal(err)
		}
		p, err := NewPass(PassTargets{Width: sc.w, Height: sc.h, Samples: ns, Layers: 1, Depth: dt}, PassOptions{Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range sc.draws {
			if err := p.Draw(d); err != nil {
				t.Fatal(err)
			}
		}
		w := newWorker(p, 0)
		for i := range sc.draws {
			w.setDraw(int32(i))
			if !w.fast {
				t.Fatalf("%dx, seed %d: draw %d does not take the pixel path", ns, seed, i)
			}
		}
	}
	for _, workers := range []int{1, 3} {
		pixelPathOff = true
		ref, refVis := runVis(t, sc, workers)
		pixelPathOff = false
		got, gotVis := runVis(t, sc, workers)
		if !sameBits(colorData(got.Color[0]), colorData(ref.Color[0])) {
			t.Errorf("%dx, seed %d, %d workers: colour differs from the quad path's", ns, seed, workers)
		}
		if !sameBits(got.Depth.data, ref.Depth.data) {
			t.Errorf("%dx, seed %d, %d workers: depth differs from the quad path's", ns, seed, workers)
		}
		if !slices.Equal(mapPairs(gotVis), mapPairs(refVis)) {
			t.Errorf("%dx, seed %d, %d workers: visibility %v, quad path %v", ns, seed, workers, gotVis, refVis)
		}
		var res [2][]byte
		for k, pt := range []PassTargets{got, ref} {
			tex, err := texel.New(texel.Texture2DDescriptor(sc.format, sc.w, sc.h, false))
			if err != nil {
				t.Fatal(err)
			}
			if err := pt.Color[0].Resolve(tex, 0, 0, 0); err != nil {
				t.Fatal(err)
			}
			res[k] = tex.Data()
		}
		if !slices.Equal(res[0], res[1]) {
			t.Errorf("%dx, seed %d, %d workers: resolved colour differs from the quad path's", ns, seed, workers)
		}
	}
}

// runVis renders sc and returns its targets and visibility results.
func runVis(t *testing.T, sc *scene, workers int) (PassTargets, map[int]uint64) {
	t.Helper()
	ns := max(sc.samples, 1)
	pt := PassTargets{Width: sc.w, Height: sc.h, Samples: ns, Layers: 1}
	ct, err := NewColorTarget(sc.format, sc.w, sc.h, ns, 1)
	if err != nil {
		t.Fatal(err)
	}
	ct.Clear(sc.clear)
	dt, err := NewDepthTarget(sc.depth, sc.w, sc.h, ns, 1)
	if err != nil {
		t.Fatal(err)
	}
	dt.Clear(sc.clearDepth)
	pt.Color[0], pt.Depth = ct, dt
	p, err := NewPass(pt, PassOptions{Workers: workers})
	if err != nil {
		t.Fatal(err)
	}
	for i, d := range sc.draws {
		if err := p.Draw(d); err != nil {
			t.Fatalf("draw %d: %v", i, err)
		}
	}
	if err := p.Flush(t.Context()); err != nil {
		t.Fatal(err)
	}
	return pt, p.Visibility()
}

func mapPairs(m map[int]uint64) [][2]uint64 {
	var out [][2]uint64
	for k, v := range m {
		out = append(out, [2]uint64{uint64(k), v})
	}
	slices.SortFunc(out, func(a, b [2]uint64) int { return int(a[0]) - int(b[0]) })
	return out
}

func sameBits(a, b []float32) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if math.Float32bits(a[i]) != math.Float32bits(b[i]) {
			return false
		}
	}
	return true
}

// BenchmarkPixelPathMSAA renders a pixel-path scene of small triangles
// (256×256) on the quad path and on the pixel path, side by side, at 1
// and 4 samples, on one worker (ns/op).
func BenchmarkPixelPathMSAA(b *testing.B) {
	defer func() { pixelPathOff = false }()
	for _, ns := range []int{1, 4} {
		sc := pixelSceneMS(5, 256, 256, ns)
		for _, c := range []struct {
			name string
			off  bool
		}{{"quad", true}, {"pixel", false}} {
			b.Run(fmt.Sprintf("samples=%d/path=%s", ns, c.name), func(b *testing.B) {
				pt := PassTargets{Width: sc.w, Height: sc.h, Samples: ns, Layers: 1}
				ct, err := NewColorTarget(sc.format, sc.w, sc.h, ns, 1)
				if err != nil {
					b.Fatal(err)
				}
				dt, err := NewDepthTarget(sc.depth, sc.w, sc.h, ns, 1)
				if err != nil {
					b.Fatal(err)
				}
				pt.Color[0], pt.Depth = ct, dt
				p, err := NewPass(pt, PassOptions{Workers: 1})
				if err != nil {
					b.Fatal(err)
				}
				pixelPathOff = c.off
				for b.Loop() {
					ct.Clear(sc.clear)
					dt.Clear(sc.clearDepth)
					p.Reset()
					for _, d := range sc.draws {
						if err := p.Draw(d); err != nil {
							b.Fatal(err)
						}
					}
					if err := p.Flush(b.Context()); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// TestDepthPathMatchesQuadPath draws the pixel-path scenes without a
// fragment function (a depth prepass) on the depth-only path and on the
// quad path and compares the depth samples bit for bit, on 1 and 3
// workers, at every sample count.
func TestDepthPathMatchesQuadPath(t *testing.T) {
	defer func() { pixelPathOff = false }()
	for _, tc := range []struct{ samples, seeds int }{{1, 12}, {2, 4}, {4, 8}, {8, 4}} {
		for seed := range uint64(tc.seeds) {
			sc := pixelSceneMS(seed, 70+int(seed%3)*13, 64, tc.samples)
			for _, d := range sc.draws {
				st := *d.State
				st.Visibility = VisibilityDisabled
				d.State, d.Shader, d.Flags = &st, nil, 0
			}
			dt, err := NewDepthTarget(texel.Depth32Float, sc.w, sc.h, sc.samples, 1)
			if err != nil {
				t.Fatal(err)
			}
			p, err := NewPass(PassTargets{Width: sc.w, Height: sc.h, Samples: sc.samples, Layers: 1, Depth: dt}, PassOptions{Workers: 1})
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range sc.draws {
				if err := p.Draw(d); err != nil {
					t.Fatal(err)
				}
			}
			w := newWorker(p, 0)
			for i := range sc.draws {
				w.setDraw(int32(i))
				if !w.depthOnly {
					t.Fatalf("%dx, seed %d: draw %d does not take the depth-only path", sc.samples, seed, i)
				}
			}
			for _, workers := range []int{1, 3} {
				pixelPathOff = true
				ref, _ := runVis(t, sc, workers)
				pixelPathOff = false
				got, _ := runVis(t, sc, workers)
				if !sameBits(got.Depth.data, ref.Depth.data) {
					t.Errorf("%dx, seed %d, %d workers: depth differs from the quad path's", sc.samples, seed, workers)
				}
			}
		}
	}
}
