package accel

import (
	"fmt"
	"os"
	"runtime"
	"syscall"
	"testing"
	"time"

	"github.com/ingot-render/ingot/accel/internal/benchscene"
)

func threadCPU() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(1 /* RUSAGE_THREAD */, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// The TestMicro* and TestOverheadCPU diagnostics (ACCEL_MICRO=1) report
// thread CPU time, which stays meaningful on a loaded machine where the
// wall-clock benchmarks do not.

// TestMicroCPU reports thread CPU time per ray of the single-ray and batch
// APIs on one thread.
func TestMicroCPU(t *testing.T) {
	if os.Getenv("ACCEL_MICRO") == "" {
		t.Skip("set ACCEL_MICRO=1")
	}
	m := bunny(t)
	lo, hi := m.Bounds()

	var q BuildQuality
	if v := os.Getenv("ACCEL_QUALITY"); v != "" {
		fmt.Sscan(v, &q)
	}
	for _, width := range []int{4, 8} {
		s := bunnyStructure(t, BuildOptions{Width: width, Quality: q})
		for _, set := range []struct {
			n string
			r []Ray
			o Options
		}{{"primary", toRays(benchscene.CameraRays(lo, hi, 512, 512)), Options{}}, {"incoherent", toRays(benchscene.IncoherentRays(m, 262144, 1)), Options{}}, {"shadow", toRays(benchscene.IncoherentRays(m, 262144, 1)), Options{AcceptAny: true}}} {
			runtime.LockOSThread()
			tr := NewTraverser()
			var h Hit
			best := time.Hour
			for rep := 0; rep < 3; rep++ {
				c0 := threadCPU()
				for i := range set.r {
					tr.Intersect(s, &set.o, &set.r[i], nil, &h)
				}
				best = min(best, threadCPU()-c0)
			}
			var hb [BatchSize]Hit
			var rb RayBatch
			bestB := time.Hour
			for rep := 0; rep < 3; rep++ {
				c0 := threadCPU()
				for lo := 0; lo < len(set.r); lo += BatchSize {
					rb.Active = 0
					for i := 0; i < BatchSize; i++ {
						rb.Set(i, &set.r[lo+i])
					}
					tr.IntersectBatch(s, &set.o, &rb, nil, &hb)
				}
				bestB = min(bestB, threadCPU()-c0)
			}
			runtime.UnlockOSThread()
			fmt.Printf("w%d %-10s single %6.1f ns/ray (%.2f Mrays/s)   batch %6.1f ns/ray\n", width, set.n,
				float64(best.Nanoseconds())/float64(len(set.r)), float64(len(set.r))/best.Seconds()/1e6, float64(bestB.Nanoseconds())/float64(len(set.r)))
		}
	}
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
			c0 := threadCPU()
			s = mustPrim(t, &PrimitiveDescriptor{Geometries: []Geometry{g}, Build: BuildOptions{Workers: 1, Quality: q}})
			best = min(best, threadCPU()-c0)
		}
		fmt.Printf("build q%d: %.1f ms cpu, %d nodes, %.1f nodeB/tri\n", q, float64(best.Microseconds())/1000, s.Sizes().Nodes, s.Sizes().NodeBytesPerPrimitive())
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
// then cg_annotate, summing the traversal functions and dividing by 16,384.
func TestTraceOnce(t *testing.T) {
	set := os.Getenv("ACCEL_TRACE_ONCE")
	if set == "" {
		t.Skip("set ACCEL_TRACE_ONCE=primary or incoherent")
	}
	m := bunny(t)
	s := bunnyStructure(t, BuildOptions{Workers: 1})
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
	for i := range rays {
		tr.Intersect(s, nil, &rays[i], nil, &h)
	}
}
