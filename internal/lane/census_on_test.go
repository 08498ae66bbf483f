//go:build ingot_denormcensus

package lane

import (
	"math"
	"testing"
	"time"
)

func TestCensusCounts(t *testing.T) {
	CensusReset()
	defer CensusReset()
	a, b, d := make([]float32, 64), make([]float32, 64), make([]float32, 64)
	for i := range a {
		a[i], b[i] = 1, 2
	}
	a[9] = math.Float32frombits(5)        // a small integer read as a float
	b[10] = math.Float32frombits(0x7fff0) // a tiny float, not int-like
	b[40] = 1e-40
	MulF32(d, a, b)
	calls, lanes, chunks, den, il := CensusTotals()
	if calls != 1 || lanes != 64 || chunks != 2 || den != 3 || il != 1 {
		t.Fatalf("census calls=%d lanes=%d chunks=%d denormal=%d intLike=%d, want 1 64 2 3 1", calls, lanes, chunks, den, il)
	}
}

//go:noinline
func scalarStep(x float32) float32 { return x*0.999 + 0.001 }

// TestUpperStateAfterPreemption runs a long scalar float loop (as the
// native baselines and the reference renderer do) and samples the AVX
// upper state from inside it. In the default build asynchronous
// preemption restores only X0-X15 and the state stays clean; in a
// GOEXPERIMENT=simd build on an AVX2/AVX-512 CPU it restores the full
// registers and leaves it dirty (logged, and checked to be clean in the
// default build).
func TestUpperStateAfterPreemption(t *testing.T) {
	if !hasXinuse {
		t.Skip("no XGETBV(1)")
	}
	LeaveSIMD()
	x := float32(1)
	var samples, dirty int
	deadline := time.Now().Add(300 * time.Millisecond)
	for time.Now().Before(deadline) {
		for range 100000 {
			x = scalarStep(x)
		}
		samples++
		if upperDirty() {
			dirty++
		}
	}
	t.Logf("x=%g: %d of %d samples of a scalar loop ran with a dirty upper state (simd build: %v)", x, dirty, samples, simdBuild)
	if !simdBuild && dirty != 0 {
		t.Errorf("%d of %d samples dirty in the default build", dirty, samples)
	}
}

// simdBuild: a GOEXPERIMENT=simd build on an AVX2 CPU.
var simdBuild = HasAVX2()
