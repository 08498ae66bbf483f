package accel

// An independent oracle for the ray–triangle test and the ray setup
// (issue 20, point 3): Möller–Trumbore in float64 on the ray as given,
// written plainly here and sharing nothing with the production code (no
// levelRay, no shear, no permuted axes, no watertight edge functions), and
// a brute force over a mesh that uses it. The production hits (single-ray,
// batch, stream and BruteForce paths, with the assembly kernels and with
// the Go loops) are compared with it.
//
// Tolerance and tie rules. The production test runs in float32, so a hit
// within a rounding error of an edge, of the ray's distance interval or of
// a grazing angle can go either way. The oracle sorts each triangle as a
// clear hit, a clear miss or ambiguous, with a margin derived from the
// float32 rounding error of the production edge functions:
//
//	εb = 32·2^-24·D·L·|d_k| / |det| + 2^-20
//
// in barycentric units, where D is the largest distance from the origin to
// a vertex (the translated and sheared vertex coordinates carry errors of a
// few ulps of D), L the longest edge, d_k the direction's largest component
// and det the Möller–Trumbore determinant (|det|/|d_k| is the production
// determinant: twice the triangle's area projected along the ray, the sum
// of the three edge functions, each of which is off by about 6·2^-24·D·L).
// Triangles with εb above 1/64 (slivers, grazing rays) are ambiguous. A clear hit has all three
// barycentrics ≥ εb and a distance inside [tmin, tmax] by a relative 2^-16;
// a clear miss has one barycentric ≤ -εb or a distance outside the interval
// by that margin (or is culled by its facing); the rest is ambiguous.
// Then, per ray:
//
//   - a production miss is right only when no triangle is a clear hit;
//   - a production hit on triangle p is right only when p is not a clear
//     miss, its distance is within tt = 4·max(2^-16, εb)·|t| of the
//     oracle's for p (when p is a clear hit), and no clear hit is nearer
//     than p's oracle distance by more than that (equal or nearly equal
//     distances are ties: either triangle is right);
//   - when p is a clear hit its barycentrics are within εb of the
//     oracle's and its facing is the oracle's: front-facing when the
//     vertices appear clockwise from the origin (det < 0), the other way
//     under Options.Winding = CounterClockwise.
//
// The tests also check that they are not vacuous: most rays must be clear
// (a hit or a miss) and both kinds must occur.

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// ovec is a float64 3-vector of the oracle.
type ovec [3]float64

func osub(a, b ovec) ovec { return ovec{a[0] - b[0], a[1] - b[1], a[2] - b[2]} }
func odot(a, b ovec) float64 {
	return a[0]*b[0] + a[1]*b[1] + a[2]*b[2]
}
func ocross(a, b ovec) ovec {
	return ovec{a[1]*b[2] - a[2]*b[1], a[2]*b[0] - a[0]*b[2], a[0]*b[1] - a[1]*b[0]}
}
func olen(a ovec) float64 { return math.Sqrt(odot(a, a)) }

// mollerTrumbore intersects the line o + t·d with the triangle (a, b, c) in
// float64: t, the barycentrics u (of b) and v (of c), and the determinant
// e1·(d×e2), negative when the vertices appear clockwise from o. det is 0
// for a ray parallel to the triangle's plane (then t, u, v are NaN or Inf).
func mollerTrumbore(o, d, a, b, c ovec) (t, u, v, det float64) {
	e1, e2 := osub(b, a), osub(c, a)
	p := ocross(d, e2)
	det = odot(e1, p)
	inv := 1 / det
	s := osub(o, a)
	u = odot(s, p) * inv
	q := ocross(s, e1)
	v = odot(d, q) * inv
	t = odot(e2, q) * inv
	return t, u, v, det
}

// oracleClass is the oracle's verdict on one triangle.
type oracleClass int8

const (
	oMiss oracleClass = iota
	oAmbiguous
	oHit
)

// oracleTri is the oracle's result for one triangle and ray.
type oracleTri struct {
	class   oracleClass
	t, u, v float64
	front   bool
	eb      float64 // the barycentric margin εb
	tt      float64 // the distance tolerance: 4·max(2^-16, εb)·|t|
}

// distTol is the smallest relative distance tolerance of the oracle
// comparisons (see oracleTri.tt).
const distTol = 0x1p-16

// oracleTriangle applies the tolerance rules of this file's comment to one
// triangle, for a ray with distance interval [tmin, tmax] and the options'
// winding and cull mode.
func oracleTriangle(r *Ray, o *Options, v *[9]float32) oracleTri {
	or := ovec{float64(r.Origin[0]), float64(r.Origin[1]), float64(r.Origin[2])}
	dr := ovec{float64(r.Direction[0]), float64(r.Direction[1]), float64(r.Direction[2])}
	var p [3]ovec
	dist2 := 0.0
	for i := range p {
		p[i] = ovec{float64(v[3*i]), float64(v[3*i+1]), float64(v[3*i+2])}
		x := osub(p[i], or)
		dist2 = max(dist2, odot(x, x))
	}
	e0, e1, e2 := osub(p[1], p[0]), osub(p[2], p[1]), osub(p[0], p[2])
	edge2 := max(odot(e0, e0), odot(e1, e1), odot(e2, e2))
	t, bu, bv, det := mollerTrumbore(or, dr, p[0], p[1], p[2])
	dk := max(math.Abs(dr[0]), math.Abs(dr[1]), math.Abs(dr[2]))
	res := oracleTri{class: oAmbiguous, t: t, u: bu, v: bv}
	res.front = (det < 0) != (o.Winding == CounterClockwise)
	if det == 0 || math.IsNaN(t) || math.IsInf(t, 0) {
		// Parallel or degenerate: the production test may find an edge hit
		// at most; never a clear hit.
		if det == 0 {
			res.class = oAmbiguous
		}
		return res
	}
	res.eb = 32*0x1p-24*math.Sqrt(dist2*edge2)*dk/math.Abs(det) + 0x1p-20
	minB := min(bu, bv, 1-bu-bv)
	tmin, tmax := float64(r.MinDistance), float64(r.MaxDistance)
	res.tt = 4 * max(distTol, res.eb) * math.Abs(t)
	culled := (o.CullMode == CullBack && !res.front) || (o.CullMode == CullFront && res.front)
	switch {
	case minB <= -res.eb || t < tmin-res.tt || t > tmax+res.tt:
		res.class = oMiss
	case res.eb > 1.0/64:
		// ambiguous: a sliver or a grazing ray
	case culled:
		res.class = oMiss
	case minB >= res.eb && t >= tmin+res.tt && t <= tmax-res.tt:
		res.class = oHit
	}
	return res
}

// oracleMesh is a triangle soup with the oracle's brute force over it.
type oracleMesh struct {
	geoms [][]float32 // per geometry, 9 floats per triangle
}

// tri returns triangle p of geometry g, or nil when there is none.
func (m *oracleMesh) tri(g, p uint32) *[9]float32 {
	if int(g) >= len(m.geoms) || int(p) >= len(m.geoms[g])/9 {
		return nil
	}
	return (*[9]float32)(m.geoms[g][9*p : 9*p+9])
}

// oracleRay is the oracle's brute-force verdict on one ray: the nearest
// clear hit's distance (+Inf if none) and whether every triangle is a
// clear miss.
type oracleRay struct {
	nearest   float64
	clearMiss bool
}

// closest runs the oracle over every triangle of m.
func (m *oracleMesh) closest(r *Ray, o *Options) oracleRay {
	v := oracleRay{nearest: math.Inf(1), clearMiss: true}
	for _, g := range m.geoms {
		for i := 0; i < len(g)/9; i++ {
			x := oracleTriangle(r, o, (*[9]float32)(g[9*i:9*i+9]))
			if x.class != oMiss {
				v.clearMiss = false
			}
			if x.class == oHit && x.t < v.nearest {
				v.nearest = x.t
			}
		}
	}
	return v
}

// oracleTally counts the verdicts of a comparison, to check that it is not
// vacuous.
type oracleTally struct{ rays, clearHit, clearMiss, ambiguous int }

// add counts verdict v: a clear hit when the oracle has one, a clear miss
// when every triangle is one, else ambiguous.
func (c *oracleTally) add(v oracleRay) {
	c.rays++
	switch {
	case !math.IsInf(v.nearest, 1):
		c.clearHit++
	case v.clearMiss:
		c.clearMiss++
	default:
		c.ambiguous++
	}
}

// check fails t when fewer than 1/20 of the rays are clear hits or clear
// misses, or more than maxAmbiguous of them are ambiguous.
func (c *oracleTally) check(t *testing.T, name string, maxAmbiguous float64) {
	t.Helper()
	t.Logf("%s: %d rays, %d clear hits, %d clear misses, %d ambiguous", name, c.rays, c.clearHit, c.clearMiss, c.ambiguous)
	if c.rays == 0 || c.clearHit < c.rays/20 || c.clearMiss < c.rays/20 || float64(c.ambiguous) > maxAmbiguous*float64(c.rays) {
		t.Errorf("%s: weak comparison: %d rays, %d clear hits, %d clear misses, %d ambiguous", name, c.rays, c.clearHit, c.clearMiss, c.ambiguous)
	}
}

// judge checks production hit h of ray r against the oracle (verdict v
// over mesh m) and describes the disagreement, or returns "".
func judge(r *Ray, o *Options, h *Hit, m *oracleMesh, v oracleRay) string {
	if h.Type == HitNone {
		if !math.IsInf(v.nearest, 1) {
			return fmt.Sprintf("missed, the oracle has a clear hit at t=%.9g", v.nearest)
		}
		return ""
	}
	tri := m.tri(h.GeometryID, h.PrimitiveID)
	if h.Type != HitTriangle || tri == nil {
		return fmt.Sprintf("hit %v geometry %d primitive %d: not a triangle of the mesh", h.Type, h.GeometryID, h.PrimitiveID)
	}
	x := oracleTriangle(r, o, tri)
	what := fmt.Sprintf("hit geometry %d primitive %d at t=%.9g (oracle t=%.9g u=%.9g v=%.9g εb=%.3g class %d)",
		h.GeometryID, h.PrimitiveID, h.Distance, x.t, x.u, x.v, x.eb, x.class)
	if x.class == oMiss {
		return what + ": the oracle says it is a clear miss"
	}
	if math.Abs(float64(h.Distance)-x.t) > x.tt && x.class == oHit {
		return what + ": distance off"
	}
	if x.t-x.tt > v.nearest*(1+4*distTol) {
		return fmt.Sprintf("%s: the oracle has a nearer clear hit at t=%.9g", what, v.nearest)
	}
	if x.class == oHit {
		if math.Abs(float64(h.Barycentrics[0])-x.u) > x.eb || math.Abs(float64(h.Barycentrics[1])-x.v) > x.eb {
			return fmt.Sprintf("%s: barycentrics %v", what, h.Barycentrics)
		}
		if h.FrontFacing != x.front {
			return fmt.Sprintf("%s: front facing %v, the oracle %v", what, h.FrontFacing, x.front)
		}
	}
	return ""
}

// TestOracleTriangle compares the production triangle test, after each
// production ray setup (set3 for single rays and coherent batches,
// set3Signs for incoherent ones), with the float64 oracle on random
// triangles at several scales and rays aimed at, near and past their
// edges, from origins near and far.
func TestOracleTriangle(t *testing.T) {
	rng := rand.New(rand.NewPCG(20, 3))
	var tally oracleTally
	o := &Options{}
	for i := range 60000 {
		scale := float32(math.Pow(10, float64(rng.IntN(7)-3)))
		var v [9]float32
		for k := range v {
			v[k] = (rng.Float32()*2 - 1) * scale
		}
		// Aim at barycentric point (1-a-b, a, b), slightly outside the
		// triangle in about half the cases.
		a, b := rng.Float64()*1.4-0.2, rng.Float64()*1.4-0.2
		var tgt, org, dir [3]float32
		far := float32(1 + rng.IntN(3)*9)
		dscale := float32(math.Pow(2, float64(rng.IntN(21)-10)))
		for k := range 3 {
			tgt[k] = float32((1-a-b)*float64(v[k]) + a*float64(v[3+k]) + b*float64(v[6+k]))
			org[k] = tgt[k] + (rng.Float32()*2-1)*scale*far
			dir[k] = (tgt[k] - org[k]) * dscale
		}
		if i%5 == 0 { // axis-aligned and signed-zero direction components
			k := rng.IntN(3)
			dir[k] = float32(math.Copysign(0, float64(rng.IntN(2)*2-1)))
			org[k] = tgt[k]
		}
		if dir == [3]float32{} {
			continue
		}
		r := NewRay(org, dir)
		want := oracleTriangle(&r, o, &v)
		tally.rays++
		switch want.class {
		case oHit:
			tally.clearHit++
		case oMiss:
			tally.clearMiss++
		default:
			tally.ambiguous++
			continue
		}
		for _, setup := range []string{"set3", "set3Signs"} {
			var lr levelRay
			if setup == "set3" {
				lr.set3(org[0], org[1], org[2], dir[0], dir[1], dir[2], 8)
			} else {
				lr.set3Signs(org[0], org[1], org[2], dir[0], dir[1], dir[2], 8)
			}
			tt, b1, b2, det, ok := intersectTriangle(&lr, &v)
			ok = ok && inHitRange(tt, r.MinDistance, r.MaxDistance)
			h := Hit{}
			if ok {
				h = Hit{Type: HitTriangle, Distance: tt, Barycentrics: [2]float32{b1, b2}, FrontFacing: det < 0}
			}
			mesh := &oracleMesh{geoms: [][]float32{v[:]}}
			verdict := oracleRay{nearest: math.Inf(1), clearMiss: want.class == oMiss}
			if want.class == oHit {
				verdict.nearest = want.t
			}
			if msg := judge(&r, o, &h, mesh, verdict); msg != "" {
				t.Fatalf("%s, ray %d o=%v d=%v triangle %v: %s", setup, i, org, dir, v, msg)
			}
		}
	}
	tally.check(t, "TestOracleTriangle (ambiguous rays skipped)", 0.01)
}

// oracleSphere returns a closed triangulated sphere (shared edges and
// vertices, where watertightness and ties matter) of n×2n quads, centred at
// c with radius rad, split into two geometries.
func oracleSphere(n int, c [3]float32, rad float64) [][]float32 {
	pt := func(i, j int) [3]float32 {
		th, ph := math.Pi*float64(i)/float64(n), 2*math.Pi*float64(j)/float64(2*n)
		return [3]float32{c[0] + float32(rad*math.Sin(th)*math.Cos(ph)), c[1] + float32(rad*math.Cos(th)), c[2] + float32(rad*math.Sin(th)*math.Sin(ph))}
	}
	var g [2][]float32
	for i := range n {
		for j := range 2 * n {
			a, b, cc, d := pt(i, j), pt(i+1, j), pt(i+1, j+1), pt(i, j+1)
			k := (i + j) & 1
			if i > 0 {
				g[k] = append(g[k], a[0], a[1], a[2], b[0], b[1], b[2], d[0], d[1], d[2])
			}
			if i < n-1 {
				g[k] = append(g[k], b[0], b[1], b[2], cc[0], cc[1], cc[2], d[0], d[1], d[2])
			}
		}
	}
	return g[:]
}

// oracleGrid returns a terraced n×n grid of triangles with dyadic vertex
// coordinates (x, y on integers, z in quarters) and axis-aligned rays
// through dyadic points of [-1, n+1]², down -z and up +z: many of them
// pass exactly through edges, their extensions beyond the vertices, and
// vertices, where the edge functions are exactly zero and the production
// test takes its tie and double-precision branches.
func oracleGrid(n int) (geoms [][]float32, rays []Ray) {
	z := func(i, j int) float32 { return float32((i*3+j*5)%4) / 4 }
	var g []float32
	for i := range n {
		for j := range n {
			x0, y0, x1, y1 := float32(i), float32(j), float32(i+1), float32(j+1)
			for k, tri := range [2][9]float32{
				{x0, y0, z(i, j), x1, y0, z(i+1, j), x1, y1, z(i+1, j+1)},
				{x0, y0, z(i, j), x1, y1, z(i+1, j+1), x0, y1, z(i, j+1)},
			} {
				// rotate the vertex order, so that each edge function is the
				// zero one somewhere
				rot := 3 * ((i + 2*j + k) % 3)
				for c := range 9 {
					g = append(g, tri[(c+rot)%9])
				}
			}
		}
	}
	for a := -4; a <= 4*(n+1); a += 3 {
		for b := -4; b <= 4*(n+1); b += 2 {
			x, y := float32(a)/4, float32(b)/4
			rays = append(rays, NewRay([3]float32{x, y, 8}, [3]float32{0, 0, -1}), NewRay([3]float32{x, y, -8}, [3]float32{0, 0, 2}))
		}
	}
	return [][]float32{g}, rays
}

// oracleRays returns n rays for mesh bounds [lo, hi]: incoherent (random
// origins in and around the bounds, random directions, some with a finite
// distance interval) and coherent (from one eye towards the bounds, in
// batch-sized runs).
func oracleRays(rng *rand.Rand, n int, lo, hi [3]float32) (incoherent, coherent []Ray) {
	ext := [3]float32{hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]}
	for range n {
		var o, d [3]float32
		for k := range 3 {
			o[k] = lo[k] + ext[k]*(rng.Float32()*1.6-0.3)
			d[k] = float32(rng.NormFloat64())
		}
		if d == [3]float32{} {
			d[0] = 1
		}
		r := NewRay(o, d)
		if rng.IntN(4) == 0 {
			r.MinDistance = rng.Float32() * ext[0] * 0.3
			r.MaxDistance = r.MinDistance + rng.Float32()*ext[0]
		}
		incoherent = append(incoherent, r)
	}
	eye := [3]float32{lo[0] + ext[0]*0.4, lo[1] + ext[1]*1.3, lo[2] + ext[2]*2.5}
	for range n {
		var d [3]float32
		for k := range 3 {
			d[k] = lo[k] + ext[k]*(rng.Float32()*1.2-0.1) - eye[k]
		}
		coherent = append(coherent, NewRay(eye, d))
	}
	return incoherent, coherent
}

// oracleVerdicts runs the oracle's brute force for every ray under each
// of opts, checks that the comparison is not vacuous (at most maxAmbiguous
// of the rays ambiguous), and returns the verdicts indexed [option][ray].
func oracleVerdicts(t *testing.T, name string, mesh *oracleMesh, rays []Ray, opts []Options, maxAmbiguous float64) [][]oracleRay {
	t.Helper()
	out := make([][]oracleRay, len(opts))
	for k := range opts {
		var tally oracleTally
		out[k] = make([]oracleRay, len(rays))
		for i := range rays {
			out[k][i] = mesh.closest(&rays[i], &opts[k])
			tally.add(out[k][i])
		}
		tally.check(t, fmt.Sprintf("%s, winding %d, cull mode %d", name, opts[k].Winding, opts[k].CullMode), maxAmbiguous)
	}
	return out
}

// oracleCompare traces rays through s by the single-ray and batch APIs
// (and BruteForce when brute is set) and judges each hit against the
// oracle's verdicts (oracleVerdicts of the same rays and opts).
func oracleCompare(t *testing.T, name string, s *Structure, mesh *oracleMesh, rays []Ray, opts []Options, verdicts [][]oracleRay, brute bool) {
	t.Helper()
	tr := NewTraverser()
	var hits [BatchSize]Hit
	for k := range opts {
		o := &opts[k]
		for start := 0; start < len(rays); start += BatchSize {
			end := min(start+BatchSize, len(rays))
			var rb RayBatch
			for i := start; i < end; i++ {
				rb.Set(i-start, &rays[i])
			}
			tr.IntersectBatch(s, o, &rb, nil, &hits)
			for i := start; i < end; i++ {
				r := &rays[i]
				var single, bf Hit
				tr.Intersect(s, o, r, nil, &single)
				paths := []struct {
					path string
					h    *Hit
				}{{"single", &single}, {"batch", &hits[i-start]}}
				if brute {
					BruteForce(s, r, o, &bf)
					paths = append(paths, struct {
						path string
						h    *Hit
					}{"BruteForce", &bf})
				}
				for _, p := range paths {
					if msg := judge(r, o, p.h, mesh, verdicts[k][i]); msg != "" {
						t.Fatalf("%s %+v %s ray %d %+v: %s", name, *o, p.path, i, *r, msg)
					}
				}
			}
		}
	}
}

// TestOracleTraversal compares traversal (4- and 8-wide, single-ray,
// batch with and without the stream kernel, BruteForce; assembly kernels
// where the CPU has them and the Go loops) with the oracle's brute force
// on a closed sphere mesh and a triangle soup, for incoherent and
// coherent rays, with and without culling.
func TestOracleTraversal(t *testing.T) {
	rng := rand.New(rand.NewPCG(20, 4))
	soupV := soup(rng, 800, 0.3)
	meshes := []struct {
		name  string
		geoms [][]float32
	}{
		{"sphere", oracleSphere(24, [3]float32{0.5, 0.5, 0.5}, 0.45)},
		{"soup", [][]float32{soupV[:9*400], soupV[9*400:]}},
		{"grid", nil},
	}
	gridGeoms, gridRays := oracleGrid(6)
	meshes[2].geoms = gridGeoms
	opts := []Options{{}, {CullMode: CullBack}, {CullMode: CullFront, Winding: CounterClockwise}}
	for _, m := range meshes {
		var geoms []Geometry
		lo, hi := [3]float32{1e30, 1e30, 1e30}, [3]float32{-1e30, -1e30, -1e30}
		for _, g := range m.geoms {
			geoms = append(geoms, soupGeometry(g, true))
			for i := 0; i < len(g); i += 3 {
				for k := range 3 {
					lo[k], hi[k] = min(lo[k], g[i+k]), max(hi[k], g[i+k])
				}
			}
		}
		incoherent, coherent := oracleRays(rng, 256, lo, hi)
		if m.name == "grid" {
			incoherent = gridRays
		}
		mesh := &oracleMesh{geoms: m.geoms}
		ambiguous := 0.1
		if m.name == "grid" { // rays along edges and through vertices by design
			ambiguous = 0.5
		}
		vi := oracleVerdicts(t, m.name+" incoherent", mesh, incoherent, opts, ambiguous)
		vc := oracleVerdicts(t, m.name+" coherent", mesh, coherent, opts[:1], 0.1)
		// The general traversal (Begin/Step) runs on structures that are
		// not plain: the same mesh plus a far non-opaque triangle, which
		// the default decision accepts like an opaque one.
		far := []float32{1e4, 1e4, 1e4, 1e4 + 1, 1e4, 1e4, 1e4, 1e4 + 1, 1e4}
		geomsGeneral := append(append([]Geometry(nil), geoms...), soupGeometry(far, false))
		meshGeneral := &oracleMesh{geoms: append(append([][]float32(nil), m.geoms...), far)}
		viG, vcG := withTriangle(vi, incoherent, opts, far), withTriangle(vc, coherent, opts[:1], far)
		for _, width := range []int{4, 8} {
			for _, mode := range oracleModes {
				t.Run(fmt.Sprintf("%s/w%d/%s", m.name, width, mode.name), func(t *testing.T) {
					mode.set(t)
					g, me, vi, vc := geoms, mesh, vi, vc
					general := mode.name == "general" || mode.name == "general-scalar"
					if general {
						g, me, vi, vc = geomsGeneral, meshGeneral, viG, vcG
					}
					s := mustPrim(t, &PrimitiveDescriptor{Geometries: g, Build: BuildOptions{Width: width, Workers: 1}})
					brute := mode.name == "default" || general
					oracleCompare(t, "incoherent", s, me, incoherent, opts, vi, brute)
					oracleCompare(t, "coherent", s, me, coherent, opts[:1], vc, brute)
				})
			}
		}
	}
}

// withTriangle returns verdicts v (indexed [option][ray]) with triangle
// tri added to the mesh.
func withTriangle(v [][]oracleRay, rays []Ray, opts []Options, tri []float32) [][]oracleRay {
	out := make([][]oracleRay, len(v))
	for k := range v {
		out[k] = make([]oracleRay, len(rays))
		for i := range rays {
			x := oracleTriangle(&rays[i], &opts[k], (*[9]float32)(tri))
			out[k][i] = v[k][i]
			if x.class != oMiss {
				out[k][i].clearMiss = false
			}
			if x.class == oHit && x.t < out[k][i].nearest {
				out[k][i].nearest = x.t
			}
		}
	}
	return out
}

// oracleModes are the production paths the oracle tests run (each builds
// its structure after setting the mode): the default (assembly kernels on
// AVX2 CPUs; the stream kernel only above its size floor), the stream
// kernel forced, the Go loops over the same grouped layout, and the scalar
// kernels of CPUs without AVX2 and FMA (one leaf triangle at a time,
// ungrouped layout), and the general traversal (Begin/Step, as
// intersection functions and queries use it).
var oracleModes = []struct {
	name string
	set  func(t *testing.T)
}{
	{"default", func(t *testing.T) {}},
	{"stream", func(t *testing.T) { streamAlways(t) }},
	{"go-loops", func(t *testing.T) {
		if !goLoops(t) {
			t.Skip("no assembly kernels on this CPU")
		}
	}},
	{"scalar", func(t *testing.T) {
		if !scalarKernels(t) {
			t.Skip("the SIMD kernels are already off on this CPU")
		}
	}},
	// structures that are not plain (see TestOracleTraversal), with the
	// SIMD leaf test and with the one-triangle-at-a-time loop
	{"general", func(t *testing.T) {}},
	{"general-scalar", func(t *testing.T) {
		saved := disableLeaf4
		disableLeaf4 = true
		t.Cleanup(func() { disableLeaf4 = saved })
	}},
}

// TestOracleBunny is TestOracleTraversal's comparison on the Stanford bunny
// of ../shared/scenes (skipped when absent, and in -short mode): 69,451
// triangles, 64 incoherent rays (through the stream kernel) and 32 coherent ones.
func TestOracleBunny(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	m := bunny(t)
	v := make([]float32, 0, 3*len(m.Indices))
	for _, ix := range m.Indices {
		v = append(v, m.Positions[3*ix:3*ix+3]...)
	}
	s := mustPrim(t, &PrimitiveDescriptor{Geometries: []Geometry{soupGeometry(v, true)}, Build: BuildOptions{Workers: 2}})
	lo, hi := [3]float32{1e30, 1e30, 1e30}, [3]float32{-1e30, -1e30, -1e30}
	for i := 0; i < len(v); i += 3 {
		for k := range 3 {
			lo[k], hi[k] = min(lo[k], v[i+k]), max(hi[k], v[i+k])
		}
	}
	rng := rand.New(rand.NewPCG(20, 5))
	incoherent, coherent := oracleRays(rng, 64, lo, hi)
	coherent = coherent[:32]
	mesh := &oracleMesh{geoms: [][]float32{v}}
	opts := []Options{{}}
	vi := oracleVerdicts(t, "bunny incoherent", mesh, incoherent, opts, 0.1)
	vc := oracleVerdicts(t, "bunny coherent", mesh, coherent, opts, 0.1)
	streamAlways(t)
	oracleCompare(t, "bunny incoherent", s, mesh, incoherent, opts, vi, false)
	oracleCompare(t, "bunny coherent", s, mesh, coherent, opts, vc, false)
}
