package exec

import (
	"math"
	"testing"

	"github.com/ingot-render/ingot/shaders/ir"
)

// TestMathLanesMatchesMathF32 checks that the lane loops the VM runs give
// the bits ir.MathF32 (refexec, constant folding) gives, for every float
// math op incl. the fast:: ones, on both builds (SIMD groups and tails).
func TestMathLanesMatchesMathF32(t *testing.T) {
	ops := []ir.Op{ir.OpSqrt, ir.OpRsqrt, ir.OpFloor, ir.OpCeil, ir.OpTrunc, ir.OpRint, ir.OpExp2,
		ir.OpLog2, ir.OpSin, ir.OpCos, ir.OpTan, ir.OpAsin, ir.OpAcos, ir.OpAtan, ir.OpFastExp2,
		ir.OpFastLog2, ir.OpFastSin, ir.OpFastCos, ir.OpFastTan, ir.OpFastRsqrt}
	specials := []float32{0, float32(math.Copysign(0, -1)), 1, -1, 0.5, float32(math.Inf(1)),
		float32(math.Inf(-1)), float32(math.NaN()), 0x1p-149, 0x1p-126, math.MaxFloat32, 127, 128,
		-126, -150, 130, 1e6, -1e6}
	const n = 67 // not a multiple of 8: exercises the scalar tail
	rng := uint32(12345)
	for _, op := range ops {
		for round := 0; round < 40; round++ {
			a := make([]float32, n)
			for i := range a {
				rng = rng*1664525 + 1013904223
				switch {
				case round == 0:
					a[i] = specials[i%len(specials)]
				case round%3 == 0:
					a[i] = math.Float32frombits(rng)
				default:
					a[i] = (float32(rng>>8)/(1<<24) - 0.5) * float32(round) * 8
				}
			}
			d := make([]float32, n)
			mathLanes(op, d, a)
			for i := range a {
				want := ir.MathF32(op, a[i])
				if math.Float32bits(d[i]) != math.Float32bits(want) && !(d[i] != d[i] && want != want) {
					t.Fatalf("%v(%g) lane %d: lanes %g (%#x), MathF32 %g (%#x)", op, a[i], i, d[i],
						math.Float32bits(d[i]), want, math.Float32bits(want))
				}
			}
		}
	}
}
