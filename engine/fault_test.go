package engine_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/ingot-render/ingot/engine"
	"github.com/ingot-render/ingot/engine/exec"
	"github.com/ingot-render/ingot/shaders"
)

const faultSrc = `
#include <metal_stdlib>
using namespace metal;

kernel void oob_write(device float* out [[buffer(0)]], uint id [[thread_position_in_grid]]) {
    out[id] = 1.0f;
}

kernel void spin(device uint* out [[buffer(0)]], uint id [[thread_position_in_grid]]) {
    uint x = id;
    while (out[0] == 0) {
        x = x * 1664525u + 1013904223u;
    }
    out[1] = x;
}

kernel void misaligned(device uchar* bytes [[buffer(0)]], uint id [[thread_position_in_grid]]) {
    device float* f = (device float*)(bytes + 1);
    f[id] = 2.0f;
}

kernel void oob_thread_read(device float* out [[buffer(0)]], uint id [[thread_position_in_grid]]) {
    float a[4] = {1.0f, 2.0f, 3.0f, 4.0f};
    uint i = id < 4u ? id : id + 4096u;
    out[id] = a[i];
}

kernel void oob_thread_write(device float* out [[buffer(0)]], uint id [[thread_position_in_grid]]) {
    float a[4] = {1.0f, 2.0f, 3.0f, 4.0f};
    uint i = id < 4u ? id : id + 4096u;
    a[i] = out[id];
    out[id] = a[id & 3u];
}

kernel void fine(device float* out [[buffer(0)]], uint id [[thread_position_in_grid]]) {
    out[id] = float(id);
}
`

// faultOf returns the *exec.Fault of a failed command buffer.
func faultOf(t *testing.T, cb *engine.CommandBuffer) *exec.Fault {
	t.Helper()
	if cb.Status() != engine.StatusError {
		t.Fatalf("status %v, want error", cb.Status())
	}
	var f *exec.Fault
	if !errors.As(cb.Error(), &f) {
		t.Fatalf("error %v is not a shader fault", cb.Error())
	}
	return f
}

func TestFaults(t *testing.T) {
	d := newDevice(t, engine.DeviceOptions{Workers: 2, InstructionBudget: 1 << 20})
	lib, err := d.NewLibraryWithFile("faults.metal", []byte(faultSrc), engine.CompileOptions{})
	if err != nil {
		t.Fatal(err)
	}
	pl := func(name string) *engine.ComputePipelineState {
		fn, err := lib.Function(name)
		if err != nil {
			t.Fatal(err)
		}
		p, err := d.NewComputePipelineState(fn, nil, engine.ComputePipelineOptions{})
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	q := d.NewCommandQueue()
	small, _ := d.NewBuffer(16)
	big, _ := d.NewBuffer(4096)

	tests := []struct {
		name    string
		kernel  string
		buf     *engine.Buffer
		threads int
		kind    exec.FaultKind
		line    int
	}{
		{"oob write", "oob_write", small, 100, exec.FaultOutOfBounds, 6},
		{"budget", "spin", big, 64, exec.FaultBudget, 0},
		{"misaligned", "misaligned", big, 8, exec.FaultMisaligned, 19},
		{"oob thread read", "oob_thread_read", big, 64, exec.FaultOutOfBounds, 25},
		{"oob thread write", "oob_thread_write", big, 64, exec.FaultOutOfBounds, 31},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cb := dispatch(t, context.Background(), q, pl(tc.kernel), engine.Sz(tc.threads, 1, 1), engine.Sz(32, 1, 1),
				func(e *engine.ComputeCommandEncoder) { e.SetBuffer(tc.buf, 0, 0) })
			f := faultOf(t, cb)
			if f.Kind != tc.kind || f.Function != tc.kernel {
				t.Fatalf("fault %v, want %v in %s", f, tc.kind, tc.kernel)
			}
			if tc.line != 0 && (f.Pos.Line != tc.line || !strings.HasSuffix(f.Pos.Filename, "faults.metal")) {
				t.Fatalf("fault at %v, want faults.metal:%d", f.Pos, tc.line)
			}
			msg := cb.Error().Error()
			if !strings.Contains(msg, tc.kernel) || !strings.Contains(msg, "thread ") {
				t.Fatalf("message %q does not name the function and thread", msg)
			}
			if tc.kind == exec.FaultOutOfBounds && f.Thread[0] < 4 {
				t.Fatalf("OOB reported for thread %v, whose write is in bounds", f.Thread)
			}
			// The queue, the device and the process carry on.
			out, _ := d.NewBuffer(4 * 64)
			ok := dispatch(t, context.Background(), q, pl("fine"), engine.Sz(64, 1, 1), engine.Sz(32, 1, 1),
				func(e *engine.ComputeCommandEncoder) { e.SetBuffer(out, 0, 0) })
			if err := ok.Error(); err != nil || floats(out.Contents())[63] != 63 {
				t.Fatalf("command buffer after a fault: %v", err)
			}
		})
	}
}

func TestTimeBudget(t *testing.T) {
	d := newDevice(t, engine.DeviceOptions{TimeBudget: 50 * time.Millisecond})
	p := pipeline(t, d, faultSrc, "spin", nil)
	buf, _ := d.NewBuffer(64)
	start := time.Now()
	cb := dispatch(t, context.Background(), d.NewCommandQueue(), p, engine.Sz(64, 1, 1), engine.Sz(64, 1, 1),
		func(e *engine.ComputeCommandEncoder) { e.SetBuffer(buf, 0, 0) })
	f := faultOf(t, cb)
	if f.Kind != exec.FaultTimeout || !errors.Is(cb.Error(), engine.ErrTimeBudget) {
		t.Fatalf("fault %v, want a timeout", cb.Error())
	}
	if el := time.Since(start); el > 5*time.Second {
		t.Fatalf("stopped after %v", el)
	}
}

func TestCommandBufferTimeBudget(t *testing.T) {
	d := newDevice(t, engine.DeviceOptions{})
	p := pipeline(t, d, faultSrc, "spin", nil)
	buf, _ := d.NewBuffer(64)
	cb := d.NewCommandQueue().CommandBuffer(context.Background())
	if err := cb.SetTimeBudget(30 * time.Millisecond); err != nil {
		t.Fatal(err)
	}
	e, _ := cb.ComputeCommandEncoder()
	e.SetComputePipelineState(p)
	e.SetBuffer(buf, 0, 0)
	e.DispatchThreads(engine.Sz(32, 1, 1), engine.Sz(32, 1, 1))
	e.EndEncoding()
	cb.Commit()
	if err := cb.WaitUntilCompleted(); !errors.Is(err, engine.ErrTimeBudget) {
		t.Fatalf("error %v, want the time budget", err)
	}
	if err := cb.SetTimeBudget(time.Second); !errors.Is(err, engine.ErrCommitted) {
		t.Fatalf("SetTimeBudget after Commit: %v", err)
	}
}

func TestCancel(t *testing.T) {
	d := newDevice(t, engine.DeviceOptions{})
	p := pipeline(t, d, faultSrc, "spin", nil)
	buf, _ := d.NewBuffer(64)
	ctx, cancel := context.WithCancel(context.Background())
	q := d.NewCommandQueue()
	cb := q.CommandBuffer(ctx)
	e, _ := cb.ComputeCommandEncoder()
	e.SetComputePipelineState(p)
	e.SetBuffer(buf, 0, 0)
	e.DispatchThreads(engine.Sz(64, 1, 1), engine.Sz(64, 1, 1))
	e.EndEncoding()
	done := make(chan struct{})
	if err := cb.AddCompletedHandler(func(*engine.CommandBuffer) { close(done) }); err != nil {
		t.Fatal(err)
	}
	if err := cb.Commit(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(20 * time.Millisecond)
	cancel()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("cancelled command buffer did not stop")
	}
	if cb.Status() != engine.StatusError || !errors.Is(cb.Error(), context.Canceled) {
		t.Fatalf("status %v error %v, want cancelled", cb.Status(), cb.Error())
	}
}

func TestBindingErrors(t *testing.T) {
	d := newDevice(t, engine.DeviceOptions{})
	consts := engine.NewFunctionConstantValues()
	consts.SetConstantValueByName("use_scale", true)
	p := pipeline(t, d, string(shaders.Sample()), "add_vectors", consts)
	buf, _ := d.NewBuffer(64)
	tex, _ := d.NewTexture(engine.Texture2DDescriptor(engine.PixelFormatRGBA8Unorm, 4, 4, false))
	tests := []struct {
		name  string
		setup func(e *engine.ComputeCommandEncoder) error
		want  string
	}{
		{"missing out", func(e *engine.ComputeCommandEncoder) error {
			e.SetBuffer(buf, 0, 0)
			e.SetBuffer(buf, 0, 1)
			e.SetBuffer(buf, 0, 3)
			return e.DispatchThreads(engine.Sz(4, 1, 1), engine.Sz(4, 1, 1))
		}, `add_vectors: missing buffer at index 2 for argument "out"`},
		{"params too small", func(e *engine.ComputeCommandEncoder) error {
			for i := range 3 {
				e.SetBuffer(buf, 0, i)
			}
			e.SetBytes([]byte{1, 2, 3, 4}, 3)
			return e.DispatchThreads(engine.Sz(4, 1, 1), engine.Sz(4, 1, 1))
		}, `argument "params" at buffer index 3 needs 32 bytes, 4 bound`},
		{"index out of range", func(e *engine.ComputeCommandEncoder) error { return e.SetBuffer(buf, 0, 31) }, "SetBuffer: index 31 outside [0, 31)"},
		{"bad offset", func(e *engine.ComputeCommandEncoder) error { return e.SetBuffer(buf, 65, 0) }, "offset 65 at index 0 outside the buffer's 64 bytes"},
		{"texture index", func(e *engine.ComputeCommandEncoder) error { return e.SetTexture(tex, -1) }, "SetTexture: index -1"},
		{"handle for a buffer", func(e *engine.ComputeCommandEncoder) error {
			e.SetBuffer(buf, 0, 0)
			e.SetHandle(42, 1)
			e.SetBuffer(buf, 0, 2)
			e.SetBuffer(buf, 0, 3)
			return e.DispatchThreads(engine.Sz(4, 1, 1), engine.Sz(4, 1, 1))
		}, `resource handle is bound at buffer index 1, argument "b" needs a buffer`},
		{"threadgroup too big", func(e *engine.ComputeCommandEncoder) error {
			return e.DispatchThreads(engine.Sz(4, 1, 1), engine.Sz(64, 32, 1))
		}, "2048 threads per threadgroup, more than the pipeline's maxTotalThreadsPerThreadgroup 1024"},
		{"zero threadgroup", func(e *engine.ComputeCommandEncoder) error {
			return e.DispatchThreadgroups(engine.Sz(4, 1, 1), engine.Sz(0, 1, 1))
		}, "threadsPerThreadgroup.width is 0"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cb := d.NewCommandQueue().CommandBuffer(context.Background())
			e, err := cb.ComputeCommandEncoder()
			if err != nil {
				t.Fatal(err)
			}
			e.SetComputePipelineState(p)
			err = tc.setup(e)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want %q", err, tc.want)
			}
			if err := e.EndEncoding(); err == nil {
				t.Fatal("EndEncoding did not report the recorded error")
			}
			cb.Commit()
			if err := cb.WaitUntilCompleted(); err == nil || cb.Status() != engine.StatusError {
				t.Fatalf("command buffer with an encoding error: status %v, error %v", cb.Status(), err)
			}
		})
	}
}

func TestLifecycleErrors(t *testing.T) {
	d := newDevice(t, engine.DeviceOptions{})
	if _, err := d.NewBuffer(0); err == nil {
		t.Error("NewBuffer(0) succeeded")
	}
	if _, err := d.NewTexture(engine.TextureDescriptor{TextureType: engine.TextureType2D, PixelFormat: engine.PixelFormatRGBA8Unorm}); err == nil {
		t.Error("NewTexture with width 0 succeeded")
	}
	if _, err := engine.NewDevice(engine.DeviceOptions{Workers: -1}); err == nil || !strings.Contains(err.Error(), "Workers") {
		t.Errorf("NewDevice(Workers: -1): %v", err)
	}
	if _, err := engine.NewDevice(engine.DeviceOptions{Intrinsics: exec.Intrinsics{"x": nil}}); err == nil || !strings.Contains(err.Error(), `Intrinsics["x"]`) {
		t.Errorf("NewDevice with a nil intrinsic: %v", err)
	}
	q := d.NewCommandQueue()
	cb := q.CommandBuffer(context.Background())
	if err := cb.WaitUntilCompleted(); err == nil {
		t.Error("WaitUntilCompleted before Commit succeeded")
	}
	e, _ := cb.ComputeCommandEncoder()
	if _, err := cb.ComputeCommandEncoder(); err == nil {
		t.Error("second open encoder allowed")
	}
	if err := cb.Commit(); err == nil {
		t.Error("Commit with an open encoder succeeded")
	}
	if err := e.DispatchThreads(engine.Sz(1, 1, 1), engine.Sz(1, 1, 1)); err == nil || !strings.Contains(err.Error(), "no compute pipeline state") {
		t.Errorf("dispatch without pipeline: %v", err)
	}
	e.EndEncoding()
	cb2 := q.CommandBuffer(context.Background())
	if err := cb2.Commit(); err != nil {
		t.Fatal(err)
	}
	if err := cb2.Commit(); !errors.Is(err, engine.ErrCommitted) {
		t.Errorf("second Commit: %v", err)
	}
	if err := cb2.WaitUntilCompleted(); err != nil || cb2.Status() != engine.StatusCompleted {
		t.Errorf("empty command buffer: %v %v", cb2.Status(), err)
	}
	lib, _ := d.NewLibraryWithSource(string(shaders.Sample()), engine.CompileOptions{})
	if _, err := lib.Function("nope"); err == nil {
		t.Error("Function(nope) succeeded")
	}
	consts := engine.NewFunctionConstantValues()
	consts.SetConstantValue(0, 1.5)
	fn, _ := lib.Function("add_vectors")
	if _, err := d.NewComputePipelineState(fn, consts, engine.ComputePipelineOptions{}); err == nil || !strings.Contains(err.Error(), `"use_scale"`) {
		t.Errorf("float value for a bool constant: %v", err)
	}
}
