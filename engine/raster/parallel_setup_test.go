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
// large enough that Draw sets them up on several binners. Most triangles
// are a few pixels wide (inside one tile, or on a tile border); one in 32
// spans the target (binned into many tiles, some as large primitives).
func bigScene(w, h int) *scene {
	rng := rand.New(rand.NewPCG(11, 3))
	sc := &scene{w: w, h: h, format: texel.RGBA32Float, depth: texel.Depth32Float, clearDepth: 1}
	for k, nt := range []int{3*parTriangles + 17, 2*parTriangles + 5} {
		var pos [][4]float32
		var vary [][]float32
		for i := range nt {
			cx, cy, r := rng.Float64()*float64(w+8)-4, rng.Float64()*float64(h+8)-4, 5.0
			if i%32 == 0 {
				cx, cy, r = float64(w)/2, float64(h)/2, float64(w+40)/2
			}
			for range 3 {
				z := rng.Float64()*1.2 - 0.1 // some below the near plane
				pos = append(pos, ndc(cx+(2*rng.Float64()-1)*r, cy+(2*rng.Float64()-1)*r, z, 0.5+rng.Float64(), w, h))
				vary = append(vary, []float32{rng.Float32(), rng.Float32(), rng.Float32()})
			}
		}
		st := defaultState(w, h)
		st.DepthStencil = DepthStencil{DepthCompare: CompareLessEqual, DepthWrite: true}
		if k == 1 {
			// Every fragment blends: a primitive set up twice, dropped or
			// out of order changes the image.
			st.DepthStencil = DepthStencil{DepthCompare: CompareAlways}
		}
		b := &st.Blends[0]
		b.Enabled = true
		b.SrcRGB, b.DstRGB, b.SrcAlpha, b.DstAlpha = BlendOne, BlendOneMinusSourceAlpha, BlendOne, BlendOne
		d := &Draw{Topology: TriangleList, Vertices: verts(pos, vary), State: st, ColorMask: 1, SampleMask: ^uint32(0),
			Shader: &varyShader{stride: 3}, Interp: interps(3, InterpPerspective), Flags: FlagPixels}
		if k == 0 {
			// Indexed: the triangles in a shuffled order, each with its
			// vertices rotated.
			d.Indices = make([]uint32, 0, 3*nt)
			for _, j := range rng.Perm(nt) {
				r := rng.IntN(3)
				for c := range 3 {
					d.Indices = append(d.Indices, uint32(3*j+(c+r)%3))
				}
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
		if !slices.Equal(colorData(got.Color[0]), colorData(ref.Color[0])) || !slices.Equal(depthData(got.Depth), depthData(ref.Depth)) {
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
	// Each draw is cut into stretches of at least chunkTriangles, up to
	// chunksPerWorker per goroutine (3 and 2 goroutines).
	want := 0
	for _, d := range sc.draws {
		tris := d.Vertices.Count / 3
		if d.Indices != nil {
			tris = len(d.Indices) / 3
		}
		k := min(3, tris/parTriangles)
		want += max(k, min(k*chunksPerWorker, tris/chunkTriangles))
	}
	if len(p.sets) != want || want <= 5 {
		t.Errorf("%d binners, want %d (more than one per goroutine: the draws were not set up in parallel stretches)", len(p.sets), want)
	}
	// The binners hold the serial setup's primitives, each once.
	serial, err := NewPass(PassTargets{Width: w, Height: h, Samples: 1, Layers: 1, Color: [8]*ColorTarget{ref.Color[0]}}, PassOptions{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range sc.draws {
		if err := serial.Draw(d); err != nil {
			t.Fatal(err)
		}
	}
	if got, want := p.primCount(), serial.primCount(); got != want {
		t.Errorf("the binners hold %d primitives, the serial setup %d", got, want)
	}
	clipped := 0
	for _, b := range p.sets {
		clipped += len(b.extra)
	}
	if clipped == 0 {
		t.Error("no vertex was made by clipping: the scene does not test the binners' own varyings")
	}
}
