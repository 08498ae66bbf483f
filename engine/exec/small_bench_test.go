package exec_test

import (
	"testing"

	"github.com/ingot-render/ingot/engine/exec"
	"github.com/ingot-render/ingot/shaders/ir"
)

// BenchmarkSaxpySmall is saxpy on 64K floats (cache resident), to measure
// the VM's per-op cost rather than memory bandwidth.
func BenchmarkSaxpySmall(b *testing.B) {
	const n = 64 << 10
	x, y := make([]float32, n), make([]float32, n)
	xb, yb := exec.Buffer{Addr: 1 << 32, Data: f32bytes(x)}, exec.Buffer{Addr: 2 << 32, Data: f32bytes(y)}
	mem := mustMem(b, []exec.Buffer{xb, yb})
	pl := benchPipeline(b, buildSaxpy(), "saxpy", 1)
	d := exec.Dispatch{Grid: exec.ThreadsGrid([3]uint32{n, 1, 1}, [3]uint32{1024, 1, 1}), Args: []uint64{ir.F32Value(2), xb.Addr, yb.Addr}, Memory: mem}
	var r benchRun
	for b.Loop() {
		timeIt(&r.vm, func() { runOrFail(b, pl, d) })
		timeIt(&r.native, func() {
			a := float32(2)
			for i := range y {
				y[i] = a*x[i] + y[i]
			}
		})
	}
	r.report(b)
}
