package raster

import (
	"math"
	"testing"

	"github.com/ingot-render/ingot/internal/texel"
)

// constShader writes a constant colour to attachment 0.
type constShader [4]float32

func (c constShader) Shade(worker int, b *FragmentBatch) error {
	for L := range b.N {
		for i := range 4 {
			b.Color[0][i][L] = c[i]
		}
	}
	return nil
}

// additive returns a state that adds the source colour into a float target.
func additive(w, h int) *State {
	st := defaultState(w, h)
	st.Blends[0] = Blend{Enabled: true, SrcRGB: BlendOne, DstRGB: BlendOne, SrcAlpha: BlendOne, DstAlpha: BlendOne, WriteMask: WriteAll}
	return st
}

// hitCounts renders the triangles (window coordinates) additively with
// colour 1 and returns the per-sample hit counts.
func hitCounts(t *testing.T, w, h, samples int, tris [][3][2]float64, cull CullMode) [][]float32 {
	t.Helper()
	var pos [][4]float32
	for _, tr := range tris {
		for _, v := range tr {
			pos = append(pos, ndc(v[0], v[1], 0.5, 1, w, h))
		}
	}
	st := additive(w, h)
	st.Cull = cull
	sc := &scene{w: w, h: h, samples: samples, format: texel.RGBA32Float, draws: []*Draw{{
		Topology: TriangleList, Vertices: verts(pos, nil), State: st, Shader: constShader{1, 1, 1, 1},
		ColorMask: 1, SampleMask: ^uint32(0)}}}
	pt := sc.run(t, 2)
	out := make([][]float32, samples)
	for s := range samples {
		for y := range h {
			for x := range w {
				out[s] = append(out[s], pt.Color[0].Read(x, y, s, 0)[0])
			}
		}
	}
	return out
}

func TestFillRuleFan(t *testing.T) {
	const w, h = 64, 64
	for _, c := range []struct {
		name   string
		cx, cy float64
	}{{"pixel centre", 32.5, 32.5}, {"pixel corner", 32, 32}, {"sub-pixel", 31.3, 33.7}} {
		// A fan of thin triangles around (cx, cy), edges on sub-pixel
		// positions, covering a polygon that contains the whole target.
		const n = 97
		var tris [][3][2]float64
		pt := func(i int) [2]float64 {
			a := 2 * math.Pi * float64(i%n) / n
			return [2]float64{c.cx + 200*math.Cos(a), c.cy + 200*math.Sin(a)}
		}
		for i := range n {
			tris = append(tris, [3][2]float64{{c.cx, c.cy}, pt(i), pt(i + 1)})
		}
		for _, samples := range []int{1, 4} {
			counts := hitCounts(t, w, h, samples, tris, CullNone)
			for s := range samples {
				for i, v := range counts[s] {
					if v != 1 {
						t.Fatalf("%s, %d samples: pixel (%d,%d) sample %d hit %v times, want 1", c.name, samples, i%w, i/w, s, v)
					}
				}
			}
		}
	}
}

func TestFillRuleGrid(t *testing.T) {
	const w, h = 40, 40
	// A grid of quads with vertices exactly on pixel centres and corners,
	// each quad split along alternating diagonals: every shared edge passes
	// through sample positions.
	var tris [][3][2]float64
	for gy := -1; gy < 9; gy++ {
		for gx := -1; gx < 9; gx++ {
			x0, y0 := float64(gx)*4.5+0.5, float64(gy)*4.5+0.5
			x1, y1 := x0+4.5, y0+4.5
			if (gx+gy)&1 == 0 {
				tris = append(tris, [3][2]float64{{x0, y0}, {x1, y0}, {x1, y1}}, [3][2]float64{{x0, y0}, {x1, y1}, {x0, y1}})
			} else {
				tris = append(tris, [3][2]float64{{x0, y0}, {x1, y0}, {x0, y1}}, [3][2]float64{{x1, y0}, {x1, y1}, {x0, y1}})
			}
		}
	}
	for _, samples := range []int{1, 2, 8} {
		counts := hitCounts(t, w, h, samples, tris, CullNone)
		for s := range samples {
			for i, v := range counts[s] {
				if v != 1 {
					t.Fatalf("%d samples: pixel (%d,%d) sample %d hit %v times, want 1", samples, i%w, i/w, s, v)
				}
			}
		}
	}
}

// TestFillRuleSampleGrid is TestFillRuleGrid with the grid's vertices on
// 4x MSAA sample 0 positions (pixel + (0.375, 0.125)), so that horizontal
// and vertical shared edges pass through samples of every pixel along
// them: the top-left rule must give each sample to exactly one triangle.
func TestFillRuleSampleGrid(t *testing.T) {
	const w, h = 36, 36
	var tris [][3][2]float64
	for gy := -1; gy < 9; gy++ {
		for gx := -1; gx < 9; gx++ {
			x0, y0 := float64(gx)*4+0.375, float64(gy)*4+0.125
			x1, y1 := x0+4, y0+4
			if (gx+gy)&1 == 0 {
				tris = append(tris, [3][2]float64{{x0, y0}, {x1, y0}, {x1, y1}}, [3][2]float64{{x0, y0}, {x1, y1}, {x0, y1}})
			} else {
				tris = append(tris, [3][2]float64{{x0, y0}, {x1, y0}, {x0, y1}}, [3][2]float64{{x1, y0}, {x1, y1}, {x0, y1}})
			}
		}
	}
	counts := hitCounts(t, w, h, 4, tris, CullNone)
	for s := range 4 {
		for i, v := range counts[s] {
			if v != 1 {
				t.Fatalf("pixel (%d,%d) sample %d hit %v times, want 1", i%w, i/w, s, v)
			}
		}
	}
}

func TestTopLeftRule(t *testing.T) {
	// The square (0.5,0.5)-(2.5,2.5) has pixel centres on all four edges:
	// the top and left edges include them, bottom and right exclude them.
	tris := [][3][2]float64{{{0.5, 0.5}, {2.5, 0.5}, {2.5, 2.5}}, {{0.5, 0.5}, {2.5, 2.5}, {0.5, 2.5}}}
	counts := hitCounts(t, 4, 4, 1, tris, CullNone)[0]
	want := []float32{
		1, 1, 0, 0,
		1, 1, 0, 0,
		0, 0, 0, 0,
		0, 0, 0, 0,
	}
	for i := range want {
		if counts[i] != want[i] {
			t.Fatalf("hits %v, want %v", counts, want)
		}
	}
}

func TestWindingAndCull(t *testing.T) {
	const w, h = 16, 16
	// In NDC (y up) the triangle bottom-left → top → bottom-right is
	// clockwise as seen on screen; Metal's default front face is clockwise.
	cwTri := [][4]float32{{-1, -1, 0.5, 1}, {0, 1, 0.5, 1}, {1, -1, 0.5, 1}}
	ccwTri := [][4]float32{cwTri[0], cwTri[2], cwTri[1]}
	for _, c := range []struct {
		tri   [][4]float32
		front Winding
		cull  CullMode
		drawn bool
		ff    uint32
	}{
		{cwTri, Clockwise, CullNone, true, 1},
		{cwTri, Clockwise, CullBack, true, 1},
		{cwTri, Clockwise, CullFront, false, 0},
		{ccwTri, Clockwise, CullNone, true, 0},
		{ccwTri, Clockwise, CullBack, false, 0},
		{ccwTri, CounterClockwise, CullBack, true, 1},
		{cwTri, CounterClockwise, CullBack, false, 0},
		{cwTri, CounterClockwise, CullNone, true, 0},
	} {
		st := defaultState(w, h)
		st.Cull, st.Front = c.cull, c.front
		ff := &facingShader{}
		sc := &scene{w: w, h: h, draws: []*Draw{{Topology: TriangleList, Vertices: verts(c.tri, nil), State: st,
			Shader: ff, ColorMask: 1, SampleMask: ^uint32(0)}}}
		pt := sc.run(t, 1)
		got := pt.Color[0].Read(8, 10, 0, 0)
		drawn := got[3] == 1
		if drawn != c.drawn || (drawn && uint32(got[0]) != c.ff) {
			t.Errorf("front %v cull %v tri %v: drawn %v facing %v, want %v %v", c.front, c.cull, c.tri, drawn, got[0], c.drawn, c.ff)
		}
	}
}

// facingShader writes (front_facing, 0, 0, 1).
type facingShader struct{}

func (facingShader) Shade(worker int, b *FragmentBatch) error {
	for L := range b.N {
		b.Color[0][0][L] = float32(b.FrontFacing[L])
		b.Color[0][1][L], b.Color[0][2][L], b.Color[0][3][L] = 0, 0, 1
	}
	return nil
}
