package fmath

import (
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
