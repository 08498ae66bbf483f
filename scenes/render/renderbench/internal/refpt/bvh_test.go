package refpt

import (
	"math"
	"math/rand/v2"
	"testing"
)

// mt64 is a plain float64 Möller–Trumbore test, written independently of
// intersectTri: the distance of the hit of o + t·d on triangle (a, b, c),
// or ok false.
func mt64(o, d, a, b, c [3]float64) (t float64, ok bool) {
	sub := func(x, y [3]float64) [3]float64 { return [3]float64{x[0] - y[0], x[1] - y[1], x[2] - y[2]} }
	cross := func(x, y [3]float64) [3]float64 {
		return [3]float64{x[1]*y[2] - x[2]*y[1], x[2]*y[0] - x[0]*y[2], x[0]*y[1] - x[1]*y[0]}
	}
	dot := func(x, y [3]float64) float64 { return x[0]*y[0] + x[1]*y[1] + x[2]*y[2] }
	e1, e2 := sub(b, a), sub(c, a)
	p := cross(d, e2)
	det := dot(e1, p)
	if det == 0 {
		return 0, false
	}
	s := sub(o, a)
	u := dot(s, p) / det
	q := cross(s, e1)
	v := dot(d, q) / det
	if u < 0 || v < 0 || u+v > 1 {
		return 0, false
	}
	return dot(e2, q) / det, true
}

func f64(v vec3) [3]float64 { return [3]float64{float64(v.x), float64(v.y), float64(v.z)} }

// randomSoup returns n random triangles in the unit cube, of sizes up to
// size.
func randomSoup(rnd *rand.Rand, n int, size float32) []triangle {
	r := func() float32 { return rnd.Float32() }
	tris := make([]triangle, n)
	for i := range tris {
		p := vec3{r(), r(), r()}
		e1 := vec3{r() - 0.5, r() - 0.5, r() - 0.5}.scale(size)
		e2 := vec3{r() - 0.5, r() - 0.5, r() - 0.5}.scale(size)
		tris[i] = triangle{p0: p, e1: e1, e2: e2, ng: e1.cross(e2).normalize(), light: -1}
	}
	return tris
}

// TestBVHMatchesBruteForce: closest and any-hit queries through the BVH
// agree with a float64 brute-force test of every triangle, for soups of
// several sizes (a leaf only, a few levels, thousands of triangles).
func TestBVHMatchesBruteForce(t *testing.T) {
	for _, c := range []struct {
		n    int
		size float32
	}{{3, 0.5}, {40, 0.3}, {3000, 0.05}} {
		rnd := rand.New(rand.NewPCG(uint64(c.n), 7))
		tris := randomSoup(rnd, c.n, c.size)
		sc := &Scene{tris: tris, materials: []material{{doubleSided: true}}}
		sc.bvh = buildBVH(sc.tris)
		checkBVH(t, sc)
		mismatch, hits := 0, 0
		for k := range 2000 {
			o := vec3{rnd.Float32()*2 - 0.5, rnd.Float32()*2 - 0.5, rnd.Float32()*2 - 0.5}
			target := vec3{rnd.Float32(), rnd.Float32(), rnd.Float32()}
			d := target.sub(o).normalize()
			tmax := float32(math.Inf(1))
			if k%2 == 1 {
				tmax = target.sub(o).length()
			}
			want, wantHit := math.Inf(1), false
			for i := range sc.tris {
				tr := &sc.tris[i]
				if tt, ok := mt64(f64(o), f64(d), f64(tr.p0), f64(tr.p0.add(tr.e1)), f64(tr.p0.add(tr.e2))); ok && tt > 0 && tt < float64(tmax) && tt < want {
					want, wantHit = tt, true
				}
			}
			r := newRay(o, d)
			h, ok := sc.closest(&r, 0, tmax, false)
			occ := sc.occluded(&r, 0, tmax)
			if ok {
				hits++
			}
			// float32 against float64: a hit within 1e-4 of an edge or of
			// tmax may go either way.
			if ok != wantHit || ok && math.Abs(float64(h.t)-want) > 1e-4*max(1, want) || occ != wantHit {
				mismatch++
				if mismatch <= 3 {
					t.Logf("n=%d ray %d: bvh %v t=%g occluded %v, brute force %v t=%g", c.n, k, ok, h.t, occ, wantHit, want)
				}
			}
		}
		if hits == 0 {
			t.Fatalf("n=%d: no ray hit anything: the test rays are wrong", c.n)
		}
		if mismatch > 2 {
			t.Errorf("n=%d: %d of 2000 rays disagree with brute force (%d hits)", c.n, mismatch, hits)
		}
	}
}

// checkBVH checks the tree's structure: every triangle in exactly one
// leaf, leaves small, every node's box holding its children's.
func checkBVH(t *testing.T, sc *Scene) {
	t.Helper()
	seen := make([]int, len(sc.tris))
	var walk func(i int32, depth int)
	walk = func(i int32, depth int) {
		n := &sc.bvh[i]
		if depth > maxDepth {
			t.Fatalf("depth %d > %d", depth, maxDepth)
		}
		if n.count > 0 {
			if n.count > 4*maxLeaf {
				t.Errorf("leaf %d holds %d triangles", i, n.count)
			}
			for k := n.first; k < n.first+n.count; k++ {
				seen[k]++
				b := triBox(&sc.tris[k])
				if vmin(b.lo, n.lo) != n.lo || vmax(b.hi, n.hi) != n.hi {
					t.Errorf("leaf %d box does not hold triangle %d", i, k)
				}
			}
			return
		}
		for _, c := range []int32{i + 1, n.right} {
			cn := &sc.bvh[c]
			if vmin(cn.lo, n.lo) != n.lo || vmax(cn.hi, n.hi) != n.hi {
				t.Errorf("node %d box does not hold child %d", i, c)
			}
			walk(c, depth+1)
		}
	}
	walk(0, 0)
	for k, c := range seen {
		if c != 1 {
			t.Fatalf("triangle %d in %d leaves", k, c)
		}
	}
}

// TestBVHCoincidentCentroids: triangles sharing one centroid still get a
// valid tree (split by count) that finds them.
func TestBVHCoincidentCentroids(t *testing.T) {
	tris := make([]triangle, 50)
	for i := range tris {
		s := float32(i+1) * 0.01
		tris[i] = triangle{p0: vec3{-s, -s, 0}, e1: vec3{2 * s, 0, 0}, e2: vec3{0, 2 * s, 0}, light: -1}
		tris[i].ng = tris[i].e1.cross(tris[i].e2).normalize()
	}
	sc := &Scene{tris: tris, materials: []material{{doubleSided: true}}}
	sc.bvh = buildBVH(sc.tris)
	checkBVH(t, sc)
	r := newRay(vec3{0, 0, 1}, vec3{0, 0, -1})
	if h, ok := sc.closest(&r, 0, float32(math.Inf(1)), false); !ok || math.Abs(float64(h.t)-1) > 1e-6 {
		t.Errorf("closest = %+v, %v; want a hit at t=1", h, ok)
	}
}
