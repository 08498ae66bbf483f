package raster

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestInterpGather compares interpGather (the AVX2 kernel where the CPU has
// it) with interpGatherGo bit for bit, on every lane count of a batch,
// with skipped lanes (o0 < 0, whose other offsets are garbage) keeping
// their value.
func TestInterpGather(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	src := make([]float32, 4096)
	for i := range src {
		src[i] = float32(r.NormFloat64() * 100)
	}
	src[7] = float32(math.Inf(1))
	for n := 0; n <= MaxBatch; n++ {
		var w [3][]float32
		var o [3][]int32
		for k := range 3 {
			w[k], o[k] = make([]float32, n), make([]int32, n)
			for L := range n {
				w[k][L] = r.Float32()
				o[k][L] = int32(r.IntN(len(src)))
			}
		}
		for L := range n {
			if r.IntN(4) == 0 {
				o[0][L] = -1
				o[1][L], o[2][L] = math.MaxInt32, math.MinInt32 // never read
			}
		}
		got, want := make([]float32, n), make([]float32, n)
		for L := range n {
			got[L] = float32(L)
			want[L] = float32(L)
		}
		interpGather(got, w[0], w[1], w[2], o[0], o[1], o[2], src)
		interpGatherGo(want, w[0], w[1], w[2], o[0], o[1], o[2], src)
		for L := range n {
			if math.Float32bits(got[L]) != math.Float32bits(want[L]) {
				t.Fatalf("n=%d lane %d: %v, want %v", n, L, got[L], want[L])
			}
		}
	}
}

// TestSnap checks snap against int64(math.Round(v·subOne)) on halves,
// near-halves, signed zeros, large values and non-finite ones.
func TestSnap(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	vs := []float64{0, math.Copysign(0, -1), 0.5 / subOne, -0.5 / subOne, 1.5 / subOne, -1.5 / subOne,
		math.Nextafter(0.5, 0) / subOne, math.Nextafter(-0.5, 0) / subOne, 1 << 52, -(1 << 53) - 2, 1e300, -1e300,
		math.Inf(1), math.Inf(-1), math.NaN(), 4503599627370495.5 / subOne}
	for range 100000 {
		vs = append(vs, (r.Float64()-0.5)*8192, float64(r.IntN(1<<20)-1<<19)/(2*subOne))
	}
	for _, v := range vs {
		if got, want := snap(v), int64(math.Round(v*subOne)); got != want {
			t.Fatalf("snap(%v) = %d, want %d", v, got, want)
		}
	}
}
