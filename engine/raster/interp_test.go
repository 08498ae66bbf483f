package raster

import (
	"fmt"
	"math"
	"sync"
	"testing"

	"github.com/ingot-render/ingot/internal/texel"
)

// recordShader records the varyings and inputs of every covered lane.
type recordShader struct {
	mu  sync.Mutex
	got map[[3]int][]float32 // (x, y, sample) → varyings
	bar map[[3]int][3]float32
	pc  map[[3]int][2]float32
}

func (r *recordShader) Shade(worker int, b *FragmentBatch) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.got == nil {
		r.got, r.bar, r.pc = map[[3]int][]float32{}, map[[3]int][3]float32{}, map[[3]int][2]float32{}
	}
	for L := range b.N {
		if b.Covered&(1<<L) == 0 {
			continue
		}
		k := [3]int{int(b.PosX[L]), int(b.PosY[L]), int(b.SampleID[L])}
		var v []float32
		for c := range b.Varyings {
			v = append(v, b.Varyings[c][L])
		}
		r.got[k] = v
		r.bar[k] = [3]float32{b.Bary[0][L], b.Bary[1][L], b.Bary[2][L]}
		r.pc[k] = [2]float32{b.PointCoord[0][L], b.PointCoord[1][L]}
		b.Color[0][3][L] = 1
	}
	return nil
}

func TestInterpolationModes(t *testing.T) {
	// Both windings: the rasterizer reorders counter-clockwise triangles,
	// barycentrics must still follow the draw's vertex order. Quads and
	// packed pixels (FlagPixels) alike.
	for _, fl := range []ShaderFlags{0, FlagPixels} {
		t.Run(fmt.Sprintf("clockwise/flags=%#x", fl), func(t *testing.T) {
			testInterpolation(t, [3][2]float64{{2, 3}, {30, 6}, {5, 29}}, [3]float64{1, 3, 0.5}, fl)
		})
		t.Run(fmt.Sprintf("counter-clockwise/flags=%#x", fl), func(t *testing.T) {
			testInterpolation(t, [3][2]float64{{2, 3}, {5, 29}, {30, 6}}, [3]float64{1, 0.5, 3}, fl)
		})
	}
}

func testInterpolation(t *testing.T, wp [3][2]float64, cw [3]float64, flags ShaderFlags) {
	const w, h = 32, 32
	var pos [][4]float32
	for k := range 3 {
		pos = append(pos, ndc(wp[k][0], wp[k][1], 0.5, cw[k], w, h))
	}
	// Varyings: a = (10, 20, 30) perspective, b noperspective, c flat.
	vary := [][]float32{{10, 10, 7}, {20, 20, 8}, {30, 30, 9}}
	st := defaultState(w, h)
	rs := &recordShader{}
	d := &Draw{Topology: TriangleList, Vertices: verts(pos, vary), State: st, Shader: rs, ColorMask: 1, SampleMask: ^uint32(0),
		Interp: []Interp{InterpPerspective, InterpNoPerspective, InterpFlat}, Flags: flags}
	sc := &scene{w: w, h: h, draws: []*Draw{d}}
	sc.run(t, 1)
	area := (wp[1][0]-wp[0][0])*(wp[2][1]-wp[0][1]) - (wp[1][1]-wp[0][1])*(wp[2][0]-wp[0][0])
	n := 0
	for k, v := range rs.got {
		px, py := float64(k[0])+0.5, float64(k[1])+0.5
		e := func(a, b int) float64 {
			return (wp[b][0]-wp[a][0])*(py-wp[a][1]) - (wp[b][1]-wp[a][1])*(px-wp[a][0])
		}
		l := [3]float64{e(1, 2) / area, e(2, 0) / area, e(0, 1) / area}
		var lin, num, den float64
		for j := range 3 {
			lin += l[j] * float64(vary[j][1])
			num += l[j] / cw[j] * float64(vary[j][0])
			den += l[j] / cw[j]
		}
		if got := float64(v[0]); math.Abs(got-num/den) > 1e-4 {
			t.Errorf("(%d,%d) perspective %v, want %v", k[0], k[1], got, num/den)
		}
		if got := float64(v[1]); math.Abs(got-lin) > 1e-4 {
			t.Errorf("(%d,%d) no_perspective %v, want %v", k[0], k[1], got, lin)
		}
		if v[2] != 7 {
			t.Errorf("(%d,%d) flat %v, want 7 (provoking vertex)", k[0], k[1], v[2])
		}
		for j := range 3 {
			pb := l[j] / cw[j] / den
			if math.Abs(float64(rs.bar[k][j])-pb) > 1e-5 {
				t.Errorf("(%d,%d) barycentric %d = %v, want %v", k[0], k[1], j, rs.bar[k][j], pb)
			}
		}
		n++
	}
	if n < 200 {
		t.Fatalf("only %d fragments", n)
	}
}

func TestCentroidAndSampleInterpolation(t *testing.T) {
	const w, h = 16, 16
	// A triangle with a steep edge through pixel centres' neighbourhood; the
	// no-perspective varying is the window x, so it reports where it was
	// evaluated.
	wp := [3][2]float64{{0.3125, 0.1875}, {15.6875, 7.9375}, {0.3125, 15.5625}} // on the sub-pixel grid
	var pos [][4]float32
	var vary [][]float32
	for k := range 3 {
		pos = append(pos, ndc(wp[k][0], wp[k][1], 0.5, 1, w, h))
		vary = append(vary, []float32{float32(wp[k][0]), float32(wp[k][1]), float32(wp[k][0])})
	}
	for _, perSample := range []bool{false, true} {
		rs := &recordShader{}
		in := []Interp{InterpNoPerspective | InterpCentroid, InterpNoPerspective | InterpCentroid, InterpNoPerspective}
		if perSample {
			in[0] = InterpNoPerspective | InterpSample
			in[1] = InterpNoPerspective | InterpSample
		}
		d := &Draw{Topology: TriangleList, Vertices: verts(pos, vary), State: defaultState(w, h), Shader: rs, ColorMask: 1,
			SampleMask: ^uint32(0), Interp: in}
		sc := &scene{w: w, h: h, samples: 4, draws: []*Draw{d}}
		sc.run(t, 1)
		sp := StandardSamplePositions(4)
		nEdge := 0
		for k, v := range rs.got {
			x, y, s := k[0], k[1], k[2]
			cx, cy := float64(x)+0.5, float64(y)+0.5
			wx, wy := cx, cy
			if perSample {
				wx, wy = float64(x)+float64(sp[s][0]), float64(y)+float64(sp[s][1])
			} else if math.Abs(float64(v[0])-cx) > 1e-4 || math.Abs(float64(v[1])-cy) > 1e-4 {
				// Not at the centre: must be the first covered sample and
				// the centre must be outside the triangle.
				nEdge++
				found := false
				for i := range sp {
					if math.Abs(float64(v[0])-(float64(x)+float64(sp[i][0]))) < 1e-4 && math.Abs(float64(v[1])-(float64(y)+float64(sp[i][1]))) < 1e-4 {
						found = true
					}
				}
				if !found {
					t.Errorf("(%d,%d) centroid at (%v,%v), neither centre nor a sample", x, y, v[0], v[1])
				}
				wx, wy = float64(v[0]), float64(v[1])
			}
			if math.Abs(float64(v[0])-wx) > 1e-4 || math.Abs(float64(v[1])-wy) > 1e-4 {
				t.Errorf("perSample %v (%d,%d,s%d): evaluated at (%v,%v), want (%v,%v)", perSample, x, y, s, v[0], v[1], wx, wy)
			}
			if math.Abs(float64(v[2])-cx) > 1e-4 {
				t.Errorf("(%d,%d) centre varying %v, want %v", x, y, v[2], cx)
			}
		}
		if !perSample && nEdge == 0 {
			t.Error("no fragment used a centroid location")
		}
		if perSample && len(rs.got) < 4*40 {
			t.Errorf("per-sample run shaded %d samples", len(rs.got))
		}
	}
}

func TestSRGBQuantization(t *testing.T) {
	const w, h = 4, 4
	pos := [][4]float32{{-1, -1, 0.5, 1}, {-1, 3, 0.5, 1}, {3, -1, 0.5, 1}}
	st := defaultState(w, h)
	sc := &scene{w: w, h: h, format: texel.RGBA8Unorm_sRGB, draws: []*Draw{{Topology: TriangleList, Vertices: verts(pos, nil), State: st,
		Shader: constShader{0.5, 0.25, 1, 0.5}, ColorMask: 1, SampleMask: ^uint32(0)}}}
	pt := sc.run(t, 1)
	tex, err := texel.New(texel.Texture2DDescriptor(texel.RGBA8Unorm_sRGB, w, h, false))
	if err != nil {
		t.Fatal(err)
	}
	if err := pt.Color[0].Store(tex, 0, 0, 0); err != nil {
		t.Fatal(err)
	}
	b := tex.Data()[:4]
	// linear 0.5 → sRGB 0.7354 → 188; 0.25 → 137; alpha linear 0.5 → 128.
	if b[0] != 188 || b[1] != 137 || b[2] != 255 || b[3] != 128 {
		t.Errorf("stored bytes %v, want [188 137 255 128]", b)
	}
	want, _ := texel.DecodeFloat(texel.RGBA8Unorm_sRGB, b)
	if got := pt.Color[0].Read(0, 0, 0, 0); got != want {
		t.Errorf("kept value %v, want the decoded texel %v", got, want)
	}
}
