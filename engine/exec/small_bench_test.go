package exec_test

import (
	"fmt"
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
		r.timeVM(func() { runOrFail(b, pl, d) })
		r.timeNative(func() {
			a := float32(2)
			for i := range y {
				y[i] = a*x[i] + y[i]
			}
		})
	}
	r.report(b)
}

// BenchmarkOpCost runs a straight-line kernel of 256 dependent float adds
// and multiplies per thread and reports the VM cost per executed
// instruction per batch (ns/vm-op) and per lane (ns/lane-op).
func BenchmarkOpCost(b *testing.B) {
	const ops = 256
	p := ir.NewProgram(nil)
	fbd := fb{ir.NewFunction(p, "chain", []ir.Kind{ir.U64}, nil)}
	fbd.Fn.Kernel = true
	i := fbd.Builtin(ir.ThreadPositionInGrid)
	x := fbd.Conv(ir.F32, ir.U32, i)
	c := fbd.f(1.0001)
	for k := 0; k < ops/2; k++ {
		x = fbd.add(fbd.mul(x, c), c)
	}
	fbd.Store(ir.Device, ir.F32, elemAddr(fbd.Builder, fbd.Param(0), i, 4), x, 4)
	must(fbd.Finish())
	for _, w := range []int{32, 64} {
		b.Run(fmt.Sprintf("W%d", w), func(b *testing.B) {
			const n = 1 << 14
			bufs := []exec.Buffer{{Addr: 1 << 32, Data: make([]byte, 4*n)}}
			pl, err := exec.Compile(p, "chain", exec.Options{Workers: 1, Width: w})
			if err != nil {
				b.Fatal(err)
			}
			d := exec.Dispatch{Grid: exec.ThreadsGrid([3]uint32{n, 1, 1}, [3]uint32{1024, 1, 1}), Args: addrArgs(bufs), Memory: mustMem(b, bufs)}
			for b.Loop() {
				runOrFail(b, pl, d)
			}
			per := float64(b.Elapsed().Nanoseconds()) / float64(b.N) / float64(n/w) / ops
			b.ReportMetric(per, "ns/vm-op")
			b.ReportMetric(per/float64(w), "ns/lane-op")
		})
	}
}
