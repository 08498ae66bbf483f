package accel

import (
	"context"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ingot-render/ingot/accel/internal/benchscene"
	"github.com/ingot-render/ingot/accel/internal/refbvh"
)

// The BenchmarkMicro* benchmarks run on one locked OS thread and report,
// besides Go's wall-clock ns/op (one pass over a ray set), the thread's
// CPU time per ray of the best and the median pass (cpu-ns/ray,
// cpu-med-ns/ray): CPU time stays meaningful on a loaded machine where
// wall clock does not. wall-Mrays/s is the best pass by the wall clock,
// to set beside a peer that reports wall-clock rates. With
// -benchtime 3x the best pass is the best of 3, as the figures in
// BENCHMARKS.md are.

// microSet is a named ray set with its options.
type microSet struct {
	name string
	rays []Ray
	o    Options
}

// microSetNames are the ray sets of the micro benchmarks, in order: the
// bunny's primary, incoherent and shadow sets (262,144 rays each) and the
// Embree harness's sets (peerSets; whole batches only: peer-shadow-anyhit
// has one ray per primary hit).
var microSetNames = []string{"primary", "incoherent", "shadow",
	"peer-primary", "peer-incoherent", "peer-incoherent-anyhit", "peer-shadow-anyhit"}

// microCache holds what the micro benchmarks build, so that each is built
// once per process and only when a selected benchmark needs it
// (benchmarks run one at a time: no lock).
var microCache struct {
	sets       map[string]microSet
	inst       map[string][]Ray
	structures map[BuildOptions]*Structure
	top        *Structure
	nonPlain   *Structure
	ref        *refbvh.BVH
	// refNs is the baseline's best thread-CPU ns per ray on each set,
	// measured by this run's target=refbvh sub-benchmark.
	refNs map[string]float64
}

// microStructure returns the bunny built with o, cached.
func microStructure(b *testing.B, o BuildOptions) *Structure {
	if s := microCache.structures[o]; s != nil {
		return s
	}
	s := bunnyStructure(b, o)
	if microCache.structures == nil {
		microCache.structures = map[BuildOptions]*Structure{}
	}
	microCache.structures[o] = s
	return s
}

// microGetSet returns the named ray set (microSetNames), cached.
func microGetSet(b *testing.B, name string) microSet {
	if set, ok := microCache.sets[name]; ok {
		return set
	}
	m := bunny(b)
	sets := map[string]microSet{}
	if strings.HasPrefix(name, "peer-") {
		for _, p := range peerSets(context.Background(), microStructure(b, BuildOptions{}), m, 512, 512) {
			n := strings.Replace(strings.Replace(p.name, "/closest", "", 1), "/shadow", "-anyhit", 1)
			sets[n] = microSet{n, p.rays[:len(p.rays)/BatchSize*BatchSize], p.opts}
		}
	} else {
		lo, hi := m.Bounds()
		inc := toRays(benchscene.IncoherentRays(m, benchRays, 1))
		sets["primary"] = microSet{"primary", toRays(benchscene.CameraRays(lo, hi, 512, 512)), Options{}}
		sets["incoherent"] = microSet{"incoherent", inc, Options{}}
		sets["shadow"] = microSet{"shadow", inc, Options{AcceptAny: true}}
	}
	if microCache.sets == nil {
		microCache.sets = map[string]microSet{}
	}
	for k, v := range sets {
		microCache.sets[k] = v
	}
	set, ok := microCache.sets[name]
	if !ok {
		b.Fatalf("no ray set %q", name)
	}
	return set
}

// microInstanced returns the bunny instanced under instancedTransform and
// set's rays moved into its world space, cached.
func microInstanced(b *testing.B, set microSet) (*Structure, []Ray) {
	if microCache.top == nil {
		top, err := BuildInstance(context.Background(), &InstanceDescriptor{Structures: []*Structure{microStructure(b, BuildOptions{})},
			Instances: []Instance{{Transform: instancedTransform(), Mask: 0xff, UserID: 7}}})
		if err != nil {
			b.Fatal(err)
		}
		microCache.top = top
	}
	if rays, ok := microCache.inst[set.name]; ok {
		return microCache.top, rays
	}
	xf := instancedTransform()
	rays := make([]Ray, len(set.rays))
	for i, r := range set.rays {
		r.Origin, r.Direction = xf.Point(r.Origin), xf.Vector(r.Direction)
		rays[i] = r
	}
	if microCache.inst == nil {
		microCache.inst = map[string][]Ray{}
	}
	microCache.inst[set.name] = rays
	return microCache.top, rays
}

// microNonPlain is the bunny plus one far non-opaque triangle in a second
// geometry: not plain, so the single-ray API takes the general path's
// opaque-triangle loop (run), not the kernel.
func microNonPlain(b *testing.B) *Structure {
	if microCache.nonPlain == nil {
		m := bunny(b)
		far := []float32{100, 100, 100, 101, 100, 100, 100, 101, 100}
		s, err := BuildPrimitive(context.Background(), &PrimitiveDescriptor{Geometries: []Geometry{
			MeshGeometry(m.Positions, m.Indices), soupGeometry(far, false)}})
		if err != nil {
			b.Fatal(err)
		}
		microCache.nonPlain = s
	}
	return microCache.nonPlain
}

// microRef is the baseline BVH (refbvh, built on one worker), cached.
func microRef(b *testing.B) *refbvh.BVH {
	if microCache.ref == nil {
		m := bunny(b)
		ref, err := refbvh.Build(m.Positions, m.Indices, 1)
		if err != nil {
			b.Fatal(err)
		}
		microCache.ref = ref
	}
	return microCache.ref
}

// microPasses runs pass (over n rays, or n of whatever it does) once per
// b.Loop iteration on a locked thread and reports the thread-CPU time per
// unit of the best and the median pass and the best pass's wall-clock
// rate. unit names the thing counted ("ray", "build"). It returns the
// best and the median pass's thread-CPU ns per unit.
func microPasses(b *testing.B, n int, unit string, pass func()) (best, median float64) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var cpu []time.Duration
	wall := time.Duration(1<<63 - 1)
	for b.Loop() {
		w0, c0 := time.Now(), threadCPU()
		pass()
		cpu = append(cpu, threadCPU()-c0)
		wall = min(wall, time.Since(w0))
	}
	slices.Sort(cpu)
	per := func(d time.Duration) float64 { return float64(d.Nanoseconds()) / float64(n) }
	if unit == "build" {
		b.ReportMetric(per(cpu[0])/1e6, "cpu-ms/build")
		b.ReportMetric(per(cpu[len(cpu)/2])/1e6, "cpu-med-ms/build")
		b.ReportMetric(per(wall)/1e6, "wall-ms/build")
		return per(cpu[0]), per(cpu[len(cpu)/2])
	}
	b.ReportMetric(per(cpu[0]), "cpu-ns/"+unit)
	b.ReportMetric(per(cpu[len(cpu)/2]), "cpu-med-ns/"+unit)
	b.ReportMetric(1e3/per(cpu[0]), "cpu-Mrays/s")
	b.ReportMetric(1e3/per(wall), "wall-Mrays/s")
	return per(cpu[0]), per(cpu[len(cpu)/2])
}

// microAPI returns one pass of api over rays on s: "single" (Intersect),
// "batch" (IntersectBatch) or "trace" (the engine's sequence: TraceBatch,
// or Begin/Step where it does not apply, then Hit per lane).
func microAPI(b *testing.B, api string, s *Structure, o *Options, rays []Ray) func() {
	tr := NewTraverser()
	var h Hit
	var hb [BatchSize]Hit
	var rb RayBatch
	load := func(lo int) {
		rb.Active = 0
		for i := 0; i < BatchSize; i++ {
			rb.Set(i, &rays[lo+i])
		}
	}
	switch api {
	case "single":
		return func() {
			for i := range rays {
				tr.Intersect(s, o, &rays[i], nil, &h)
			}
		}
	case "batch":
		return func() {
			for lo := 0; lo+BatchSize <= len(rays); lo += BatchSize {
				load(lo)
				tr.IntersectBatch(s, o, &rb, nil, &hb)
			}
		}
	case "trace":
		return func() {
			for lo := 0; lo+BatchSize <= len(rays); lo += BatchSize {
				load(lo)
				if !tr.TraceBatch(s, o, &rb) {
					tr.Begin(s, o, &rb)
					for tr.Step() != 0 {
						b.Fatal("candidate")
					}
				}
				for i := 0; i < BatchSize; i++ {
					tr.Hit(i, &hb[i])
				}
			}
		}
	}
	b.Fatalf("no API %q", api)
	return nil
}

// microRefPass returns one pass of the baseline (refbvh's closest- or
// any-hit traversal, one ray at a time) over rays.
func microRefPass(ref *refbvh.BVH, rays []Ray, anyHit bool) func() {
	rr := toRefRays(rays)
	var h refbvh.Hit
	return func() {
		for i := range rr {
			if anyHit {
				ref.Occluded(&rr[i])
			} else {
				ref.Intersect(&rr[i], &h)
			}
		}
	}
}

// BenchmarkMicroCPU measures, on one thread, the single-ray API
// (api=single), the batch API (api=batch) and the engine's sequence
// (api=trace) over each ray set on the bunny at widths 8 and 4
// (target=w8, w4), on the bunny instanced under a transform (target=inst,
// the renderer's shape) and, single-ray only, on the bunny made non-plain
// by a second, non-opaque geometry (target=nonplain: the general
// traversal's loop). target=refbvh/api=single is the baseline on the same
// rays: a plain binary binned-SAH BVH in scalar Go, run first; where it ran
// in the same process every other sub-benchmark of the set reports
// x-refbvh, the baseline's best thread-CPU time over its own (above 1:
// faster). Sub-benchmarks are named set=…/target=…/api=…, so that
//
//	go test ./accel -run XXX -bench 'MicroCPU/set=peer-/target=(refbvh|w8)/' -benchtime 3x
//
// picks the Embree harness's sets at width 8, beside the baseline.
func BenchmarkMicroCPU(b *testing.B) {
	bunny(b)
	targets := []struct {
		name string
		apis []string
	}{
		{"refbvh", []string{"single"}},
		{"w8", []string{"single", "batch", "trace"}},
		{"w4", []string{"single", "batch", "trace"}},
		{"inst", []string{"single", "batch", "trace"}},
		{"nonplain", []string{"single"}},
	}
	for _, name := range microSetNames {
		b.Run("set="+name, func(b *testing.B) {
			for _, tg := range targets {
				b.Run("target="+tg.name, func(b *testing.B) {
					for _, api := range tg.apis {
						b.Run("api="+api, func(b *testing.B) {
							set := microGetSet(b, name)
							rays := set.rays
							var pass func()
							switch tg.name {
							case "w8":
								pass = microAPI(b, api, microStructure(b, BuildOptions{Width: 8}), &set.o, rays)
							case "w4":
								pass = microAPI(b, api, microStructure(b, BuildOptions{Width: 4}), &set.o, rays)
							case "inst":
								var top *Structure
								top, rays = microInstanced(b, set)
								pass = microAPI(b, api, top, &set.o, rays)
							case "nonplain":
								pass = microAPI(b, api, microNonPlain(b), &set.o, rays)
							case "refbvh":
								pass = microRefPass(microRef(b), rays, set.o.AcceptAny)
							}
							ns, _ := microPasses(b, len(rays), "ray", pass)
							if tg.name == "refbvh" {
								if microCache.refNs == nil {
									microCache.refNs = map[string]float64{}
								}
								microCache.refNs[name] = ns
							} else if ref, ok := microCache.refNs[name]; ok {
								b.ReportMetric(ref/ns, "x-refbvh")
							}
						})
					}
				})
			}
		})
	}
}

// instancedTransform is the micro benchmarks' instance transform: a
// rotation, a uniform scale by 1.5 and a translation.
func instancedTransform() Float4x3 {
	m := quatMatrix([4]float32{0.2, 0.3, 0.1, 0.9})
	for i := 0; i < 9; i++ {
		m[i] *= 1.5
	}
	m[9], m[10], m[11] = 0.5, -1, 2
	return m
}

// BenchmarkMicroBuild measures one-worker builds of the bunny on a locked
// thread (thread-CPU ms of the best and the median build), at each quality
// and for the baseline (quality=refbvh: refbvh.Build on one worker, run
// first), with the resulting tree's node count and bytes per triangle;
// x-refbvh is the baseline's best thread-CPU time over the quality's
// (where the baseline ran in the same process; above 1: faster).
func BenchmarkMicroBuild(b *testing.B) {
	var refMs float64
	for _, q := range []struct {
		name string
		q    BuildQuality
	}{{"refbvh", 0}, {"fast", QualityFast}, {"medium", QualityMedium}, {"high", QualityHigh}} {
		b.Run("quality="+q.name, func(b *testing.B) {
			m := bunny(b)
			if q.name == "refbvh" {
				var ref *refbvh.BVH
				refMs, _ = microPasses(b, 1, "build", func() {
					var err error
					if ref, err = refbvh.Build(m.Positions, m.Indices, 1); err != nil {
						b.Fatal(err)
					}
				})
				b.ReportMetric(float64(ref.Nodes()), "nodes")
				return
			}
			g := MeshGeometry(m.Positions, m.Indices)
			var s *Structure
			ns, _ := microPasses(b, 1, "build", func() {
				s = mustPrim(b, &PrimitiveDescriptor{Geometries: []Geometry{g}, Build: BuildOptions{Workers: 1, Quality: q.q}})
			})
			if refMs > 0 {
				b.ReportMetric(refMs/ns, "x-refbvh")
			}
			z := s.Sizes()
			b.ReportMetric(float64(z.Nodes), "nodes")
			b.ReportMetric(z.NodeBytesPerPrimitive(), "nodeB/tri")
			b.ReportMetric(z.BytesPerPrimitive(), "B/tri")
		})
	}
}

// BenchmarkMicroMissRoot measures the per-ray cost of a ray that misses
// the root node's children (setup, one node test, result) through the
// single-ray API, 1<<20 rays a pass; impl=refbvh (run first) is the
// baseline's cost for the same ray, and x-refbvh its best thread-CPU time
// over ingot's.
func BenchmarkMicroMissRoot(b *testing.B) {
	const n = 1 << 20
	r := NewRay([3]float32{10, 10, 10}, [3]float32{1, 0, 0})
	var refNs float64
	b.Run("impl=refbvh", func(b *testing.B) {
		ref := microRef(b)
		rr := toRefRays([]Ray{r})[0]
		var h refbvh.Hit
		refNs, _ = microPasses(b, n, "ray", func() {
			for range n {
				ref.Intersect(&rr, &h)
			}
		})
	})
	b.Run("impl=ingot", func(b *testing.B) {
		s := microStructure(b, BuildOptions{})
		tr := NewTraverser()
		var h Hit
		ns, _ := microPasses(b, n, "ray", func() {
			for range n {
				tr.Intersect(s, nil, &r, nil, &h)
			}
		})
		if refNs > 0 {
			b.ReportMetric(refNs/ns, "x-refbvh")
		}
	})
}

// BenchmarkMicroStream compares TraceBatch+Hit with the stream kernel
// allowed (path=stream) and disabled (path=onebyone: one ray at a time) on
// the bunny (target=bunny) and on the bunny instanced (target=inst), one
// thread. The two paths of a set are neighbouring sub-benchmarks,
// onebyone first; path=stream reports x-onebyone, the ratio of their
// median thread-CPU times (above 1: the stream kernel is faster). On a
// loaded machine compare them over several rounds (-count).
func BenchmarkMicroStream(b *testing.B) {
	bunny(b)
	for _, name := range microSetNames {
		b.Run("set="+name, func(b *testing.B) {
			for _, target := range []string{"bunny", "inst"} {
				b.Run("target="+target, func(b *testing.B) {
					var baseMed float64
					for _, path := range []string{"onebyone", "stream"} {
						b.Run("path="+path, func(b *testing.B) {
							set := microGetSet(b, name)
							s, rays := microStructure(b, BuildOptions{}), set.rays
							if target == "inst" {
								s, rays = microInstanced(b, set)
							}
							pass := microAPI(b, "trace", s, &set.o, rays)
							disableStream = path == "onebyone"
							defer func() { disableStream = false }()
							_, med := microPasses(b, len(rays), "ray", pass)
							if path == "onebyone" {
								baseMed = med
							} else if baseMed > 0 {
								b.ReportMetric(baseMed/med, "x-onebyone")
							}
						})
					}
				})
			}
		})
	}
}

// BenchmarkTraceOnce traces 16,384 bunny rays per iteration (set=primary:
// every 16th camera ray; set=incoherent: the first 16,384 incoherent rays)
// through the single-ray API (api=single) or TraceBatch and Hit per lane
// (api=trace; api=trace-nostream: without the stream kernel), for
// instruction-level tools whose counts, unlike times, do not depend on the
// machine's load:
//
//	go test -c -o /tmp/accel.test ./accel
//	cd accel && valgrind --tool=cachegrind --cache-sim=yes --branch-sim=yes \
//	    /tmp/accel.test -test.run XXX -test.benchtime 1x \
//	    -test.bench 'TraceOnce/set=incoherent/width=8/api=trace$'
//
// then cg_annotate, summing the traversal functions and dividing by 16,384
// (-test.benchtime 1x: one iteration).
func BenchmarkTraceOnce(b *testing.B) {
	for _, set := range []string{"primary", "incoherent"} {
		b.Run("set="+set, func(b *testing.B) {
			for _, width := range []int{8, 4} {
				b.Run(fmt.Sprintf("width=%d", width), func(b *testing.B) {
					for _, api := range []string{"single", "trace", "trace-nostream"} {
						b.Run("api="+api, func(b *testing.B) {
							m := bunny(b)
							var rays []Ray
							if set == "primary" {
								lo, hi := m.Bounds()
								all := toRays(benchscene.CameraRays(lo, hi, 512, 512))
								for i := 0; i < len(all); i += 16 {
									rays = append(rays, all[i])
								}
							} else {
								rays = toRays(benchscene.IncoherentRays(m, 262144, 1))[:16384]
							}
							s := microStructure(b, BuildOptions{Workers: 1, Width: width})
							a := api
							if api == "trace-nostream" {
								a = "trace"
								disableStream = true
								defer func() { disableStream = false }()
							}
							pass := microAPI(b, a, s, nil, rays)
							for b.Loop() {
								pass()
							}
							b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(rays)), "ns/ray")
						})
					}
				})
			}
		})
	}
}
