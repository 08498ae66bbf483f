package exec_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/ingot-render/ingot/engine/exec"
	"github.com/ingot-render/ingot/shaders/ir"
)

// Each benchmark runs the IR kernel on the VM and the hand-written scalar
// Go version of the same work in the same loop, and reports the VM time
// (vm-ns/op), the native time (native-ns/op) and their ratio (x-native),
// in wall time, and the ratio of the process CPU time of the two
// (x-native-cpu; Linux only), which a loaded machine disturbs less: every
// benchmark here runs one worker.

type benchRun struct {
	vm, native       time.Duration
	vmCPU, nativeCPU time.Duration
}

func (r *benchRun) report(b *testing.B) {
	n := float64(b.N)
	b.ReportMetric(float64(r.vm.Nanoseconds())/n, "vm-ns/op")
	b.ReportMetric(float64(r.native.Nanoseconds())/n, "native-ns/op")
	if r.native > 0 {
		b.ReportMetric(float64(r.vm)/float64(r.native), "x-native")
	}
	if r.nativeCPU > 0 {
		b.ReportMetric(float64(r.vmCPU)/float64(r.nativeCPU), "x-native-cpu")
	}
}

func (r *benchRun) timeVM(f func())     { timeBoth(&r.vm, &r.vmCPU, f) }
func (r *benchRun) timeNative(f func()) { timeBoth(&r.native, &r.nativeCPU, f) }

func timeIt(d *time.Duration, f func()) {
	t := time.Now()
	f()
	*d += time.Since(t)
}

// timeBoth adds the wall and the process CPU time of f to wall and cpu.
func timeBoth(wall, cpu *time.Duration, f func()) {
	c, t := processCPU(), time.Now()
	f()
	*wall += time.Since(t)
	*cpu += processCPU() - c
}

func benchPipeline(b *testing.B, p *ir.Program, entry string, workers int) *exec.Pipeline {
	pl, err := exec.Compile(p, entry, exec.Options{Workers: workers, Intrinsics: mathIntrinsics})
	if err != nil {
		b.Fatal(err)
	}
	return pl
}

func runOrFail(b *testing.B, pl *exec.Pipeline, d exec.Dispatch) {
	if err := pl.Run(context.Background(), d); err != nil {
		b.Fatal(err)
	}
}

func BenchmarkSaxpy16M(b *testing.B) {
	const n = 16 << 20
	x, y := make([]float32, n), make([]float32, n)
	for i := range x {
		x[i], y[i] = float32(i&1023), float32(i&511)
	}
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

func BenchmarkBlinnPhong1M(b *testing.B) {
	const n = 1 << 20
	pos, nrm := bpInputs(n)
	out := make([]float32, 4*n)
	bufs := []exec.Buffer{{Addr: 1 << 32, Data: f32bytes(pos)}, {Addr: 2 << 32, Data: f32bytes(nrm)}, {Addr: 3 << 32, Data: make([]byte, 16*n)}}
	mem := mustMem(b, bufs)
	pl := benchPipeline(b, buildBlinnPhong(), "blinn_phong", 1)
	d := exec.Dispatch{Grid: exec.ThreadsGrid([3]uint32{n, 1, 1}, [3]uint32{1024, 1, 1}), Args: addrArgs(bufs), Memory: mem}
	var r benchRun
	for b.Loop() {
		r.timeVM(func() { runOrFail(b, pl, d) })
		r.timeNative(func() { blinnPhongNative(out, pos, nrm) })
	}
	r.report(b)
}

func BenchmarkMandelbrot1024(b *testing.B) {
	const w, h, it = 1024, 1024, 256
	const x0, y0, dx, dy = -2.2, -1.5, 3.0 / w, 3.0 / h
	out := make([]uint32, w*h)
	bufs := []exec.Buffer{{Addr: 1 << 32, Data: make([]byte, 4*w*h)}}
	mem := mustMem(b, bufs)
	pl := benchPipeline(b, buildMandelbrot(w, x0, y0, dx, dy, it), "mandelbrot", 1)
	d := exec.Dispatch{Grid: exec.ThreadsGrid([3]uint32{w, h, 1}, [3]uint32{32, 32, 1}), Args: addrArgs(bufs), Memory: mem}
	var r benchRun
	for b.Loop() {
		r.timeVM(func() { runOrFail(b, pl, d) })
		r.timeNative(func() { mandelNative(out, w, h, x0, y0, dx, dy, it) })
	}
	r.report(b)
}

// BenchmarkReduction4M sums 4M floats with the threadgroup reduction of
// buildReduction (the MSL reduce_sum of engine/bench_kernels.metal: a
// float4 per thread, simd_sum, threadgroup memory, a barrier, one store
// per threadgroup of 256 threads). The native baseline computes the same
// sums in the same order in scalar Go (whose independent partial sums
// keep several adds in flight); the results are compared. It also reports
// the ratio to the plainest scalar loop, one running sum per threadgroup
// (x-native-loop, CPU time; a single dependency chain, so slower).
func BenchmarkReduction4M(b *testing.B) {
	const n = 4 << 20
	const groups = n / (4 * reduceTG)
	in := make([]float32, n)
	for i := range in {
		in[i] = float32(i % 97)
	}
	out := make([]float32, groups)
	bufs := []exec.Buffer{{Addr: 1 << 32, Data: f32bytes(in)}, {Addr: 2 << 32, Data: make([]byte, 4*groups)}}
	mem := mustMem(b, bufs)
	pl := benchPipeline(b, buildReduction(), "reduce", 1)
	d := exec.Dispatch{Grid: exec.ThreadgroupsGrid([3]uint32{groups, 1, 1}, [3]uint32{reduceTG, 1, 1}), Args: addrArgs(bufs), Memory: mem}
	var r benchRun
	var loopCPU time.Duration
	loop := make([]float32, groups)
	for b.Loop() {
		r.timeVM(func() { runOrFail(b, pl, d) })
		r.timeNative(func() { reduceNative(out, in) })
		var wall time.Duration
		timeBoth(&wall, &loopCPU, func() { reduceLoop(loop, in) })
	}
	r.report(b)
	if loopCPU > 0 {
		b.ReportMetric(float64(r.vmCPU)/float64(loopCPU), "x-native-loop")
	}
	if got := bytesF32(bufs[1].Data); !slices.Equal(got, out) {
		b.Fatalf("VM sums differ from the native ones")
	}
}

// BenchmarkReduction4MOnePerThread is the naive shape of the reduction
// (buildReduction1024: one float per thread, 1024 threads per
// threadgroup), against the same sums in scalar Go.
func BenchmarkReduction4MOnePerThread(b *testing.B) {
	const n = 4 << 20
	in := make([]float32, n)
	for i := range in {
		in[i] = float32(i % 97)
	}
	out := make([]float32, n/1024)
	bufs := []exec.Buffer{{Addr: 1 << 32, Data: f32bytes(in)}, {Addr: 2 << 32, Data: make([]byte, 4*n/1024)}}
	mem := mustMem(b, bufs)
	pl := benchPipeline(b, buildReduction1024(), "reduce", 1)
	d := exec.Dispatch{Grid: exec.ThreadgroupsGrid([3]uint32{n / 1024, 1, 1}, [3]uint32{1024, 1, 1}), Args: addrArgs(bufs), Memory: mem}
	var r benchRun
	for b.Loop() {
		r.timeVM(func() { runOrFail(b, pl, d) })
		r.timeNative(func() { reduce1024Native(out, in, 1024) })
	}
	r.report(b)
}

// BenchmarkScaling runs Blinn-Phong and Mandelbrot on 1 and 2 workers and
// reports the speed-up of 2 workers over 1 (x-speedup).
func BenchmarkScaling(b *testing.B) {
	type kern struct {
		name string
		pl   func(workers int) *exec.Pipeline
		d    exec.Dispatch
	}
	const n = 1 << 19
	pos, nrm := bpInputs(n)
	bp := []exec.Buffer{{Addr: 1 << 32, Data: f32bytes(pos)}, {Addr: 2 << 32, Data: f32bytes(nrm)}, {Addr: 3 << 32, Data: make([]byte, 16*n)}}
	mb := []exec.Buffer{{Addr: 1 << 32, Data: make([]byte, 4*512*512)}}
	ks := []kern{
		{"blinn_phong", func(w int) *exec.Pipeline { return benchPipeline(b, buildBlinnPhong(), "blinn_phong", w) },
			exec.Dispatch{Grid: exec.ThreadsGrid([3]uint32{n, 1, 1}, [3]uint32{1024, 1, 1}), Args: addrArgs(bp), Memory: mustMem(b, bp)}},
		{"mandelbrot", func(w int) *exec.Pipeline {
			return benchPipeline(b, buildMandelbrot(512, -2.2, -1.5, 3.0/512, 3.0/512, 256), "mandelbrot", w)
		}, exec.Dispatch{Grid: exec.ThreadsGrid([3]uint32{512, 512, 1}, [3]uint32{32, 32, 1}), Args: addrArgs(mb), Memory: mustMem(b, mb)}},
	}
	for _, k := range ks {
		b.Run(k.name, func(b *testing.B) {
			p1, p2 := k.pl(1), k.pl(2)
			var t1, t2 time.Duration
			for b.Loop() {
				timeIt(&t1, func() { runOrFail(b, p1, k.d) })
				timeIt(&t2, func() { runOrFail(b, p2, k.d) })
			}
			b.ReportMetric(float64(t1)/float64(t2), "x-speedup")
		})
	}
}
