package raster

import (
	"math"
	"testing"

	"github.com/ingot-render/ingot/internal/texel"
)

func TestGuardBandTriangles(t *testing.T) {
	const w, h = 48, 40
	// A quad far larger than the guard band, split along a diagonal that
	// crosses the target: every pixel exactly once, at depth 0.25.
	big := 1e6
	tris := [][3][2]float64{{{-big, -big}, {big, -big}, {big, big * 0.9}}, {{-big, -big}, {big, big * 0.9}, {-big, big}}}
	var pos [][4]float32
	for _, tr := range tris {
		for _, v := range tr {
			pos = append(pos, ndc(v[0], v[1], 0.25, 1, w, h))
		}
	}
	st := additive(w, h)
	st.DepthStencil = DepthStencil{DepthCompare: CompareAlways, DepthWrite: true}
	sc := &scene{w: w, h: h, format: texel.RGBA32Float, depth: texel.Depth32Float, clearDepth: 1, draws: []*Draw{{
		Topology: TriangleList, Vertices: verts(pos, nil), State: st, Shader: constShader{1, 1, 1, 1}, ColorMask: 1, SampleMask: ^uint32(0)}}}
	pt := sc.run(t, 2)
	for y := range h {
		for x := range w {
			if c := pt.Color[0].Read(x, y, 0, 0)[0]; c != 1 {
				t.Fatalf("pixel (%d,%d) hit %v times, want 1", x, y, c)
			}
			if z := pt.Depth.Read(x, y, 0, 0); math.Abs(float64(z)-0.25) > 1e-6 {
				t.Fatalf("pixel (%d,%d) depth %v, want 0.25", x, y, z)
			}
		}
	}
}

// floorScene is a floor quad (eye-space y = −1, x ∈ [−2, 2], z from +1
// behind the eye to −8) seen by a camera with near 1, far 10 and a 90° field
// of view: it crosses the near plane and w ≤ 0.
func floorScene(w, h int) (*scene, func(xn, yn float64) (covered, near bool, z float64)) {
	const n, f = 1.0, 10.0
	A, B := f/(n-f), n*f/(n-f)
	clip := func(x, y, z float64) [4]float32 {
		return [4]float32{float32(x), float32(y), float32(A*z + B), float32(-z)}
	}
	quad := [][4]float32{clip(-2, -1, 1), clip(2, -1, 1), clip(2, -1, -8), clip(-2, -1, 1), clip(2, -1, -8), clip(-2, -1, -8)}
	st := additive(w, h)
	st.DepthStencil = DepthStencil{DepthCompare: CompareAlways, DepthWrite: true}
	sc := &scene{w: w, h: h, format: texel.RGBA32Float, depth: texel.Depth32Float, clearDepth: 1, draws: []*Draw{{
		Topology: TriangleList, Vertices: verts(quad, nil), State: st, Shader: constShader{1, 1, 1, 1}, ColorMask: 1, SampleMask: ^uint32(0)}}}
	analytic := func(xn, yn float64) (bool, bool, float64) {
		if yn >= 0 {
			return false, false, 0
		}
		tt := -1 / yn // the ray (xn, yn, −1)·t meets y = −1
		x := xn * tt
		const m = 0.06
		near := math.Abs(tt-1) < m || math.Abs(tt-8) < m*8 || math.Abs(math.Abs(x)-2) < m*tt
		in := tt >= 1 && tt <= 8 && math.Abs(x) <= 2
		return in, near, (A*(-tt) + B) / tt
	}
	return sc, analytic
}

func TestNearPlaneClipping(t *testing.T) {
	const w, h = 64, 64
	sc, analytic := floorScene(w, h)
	pt := sc.run(t, 1)
	n := 0
	for y := range h {
		for x := range w {
			hits := pt.Color[0].Read(x, y, 0, 0)[0]
			if hits > 1 {
				t.Fatalf("pixel (%d,%d) hit %v times", x, y, hits)
			}
			xn, yn := (float64(x)+0.5)/w*2-1, 1-(float64(y)+0.5)/h*2
			in, near, z := analytic(xn, yn)
			if near {
				continue
			}
			if (hits == 1) != in {
				t.Errorf("pixel (%d,%d): covered %v, want %v", x, y, hits == 1, in)
			}
			if in {
				n++
				if d := pt.Depth.Read(x, y, 0, 0); math.Abs(float64(d)-z) > 1e-5 {
					t.Errorf("pixel (%d,%d): depth %v, want %v", x, y, d, z)
				}
			}
		}
	}
	if n < 300 {
		t.Fatalf("only %d pixels checked inside the floor", n)
	}
}

func TestDepthClipAndClamp(t *testing.T) {
	const w, h = 8, 8
	// A full-target triangle pair beyond the far plane (z = 1.5 w).
	quad := [][4]float32{{-1, -1, 1.5, 1}, {-1, 3, 1.5, 1}, {3, -1, 1.5, 1}}
	for _, mode := range []DepthClipMode{DepthClip, DepthClamp} {
		st := defaultState(w, h)
		st.DepthClip = mode
		st.Viewports[0].ZNear, st.Viewports[0].ZFar = 0.1, 0.8
		st.DepthStencil = DepthStencil{DepthCompare: CompareAlways, DepthWrite: true}
		sc := &scene{w: w, h: h, depth: texel.Depth32Float, clearDepth: 1, draws: []*Draw{{
			Topology: TriangleList, Vertices: verts(quad, nil), State: st, Shader: constShader{1, 1, 1, 1}, ColorMask: 1, SampleMask: ^uint32(0)}}}
		pt := sc.run(t, 1)
		c, z := pt.Color[0].Read(4, 4, 0, 0), pt.Depth.Read(4, 4, 0, 0)
		switch mode {
		case DepthClip:
			if c[3] != 0 || z != 1 {
				t.Errorf("DepthClip: drawn (colour %v depth %v), want clipped", c, z)
			}
		case DepthClamp:
			if c[3] != 1 || z != 0.8 {
				t.Errorf("DepthClamp: colour %v depth %v, want drawn at ZFar 0.8", c, z)
			}
		}
	}
}

func TestClipDistances(t *testing.T) {
	const w, h = 16, 16
	pos := [][4]float32{{-1, -1, 0.5, 1}, {-1, 3, 0.5, 1}, {3, -1, 0.5, 1}}
	v := verts(pos, nil)
	v.ClipCount = 1
	v.ClipDistances = []float32{-1, -1, 3} // = x_ndc: keeps x_ndc ≥ 0
	st := defaultState(w, h)
	sc := &scene{w: w, h: h, draws: []*Draw{{Topology: TriangleList, Vertices: v, State: st, Shader: constShader{1, 1, 1, 1}, ColorMask: 1, SampleMask: ^uint32(0)}}}
	pt := sc.run(t, 1)
	for y := range h {
		for x := range w {
			got := pt.Color[0].Read(x, y, 0, 0)[3] == 1
			if want := x >= w/2; got != want {
				t.Fatalf("pixel (%d,%d) drawn %v, want %v", x, y, got, want)
			}
		}
	}
}

func TestOutcodeMatchesDist(t *testing.T) {
	pl := planes{n: 9, depthClip: true, lox: -3, hix: 2.5, loy: -1.5, hiy: 4}
	vals := []float64{-2, -1, -1e-7, 0, 1e-7, 0.5, 1, 3, math.NaN(), math.Inf(1)}
	for i := range 20000 {
		var v cv
		for j := range 4 {
			v.pos[j] = vals[(i*(j+3)+j*j)%len(vals)] * float64(1+j)
		}
		v.cd[0], v.cd[1] = vals[i%len(vals)], vals[(i/7)%len(vals)]
		for _, dc := range []bool{false, true} {
			pl.depthClip = dc
			var want uint32
			for k := range pl.n {
				if !(pl.dist(k, &v) >= 0) {
					want |= 1 << k
				}
			}
			if got := pl.outcode(&v); got != want {
				t.Fatalf("outcode(%v) = %b, dist says %b", v.pos, got, want)
			}
		}
	}
}

func TestClippedBarycentrics(t *testing.T) {
	const w, h = 48, 48
	sc, analytic := floorScene(w, h)
	rs := &recordShader{}
	sc.draws[0].Shader = rs
	sc.run(t, 1)
	n := 0
	for k, b := range rs.bar {
		xn, yn := (float64(k[0])+0.5)/w*2-1, 1-(float64(k[1])+0.5)/h*2
		if in, near, _ := analytic(xn, yn); !in || near {
			continue
		}
		n++
		sum := float64(b[0]) + float64(b[1]) + float64(b[2])
		if math.Abs(sum-1) > 1e-5 || b[0] < -1e-5 || b[1] < -1e-5 || b[2] < -1e-5 {
			t.Errorf("(%d,%d): barycentrics %v of the original triangle", k[0], k[1], b)
		}
	}
	if n < 100 {
		t.Fatalf("only %d fragments checked", n)
	}
}
