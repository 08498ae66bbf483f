package engine_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"math"
	"os"
	"testing"

	"github.com/ingot-render/ingot/engine"
	"github.com/ingot-render/ingot/shaders"
)

// newDevice returns a device with the given worker count.
func newDevice(t testing.TB, opts engine.DeviceOptions) *engine.Device {
	t.Helper()
	d, err := engine.NewDevice(opts)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// pipeline compiles src and returns the pipeline of kernel name.
func pipeline(t testing.TB, d *engine.Device, src, name string, consts *engine.FunctionConstantValues) *engine.ComputePipelineState {
	t.Helper()
	lib, err := d.NewLibraryWithSource(src, engine.CompileOptions{})
	if err != nil {
		t.Fatalf("compile: %v", err)
	}
	fn, err := lib.Function(name)
	if err != nil {
		t.Fatal(err)
	}
	p, err := d.NewComputePipelineState(fn, consts, engine.ComputePipelineOptions{Reflection: true})
	if err != nil {
		t.Fatalf("pipeline: %v", err)
	}
	return p
}

// dispatch encodes one dispatch (after setup binds resources), commits
// and waits; it returns the command buffer.
func dispatch(t testing.TB, ctx context.Context, q *engine.CommandQueue, p *engine.ComputePipelineState, threads, tg engine.Size, setup func(e *engine.ComputeCommandEncoder)) *engine.CommandBuffer {
	t.Helper()
	cb := q.CommandBuffer(ctx)
	e, err := cb.ComputeCommandEncoder()
	if err != nil {
		t.Fatal(err)
	}
	if err := e.SetComputePipelineState(p); err != nil {
		t.Fatal(err)
	}
	if setup != nil {
		setup(e)
	}
	_ = e.DispatchThreads(threads, tg)
	_ = e.EndEncoding()
	if err := cb.Commit(); err != nil {
		t.Fatal(err)
	}
	_ = cb.WaitUntilCompleted()
	return cb
}

func floats(b []byte) []float32 {
	out := make([]float32, len(b)/4)
	for i := range out {
		out[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
	}
	return out
}

func floatBytes(v []float32) []byte {
	b := make([]byte, 4*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(x))
	}
	return b
}

func TestAddVectorsSample(t *testing.T) {
	d := newDevice(t, engine.DeviceOptions{})
	for _, scale := range []bool{false, true} {
		consts := engine.NewFunctionConstantValues()
		if err := consts.SetConstantValueByName("use_scale", scale); err != nil {
			t.Fatal(err)
		}
		p := pipeline(t, d, string(shaders.Sample()), "add_vectors", consts)
		const n = 1000
		a, b := make([]float32, n), make([]float32, n)
		for i := range a {
			a[i], b[i] = float32(i), float32(2*i)+0.5
		}
		ba, _ := d.NewBufferWithBytes(floatBytes(a))
		bb, _ := d.NewBufferWithBytes(floatBytes(b))
		out, _ := d.NewBuffer(4 * (n + 8))
		params := make([]byte, 32)
		binary.LittleEndian.PutUint32(params[0:], math.Float32bits(3))
		binary.LittleEndian.PutUint32(params[4:], n)
		cb := dispatch(t, context.Background(), d.NewCommandQueue(), p, engine.Sz(n+8, 1, 1), engine.Sz(64, 1, 1), func(e *engine.ComputeCommandEncoder) {
			e.SetBuffer(ba, 0, 0)
			e.SetBuffer(bb, 0, 1)
			e.SetBuffer(out, 0, 2)
			e.SetBytes(params, 3)
		})
		if err := cb.Error(); err != nil {
			t.Fatal(err)
		}
		if cb.Status() != engine.StatusCompleted {
			t.Fatalf("status %v", cb.Status())
		}
		got := floats(out.Contents())
		for i := 0; i < n; i++ {
			want := a[i] + b[i]
			if scale {
				want *= 3
			}
			if got[i] != want {
				t.Fatalf("scale=%v: out[%d] = %v, want %v", scale, i, got[i], want)
			}
		}
		for i := n; i < n+8; i++ {
			if got[i] != 0 {
				t.Fatalf("out[%d] = %v written past params.count", i, got[i])
			}
		}
	}
}

// TestDeterminism runs kernels with divergent loops, SIMD-group reductions
// and threadgroup memory on 1 and 2 workers and requires identical bytes.
func TestDeterminism(t *testing.T) {
	src, err := os.ReadFile("bench_kernels.metal")
	if err != nil {
		t.Fatal(err)
	}
	results := map[int][][]byte{}
	for _, workers := range []int{1, 2} {
		d := newDevice(t, engine.DeviceOptions{Workers: workers})
		q := d.NewCommandQueue()
		mandel, _ := d.NewBuffer(4 * 96 * 80)
		it := make([]byte, 4)
		binary.LittleEndian.PutUint32(it, 200)
		cb := dispatch(t, context.Background(), q, pipeline(t, d, string(src), "mandelbrot", nil), engine.Sz(96, 80, 1), engine.Sz(16, 8, 1), func(e *engine.ComputeCommandEncoder) {
			e.SetBuffer(mandel, 0, 0)
			e.SetBytes(it, 1)
		})
		if err := cb.Error(); err != nil {
			t.Fatal(err)
		}
		in := make([]float32, 64*1024)
		for i := range in {
			in[i] = float32(math.Sin(float64(i))) * 1000
		}
		bin, _ := d.NewBufferWithBytes(floatBytes(in))
		partial, _ := d.NewBuffer(4 * 64)
		cb = dispatch(t, context.Background(), q, pipeline(t, d, string(src), "reduce_sum", nil), engine.Sz(len(in)/4, 1, 1), engine.Sz(256, 1, 1), func(e *engine.ComputeCommandEncoder) {
			e.SetBuffer(bin, 0, 0)
			e.SetBuffer(partial, 0, 1)
		})
		if err := cb.Error(); err != nil {
			t.Fatal(err)
		}
		results[workers] = [][]byte{mandel.Contents(), partial.Contents()}
	}
	for k := range results[1] {
		if !bytes.Equal(results[1][k], results[2][k]) {
			t.Fatalf("result %d differs between 1 and 2 workers", k)
		}
	}
}

// TestOrdering checks that dispatches of one encoder, and command buffers
// of one queue, run in order: each step doubles the previous result.
func TestOrdering(t *testing.T) {
	d := newDevice(t, engine.DeviceOptions{Workers: 2})
	p := pipeline(t, d, `
#include <metal_stdlib>
using namespace metal;
kernel void twice(device float* v [[buffer(0)]], uint i [[thread_position_in_grid]]) { v[i] = v[i] * 2.0f + 1.0f; }
`, "twice", nil)
	buf, _ := d.NewBuffer(4 * 100)
	q := d.NewCommandQueue()
	var order []int
	var cbs []*engine.CommandBuffer
	for k := range 4 {
		cb := q.CommandBuffer(context.Background())
		e, _ := cb.ComputeCommandEncoder()
		e.SetComputePipelineState(p)
		e.SetBuffer(buf, 0, 0)
		for range 3 {
			e.DispatchThreads(engine.Sz(100, 1, 1), engine.Sz(32, 1, 1))
			e.MemoryBarrier()
		}
		if err := e.EndEncoding(); err != nil {
			t.Fatal(err)
		}
		cb.AddCompletedHandler(func(*engine.CommandBuffer) { order = append(order, k) })
		if err := cb.Commit(); err != nil {
			t.Fatal(err)
		}
		cbs = append(cbs, cb)
	}
	for _, cb := range cbs {
		if err := cb.WaitUntilCompleted(); err != nil {
			t.Fatal(err)
		}
	}
	// 12 steps of v = 2v + 1 from 0 give 2^12 - 1.
	if got := floats(buf.Contents())[99]; got != 4095 {
		t.Fatalf("v = %v, want 4095", got)
	}
	for i, k := range order {
		if i != k {
			t.Fatalf("completion order %v", order)
		}
	}
}
