package fmath

import (
	"math"
	"testing"

	"github.com/ingot-render/ingot/internal/benchkit"
)

// benchLen is the number of lanes one benchmark operation processes.
const benchLen = 1024

// benchInput returns benchLen deterministic values spread over [lo, hi).
func benchInput(lo, hi float64, seed uint32) []float32 {
	x := make([]float32, benchLen)
	s := seed*2654435761 + 1
	for i := range x {
		s = s*1664525 + 1013904223 // LCG: deterministic, no allocation per call
		x[i] = float32(lo + (hi-lo)*float64(s>>8)/(1<<24))
	}
	return x
}

// unaryBench pairs a lane loop with a loop over Go's float64 math. Each
// native loop calls its math function directly, so that the compiler
// inlines what it can (math.Sqrt and math.Floor become instructions), as a
// Go programmer's loop would; calling math through a function value per
// element would make the baseline slower than any real program.
type unaryBench struct {
	name   string
	lo, hi float64
	lanes  func(dst, x []float32)
	native func(dst, x []float32)
}

var unaryBenches = []unaryBench{
	{"exp2", -10, 10, Exp2Lanes, nativeExp2},
	{"fast-exp2", -10, 10, FastExp2Lanes, nativeExp2},
	{"exp", -10, 10, ExpLanes, nativeExp},
	{"fast-exp", -10, 10, FastExpLanes, nativeExp},
	{"log2", 0.001, 100, Log2Lanes, nativeLog2},
	{"fast-log2", 0.001, 100, FastLog2Lanes, nativeLog2},
	{"log", 0.001, 100, LogLanes, nativeLog},
	{"fast-log", 0.001, 100, FastLogLanes, nativeLog},
	{"sin", -10, 10, SinLanes, nativeSin},
	{"fast-sin", -10, 10, FastSinLanes, nativeSin},
	{"cos", -10, 10, CosLanes, nativeCos},
	{"fast-cos", -10, 10, FastCosLanes, nativeCos},
	{"tan", -1, 1, TanLanes, nativeTan},
	{"fast-tan", -1, 1, FastTanLanes, nativeTan},
	{"atan", -10, 10, AtanLanes, nativeAtan},
	{"fast-atan", -10, 10, FastAtanLanes, nativeAtan},
	{"asin", -1, 1, AsinLanes, nativeAsin},
	{"fast-asin", -1, 1, FastAsinLanes, nativeAsin},
	{"tanh", -10, 10, TanhLanes, nativeTanh},
	{"fast-tanh", -10, 10, FastTanhLanes, nativeTanh},
	{"sqrt", 0.001, 100, SqrtLanes, nativeSqrt},
	{"rsqrt", 0.001, 100, RsqrtLanes, nativeRsqrt},
	{"fast-rsqrt", 0.001, 100, FastRsqrtLanes, nativeRsqrt},
	{"floor", -10, 10, FloorLanes, nativeFloor},
	{"fract", -10, 10, FractLanes, nativeFract},
	{"sinpi", -10, 10, SinpiLanes, nativeSinpi},
	{"fast-sinpi", -10, 10, FastSinpiLanes, nativeSinpi},
	{"round-half", -1000, 1000, RoundHalfLanes, nativeRoundHalf},
}

// The native loops of unaryBenches, one per function.

func nativeExp2(dst, xs []float32) {
	for i, v := range xs {
		x := float64(v)
		dst[i] = float32(math.Exp2(x))
	}
}

func nativeExp(dst, xs []float32) {
	for i, v := range xs {
		x := float64(v)
		dst[i] = float32(math.Exp(x))
	}
}

func nativeLog2(dst, xs []float32) {
	for i, v := range xs {
		x := float64(v)
		dst[i] = float32(math.Log2(x))
	}
}

func nativeLog(dst, xs []float32) {
	for i, v := range xs {
		x := float64(v)
		dst[i] = float32(math.Log(x))
	}
}

func nativeSin(dst, xs []float32) {
	for i, v := range xs {
		x := float64(v)
		dst[i] = float32(math.Sin(x))
	}
}

func nativeCos(dst, xs []float32) {
	for i, v := range xs {
		x := float64(v)
		dst[i] = float32(math.Cos(x))
	}
}

func nativeTan(dst, xs []float32) {
	for i, v := range xs {
		x := float64(v)
		dst[i] = float32(math.Tan(x))
	}
}

func nativeAtan(dst, xs []float32) {
	for i, v := range xs {
		x := float64(v)
		dst[i] = float32(math.Atan(x))
	}
}

func nativeAsin(dst, xs []float32) {
	for i, v := range xs {
		x := float64(v)
		dst[i] = float32(math.Asin(x))
	}
}

func nativeTanh(dst, xs []float32) {
	for i, v := range xs {
		x := float64(v)
		dst[i] = float32(math.Tanh(x))
	}
}

func nativeSqrt(dst, xs []float32) {
	for i, v := range xs {
		x := float64(v)
		dst[i] = float32(math.Sqrt(x))
	}
}

func nativeRsqrt(dst, xs []float32) {
	for i, v := range xs {
		x := float64(v)
		dst[i] = float32(1 / math.Sqrt(x))
	}
}

func nativeFloor(dst, xs []float32) {
	for i, v := range xs {
		x := float64(v)
		dst[i] = float32(math.Floor(x))
	}
}

func nativeFract(dst, xs []float32) {
	for i, v := range xs {
		x := float64(v)
		dst[i] = float32(x - math.Floor(x))
	}
}

func nativeSinpi(dst, xs []float32) {
	for i, v := range xs {
		x := float64(v)
		dst[i] = float32(math.Sin(math.Pi * x))
	}
}

func nativeRoundHalf(dst, xs []float32) {
	for i, v := range xs {
		x := float64(v)
		dst[i] = float32(float64(HalfToFloat32(Float64ToHalf(x))))
	}
}

// BenchCases returns the benchmark cases of this package for `ingot bench`
// and `go test -bench`: each lane loop over 1024 lanes against Go's float64
// math called per element (the native baseline), in Melem/s.
func BenchCases() []benchkit.Case {
	var cs []benchkit.Case
	for _, ub := range unaryBenches {
		x := benchInput(ub.lo, ub.hi, uint32(len(cs)))
		dst := make([]float32, benchLen)
		cs = append(cs, benchkit.Case{
			Name: "fmath/" + ub.name, Unit: "Melem/s", PerOp: benchLen, Baseline: "Go math (float64)",
			Ingot: func(b *testing.B, _ int) {
				for range b.N {
					ub.lanes(dst, x)
				}
			},
			Native: func(b *testing.B) {
				for range b.N {
					ub.native(dst, x)
				}
			},
		})
	}
	x, y := benchInput(0.001, 100, 91), benchInput(-4, 4, 92)
	z := benchInput(-1, 1, 93)
	dst := make([]float32, benchLen)
	pow := func(b *testing.B) {
		for range b.N {
			for i, v := range x {
				dst[i] = float32(math.Pow(float64(v), float64(y[i])))
			}
		}
	}
	cs = append(cs,
		benchkit.Case{Name: "fmath/pow", Unit: "Melem/s", PerOp: benchLen, Native: pow, Baseline: "Go math.Pow (float64)",
			Ingot: func(b *testing.B, _ int) {
				for range b.N {
					PowLanes(dst, x, y)
				}
			}},
		benchkit.Case{Name: "fmath/fast-pow", Unit: "Melem/s", PerOp: benchLen, Native: pow, Baseline: "Go math.Pow (float64)",
			Ingot: func(b *testing.B, _ int) {
				for range b.N {
					FastPowLanes(dst, x, y)
				}
			}},
		benchkit.Case{Name: "fmath/fma", Unit: "Melem/s", PerOp: benchLen, Baseline: "Go math.FMA (float64)",
			Ingot: func(b *testing.B, _ int) {
				for range b.N {
					FmaLanes(dst, x, y, z)
				}
			},
			Native: func(b *testing.B) {
				for range b.N {
					for i, v := range x {
						dst[i] = float32(math.FMA(float64(v), float64(y[i]), float64(z[i])))
					}
				}
			}},
	)
	return cs
}
