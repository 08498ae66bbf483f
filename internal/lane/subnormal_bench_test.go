package lane_test

import (
	"math"
	"testing"

	"github.com/ingot-render/ingot/internal/lane"
)

// BenchmarkSubnormalOperands times the 64-lane float multiply and add
// kernels with normal operands, with one lane holding the bits of a small
// integer (a subnormal float, as a stale integer lane did before the
// executor kept float and integer lane vectors apart), and with every lane
// subnormal. On Intel cores each instruction with a subnormal operand
// takes a microcode assist; AMD cores mostly do not (see BENCHMARKS.md).
func BenchmarkSubnormalOperands(b *testing.B) {
	sub := math.Float32frombits(5)
	fill := func(v float32) []float32 {
		s := make([]float32, 64)
		for i := range s {
			s[i] = v
		}
		return s
	}
	oneLane := fill(1.5)
	oneLane[7] = sub
	for _, c := range []struct {
		name string
		a    []float32
	}{
		{"normal", fill(1.5)},
		{"one-lane-subnormal", oneLane},
		{"all-lanes-subnormal", fill(sub)},
	} {
		b.Run(c.name, func(b *testing.B) {
			x, d := fill(0.75), make([]float32, 64)
			for b.Loop() {
				lane.MulF32(d, c.a, x)
				lane.AddF32(d, d, c.a)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*2), "ns/op-vector")
		})
	}
}
