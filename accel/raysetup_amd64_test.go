package accel

import (
	"math"
	"math/rand/v2"
	"testing"
	"unsafe"
)

// TestKernelRayMatchesSet3 checks the assembly ray setup of the single-ray
// API (kernelRay) against levelRay.set3 and fastTri.set, bit for bit (the
// fields it writes), on
// the edge values of TestRaySetupSignsMatchesSet3 and random rays, and its
// rejection of the rays validRay rejects (non-finite components, a zero
// direction).
func TestKernelRayMatchesSet3(t *testing.T) {
	inf, nan := float32(math.Inf(1)), float32(math.NaN())
	edges := []float32{0, float32(math.Copysign(0, -1)), 1, -1, 0.5, -0.5, tinyDir, -tinyDir, 1e-31, -1e-31,
		9.99e-31, -9.99e-31, math.SmallestNonzeroFloat32, -math.SmallestNonzeroFloat32, 0x1p-40, -0x1p-40,
		0x1p-100, 3e38, -3e38, 1e20, -7.25, 0x1p-60, 0x1p-40 * 3}
	bad := []float32{inf, -inf, nan}
	rng := rand.New(rand.NewPCG(3, 4))
	pick := func() float32 {
		switch rng.IntN(40) {
		case 0:
			return bad[rng.IntN(len(bad))]
		case 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13:
			return edges[rng.IntN(len(edges))]
		}
		return float32(rng.NormFloat64() * math.Pow(10, float64(rng.IntN(9)-4)))
	}
	valid := 0
	for i := 0; i < 300000; i++ {
		o := [3]float32{pick(), pick(), pick()}
		d := [3]float32{pick(), pick(), pick()}
		if i%7 == 0 { // ties between magnitudes
			d[rng.IntN(3)] = -d[rng.IntN(3)]
		}
		if i%11 == 0 {
			d = [3]float32{0, float32(math.Copysign(0, -1)), 0}
		}
		want := validRay(&o, &d, 0, 1)
		for _, w := range []int{4, 8} {
			var got, ref levelRay
			var st traceState
			ok := kernelRay(&o, &d, w, &got, &st)
			if ok != want {
				t.Fatalf("ray o=%v d=%v: kernelRay %v, validRay %v", o, d, ok, want)
			}
			if !ok {
				continue
			}
			valid++
			ref.set3(o[0], o[1], o[2], d[0], d[1], d[2], w)
			// the fields kernelRay writes; the rest as set3's
			got.kx, got.ky, got.kz, got.ok, got.sx, got.sy, got.sz = ref.kx, ref.ky, ref.kz, ref.ok, ref.sx, ref.sy, ref.sz
			if rayBits(&got) != rayBits(&ref) {
				t.Fatalf("ray o=%v d=%v width %d:\n kernelRay %+v\n      set3 %+v", o, d, w, got, ref)
			}
			var ft fastTri
			ft.set(&ref, 0, 0, 0)
			st.ft.kx, st.ft.ky, st.ft.kz = ft.kx, ft.ky, ft.kz
			if st.ft != ft {
				t.Fatalf("ray o=%v d=%v width %d: fastTri %+v, want %+v", o, d, w, st.ft, ft)
			}
			if st.kx16 != ft.kx*16 || st.ky16 != ft.ky*16 || st.kz16 != ft.kz*16 {
				t.Fatalf("ray o=%v d=%v width %d: k16 %d %d %d, want %d %d %d", o, d, w, st.kx16, st.ky16, st.kz16,
					ft.kx*16, ft.ky*16, ft.kz*16)
			}
		}
	}
	if valid < 300000 {
		t.Fatalf("only %d valid rays", valid)
	}
}

// TestKernelRayPathMatchesGo traces rays through the single-ray API with
// the assembly ray setup (kernelRay, the default) and with the Go one
// (disableKernelRay), and with the general traversal (disableFast4), on
// lattice edge cases (axis rays along edges and
// through vertices) and a soup, 4- and 8-wide, closest and any hit, with
// culling, and on invalid rays: the hits must be identical, and the
// option cache of repeated calls must follow option changes.
func TestKernelRayPathMatchesGo(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	rays := gridRays(rng, 4, 2000)
	for i := 0; i < 1000; i++ {
		rays = append(rays, randomRay(rng, -0.5, 1.5))
	}
	inf := float32(math.Inf(1))
	rays = append(rays, Ray{Direction: [3]float32{0, 0, 0}, MaxDistance: 1}, Ray{Origin: [3]float32{inf, 0, 0}, Direction: [3]float32{1, 0, 0}, MaxDistance: 1},
		Ray{Direction: [3]float32{1, 0, 0}, MinDistance: 2, MaxDistance: 1}, Ray{Direction: [3]float32{1, 0, 0}, MinDistance: -1, MaxDistance: 1})
	defer func() { disableKernelRay, disableFast4 = false, false }()
	for _, v := range [][]float32{gridMesh(4), soup(rng, 2000, 0.05)} {
		for _, w := range []int{4, 8} {
			s := mustPrim(t, &PrimitiveDescriptor{Geometries: []Geometry{soupGeometry(v, true)}, Build: BuildOptions{Width: w}})
			if s.tri4 == nil {
				t.Skip("no grouped leaves (no AVX2)")
			}
			tr, ref, gen := NewTraverser(), NewTraverser(), NewTraverser()
			for _, o := range []Options{{}, {AcceptAny: true}, {CullMode: CullBack}, {CullMode: CullFront, Winding: CounterClockwise}} {
				for i := range rays {
					var got, want, general Hit
					disableKernelRay = false
					tr.Intersect(s, &o, &rays[i], nil, &got)
					disableKernelRay = true
					ref.Intersect(s, &o, &rays[i], nil, &want)
					disableKernelRay, disableFast4 = false, true
					gen.Intersect(s, &o, &rays[i], nil, &general)
					disableFast4 = false
					if !identicalHits(&got, &want) || !identicalHits(&got, &general) {
						t.Fatalf("width %d %+v ray %d %+v: kernelRay %+v, Go setup %+v, general path %+v", w, o, i, rays[i], got, want, general)
					}
				}
			}
		}
	}
}

// TestTraceRayMatchesKernelRay checks the one-call setup and traversal
// (traceRay4, traceRay8) against the separate calls it replaces (kernelRay,
// the interval and the root on the stack set in Go, then traceKernel4 or
// traceKernel8) on lattice edge cases, a soup and invalid rays, 4- and
// 8-wide, closest and any hit, with and without culling: the same status
// and the same bits in the kernel state (hit, interval, leaf hand-back,
// scratch) and in the ray's slab fields, also after the scalar test of a
// handed-back group, and nothing written for a rejected ray. traceRay sets
// the watertight constants at a ray's first leaf: a ray that reaches none
// leaves them as they were, with kz16 -1; and the ray's plane offsets
// (which its node tests take from a table) at a hand-back.
func TestTraceRayMatchesKernelRay(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	rays := gridRays(rng, 4, 1500)
	for i := 0; i < 1500; i++ {
		rays = append(rays, randomRay(rng, -0.5, 1.5))
	}
	inf := float32(math.Inf(1))
	rays = append(rays, Ray{Direction: [3]float32{0, 0, 0}, MaxDistance: 1}, Ray{Origin: [3]float32{inf, 0, 0}, Direction: [3]float32{1, 0, 0}, MaxDistance: 1},
		Ray{Origin: [3]float32{0, float32(math.NaN()), 0}, Direction: [3]float32{1, 0, 0}, MaxDistance: 1})
	// intervals traceRay rejects, and edge ones it takes
	nan, negZero := float32(math.NaN()), float32(math.Copysign(0, -1))
	for _, iv := range [][2]float32{{-1, 1}, {2, 1}, {nan, 1}, {0, nan}, {inf, inf}, {-inf, 1}, {negZero, 1}, {0, 0}, {1, inf}, {0.25, 0.25}} {
		rays = append(rays, Ray{Origin: [3]float32{0.3, 0.3, -1}, Direction: [3]float32{0.01, 0.02, 1}, MinDistance: iv[0], MaxDistance: iv[1]})
	}
	handBacks, hits, noLeaf, leaf := 0, 0, 0, 0
	for _, v := range [][]float32{gridMesh(4), soup(rng, 2000, 0.05)} {
		for _, w := range []int{4, 8} {
			s := mustPrim(t, &PrimitiveDescriptor{Geometries: []Geometry{soupGeometry(v, true)}, Build: BuildOptions{Width: w}})
			if s.tri4 == nil {
				t.Skip("no grouped leaves (no AVX2)")
			}
			var stackA, stackB [stackSize]stackEntry
			for _, cull := range []int8{0, 1, -1} {
				for _, anyHit := range []bool{false, true} {
					for i := range rays {
						r := &rays[i]
						var a, b directState
						for _, ds := range []*directState{&a, &b} {
							ds.st.setStructure(s)
							ds.st.ft.cull = cull
							if anyHit {
								ds.st.anyHit = 1
							}
						}
						tmin, tmax := r.MinDistance, r.MaxDistance
						okA := tmin >= 0 && tmin <= tmax && tmin < inf && kernelRay(&r.Origin, &r.Direction, w, &a.r, &a.st)
						var sa uint32 = 3
						if okA {
							a.st.ft.tmin, a.st.ft.tmax = r.MinDistance, r.MaxDistance
							a.st.h.ref = -1
							a.st.tminb, a.st.tmaxb = fbits(r.MinDistance), fbits(r.MaxDistance)
							stackA[0] = stackEntry{0, a.st.tminb}
							a.st.sp = 1
							sa = traceKernelW(w, &a.r, &a.st, &stackA)
						}
						b.st.sp = 1 // (traceRay saves the depth at the first leaf only, as traceKernel does)
						before := b
						var sb uint32
						if w == 8 {
							sb = traceRay8(&b.r, &b.st, &stackB, r)
						} else {
							sb = traceRay4(&b.r, &b.st, &stackB, r)
						}
						if sb == 3 {
							if okA {
								t.Fatalf("width %d ray %d %+v: traceRay rejected a ray kernelRay takes", w, i, *r)
							}
							if stateBytes(&b.st) != stateBytes(&before.st) || rayBits(&b.r) != rayBits(&before.r) {
								t.Fatalf("width %d ray %d %+v: traceRay wrote state for a rejected ray", w, i, *r)
							}
							continue
						}
						if b.st.kz16 == -1 {
							// no leaf reached: the watertight constants not
							// written; compared with kernelRay's otherwise
							noLeaf++
							bf, of := &b.st.ft, &before.st.ft
							if [6]float32{bf.pox, bf.poy, bf.poz, bf.shx, bf.shy, bf.shz} != [6]float32{of.pox, of.poy, of.poz, of.shx, of.shy, of.shz} ||
								b.st.kx16 != before.st.kx16 || b.st.ky16 != before.st.ky16 {
								t.Fatalf("width %d ray %d %+v: traceRay wrote watertight constants without a leaf", w, i, *r)
							}
							b.st.ft = a.st.ft
							b.st.kx16, b.st.ky16, b.st.kz16 = a.st.kx16, a.st.ky16, a.st.kz16
						} else {
							leaf++
						}
						handedBack := false
						for step := 0; ; step++ {
							// r's plane offsets: traceRay writes them at
							// a hand-back (traceKernel reads them from r)
							br := b.r
							if !handedBack && sb != 1 {
								br.nx, br.ny, br.nz, br.fx, br.fy, br.fz = a.r.nx, a.r.ny, a.r.nz, a.r.fx, a.r.fy, a.r.fz
							}
							if sa != sb || stateBytes(&a.st) != stateBytes(&b.st) || rayBits(&a.r) != rayBits(&br) {
								t.Fatalf("width %d cull %d any %v ray %d %+v step %d: status %d vs %d\n kernelRay+traceKernel %+v\n traceRay %+v",
									w, cull, anyHit, i, *r, step, sa, sb, a.st, b.st)
							}
							if sa != 1 {
								break
							}
							handBacks++
							handedBack = true
							for _, ds := range []*directState{&a, &b} {
								st := &ds.st
								st.ft.kx, st.ft.ky, st.ft.kz = st.kx16>>4, st.ky16>>4, st.kz16>>4
								if st.h.leaf4Rest(s, &st.ft, 4*st.fbGroup, int(st.fbRem), anyHit) || st.fbFound != 0 {
									st.tmaxb = fbits(st.ft.tmax)
								}
							}
							sa, sb = traceKernelW(w, &a.r, &a.st, &stackA), traceKernelW(w, &b.r, &b.st, &stackB)
						}
						if b.st.h.ref >= 0 {
							hits++
						}
					}
				}
			}
		}
	}
	if hits == 0 || handBacks == 0 || noLeaf == 0 || leaf == 0 {
		t.Fatalf("%d hits, %d hand-backs, %d rays without a leaf, %d with: the rays do not reach the cases compared", hits, handBacks, noLeaf, leaf)
	}
}

// stateBytes is st's bytes (its float scratch may hold NaNs, which == on
// the struct would call different).
func stateBytes(st *traceState) [unsafe.Sizeof(traceState{})]byte {
	return *(*[unsafe.Sizeof(traceState{})]byte)(unsafe.Pointer(st))
}

// traceKernelW runs the one-ray kernel of width w on st.
func traceKernelW(w int, r *levelRay, st *traceState, stack *[stackSize]stackEntry) uint32 {
	if w == 8 {
		return traceKernel8(r, st, stack)
	}
	return traceKernel4(r, st, stack)
}

// TestDirectStateFollowsStructure checks that the single-ray API's kernel
// state follows the structure it is called with (directState.use keeps the
// last one's pointers): one Traverser alternating between two structures,
// and then tracing a Structure value assigned over another, gives the hits
// of a fresh Traverser on each.
func TestDirectStateFollowsStructure(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 42))
	a := mustPrim(t, &PrimitiveDescriptor{Geometries: []Geometry{soupGeometry(soup(rng, 1500, 0.08), true)}})
	b := mustPrim(t, &PrimitiveDescriptor{Geometries: []Geometry{soupGeometry(soup(rng, 1500, 0.08), true)}})
	if a.tri4 == nil {
		t.Skip("no grouped leaves (no AVX2)")
	}
	rays := make([]Ray, 600)
	for i := range rays {
		rays[i] = randomRay(rng, -0.5, 1.5)
	}
	want := func(s *Structure, r *Ray) Hit {
		var h Hit
		NewTraverser().Intersect(s, &Options{}, r, nil, &h)
		return h
	}
	tr := NewTraverser()
	var o Options
	differ := 0
	for i := range rays {
		s := a
		if i%3 == 1 {
			s = b
		}
		var h Hit
		tr.Intersect(s, &o, &rays[i], nil, &h)
		if w := want(s, &rays[i]); !sameHitBits(&h, &w) {
			t.Fatalf("ray %d: %+v, a fresh Traverser %+v", i, h, w)
		}
		if ha, hb := want(a, &rays[i]), want(b, &rays[i]); !sameHitBits(&ha, &hb) {
			differ++
		}
	}
	if differ == 0 {
		t.Fatal("the two structures give the same hits: the test cannot tell them apart")
	}
	// a Structure value assigned over the one the Traverser last traced
	c := *a
	for i := range rays {
		var h Hit
		tr.Intersect(&c, &o, &rays[i], nil, &h)
	}
	wb := make([]Hit, len(rays))
	for i := range rays {
		wb[i] = want(b, &rays[i])
	}
	c = *b
	for i := range rays {
		var h Hit
		tr.Intersect(&c, &o, &rays[i], nil, &h)
		if !sameHitBits(&h, &wb[i]) {
			t.Fatalf("ray %d after the assignment: %+v, want %+v", i, h, wb[i])
		}
	}
}
