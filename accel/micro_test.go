package accel

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ingot-render/ingot/accel/internal/benchscene"
)

// The TestMicro* and TestOverheadCPU diagnostics (ACCEL_MICRO=1) report
// thread CPU time, which stays meaningful on a loaded machine where the
// wall-clock benchmarks do not.

// microSet is a named ray set with its options.
type microSet struct {
	name string
	rays []Ray
	o    Options
}

// microSets returns the bunny's primary, incoherent and shadow sets
// (262,144 rays each; ACCEL_MICRO_SETS=primary,… picks some, "peer" adds
// and picks the Embree harness's sets).
func microSets(t *testing.T) []microSet {
	m := bunny(t)
	lo, hi := m.Bounds()
	inc := toRays(benchscene.IncoherentRays(m, 262144, 1))
	all := []microSet{
		{"primary", toRays(benchscene.CameraRays(lo, hi, 512, 512)), Options{}},
		{"incoherent", inc, Options{}},
		{"shadow", inc, Options{AcceptAny: true}},
	}
	pick := os.Getenv("ACCEL_MICRO_SETS")
	if strings.Contains(pick, "peer") {
		// The Embree harness's sets (peerSets): peer-primary,
		// peer-incoherent (closest), peer-incoherent/shadow (any hit) and
		// peer-shadow.
		for _, p := range peerSets(t.Context(), bunnyStructure(t, BuildOptions{}), m, 512, 512) {
			// (whole batches only: the shadow set has one ray per hit)
			all = append(all, microSet{p.name, p.rays[:len(p.rays)/BatchSize*BatchSize], p.opts})
		}
	}
	if pick == "" {
		return all
	}
	var out []microSet
	for _, set := range all {
		for _, p := range strings.Split(pick, ",") {
			if p == set.name || p == "peer" && strings.HasPrefix(set.name, "peer-") {
				out = append(out, set)
				break
			}
		}
	}
	return out
}

// microClock is the calling thread's CPU time, or with ACCEL_MICRO_WALL=1
// the wall clock (to compare with a peer that reports wall-clock times).
func microClock() time.Duration {
	if os.Getenv("ACCEL_MICRO_WALL") != "" {
		return time.Duration(time.Now().UnixNano())
	}
	return threadCPU()
}

// microBest runs pass over the rays 3 times on a locked thread and returns
// the best thread-CPU time per ray in ns.
func microBest(n int, pass func()) float64 {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	best := time.Hour
	for rep := 0; rep < 3; rep++ {
		c0 := microClock()
		pass()
		best = min(best, microClock()-c0)
	}
	return float64(best.Nanoseconds()) / float64(n)
}

// microAPIs measures the single-ray API (Intersect), the batch API
// (IntersectBatch) and the engine's batch sequence (TraceBatch, or
// Begin/Step where it does not apply, then Hit per lane) over set.
func microAPIs(s *Structure, set microSet) (single, batch, trace float64) {
	tr := NewTraverser()
	rays := set.rays
	var h Hit
	single = microBest(len(rays), func() {
		for i := range rays {
			tr.Intersect(s, &set.o, &rays[i], nil, &h)
		}
	})
	var hb [BatchSize]Hit
	var rb RayBatch
	batch = microBest(len(rays), func() {
		for lo := 0; lo < len(rays); lo += BatchSize {
			rb.Active = 0
			for i := 0; i < BatchSize; i++ {
				rb.Set(i, &rays[lo+i])
			}
			tr.IntersectBatch(s, &set.o, &rb, nil, &hb)
		}
	})
	trace = microBest(len(rays), func() {
		for lo := 0; lo < len(rays); lo += BatchSize {
			rb.Active = 0
			for i := 0; i < BatchSize; i++ {
				rb.Set(i, &rays[lo+i])
			}
			if !tr.TraceBatch(s, &set.o, &rb) {
				tr.Begin(s, &set.o, &rb)
				for tr.Step() != 0 {
					panic("candidate")
				}
			}
			for i := 0; i < BatchSize; i++ {
				tr.Hit(i, &hb[i])
			}
		}
	})
	return single, batch, trace
}

func microLine(name string, single, batch, trace float64) {
	fmt.Printf("%-16s single %6.1f ns/ray (%5.2f Mrays/s)  IntersectBatch %6.1f ns (%5.2f)  TraceBatch+Hit %6.1f ns (%5.2f)\n",
		name, single, 1e3/single, batch, 1e3/batch, trace, 1e3/trace)
}

// TestMicroCPU reports thread CPU time per ray of the single-ray and batch
// APIs on one thread, on the bunny (widths 8, the default, and 4;
// ACCEL_MICRO_WIDTHS=8,… picks them) and on the bunny instanced under a
// transform (the renderer's shape).
func TestMicroCPU(t *testing.T) {
	if os.Getenv("ACCEL_MICRO") == "" {
		t.Skip("set ACCEL_MICRO=1")
	}
	if os.Getenv("ACCEL_NOSTREAM") != "" {
		disableStream = true
		defer func() { disableStream = false }()
	}
	var q BuildQuality
	if v := os.Getenv("ACCEL_QUALITY"); v != "" {
		fmt.Sscan(v, &q)
	}
	widths := []int{8, 4}
	if v := os.Getenv("ACCEL_MICRO_WIDTHS"); v != "" {
		widths = nil
		for _, f := range strings.Split(v, ",") {
			var w int
			fmt.Sscan(f, &w)
			widths = append(widths, w)
		}
	}
	sets := microSets(t)
	for _, width := range widths {
		s := bunnyStructure(t, BuildOptions{Width: width, Quality: q})
		for _, set := range sets {
			single, batch, trace := microAPIs(s, set)
			microLine(fmt.Sprintf("w%d %s", width, set.name), single, batch, trace)
		}
	}
	s := bunnyStructure(t, BuildOptions{Quality: q})
	xf := instancedTransform()
	top, err := BuildInstance(context.Background(), &InstanceDescriptor{Structures: []*Structure{s},
		Instances: []Instance{{Transform: xf, Mask: 0xff, UserID: 7}}})
	if err != nil {
		t.Fatal(err)
	}
	for _, set := range sets {
		ws := set
		ws.rays = make([]Ray, len(set.rays))
		for i, r := range set.rays {
			r.Origin, r.Direction = xf.Point(r.Origin), xf.Vector(r.Direction)
			ws.rays[i] = r
		}
		single, batch, trace := microAPIs(top, ws)
		microLine("inst "+set.name, single, batch, trace)
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

func TestMicroBuildCPU(t *testing.T) {
	if os.Getenv("ACCEL_MICRO") == "" {
		t.Skip("set ACCEL_MICRO=1")
	}
	m := bunny(t)
	g := MeshGeometry(m.Positions, m.Indices)
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	for _, q := range []BuildQuality{QualityFast, QualityMedium, QualityHigh} {
		best := time.Hour
		var s *Structure
		for rep := 0; rep < 5; rep++ {
			c0 := microClock()
			s = mustPrim(t, &PrimitiveDescriptor{Geometries: []Geometry{g}, Build: BuildOptions{Workers: 1, Quality: q}})
			best = min(best, microClock()-c0)
		}
		fmt.Printf("build q%d: %.1f ms cpu, %d nodes, %.1f nodeB/tri, %.1f B/tri\n", q, float64(best.Microseconds())/1000, s.Sizes().Nodes, s.Sizes().NodeBytesPerPrimitive(), s.Sizes().BytesPerPrimitive())
	}
}

// TestOverheadCPU measures the per-ray cost of rays that miss the root
// node's children (setup, one node test, result).
func TestOverheadCPU(t *testing.T) {
	if os.Getenv("ACCEL_MICRO") == "" {
		t.Skip("set ACCEL_MICRO=1")
	}
	s := bunnyStructure(t, BuildOptions{})
	r := NewRay([3]float32{10, 10, 10}, [3]float32{1, 0, 0})
	tr := NewTraverser()
	var h Hit
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	c0 := threadCPU()
	const n = 2000000
	for i := 0; i < n; i++ {
		tr.Intersect(s, nil, &r, nil, &h)
	}
	fmt.Printf("miss-root overhead %.1f ns/ray\n", float64((threadCPU()-c0).Nanoseconds())/n)
}

// TestTraceOnce traces 16,384 bunny rays once (ACCEL_TRACE_ONCE=primary or
// incoherent; primary takes every 16th camera ray) for instruction-level
// tools whose counts, unlike times, do not depend on the machine's load:
//
//	go test -c -o /tmp/accel.test ./accel
//	cd accel && ACCEL_TRACE_ONCE=incoherent valgrind --tool=cachegrind \
//	    --cache-sim=yes --branch-sim=yes /tmp/accel.test -test.run TestTraceOnce
//
// then cg_annotate, summing the traversal functions and dividing by 16,384
// (ACCEL_MICRO_W4=1: a 4-wide structure).
func TestTraceOnce(t *testing.T) {
	set := os.Getenv("ACCEL_TRACE_ONCE")
	if set == "" {
		t.Skip("set ACCEL_TRACE_ONCE=primary or incoherent")
	}
	m := bunny(t)
	width := 8
	if os.Getenv("ACCEL_MICRO_W4") != "" {
		width = 4
	}
	s := bunnyStructure(t, BuildOptions{Workers: 1, Width: width})
	var rays []Ray
	switch set {
	case "primary":
		lo, hi := m.Bounds()
		all := toRays(benchscene.CameraRays(lo, hi, 512, 512))
		for i := 0; i < len(all); i += 16 {
			rays = append(rays, all[i])
		}
	case "incoherent":
		rays = toRays(benchscene.IncoherentRays(m, 262144, 1))[:16384]
	default:
		t.Fatalf("ACCEL_TRACE_ONCE=%q: want primary or incoherent", set)
	}
	tr := NewTraverser()
	var h Hit
	if os.Getenv("ACCEL_TRACE_BATCH") == "" {
		for i := range rays {
			tr.Intersect(s, nil, &rays[i], nil, &h)
		}
		return
	}
	// ACCEL_TRACE_BATCH=1: TraceBatch and Hit per lane (ACCEL_NOSTREAM=1:
	// without the stream kernel).
	disableStream = os.Getenv("ACCEL_NOSTREAM") != ""
	defer func() { disableStream = false }()
	var rb RayBatch
	for lo := 0; lo+BatchSize <= len(rays); lo += BatchSize {
		rb.Active = 0
		for i := 0; i < BatchSize; i++ {
			rb.Set(i, &rays[lo+i])
		}
		tr.TraceBatch(s, nil, &rb)
		for i := 0; i < BatchSize; i++ {
			tr.Hit(i, &h)
		}
	}
}

// TestMicroAB compares TraceBatch+Hit with the stream kernel allowed and
// disabled, alternating passes (ACCEL_MICRO=1; ACCEL_MICRO_SETS picks
// sets), on the bunny and on the bunny instanced: on a loaded machine the
// best and the median of many alternating passes compare two variants
// more fairly than separate runs.
func TestMicroAB(t *testing.T) {
	if os.Getenv("ACCEL_MICRO") == "" {
		t.Skip("set ACCEL_MICRO=1")
	}
	s := bunnyStructure(t, BuildOptions{})
	xf := instancedTransform()
	top, err := BuildInstance(context.Background(), &InstanceDescriptor{Structures: []*Structure{s},
		Instances: []Instance{{Transform: xf, Mask: 0xff, UserID: 7}}})
	if err != nil {
		t.Fatal(err)
	}
	defer func() { disableStream = false }()
	for _, set := range microSets(t) {
		for _, target := range []*Structure{s, top} {
			rays := set.rays
			name := set.name
			if target == top {
				name = "inst " + name
				rays = make([]Ray, len(set.rays))
				for i, r := range set.rays {
					r.Origin, r.Direction = xf.Point(r.Origin), xf.Vector(r.Direction)
					rays[i] = r
				}
			}
			tr := NewTraverser()
			var rb RayBatch
			var hb [BatchSize]Hit
			pass := func() {
				for lo := 0; lo < len(rays); lo += BatchSize {
					rb.Active = 0
					for i := 0; i < BatchSize; i++ {
						rb.Set(i, &rays[lo+i])
					}
					tr.TraceBatch(target, &set.o, &rb)
					for i := 0; i < BatchSize; i++ {
						tr.Hit(i, &hb[i])
					}
				}
			}
			runtime.LockOSThread()
			var all [2][]time.Duration
			for rep := 0; rep < 7; rep++ {
				for v := 0; v < 2; v++ {
					disableStream = v == 1
					c0 := threadCPU()
					pass()
					all[v] = append(all[v], threadCPU()-c0)
				}
			}
			runtime.UnlockOSThread()
			ns := func(d []time.Duration, k int) float64 {
				slices.Sort(d)
				return float64(d[k].Nanoseconds()) / float64(len(rays))
			}
			fmt.Printf("%-16s stream best %6.1f median %6.1f ns/ray   one ray at a time best %6.1f median %6.1f ns/ray\n", name,
				ns(all[0], 0), ns(all[0], len(all[0])/2), ns(all[1], 0), ns(all[1], len(all[1])/2))
		}
	}
}
