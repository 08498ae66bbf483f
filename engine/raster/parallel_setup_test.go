package raster

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/ingot-render/ingot/internal/texel"
)

// bigScene is two long triangle lists (one indexed, one not) with
// varyings, order-dependent float blending, a depth test and triangles
// crossing the near plane (clipped, so some vertices are made by setup):
// large enough that Draw sets them up on several binners.
func bigScene(w, h int) *scene {
	rng := rand.New(rand.NewPCG(11, 3))
	sc := &scene{w: w, h: h, format: texel.RGBA32Float, depth: texel.Depth32Float, clearDepth: 1}
	for k, nt := range []int{3*parTriangles + 17, 2*parTriangles + 5} {
		var pos [][4]float32
		var vary [][]float32
		for range 3 * nt {
			z := rng.Float64()*1.2 - 0.1 // some below the near plane
			pos = append(pos, ndc(rng.Float64()*float64(w+40)-20, rng.Float64()*float64(h+40)-20, z, 0.5+rng.Float64(), w, h))
			vary = append(vary, []float32{rng.Float32(), rng.Float32(), rng.Float32()})
		}
		st := defaultState(w, h)
		st.DepthStencil = DepthStencil{DepthCompare: CompareLessEqual, DepthWrite: k == 0}
		b := &st.Blends[0]
		b.Enabled = true
		b.SrcRGB, b.DstRGB, b.SrcAlpha, b.DstAlpha = BlendOne, BlendOneMinusSourceAlpha, BlendOne, BlendOne
		d := &Draw{Topology: TriangleList, Vertices: verts(pos, vary), State: st, ColorMask: 1, SampleMask: ^uint32(0),
			Shader: &varyShader{stride: 3}, Interp: interps(3, InterpPerspective), Flags: FlagPixels}
		if k == 0 {
			// Indexed, in a shuffled order.
			d.Indices = make([]uint32, 3*nt)
			for i, v := range rng.Perm(3 * nt) {
				d.Indices[i] = uint32(v)
			}
		}
		sc.draws = append(sc.draws, d)
	}
	return sc
}

// TestParallelSetupMatchesSerial checks that setting up long draws on
// several binners gives the serial pass's bits.
func TestParallelSetupMatchesSerial(t *testing.T) {
	const w, h = 96, 80
	sc := bigScene(w, h)
	ref := sc.run(t, 1)
	for _, workers := range []int{2, 3, 16} {
		got := sc.run(t, workers)
		if !slices.Equal(got.Color[0].data, ref.Color[0].data) || !slices.Equal(got.Depth.data, ref.Depth.data) {
			t.Errorf("%d workers: the image differs from the serial setup's", workers)
		}
	}
	p, err := NewPass(PassTargets{Width: w, Height: h, Samples: 1, Layers: 1, Color: [8]*ColorTarget{ref.Color[0]}}, PassOptions{Workers: 3})
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range sc.draws {
		if err := p.Draw(d); err != nil {
			t.Fatal(err)
		}
	}
	if len(p.sets) != 5 { // 3 + 2 binners
		t.Errorf("%d binners, want 5 (the draws were not set up in parallel)", len(p.sets))
	}
	clipped := 0
	for _, b := range p.sets {
		clipped += len(b.extra)
	}
	if clipped == 0 {
		t.Error("no vertex was made by clipping: the scene does not test the binners' own varyings")
	}
}
