package accel

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestRaySetupSignsMatchesSet3 checks the branch-free ray setup
// (set3Signs, for incoherent batches) against the branching one (set3), bit
// for bit, on edge values (signed zeros, the nudge threshold, subnormals,
// ties between components, huge and tiny origins) and random rays.
func TestRaySetupSignsMatchesSet3(t *testing.T) {
	edges := []float32{0, float32(math.Copysign(0, -1)), 1, -1, 0.5, -0.5, tinyDir, -tinyDir, 1e-31, -1e-31,
		9.99e-31, -9.99e-31, math.SmallestNonzeroFloat32, -math.SmallestNonzeroFloat32, 0x1p-40, -0x1p-40,
		0x1p-100, 3e38, -3e38, 1e20, -7.25}
	rng := rand.New(rand.NewPCG(1, 2))
	pick := func() float32 {
		if rng.IntN(3) == 0 {
			return edges[rng.IntN(len(edges))]
		}
		return float32(rng.NormFloat64() * math.Pow(10, float64(rng.IntN(9)-4)))
	}
	for i := 0; i < 200000; i++ {
		o := [3]float32{pick(), pick(), pick()}
		d := [3]float32{pick(), pick(), pick()}
		if i%7 == 0 { // ties between magnitudes
			d[rng.IntN(3)] = -d[rng.IntN(3)]
		}
		if !validRay(&o, &d, 0, 1) {
			continue
		}
		for _, w := range []int{4, 8} {
			var got, want levelRay
			got.set3Signs(o[0], o[1], o[2], d[0], d[1], d[2], w)
			want.set3(o[0], o[1], o[2], d[0], d[1], d[2], w)
			if rayBits(&got) != rayBits(&want) {
				t.Fatalf("ray o=%v d=%v width %d:\n set3Signs %+v\n      set3 %+v", o, d, w, got, want)
			}
		}
	}
}

// rayBits is every field of r as bits.
func rayBits(r *levelRay) [27]uint32 {
	var b [27]uint32
	f := []float32{r.o[0], r.o[1], r.o[2], r.d[0], r.d[1], r.d[2], r.fo[0], r.fo[1], r.fo[2], r.ix, r.iy, r.iz,
		r.ok[0], r.ok[1], r.ok[2], r.sx, r.sy, r.sz}
	for i, v := range f {
		b[i] = math.Float32bits(v)
	}
	for i, v := range []int{r.nx, r.ny, r.nz, r.fx, r.fy, r.fz, r.kx, r.ky, r.kz} {
		b[18+i] = uint32(v)
	}
	return b
}
