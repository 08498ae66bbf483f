//go:build amd64

package accel

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// leafPair is one leaf of a structure in both encodings: c (slots, for
// leaf) and kc (groups, for leaf4).
type leafPair struct{ c, kc int32 }

func leafPairs(s *Structure) []leafPair {
	var out []leafPair
	for i := range s.nodes4 {
		n := &s.nodes4[i]
		for j, c := range n.c {
			if c < 0 && c != emptyChild {
				out = append(out, leafPair{c, n.kc[j]})
			}
		}
	}
	for i := range s.nodes8 {
		n := &s.nodes8[i]
		for j, c := range n.c {
			if c < 0 && c != emptyChild {
				out = append(out, leafPair{c, n.kc[j]})
			}
		}
	}
	return out
}

// edgeSoup returns triangles that stress the leaf test's edge cases: a
// lattice (rays through shared edges and vertices: zero u, v or w), each
// triangle of a small soup repeated with both windings and again at the
// same place (equal t within a leaf), degenerate triangles (collinear or
// coincident vertices: det = 0) and tiny and huge ones.
func edgeSoup(rng *rand.Rand) []float32 {
	v := gridMesh(3)
	for i := 0; i < 200; i++ {
		var a [9]float32
		for k := range a {
			a[k] = float32(rng.IntN(9)) / 2
		}
		b := [9]float32{a[0], a[1], a[2], a[6], a[7], a[8], a[3], a[4], a[5]}
		v = append(v, a[:]...)
		v = append(v, b[:]...)
		v = append(v, a[:]...)
		// Collinear and coincident vertices.
		v = append(v, a[0], a[1], a[2], a[3], a[4], a[5], 2*a[3]-a[0], 2*a[4]-a[1], 2*a[5]-a[2])
		v = append(v, a[0], a[1], a[2], a[0], a[1], a[2], a[3], a[4], a[5])
	}
	for i := 0; i < 50; i++ {
		c := [3]float32{rng.Float32() * 4, rng.Float32() * 4, rng.Float32() * 4}
		e := float32(1e-30)
		if i%2 == 1 {
			e = 3e-19
		}
		v = append(v, c[0], c[1], c[2], c[0]+e, c[1], c[2], c[0], c[1]+e, c[2])
	}
	return v
}

// overflowSoup returns huge triangles across edgeSoup's lattice, whose
// edge functions' products overflow: infinite u, v or w, and NaN where two
// infinities cancel (the kernels hand such lanes to the scalar test, which
// misses them). The kernels must match the Go loops on them; brute force
// is not compared (its test orders its arithmetic differently).
func overflowSoup(rng *rand.Rand) []float32 {
	var v []float32
	for i := 0; i < 40; i++ {
		var a [9]float32
		for k := range a {
			m := float32(1e19)
			if i%2 == 1 {
				m = 1e30
			}
			a[k] = (rng.Float32()*2 - 1) * m
		}
		v = append(v, a[:]...)
	}
	return v
}

// TestLeaf4MatchesLeaf checks that the SIMD leaf test gives exactly what
// the scalar one gives (hit, tmax, found) leaf by leaf, on edge cases,
// with every culling sign, closest and any hit, and tmax carried from
// leaf to leaf as in a traversal (ties included: a ray's tmax is also set
// to a hit distance it will meet again).
func TestLeaf4MatchesLeaf(t *testing.T) {
	if !useSIMDNodes {
		t.Skip("no AVX2/FMA: the SIMD kernels are off")
	}
	rng := rand.New(rand.NewPCG(5, 6))
	v := append(edgeSoup(rng), overflowSoup(rng)...)
	rays := gridRays(rng, 3, 600)
	for i := 0; i < 600; i++ {
		rays = append(rays, randomRay(rng, -0.5, 4.5))
	}
	for _, b := range []BuildOptions{{Quality: QualityFast}, {Quality: QualityMedium}, {Quality: QualityHigh}} {
		s := mustPrim(t, &PrimitiveDescriptor{Geometries: []Geometry{soupGeometry(v, true)}, Build: b})
		if s.tri4 == nil {
			t.Fatalf("%+v: no grouped leaf triangles", b)
		}
		leaves := leafPairs(s)
		zeroes, multi := 0, 0
		for _, lp := range leaves {
			if int(^lp.c)&maxLeafSize > 4 {
				multi++
			}
		}
		for ri := range rays {
			r := &rays[ri]
			var lr levelRay
			lr.set(&r.Origin, &r.Direction, 4)
			for _, cull := range []int8{-1, 0, 1} {
				for _, anyHit := range []bool{false, true} {
					var fs, fv fastTri
					fs.set(&lr, 0, float32(math.Inf(1)), cull)
					fv = fs
					hs, hv := fastHit{ref: -1}, fastHit{ref: -1}
					for li, lp := range leaves {
						gs := hs.leaf(s, &fs, lp.c, anyHit)
						gv := hv.leaf4(s, &fv, lp.kc, anyHit)
						if gs != gv || hs != hv || math.Float32bits(fs.tmax) != math.Float32bits(fv.tmax) {
							t.Fatalf("%+v ray %d %+v cull %d any %v leaf %d: scalar %v %+v tmax %v, SIMD %v %+v tmax %v",
								b, ri, *r, cull, anyHit, li, gs, hs, fs.tmax, gv, hv, fv.tmax)
						}
						if gs && hs.t == 0 {
							zeroes++
						}
						if anyHit && gs {
							// Start again from the hit's distance: equal
							// distances further on are taken.
							fs.tmax, fv.tmax = hs.t, hv.t
						}
					}
				}
			}
		}
		t.Logf("%+v: %d leaves (%d over 4 triangles), %d hits at t = 0", b, len(leaves), multi, zeroes)
	}
}

// TestLeaf4Layout checks the grouped triangles against the input and
// the slot numbering (slot 4*g+j is lane j of group g), and that verts is
// gone.
func TestLeaf4Layout(t *testing.T) {
	if !useSIMDNodes {
		t.Skip("no AVX2/FMA: the SIMD kernels are off")
	}
	rng := rand.New(rand.NewPCG(7, 8))
	in := soup(rng, 500, 0.1)
	for _, width := range []int{4, 8} {
		testLeaf4Layout(t, in, BuildOptions{Quality: QualityFast, Width: width})
	}
}

func testLeaf4Layout(t *testing.T, in []float32, b BuildOptions) {
	s := mustPrim(t, &PrimitiveDescriptor{Geometries: []Geometry{soupGeometry(in, true)}, Build: b})
	if s.verts != nil || len(s.tri4) != tri4Floats*len(s.ids)/4 || len(s.ids)%4 != 0 {
		t.Fatalf("verts %d floats, %d ids for %d floats of groups", len(s.verts), len(s.ids), len(s.tri4))
	}
	seen := 0
	for _, lp := range leafPairs(s) {
		v, kv := int(^lp.c), int(^lp.kc)
		first, cnt := v>>leafShift, v&maxLeafSize
		g0, kcnt := kv>>leafShift, kv&maxLeafSize
		if cnt != kcnt {
			t.Fatalf("leaf %x: count %d, grouped %d", lp.c, cnt, kcnt)
		}
		for p := 0; p < cnt; p++ {
			g := g0 + p/4
			if first+p != 4*g0+p {
				t.Fatalf("leaf %x slot %d: group %d, want slot %d", lp.c, first+p, g, 4*g0+p)
			}
			prim := int(s.ids[first+p])
			var got [9]float32
			s.slotVerts(first+p, &got)
			for k := 0; k < 9; k++ {
				if got[k] != in[prim*9+k] || s.tri4[g*tri4Floats+4*k+p%4] != in[prim*9+k] {
					t.Fatal(fmt.Sprintf("leaf %x slot %d component %d: %v, want %v", lp.c, first+p, k, got[k], in[prim*9+k]))
				}
			}
			seen++
		}
		for p := cnt; p%4 != 0; p++ { // padding lanes
			if s.ids[first+p] != holeID {
				t.Fatalf("leaf %x padding lane %d: id %d, want a hole", lp.c, p, s.ids[first+p])
			}
			for k := 0; k < 9; k++ {
				if x := s.tri4[(g0+p/4)*tri4Floats+4*k+p%4]; x != 0 {
					t.Fatalf("leaf %x padding lane %d: %v", lp.c, p, x)
				}
			}
		}
	}
	holes := 0
	for _, id := range s.ids {
		if id == holeID {
			holes++
		}
	}
	if seen != s.PrimitiveCount() || seen+holes != len(s.ids) {
		t.Fatalf("%d slots in leaves and %d holes of %d, want %d primitives", seen, holes, len(s.ids), s.PrimitiveCount())
	}
}

// TestLeaf4GeneralPath checks the general traversal's use of the SIMD leaf
// test (a structure that is not plain: its opaque-triangle leaves) against
// the same traversal testing triangles one at a time and brute force, with
// every culling option, at both widths of the lattice's edge cases.
func TestLeaf4GeneralPath(t *testing.T) {
	if !useSIMDNodes {
		t.Skip("no AVX2/FMA: the SIMD kernels are off")
	}
	rng := rand.New(rand.NewPCG(9, 10))
	v := edgeSoup(rng)
	rays := gridRays(rng, 3, 800)
	for i := 0; i < 400; i++ {
		rays = append(rays, randomRay(rng, -0.5, 4.5))
	}
	// A few non-opaque triangles among the others make the structure not
	// plain; the default decision accepts them.
	alpha := soup(rng, 30, 0.5)
	for i := range alpha {
		alpha[i] *= 4
	}
	for _, b := range []BuildOptions{{Quality: QualityFast}, {Quality: QualityMedium}} {
		s := mustPrim(t, &PrimitiveDescriptor{Geometries: []Geometry{soupGeometry(v, true), soupGeometry(alpha, false)}, Build: b})
		if s.plain || s.tri4 == nil {
			t.Fatalf("%+v: plain %v, grouped %v", b, s.plain, s.tri4 != nil)
		}
		for _, o := range []Options{{}, {CullMode: CullBack}, {CullMode: CullFront, Winding: CounterClockwise}, {AcceptAny: true}} {
			name := fmt.Sprintf("%+v/%+v", b, o)
			tr := NewTraverser()
			for i := range rays {
				var a, c Hit
				tr.Intersect(s, &o, &rays[i], nil, &a)
				disableLeaf4 = true
				tr.Intersect(s, &o, &rays[i], nil, &c)
				disableLeaf4 = false
				if !identicalHits(&a, &c) {
					t.Fatalf("%s ray %d %+v: SIMD leaves %+v, scalar %+v", name, i, rays[i], a, c)
				}
			}
			if !o.AcceptAny {
				checkRays(t, name, s, &o, rays)
			}
		}
	}
}
