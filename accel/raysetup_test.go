package accel

import (
	"math"
	"math/rand/v2"
	"testing"
)

// refInvDir, refFarOrigin and refSet3 are the ray setup written
// plainly: the reference both production forms must match bit for bit.
func refFarOrigin(o, inv float32) float32 {
	d := abs32(o) * 0x1p-20
	if d < 0x1p-60 {
		d = 0x1p-60
	}
	if inv < 0 {
		return o + d
	}
	return o - d
}

func refInvDir(x float32) float32 {
	if x > -tinyDir && x < tinyDir {
		if x < 0 || (x == 0 && 1/x < 0) {
			x = -tinyDir
		} else {
			x = tinyDir
		}
	}
	return 1 / x
}

func refSet3(r *levelRay, ox, oy, oz, dx, dy, dz float32, w int) {
	r.o, r.d = [3]float32{ox, oy, oz}, [3]float32{dx, dy, dz}
	r.ix, r.iy, r.iz = refInvDir(dx), refInvDir(dy), refInvDir(dz)
	r.fo = [3]float32{refFarOrigin(ox, r.ix), refFarOrigin(oy, r.iy), refFarOrigin(oz, r.iz)}
	r.nx, r.fx = 0, 3*w
	if r.ix < 0 {
		r.nx, r.fx = 3*w, 0
	}
	r.ny, r.fy = w, 4*w
	if r.iy < 0 {
		r.ny, r.fy = 4*w, w
	}
	r.nz, r.fz = 2*w, 5*w
	if r.iz < 0 {
		r.nz, r.fz = 5*w, 2*w
	}
	ax, ay, az := abs32(dx), abs32(dy), abs32(dz)
	kz := 0
	if ay > ax {
		kz = 1
	}
	if az > ax && az > ay {
		kz = 2
	}
	kx, ky := (kz+1)%3, (kz+2)%3
	if r.d[kz] < 0 {
		kx, ky = ky, kx
	}
	r.kx, r.ky, r.kz = kx, ky, kz
	r.ok = [3]float32{r.o[kx], r.o[ky], r.o[kz]}
	sz := [3]float32{r.ix, r.iy, r.iz}[kz]
	r.sx, r.sy, r.sz = r.d[kx]*sz, r.d[ky]*sz, sz
}

// TestRaySetupMatchesReference checks both ray setups (set3 and the
// branch-free set3Signs) against the reference, bit for bit, on
// edge values (signed zeros, the nudge threshold, subnormals, ties between
// components, huge and tiny origins) and random rays.
func TestRaySetupMatchesReference(t *testing.T) {
	edges := []float32{0, float32(math.Copysign(0, -1)), 1, -1, 0.5, -0.5, tinyDir, -tinyDir, 1e-31, -1e-31,
		math.SmallestNonzeroFloat32, -math.SmallestNonzeroFloat32, 0x1p-40, -0x1p-40, 3e38, -3e38, 1e20, -7.25}
	rng := rand.New(rand.NewPCG(1, 2))
	pick := func() float32 {
		if rng.IntN(3) == 0 {
			return edges[rng.IntN(len(edges))]
		}
		return float32(rng.NormFloat64() * math.Pow(10, float64(rng.IntN(9)-4)))
	}
	bits := func(r *levelRay) [36]uint32 {
		var b [36]uint32
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
			var got, signs, want levelRay
			got.set3(o[0], o[1], o[2], d[0], d[1], d[2], w)
			signs.set3Signs(o[0], o[1], o[2], d[0], d[1], d[2], w)
			refSet3(&want, o[0], o[1], o[2], d[0], d[1], d[2], w)
			if bits(&got) != bits(&want) || bits(&signs) != bits(&want) {
				t.Fatalf("ray o=%v d=%v width %d:\n  set3 %+v\n signs %+v\n  want %+v", o, d, w, got, signs, want)
			}
		}
	}
}
