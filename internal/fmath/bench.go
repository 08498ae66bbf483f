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

// unaryBench pairs a lane loop with Go's float64 math called per element.
type unaryBench struct {
	name   string
	lo, hi float64
	lanes  func(dst, x []float32)
	native func(float64) float64
}

var unaryBenches = []unaryBench{
	{"exp2", -10, 10, Exp2Lanes, math.Exp2},
	{"fast-exp2", -10, 10, FastExp2Lanes, math.Exp2},
	{"exp", -10, 10, ExpLanes, math.Exp},
	{"fast-exp", -10, 10, FastExpLanes, math.Exp},
	{"log2", 0.001, 100, Log2Lanes, math.Log2},
	{"fast-log2", 0.001, 100, FastLog2Lanes, math.Log2},
	{"log", 0.001, 100, LogLanes, math.Log},
	{"fast-log", 0.001, 100, FastLogLanes, math.Log},
	{"sin", -10, 10, SinLanes, math.Sin},
	{"fast-sin", -10, 10, FastSinLanes, math.Sin},
	{"cos", -10, 10, CosLanes, math.Cos},
	{"fast-cos", -10, 10, FastCosLanes, math.Cos},
	{"tan", -1, 1, TanLanes, math.Tan},
	{"fast-tan", -1, 1, FastTanLanes, math.Tan},
	{"atan", -10, 10, AtanLanes, math.Atan},
	{"fast-atan", -10, 10, FastAtanLanes, math.Atan},
	{"asin", -1, 1, AsinLanes, math.Asin},
	{"fast-asin", -1, 1, FastAsinLanes, math.Asin},
	{"tanh", -10, 10, TanhLanes, math.Tanh},
	{"fast-tanh", -10, 10, FastTanhLanes, math.Tanh},
	{"sqrt", 0.001, 100, SqrtLanes, math.Sqrt},
	{"rsqrt", 0.001, 100, RsqrtLanes, func(x float64) float64 { return 1 / math.Sqrt(x) }},
	{"fast-rsqrt", 0.001, 100, FastRsqrtLanes, func(x float64) float64 { return 1 / math.Sqrt(x) }},
	{"floor", -10, 10, FloorLanes, math.Floor},
	{"fract", -10, 10, FractLanes, func(x float64) float64 { return x - math.Floor(x) }},
	{"sinpi", -10, 10, SinpiLanes, func(x float64) float64 { return math.Sin(math.Pi * x) }},
	{"fast-sinpi", -10, 10, FastSinpiLanes, func(x float64) float64 { return math.Sin(math.Pi * x) }},
	{"round-half", -1000, 1000, RoundHalfLanes, func(x float64) float64 { return float64(HalfToFloat32(Float64ToHalf(x))) }},
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
					for i, v := range x {
						dst[i] = float32(ub.native(float64(v)))
					}
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
