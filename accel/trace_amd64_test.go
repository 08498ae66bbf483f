package accel

import (
	"bytes"
	"context"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"
	"unsafe"
)

// TestTraceKernelsGenerated checks that trace_amd64.s is what its generator
// writes (skipped where python3 is missing).
func TestTraceKernelsGenerated(t *testing.T) {
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 not found")
	}
	out := filepath.Join(t.TempDir(), "trace.s")
	if msg, err := exec.Command(py, "internal/tracegen/gen.py", out).CombinedOutput(); err != nil {
		t.Fatalf("gen.py: %v\n%s", err, msg)
	}
	want, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("trace_amd64.s")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("trace_amd64.s differs from what internal/tracegen/gen.py writes: run go generate ./accel")
	}
}

// TestTraceStateLayout checks traceState against the offsets trace_amd64.s
// uses (its #defines) and the child offsets of both node kinds.
func TestTraceStateLayout(t *testing.T) {
	var st traceState
	for _, c := range []struct {
		name      string
		got, want uintptr
	}{
		{"ft.tmin", unsafe.Offsetof(st.ft) + unsafe.Offsetof(st.ft.tmin), 48},
		{"ft.tmax", unsafe.Offsetof(st.ft) + unsafe.Offsetof(st.ft.tmax), 52},
		{"ft.cull", unsafe.Offsetof(st.ft) + unsafe.Offsetof(st.ft.cull), 56},
		{"h", unsafe.Offsetof(st.h), 64},
		{"h.t", unsafe.Offsetof(st.h) + unsafe.Offsetof(st.h.t), 68},
		{"tminb", unsafe.Offsetof(st.tminb), 80},
		{"tmaxb", unsafe.Offsetof(st.tmaxb), 84},
		{"sp", unsafe.Offsetof(st.sp), 88},
		{"nodes", unsafe.Offsetof(st.nodes), 96},
		{"nnodes", unsafe.Offsetof(st.nnodes), 104},
		{"tri4", unsafe.Offsetof(st.tri4), 112},
		{"ngroups", unsafe.Offsetof(st.ngroups), 120},
		{"reserved", unsafe.Offsetof(st.reserved), 128},
		{"kx16", unsafe.Offsetof(st.kx16), 136},
		{"kz16", unsafe.Offsetof(st.kz16), 152},
		{"anyHit", unsafe.Offsetof(st.anyHit), 160},
		{"fbGroup", unsafe.Offsetof(st.fbGroup), 164},
		{"fbFound", unsafe.Offsetof(st.fbFound), 172},
		{"dist", unsafe.Offsetof(st.dist), 176},
		{"hn", unsafe.Offsetof(st.hn), 208},
		{"hd", unsafe.Offsetof(st.hd), 240},
		{"out", unsafe.Offsetof(st.out), 272},
		{"slots", unsafe.Offsetof(st.slots), 336},
		{"node4.kc", unsafe.Offsetof(node4{}.kc), 112},
		{"node4 size", unsafe.Sizeof(node4{}), 128},
		{"node8.kc", unsafe.Offsetof(node8{}.kc), 224},
		{"node8 size", unsafe.Sizeof(node8{}), 256},
		{"stackEntry size", unsafe.Sizeof(stackEntry{}), 8},
		{"kslot.lr", unsafe.Offsetof(kslot{}.lr), 344},
		{"kslot.ni", unsafe.Offsetof(kslot{}.ni), 352},
		{"kslot.lane", unsafe.Offsetof(kslot{}.lane), 356},
		{"kslot.stack", unsafe.Offsetof(kslot{}.stack), 360},
		{"kslot.tmax", unsafe.Offsetof(kslot{}.tmax), 368},
		{"kslot.near", unsafe.Offsetof(kslot{}.near), 372},
		{"Ray.Direction", unsafe.Offsetof(Ray{}.Direction), 12},
		{"Ray.MinDistance", unsafe.Offsetof(Ray{}.MinDistance), 24},
		{"Ray.MaxDistance", unsafe.Offsetof(Ray{}.MaxDistance), 28},
		{"kray.tmin", unsafe.Offsetof(kray{}.tmin), 8},
		{"kray.cull", unsafe.Offsetof(kray{}.cull), 16},
		{"kray.lane", unsafe.Offsetof(kray{}.lane), 20},
		{"kray size", unsafe.Sizeof(kray{}), 24},
		{"kqueue.rays", unsafe.Offsetof(kqueue{}.rays), 1024},
		{"kqueue.head", unsafe.Offsetof(kqueue{}.head), 2560},
		{"kqueue.n", unsafe.Offsetof(kqueue{}.n), 2564},
		{"kqueue.live", unsafe.Offsetof(kqueue{}.live), 2568},
		{"kqueue.k", unsafe.Offsetof(kqueue{}.k), 2572},
		{"kqueue.yield", unsafe.Offsetof(kqueue{}.yield), 2576},
		{"levelRay.kx", unsafe.Offsetof(levelRay{}.kx), 96},
		{"levelRay.ok", unsafe.Offsetof(levelRay{}.ok), 120},
		{"levelRay.sx", unsafe.Offsetof(levelRay{}.sx), 132},
		{"kslot.vo", unsafe.Offsetof(kslot{}.vo), 512},
		{"kslot.vfo", unsafe.Offsetof(kslot{}.vfo), 608},
		{"kslot.vi", unsafe.Offsetof(kslot{}.vi), 704},
		{"kslot.vt", unsafe.Offsetof(kslot{}.vt), 800},
		{"kslot.m", unsafe.Offsetof(kslot{}.m), 872},
		{"kslot.node", unsafe.Offsetof(kslot{}.node), 880},
		{"kslot size", unsafe.Sizeof(kslot{}), 1024},
		{"streamK", streamK, 8},
	} {
		if c.got != c.want {
			t.Errorf("%s at %d, trace_amd64.s expects %d", c.name, c.got, c.want)
		}
	}
	if stackSize != 512 {
		t.Errorf("stackSize %d: trace_amd64.s's push guards expect 512", stackSize)
	}
}

// sameFastHit compares two kernel hits bit for bit.
func sameFastHit(a, b fastHit) bool {
	return a.ref == b.ref && math.Float32bits(a.t) == math.Float32bits(b.t) &&
		math.Float32bits(a.u) == math.Float32bits(b.u) && math.Float32bits(a.v) == math.Float32bits(b.v)
}

// kernelTrace is traceFastKernel, counting the leaf groups the kernel
// hands back to the scalar test.
func kernelTrace(s *Structure, r *levelRay, tmin, tmax float32, cull int8, anyHit bool, handBacks *int) fastHit {
	var stack [stackSize]stackEntry
	var st traceState
	st.setRay(r, tmin, tmax, cull)
	st.setStructure(s)
	if anyHit {
		st.anyHit = 1
	}
	return st.run(s, r, tmax, &stack, handBacks)
}

// TestTraceKernelMatchesGo compares the assembly traversal kernels with
// the Go loops (traceFast4SIMD, traceFast8) hit for hit, bit for bit: on
// a lattice whose rays run along planes and through shared edges and
// vertices (zero edge functions, which the kernel hands back to the
// scalar test), on triangle soups with leaves of up to 8 triangles (several
// groups per leaf), with every culling sign, closest and any hit, and
// intervals that start inside the scene.
func TestTraceKernelMatchesGo(t *testing.T) {
	if !useSIMDNodes {
		t.Skip("no AVX2/FMA: the kernels are off")
	}
	rng := rand.New(rand.NewPCG(11, 12))
	grid := gridMesh(4)
	rays := gridRays(rng, 4, 1500)
	for i := 0; i < 1500; i++ {
		rays = append(rays, randomRay(rng, -1, 5))
	}
	soupV := soup(rng, 3000, 0.4)
	handBacks, hits := 0, 0
	for _, mesh := range []struct {
		name string
		v    []float32
	}{{"grid", grid}, {"edges", append(edgeSoup(rng), overflowSoup(rng)...)}, {"soup", soupV}} {
		for _, b := range []BuildOptions{{Width: 4}, {Width: 8}, {Width: 4, Quality: QualityFast}, {Width: 8, Quality: QualityFast}, {Width: 8, Quality: QualityHigh}} {
			s := mustPrim(t, &PrimitiveDescriptor{Geometries: []Geometry{soupGeometry(mesh.v, true)}, Build: b})
			if s.tri4 == nil {
				t.Fatalf("%s %+v: no grouped leaf triangles", mesh.name, b)
			}
			var stack [stackSize]stackEntry
			for ri := range rays {
				r := &rays[ri]
				var lr levelRay
				lr.set(&r.Origin, &r.Direction, s.width)
				for _, cull := range []int8{-1, 0, 1} {
					for _, anyHit := range []bool{false, true} {
						tmin := float32(0)
						if ri%3 == 1 {
							tmin = 0.5
						}
						tmax := float32(math.Inf(1))
						if ri%5 == 2 {
							tmax = 3
						}
						got := kernelTrace(s, &lr, tmin, tmax, cull, anyHit, &handBacks)
						var want fastHit
						if s.width == 8 {
							want = traceFast8(s, &lr, tmin, tmax, cull, anyHit, &stack)
						} else {
							want = traceFast4SIMD(s, &lr, tmin, tmax, cull, anyHit, &stack)
						}
						if !sameFastHit(got, want) {
							t.Fatalf("%s %+v ray %d %+v cull %d any %v: kernel %+v, Go %+v", mesh.name, b, ri, *r, cull, anyHit, got, want)
						}
						if got.ref >= 0 {
							hits++
						}
					}
				}
			}
		}
	}
	if handBacks == 0 || hits == 0 {
		t.Fatalf("%d hits, %d groups handed back: the test no longer reaches both paths", hits, handBacks)
	}
	t.Logf("%d hits, %d groups handed back to the scalar test", hits, handBacks)
}

// TestStreamKernelMatchesGo compares TraceBatch through the assembly
// stream kernels with the Go one-ray loops, lane by lane and bit for bit,
// on the lattice and edge cases of TestTraceKernelMatchesGo (so that leaf
// groups are handed back to the scalar test mid-stream), 4- and 8-wide,
// with every culling sign, closest and any hit.
func TestStreamKernelMatchesGo(t *testing.T) {
	if !useSIMDNodes {
		t.Skip("no AVX2/FMA: the kernels are off")
	}
	streamAlways(t)
	rng := rand.New(rand.NewPCG(13, 14))
	rays := gridRays(rng, 4, 2048)
	for i := 0; i < 1024; i++ {
		rays = append(rays, randomRay(rng, -1, 5))
	}
	rng.Shuffle(len(rays), func(i, j int) { rays[i], rays[j] = rays[j], rays[i] })
	tr, ref := NewTraverser(), NewTraverser()
	for _, mesh := range []struct {
		name string
		v    []float32
	}{{"grid", gridMesh(4)}, {"edges", append(edgeSoup(rng), overflowSoup(rng)...)}} {
		for _, b := range []BuildOptions{{Width: 4}, {Width: 8}, {Width: 8, Quality: QualityFast}} {
			s := mustPrim(t, &PrimitiveDescriptor{Geometries: []Geometry{soupGeometry(mesh.v, true)}, Build: b})
			if s.kwidth != int8(b.Width) {
				t.Fatalf("%s %+v: assembly stream width %d", mesh.name, b, s.kwidth)
			}
			for _, o := range []Options{{}, {CullMode: CullBack}, {CullMode: CullFront, Winding: CounterClockwise}, {AcceptAny: true}} {
				for lo := 0; lo+BatchSize <= len(rays); lo += BatchSize {
					var rb RayBatch
					for i := 0; i < BatchSize; i++ {
						if rng.IntN(8) != 0 {
							rb.Set(i, &rays[lo+i])
						}
					}
					if !streams(s, &rb) {
						continue
					}
					if !tr.TraceBatch(s, &o, &rb) {
						t.Fatalf("%s %+v: TraceBatch refused", mesh.name, b)
					}
					useTraceKernel = false
					for i := 0; i < BatchSize; i++ {
						var got, want Hit
						tr.Hit(i, &got)
						if rb.Active>>uint(i)&1 != 0 {
							ref.Intersect(s, &o, &rays[lo+i], nil, &want)
						}
						if !sameHitBits(&got, &want) {
							useTraceKernel = true
							t.Fatalf("%s %+v %+v ray %d %+v:\nstream %+v\nGo     %+v", mesh.name, b, o, lo+i, rays[lo+i], got, want)
						}
					}
					useTraceKernel = true
				}
			}
		}
	}
	if tr.handBacks == 0 {
		t.Fatal("no leaf group was handed back: the test no longer reaches the scalar test mid-stream")
	}
	t.Logf("%d leaf groups handed back", tr.handBacks)
}

// FuzzTraceKernel builds 4- and 8-wide structures over triangles taken
// from the input's floats and traces rays taken from them too, comparing
// the assembly kernels (one ray, and TraceBatch's stream) with the Go
// loops bit for bit. Extreme values (NaN, infinities, denormals, huge and
// tiny triangles, zero directions) reach the kernels, which have no bounds
// checks of their own: a wrong index would crash or differ here.
func FuzzTraceKernel(f *testing.F) {
	if !useSIMDNodes {
		f.Skip("no AVX2/FMA: the kernels are off")
	}
	rng := rand.New(rand.NewPCG(21, 22))
	for _, n := range []int{1, 7, 40} {
		v := soup(rng, n, 0.3)
		for i := 0; i < 12; i++ {
			r := randomRay(rng, -0.5, 1.5)
			v = append(v, r.Origin[0], r.Origin[1], r.Origin[2], r.Direction[0], r.Direction[1], r.Direction[2])
		}
		f.Add(f32bytes(v), uint8(n))
	}
	f.Add(f32bytes(gridMesh(2)), uint8(48))
	f.Fuzz(func(t *testing.T, data []byte, ntri uint8) {
		fl := make([]float32, len(data)/4)
		for i := range fl {
			fl[i] = math.Float32frombits(uint32(data[4*i]) | uint32(data[4*i+1])<<8 | uint32(data[4*i+2])<<16 | uint32(data[4*i+3])<<24)
		}
		n := min(int(ntri), len(fl)/9)
		if n == 0 {
			return
		}
		tris, rest := fl[:9*n], fl[9*n:]
		streamAlways(t)
		var rays []Ray
		for i := 0; i+6 <= len(rest) && len(rays) < BatchSize; i += 6 {
			rays = append(rays, NewRay([3]float32{rest[i], rest[i+1], rest[i+2]}, [3]float32{rest[i+3], rest[i+4], rest[i+5]}))
		}
		for len(rays) < 4 {
			rays = append(rays, randomRay(rng, -1, 2))
		}
		tr, ref := NewTraverser(), NewTraverser()
		for _, b := range []BuildOptions{{Width: 4}, {Width: 8, Quality: QualityFast}} {
			s, err := BuildPrimitive(context.Background(), &PrimitiveDescriptor{Geometries: []Geometry{soupGeometry(tris, true)}, Build: b})
			if err != nil || s.tri4 == nil {
				return // inputs the builder refuses (non-finite vertices)
			}
			var stack [stackSize]stackEntry
			handBacks := 0
			for ri := range rays {
				r := &rays[ri]
				if !validRay(&r.Origin, &r.Direction, r.MinDistance, r.MaxDistance) {
					continue
				}
				var lr levelRay
				lr.set(&r.Origin, &r.Direction, s.width)
				for _, anyHit := range []bool{false, true} {
					got := kernelTrace(s, &lr, 0, float32(math.Inf(1)), 0, anyHit, &handBacks)
					var want fastHit
					if s.width == 8 {
						want = traceFast8(s, &lr, 0, float32(math.Inf(1)), 0, anyHit, &stack)
					} else {
						want = traceFast4SIMD(s, &lr, 0, float32(math.Inf(1)), 0, anyHit, &stack)
					}
					if !sameFastHit(got, want) {
						t.Fatalf("%+v ray %+v any %v: kernel %+v, Go %+v", b, *r, anyHit, got, want)
					}
					if got.ref >= 0 && !(got.t >= 0) {
						t.Fatalf("%+v ray %+v any %v: hit at distance %v", b, *r, anyHit, got.t)
					}
				}
			}
			var rb RayBatch
			for i := range rays {
				rb.Set(i, &rays[i])
			}
			if !tr.TraceBatch(s, nil, &rb) {
				t.Fatal("TraceBatch refused a plain structure")
			}
			useTraceKernel = false
			for i := range rays {
				var got, want Hit
				tr.Hit(i, &got)
				ref.Intersect(s, nil, &rays[i], nil, &want)
				if !sameHitBits(&got, &want) {
					useTraceKernel = true
					t.Fatalf("%+v ray %+v: batch %+v, Go %+v", b, rays[i], got, want)
				}
			}
			useTraceKernel = true
		}
	})
}

// TestKernelBoundsChecks corrupts a structure's grouped child indices (an
// inner node and a leaf group far outside the arrays): the kernels must
// stop (status 2) rather than read outside them, and the Go loop they hand
// the ray to either reports the damage with its bounds check (a runtime
// error, recovered here) or, where it reads the intact children (the
// 8-wide loop), traces the ray.
func TestKernelBoundsChecks(t *testing.T) {
	if !useSIMDNodes {
		t.Skip("no AVX2/FMA: the kernels are off")
	}
	rng := rand.New(rand.NewPCG(41, 42))
	for _, width := range []int{4, 8} {
		for _, child := range []int32{1 << 24, ^int32(1<<24<<leafShift | 3)} {
			s := mustPrim(t, &PrimitiveDescriptor{Geometries: []Geometry{soupGeometry(soup(rng, 300, 0.2), true)}, Build: BuildOptions{Width: width}})
			if width == 8 {
				for i := range s.nodes8[0].kc {
					s.nodes8[0].kc[i] = child
				}
			} else {
				for i := range s.nodes4[0].kc {
					s.nodes4[0].kc[i] = child
				}
			}
			r := NewRay([3]float32{0.5, 0.5, -1}, [3]float32{0, 0, 1})
			var lr levelRay
			lr.set(&r.Origin, &r.Direction, width)
			var st traceState
			st.setRay(&lr, 0, float32(math.Inf(1)), 0)
			st.setStructure(s)
			var stack [stackSize]stackEntry
			stack[0], st.sp = stackEntry{0, st.tminb}, 1
			var status uint32
			if width == 8 {
				status = traceKernel8(&lr, &st, &stack)
			} else {
				status = traceKernel4(&lr, &st, &stack)
			}
			if status != 2 {
				t.Fatalf("width %d child %x: kernel status %d, want 2", width, child, status)
			}
			func() {
				defer func() {
					if p := recover(); p != nil {
						if _, ok := p.(runtime.Error); !ok {
							t.Errorf("width %d child %x: %v", width, child, p)
						}
					}
				}()
				traceFastKernel(s, &lr, 0, float32(math.Inf(1)), 0, false, &stack)
			}()
		}
	}
}
