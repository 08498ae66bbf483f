package refbvh

import (
	"math"
	"math/rand/v2"
	"testing"
)

// bruteForce tests every triangle of b with the same triangle test as the
// traversal.
func bruteForce(b *BVH, r *Ray, anyHit bool) (Hit, bool) {
	var h Hit
	found := false
	tmax := r.TMax
	for i := range b.tris {
		d, u, v, det, ok := intersect(r, &b.tris[i], r.TMin, tmax)
		if ok {
			tmax, found = d, true
			h = Hit{T: d, U: u, V: v, Prim: b.prims[i], Front: det < 0}
			if anyHit {
				return h, true
			}
		}
	}
	return h, found
}

// soupMesh returns n random triangles of size about sz in the unit cube
// plus a closed grid-like surface (shared vertices, shared edges).
func soupMesh(rng *rand.Rand, n int, sz float32) (pos []float32, idx []uint32) {
	for i := range n {
		var c [3]float32
		for k := range c {
			c[k] = rng.Float32()
		}
		for range 3 {
			for k := range 3 {
				pos = append(pos, c[k]+(rng.Float32()-0.5)*sz)
			}
		}
		idx = append(idx, uint32(3*i), uint32(3*i+1), uint32(3*i+2))
	}
	// a 20×20 heightfield sharing vertices
	base := uint32(len(pos) / 3)
	const g = 20
	for i := 0; i <= g; i++ {
		for j := 0; j <= g; j++ {
			pos = append(pos, float32(i)/g, float32(j)/g, 0.5+0.1*float32(math.Sin(float64(i+2*j))))
		}
	}
	at := func(i, j int) uint32 { return base + uint32(i*(g+1)+j) }
	for i := range g {
		for j := range g {
			idx = append(idx, at(i, j), at(i+1, j), at(i+1, j+1), at(i, j), at(i+1, j+1), at(i, j+1))
		}
	}
	return pos, idx
}

func randomRays(rng *rand.Rand, n int) []Ray {
	rays := make([]Ray, n)
	for i := range rays {
		var o, d [3]float32
		for k := range 3 {
			o[k] = rng.Float32()*1.6 - 0.3
			d[k] = float32(rng.NormFloat64())
		}
		if i%7 == 0 { // axis-aligned
			d = [3]float32{}
			d[rng.IntN(3)] = float32(rng.IntN(2)*2 - 1)
		}
		rays[i] = Ray{Origin: o, Dir: d, TMax: float32(math.Inf(1))}
		if i%5 == 0 {
			rays[i].TMin = rng.Float32() * 0.2
			rays[i].TMax = rays[i].TMin + rng.Float32()
		}
	}
	return rays
}

// TestMatchesBruteForce checks closest and any hits of serial and parallel
// builds against brute force with the same triangle test: the same
// distance bit for bit (and the same triangle unless two share it), and
// the same occlusion verdict.
func TestMatchesBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(20, 1))
	for _, tc := range []struct {
		name string
		n    int
		sz   float32
	}{{"small", 3, 0.5}, {"soup", 3000, 0.05}, {"large", 20000, 0.02}} {
		pos, idx := soupMesh(rng, tc.n, tc.sz)
		rays := randomRays(rng, 2000)
		want := make([]Hit, len(rays))
		wants := make([]bool, len(rays))
		for _, workers := range []int{1, 2, 8} {
			b, err := Build(pos, idx, workers)
			if err != nil {
				t.Fatal(err)
			}
			hits := 0
			for i := range rays {
				r := &rays[i]
				if workers == 1 {
					want[i], wants[i] = bruteForce(b, r, false)
				}
				want, wok := want[i], wants[i]
				var got Hit
				gok := b.Intersect(r, &got)
				if gok != wok || (gok && (math.Float32bits(got.T) != math.Float32bits(want.T) || got.Prim != want.Prim && tieT(b, r, got.Prim, want.T))) {
					t.Fatalf("%s workers=%d ray %d %+v: got %v %+v, brute force %v %+v", tc.name, workers, i, *r, gok, got, wok, want)
				}
				if gok {
					hits++
				}
				if o := b.Occluded(r); o != wok {
					t.Fatalf("%s workers=%d ray %d %+v: occluded %v, brute force hit %v", tc.name, workers, i, *r, o, wok)
				}
			}
			if hits < len(rays)/10 || hits > len(rays)*9/10 {
				t.Errorf("%s workers=%d: %d of %d rays hit: a weak comparison", tc.name, workers, hits, len(rays))
			}
		}
	}
}

// tieT reports whether triangle prim is NOT hit at distance t (so a
// different triangle than brute force's is an error rather than a tie).
func tieT(b *BVH, r *Ray, prim uint32, t float32) bool {
	for i, p := range b.prims {
		if p == prim {
			d, _, _, _, ok := intersect(r, &b.tris[i], r.TMin, float32(math.Inf(1)))
			return !ok || d != t
		}
	}
	return true
}

// TestBuildErrors checks the input validation.
func TestBuildErrors(t *testing.T) {
	for _, tc := range []struct {
		name string
		pos  []float32
		idx  []uint32
	}{
		{"ragged", []float32{0, 0, 0, 1, 0, 0, 0, 1, 0}, []uint32{0, 1}},
		{"range", []float32{0, 0, 0, 1, 0, 0, 0, 1, 0}, []uint32{0, 1, 3}},
	} {
		if _, err := Build(tc.pos, tc.idx, 1); err == nil {
			t.Errorf("%s: no error", tc.name)
		}
	}
	b, err := Build(nil, nil, 1)
	if err != nil {
		t.Fatal(err)
	}
	var h Hit
	if b.Intersect(&Ray{Dir: [3]float32{1, 0, 0}, TMax: 1}, &h) {
		t.Error("empty mesh: a hit")
	}
}

// TestTreeShape checks that the tree is a real hierarchy: leaves hold at
// most maxLeaf triangles, every triangle is in exactly one leaf, and the
// depth stays within the traversal stack.
func TestTreeShape(t *testing.T) {
	pos, idx := soupMesh(rand.New(rand.NewPCG(20, 2)), 20000, 0.02)
	for _, workers := range []int{1, 4} {
		b, err := Build(pos, idx, workers)
		if err != nil {
			t.Fatal(err)
		}
		seen := make([]int, len(b.tris))
		var walk func(ni uint32, depth int) int
		walk = func(ni uint32, depth int) int {
			n := &b.nodes[ni]
			if n.count > 0 {
				if n.count > maxLeaf {
					t.Errorf("leaf %d: %d triangles", ni, n.count)
				}
				for i := n.first; i < n.first+n.count; i++ {
					seen[i]++
				}
				return depth
			}
			return max(walk(n.first, depth+1), walk(n.first+1, depth+1))
		}
		d := walk(0, 1)
		if d != b.depth() {
			t.Errorf("workers=%d: depth %d, walk %d", workers, b.depth(), d)
		}
		for i, c := range seen {
			if c != 1 {
				t.Fatalf("workers=%d: triangle slot %d in %d leaves", workers, i, c)
			}
		}
		if d >= stackSize || len(b.nodes) > 2*len(b.tris) {
			t.Errorf("workers=%d: depth %d, %d nodes for %d triangles", workers, d, len(b.nodes), len(b.tris))
		}
		t.Logf("workers=%d: %d nodes, depth %d", workers, len(b.nodes), d)
	}
}
