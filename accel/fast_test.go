package accel

import (
	"fmt"
	"math"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/ingot-render/ingot/accel/internal/benchscene"
)

// gridMesh returns an n×n×n lattice of axis-aligned unit squares (two
// triangles each) on the planes x = i, y = j and z = k: many shared edges
// and vertices, and box planes that coincide with triangles.
func gridMesh(n int) []float32 {
	var v []float32
	quad := func(p [4][3]float32) {
		v = append(v, p[0][0], p[0][1], p[0][2], p[1][0], p[1][1], p[1][2], p[2][0], p[2][1], p[2][2])
		v = append(v, p[0][0], p[0][1], p[0][2], p[2][0], p[2][1], p[2][2], p[3][0], p[3][1], p[3][2])
	}
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			for k := 0; k < n; k++ {
				x, y, z := float32(i), float32(j), float32(k)
				quad([4][3]float32{{x, y, z}, {x + 1, y, z}, {x + 1, y + 1, z}, {x, y + 1, z}})
				quad([4][3]float32{{x, y, z}, {x, y + 1, z}, {x, y + 1, z + 1}, {x, y, z + 1}})
				quad([4][3]float32{{x, y, z}, {x, y, z + 1}, {x + 1, y, z + 1}, {x + 1, y, z}})
			}
		}
	}
	return v
}

// gridRays returns rays that run along lattice planes and through lattice
// edges and vertices, from inside and outside the lattice.
func gridRays(rng *rand.Rand, n, count int) []Ray {
	rays := make([]Ray, 0, count)
	for len(rays) < count {
		var o, d [3]float32
		for k := 0; k < 3; k++ {
			o[k] = float32(rng.IntN(2*n+3)-2) / 2 // on or halfway between planes
			d[k] = float32(rng.IntN(3) - 1)
		}
		if d == [3]float32{} {
			d[rng.IntN(3)] = 1
		}
		if rng.IntN(2) == 0 { // a general direction through a lattice vertex
			tgt := [3]float32{float32(rng.IntN(n + 1)), float32(rng.IntN(n + 1)), float32(rng.IntN(n + 1))}
			d = [3]float32{tgt[0] - o[0] + 1e-3*float32(rng.IntN(2)), tgt[1] - o[1], tgt[2] - o[2]}
			if d == [3]float32{} {
				d = [3]float32{1, 1, 1}
			}
		}
		rays = append(rays, NewRay(o, d))
	}
	return rays
}

// identicalHits compares every field of two hits but the primitive data.
func identicalHits(a, b *Hit) bool {
	return a.Type == b.Type && math.Float32bits(a.Distance) == math.Float32bits(b.Distance) &&
		a.PrimitiveID == b.PrimitiveID && a.GeometryID == b.GeometryID && a.FrontFacing == b.FrontFacing &&
		a.Barycentrics == b.Barycentrics && a.InstanceCount == b.InstanceCount && a.InstanceID == b.InstanceID &&
		a.UserInstanceID == b.UserInstanceID
}

// traceBoth traces rays with the fast kernel and with the general path.
func traceBoth(t *testing.T, s *Structure, o *Options, rays []Ray) (fast, general []Hit) {
	t.Helper()
	tr := NewTraverser()
	fast, general = make([]Hit, len(rays)), make([]Hit, len(rays))
	defer func() { disableFast4 = false }()
	for pass, out := range [][]Hit{fast, general} {
		disableFast4 = pass == 1
		for i := range rays {
			tr.Intersect(s, o, &rays[i], nil, &out[i])
		}
	}
	return fast, general
}

// TestFastKernelMatchesGeneralPath checks that the fast kernel (and its
// SIMD variant under GOEXPERIMENT=simd) gives bit-identical results to the
// general traversal, and the brute-force hit, on lattice edge cases.
func TestFastKernelMatchesGeneralPath(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 42))
	lattice := gridMesh(4)
	soupV := soup(rng, 3000, 0.05)
	for _, c := range []struct {
		name string
		v    []float32
		rays []Ray
	}{
		{"lattice", lattice, gridRays(rng, 4, 3000)},
		{"soup", soupV, func() []Ray {
			r := make([]Ray, 2000)
			for i := range r {
				r[i] = randomRay(rng, -0.5, 1.5)
			}
			return r
		}()},
	} {
		for _, b := range []BuildOptions{{Quality: QualityFast}, {Quality: QualityMedium}, {Quality: QualityHigh}, {Width: 8}} {
			s := mustPrim(t, &PrimitiveDescriptor{Geometries: []Geometry{soupGeometry(c.v, true)}, Build: b})
			// WorldSpaceData keeps Intersect off the direct entry, so the
			// kernel runs from the resumable state machine (run).
			for j, o := range []Options{{}, {CullMode: CullBack}, {CullMode: CullFront, Winding: CounterClockwise}, {AcceptAny: true}, {WorldSpaceData: true, CullMode: CullBack}} {
				name := fmt.Sprintf("%s/%+v/%+v", c.name, b, o)
				var tr Traverser
				tr.setup(s, &o)
				tr.startLane(&tr.lanes[0], [3]float32{0, 0, 0}, [3]float32{1, 0, 0}, 0, 1, 0, 1)
				if !tr.lanes[0].lv[0].kernel {
					t.Fatalf("%s: fast kernel not selected", name)
				}
				fast, general := traceBoth(t, s, &o, c.rays)
				for i := range c.rays {
					if !identicalHits(&fast[i], &general[i]) {
						t.Fatalf("%s ray %d %+v: fast %+v, general %+v", name, i, c.rays[i], fast[i], general[i])
					}
				}
				if !o.AcceptAny {
					// (the brute-force hits of each option, computed on
					// the first build: they do not depend on the tree,
					// nor on the layout of TestScalarKernels' rerun)
					checkRaysWant(t, name, s, &o, c.rays, fastKernelBrute.hits(fmt.Sprintf("%s/%d", c.name, j), s, &o, c.rays))
				}
			}
		}
	}
}

// TestFastKernelBunny compares the kernel with the general path on the
// benchmark scene (skipped without the shared scenes).
func TestFastKernelBunny(t *testing.T) {
	m := bunny(t)
	s := bunnyStructure(t, BuildOptions{})
	lo, hi := m.Bounds()
	var rays []Ray
	cam := toRays(benchscene.CameraRays(lo, hi, 64, 64))
	rays = append(rays, cam...)
	rays = append(rays, toRays(benchscene.IncoherentRays(m, 4096, 7))...)
	for _, o := range []Options{{}, {AcceptAny: true}} {
		fast, general := traceBoth(t, s, &o, rays)
		for i := range rays {
			if !identicalHits(&fast[i], &general[i]) {
				t.Fatalf("AcceptAny=%v ray %d: fast %+v, general %+v", o.AcceptAny, i, fast[i], general[i])
			}
		}
	}
}

// TestFastKernelInstances checks the kernel on instance levels (plain
// structures under a TLAS, with masks, culling and facing options, and one
// level deeper) against the general path and brute force.
func TestFastKernelInstances(t *testing.T) {
	rng := rand.New(rand.NewPCG(43, 44))
	var blas []*Structure
	for i := 0; i < 3; i++ {
		blas = append(blas, mustPrim(t, &PrimitiveDescriptor{Geometries: []Geometry{soupGeometry(soup(rng, 300, 0.15), true)}, Build: BuildOptions{Width: 4 + 4*(i%2)}}))
	}
	inst := make([]Instance, 30)
	for i := range inst {
		inst[i] = Instance{Transform: randomTransform(rng), Mask: 1 << uint(rng.IntN(4)), StructureIndex: uint32(rng.IntN(3)), UserID: uint32(100 + i)}
		inst[i].Options = []InstanceOptions{0, InstanceDisableTriangleCulling, InstanceFrontFacingCCW, InstanceNonOpaque}[i%4]
	}
	top := mustInst(t, &InstanceDescriptor{Instances: inst, Structures: blas})
	outer := mustInst(t, &InstanceDescriptor{Instances: []Instance{{Transform: randomTransform(rng), Mask: 0xff}, {Transform: Identity4x3, Mask: 0xff}}, Structures: []*Structure{top}})
	rays := make([]Ray, 1500)
	for i := range rays {
		rays[i] = randomRay(rng, -1, 2.5)
		rays[i].Mask = uint32(rng.IntN(16))
	}
	for _, c := range []struct {
		name string
		s    *Structure
		o    Options
	}{
		{"tlas", top, Options{}},
		{"tlas/cullback", top, Options{CullMode: CullBack}},
		{"tlas/cullfront-ccw-world", top, Options{CullMode: CullFront, Winding: CounterClockwise, WorldSpaceData: true}},
		{"tlas/any", top, Options{AcceptAny: true}},
		{"3 levels", outer, Options{MaxLevels: 3}},
	} {
		fast, general := traceBoth(t, c.s, &c.o, rays)
		for i := range rays {
			if !identicalHits(&fast[i], &general[i]) || fast[i].ObjectToWorld != general[i].ObjectToWorld || fast[i].ObjectOrigin != general[i].ObjectOrigin {
				t.Fatalf("%s ray %d: fast %+v, general %+v", c.name, i, fast[i], general[i])
			}
		}
		if !c.o.AcceptAny {
			checkRays(t, c.name, c.s, &c.o, rays)
		}
	}
}

// TestSlab4 checks slab4 (4-wide under GOEXPERIMENT=simd) against the
// scalar slab test on random nodes, rays and intervals, boundaries
// included.
func TestSlab4(t *testing.T) {
	rng := rand.New(rand.NewPCG(45, 46))
	grid := func() float32 { return float32(rng.IntN(9)) / 4 }
	for it := 0; it < 20000; it++ {
		var n node4
		for i := 0; i < 4; i++ {
			var b aabb
			for k := 0; k < 3; k++ {
				b.lo[k], b.hi[k] = grid(), grid()
				if b.lo[k] > b.hi[k] {
					b.lo[k], b.hi[k] = b.hi[k], b.lo[k]
				}
			}
			if rng.IntN(8) == 0 {
				b = emptyBox()
			}
			n.setChild(i, &b, int32(i))
		}
		var d [3]float32
		for k := range d {
			d[k] = float32(rng.IntN(5) - 2)
		}
		if d == [3]float32{} {
			d[0] = 1
		}
		var r levelRay
		o := [3]float32{grid(), grid(), grid()}
		r.set(&o, &d, 4)
		tmin, tmax := float32(rng.IntN(3))/4, float32(math.Inf(1))
		if rng.IntN(2) == 0 {
			tmax = tmin + float32(rng.IntN(8))/4
		}
		tminb, tmaxb := fbits(tmin), fbits(tmax)
		m, ts := slab4(&n, &r, tminb, tmaxb)
		for i := 0; i < 4; i++ {
			t0 := max(fbits((n.b[r.nx+i]-r.o[0])*r.ix), fbits((n.b[r.ny+i]-r.o[1])*r.iy), fbits((n.b[r.nz+i]-r.o[2])*r.iz), tminb)
			t1 := min(min(fbits((n.b[r.fx+i]-r.fo[0])*r.ix), fbits((n.b[r.fy+i]-r.fo[1])*r.iy), fbits((n.b[r.fz+i]-r.fo[2])*r.iz))+robustULPs, tmaxb)
			if (m>>i&1 == 1) != (t0 <= t1) || (t0 <= t1 && ts[i] != t0) {
				t.Fatalf("iteration %d child %d: slab4 mask %04b t %v, scalar reach %v t0 %v", it, i, m, ts, t0 <= t1, t0)
			}
		}
	}
}

// bruteSets keeps the brute-force hits (bruteHits) of whole ray sets by
// name, for tests that check several trees over the same primitives and
// rays.
type bruteSets struct {
	mu   sync.Mutex
	sets map[string][]Hit
}

// fastKernelBrute is TestFastKernelMatchesGeneralPath's.
var fastKernelBrute bruteSets

// hits returns bruteHits(s, o, rays), computed the first time name is
// asked for.
func (b *bruteSets) hits(name string, s *Structure, o *Options, rays []Ray) []Hit {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.sets == nil {
		b.sets = map[string][]Hit{}
	}
	k := fmt.Sprintf("%s/%d", name, len(rays))
	if b.sets[k] == nil {
		b.sets[k] = bruteHits(s, o, rays)
	}
	return b.sets[k]
}
