package fmath

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/ingot-render/ingot/internal/benchkit"
)

// laneInputs mixes ordinary values with the edge inputs so every lane loop
// is compared with its scalar function on specials too.
func laneInputs(seed uint64, n int) []float32 {
	r := rand.New(rand.NewPCG(seed, 99))
	x := make([]float32, n)
	for i := range x {
		switch {
		case i < len(edgeInputs):
			x[i] = edgeInputs[i]
		case i%3 == 0:
			x[i] = anyFinite(r)
		default:
			x[i] = uniform(-4, 4)(r)
		}
	}
	return x
}

func TestLanesMatchScalar(t *testing.T) {
	const n = 257 // not a multiple of the lane batch on purpose
	a, b, c := laneInputs(1, n), laneInputs(2, n), laneInputs(3, n)
	dst := make([]float32, n)
	for _, f := range unaryLanes {
		f.lanes(dst, a)
		for i := range dst {
			if want := f.scalar(a[i]); !sameFloat32(dst[i], want) {
				t.Errorf("%sLanes[%d](%g) = %v, scalar %v", f.name, i, a[i], dst[i], want)
				break
			}
		}
	}
	for _, f := range binaryLanes {
		f.lanes(dst, a, b)
		for i := range dst {
			if want := f.scalar(a[i], b[i]); !sameFloat32(dst[i], want) {
				t.Errorf("%sLanes[%d] = %v, scalar %v", f.name, i, dst[i], want)
				break
			}
		}
	}
	for _, f := range ternaryLanes {
		f.lanes(dst, a, b, c)
		for i := range dst {
			if want := f.scalar(a[i], b[i], c[i]); !sameFloat32(dst[i], want) {
				t.Errorf("%sLanes[%d] = %v, scalar %v", f.name, i, dst[i], want)
				break
			}
		}
	}
	// aliasing: dst == x
	x := append([]float32(nil), a...)
	SinLanes(x, x)
	for i := range x {
		if !sameFloat32(x[i], Sin(a[i])) {
			t.Fatalf("SinLanes aliased [%d] = %v, want %v", i, x[i], Sin(a[i]))
		}
	}
}

func TestMultiResultLanes(t *testing.T) {
	const n = 100
	x := laneInputs(4, n)
	s, c := make([]float32, n), make([]float32, n)
	fr, ip := make([]float32, n), make([]float32, n)
	e := make([]int32, n)
	SincosLanes(s, c, x)
	for i := range x {
		ws, wc := Sincos(x[i])
		if !sameFloat32(s[i], ws) || !sameFloat32(c[i], wc) {
			t.Fatalf("SincosLanes[%d]", i)
		}
	}
	FastSincosLanes(s, c, x)
	for i := range x {
		ws, wc := FastSincos(x[i])
		if !sameFloat32(s[i], ws) || !sameFloat32(c[i], wc) {
			t.Fatalf("FastSincosLanes[%d]", i)
		}
	}
	FrexpLanes(fr, e, x)
	for i := range x {
		wf, we := Frexp(x[i])
		if !sameFloat32(fr[i], wf) || e[i] != we {
			t.Fatalf("FrexpLanes[%d]", i)
		}
	}
	LdexpLanes(s, fr, e)
	for i := range x {
		if !sameFloat32(s[i], x[i]) {
			t.Fatalf("ldexp(frexp(%g)) = %g", x[i], s[i])
		}
	}
	ModfLanes(fr, ip, x)
	for i := range x {
		wf, wi := Modf(x[i])
		if !sameFloat32(fr[i], wf) || !sameFloat32(ip[i], wi) {
			t.Fatalf("ModfLanes[%d]", i)
		}
	}
	IlogbLanes(e, x)
	for i := range x {
		if e[i] != Ilogb(x[i]) {
			t.Fatalf("IlogbLanes[%d]", i)
		}
	}
}

func TestLanesAllocationFree(t *testing.T) {
	x, y, z := laneInputs(5, 64), laneInputs(6, 64), laneInputs(7, 64)
	dst := make([]float32, 64)
	allocs := testing.AllocsPerRun(10, func() {
		FastExp2Lanes(dst, x)
		SinLanes(dst, x)
		PowLanes(dst, x, y)
		FmaLanes(dst, x, y, z)
		RoundHalfs(dst, x)
	})
	if allocs != 0 {
		t.Errorf("lane loops allocate %v times per run", allocs)
	}
}

// BenchmarkCases runs BenchCases (lane loops against Go's float64 math per
// element); the metric x-native is the time ratio ingot/native.
func BenchmarkCases(b *testing.B) {
	for _, c := range BenchCases() {
		b.Run(strings.TrimPrefix(c.Name, "fmath/"), func(b *testing.B) { benchkit.Bench(b, c, 1) })
	}
}

// TestAccelLanesBitIdentical feeds the SIMD-accelerated lane loops with
// inputs that take the vector path (and groups that fall back) and requires
// bit-identical results to the scalar functions. In pure-Go builds it checks
// the plain loops. Run it with GOEXPERIMENT=simd to test the AVX2 kernels.
func TestAccelLanesBitIdentical(t *testing.T) {
	const n = 8*64 + 5
	r := rand.New(rand.NewPCG(50, 51))
	mk := func(g gen) []float32 {
		x := make([]float32, n)
		for i := range x {
			x[i] = g(r)
		}
		return x
	}
	wide, pos, trig := mk(uniform(-140, 140)), mk(logUniform(-140, 127, false)), mk(uniform(-9000, 9000))
	// sprinkle specials into a few groups so fallbacks are exercised too
	for _, i := range []int{3, 77, 200, n - 2} {
		wide[i], pos[i], trig[i] = nan, 0, inf
	}
	pos[100] = -1
	pos[150] = 0x1p-140
	ys := mk(uniform(-3, 3))
	dst, dst2 := make([]float32, n), make([]float32, n)
	check := func(name string, i int, got, want float32) {
		t.Helper()
		if math.Float32bits(got) != math.Float32bits(want) && !(got != got && want != want) {
			t.Fatalf("%s lane %d: %#08x, scalar %#08x", name, i, math.Float32bits(got), math.Float32bits(want))
		}
	}
	for _, c := range []struct {
		name  string
		x     []float32
		lanes func(dst, x []float32)
		fn    func(float32) float32
	}{
		{"FastExp2", wide, FastExp2Lanes, FastExp2},
		{"FastLog2", pos, FastLog2Lanes, FastLog2},
		{"FastExp", wide, FastExpLanes, FastExp},
		{"FastExp/narrow", mk(uniform(-90, 90)), FastExpLanes, FastExp},
		{"FastLog", pos, FastLogLanes, FastLog},
		{"FastSin", trig, FastSinLanes, FastSin},
		{"FastCos", trig, FastCosLanes, FastCos},
		{"FastSqrt", pos, FastSqrtLanes, FastSqrt},
		{"Sqrt", wide, SqrtLanes, Sqrt},
		{"FastRsqrt", pos, FastRsqrtLanes, FastRsqrt},
		{"RoundHalf/wide", mk(anyFinite), RoundHalfLanes, RoundHalf},
		{"RoundHalf/range", mk(logUniform(-30, 17, true)), RoundHalfLanes, RoundHalf},
		{"RoundHalfs", mk(logUniform(-30, 17, true)), RoundHalfs, RoundHalf},
	} {
		c.lanes(dst, c.x)
		for i := range dst {
			check(c.name, i, dst[i], c.fn(c.x[i]))
		}
	}
	px := mk(uniform(0.01, 100)) // |y·log2 x| stays small: the vector path
	px[10], px[300] = -2, 0
	for _, xs := range [][]float32{pos, px} {
		FastPowLanes(dst, xs, ys)
		for i := range dst {
			check("FastPow", i, dst[i], FastPow(xs[i], ys[i]))
		}
		FastPowrLanes(dst, xs, ys)
		for i := range dst {
			check("FastPowr", i, dst[i], FastPowr(xs[i], ys[i]))
		}
	}
	FastSincosLanes(dst, dst2, trig)
	for i := range dst {
		s, c := FastSincos(trig[i])
		check("FastSincos.sin", i, dst[i], s)
		check("FastSincos.cos", i, dst2[i], c)
	}
	t.Logf("SIMD kernels in use: %v", HasSIMD())
}
