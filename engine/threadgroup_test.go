package engine_test

import (
	"context"
	"strings"
	"testing"

	"github.com/ingot-render/ingot/engine"
)

// Static threadgroup variables and two [[threadgroup(i)]] arguments whose
// lengths are set at dispatch: each threadgroup reverses its slice of the
// input through shared memory, with barriers.
const tgSrc = `
#include <metal_stdlib>
using namespace metal;

kernel void reverse(device const uint* in [[buffer(0)]],
                    device uint* out [[buffer(1)]],
                    threadgroup uint* a [[threadgroup(0)]],
                    threadgroup uint* b [[threadgroup(1)]],
                    uint gid [[thread_position_in_grid]],
                    uint tid [[thread_index_in_threadgroup]],
                    uint n [[threads_per_threadgroup]])
{
    threadgroup uint marker[4];
    if (tid == 0) { marker[0] = 7u; }
    a[tid] = in[gid];
    threadgroup_barrier(mem_flags::mem_threadgroup);
    b[tid] = a[n - 1 - tid] + marker[0];
    threadgroup_barrier(mem_flags::mem_threadgroup);
    out[gid] = b[tid];
}
`

func TestThreadgroupMemory(t *testing.T) {
	d := newDevice(t, engine.DeviceOptions{Workers: 2})
	p := pipeline(t, d, tgSrc, "reverse", nil)
	if p.StaticThreadgroupMemoryLength() != 16 {
		t.Errorf("StaticThreadgroupMemoryLength = %d, want 16", p.StaticThreadgroupMemoryLength())
	}
	const n, tg = 1000, 128 // the last threadgroup is partial (104 threads)
	in := make([]byte, 4*n)
	for i := range n {
		put32(in, 4*i, uint32(i))
	}
	bin, _ := d.NewBufferWithBytes(in)
	out, _ := d.NewBuffer(4 * n)
	cb := dispatch(t, context.Background(), d.NewCommandQueue(), p, engine.Sz(n, 1, 1), engine.Sz(tg, 1, 1), func(e *engine.ComputeCommandEncoder) {
		e.SetBuffer(bin, 0, 0)
		e.SetBuffer(out, 0, 1)
		e.SetThreadgroupMemoryLength(4*tg, 0)
		e.SetThreadgroupMemoryLength(4*tg-3, 1) // rounded up to 16
	})
	if err := cb.Error(); err != nil {
		t.Fatal(err)
	}
	for i := range n {
		g := i / tg * tg
		size := min(tg, n-g)
		want := uint32(g+size-1-(i-g)) + 7
		if got := binary32(out.Contents(), 4*i); got != want {
			t.Fatalf("out[%d] = %d, want %d", i, got, want)
		}
	}

	// Too much threadgroup memory, and a missing length, are errors.
	for _, tc := range []struct {
		name string
		set  func(e *engine.ComputeCommandEncoder)
		want string
	}{
		{"too much", func(e *engine.ComputeCommandEncoder) {
			e.SetThreadgroupMemoryLength(16<<10, 0)
			e.SetThreadgroupMemoryLength(16<<10, 1)
		}, "more than 32768"},
		{"missing", func(e *engine.ComputeCommandEncoder) { e.SetThreadgroupMemoryLength(64, 0) }, `missing threadgroup memory length at index 1 for argument "b"`},
	} {
		cb := d.NewCommandQueue().CommandBuffer(context.Background())
		e, _ := cb.ComputeCommandEncoder()
		e.SetComputePipelineState(p)
		e.SetBuffer(bin, 0, 0)
		e.SetBuffer(out, 0, 1)
		tc.set(e)
		if err := e.DispatchThreads(engine.Sz(n, 1, 1), engine.Sz(tg, 1, 1)); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want %q", tc.name, err, tc.want)
		}
		e.EndEncoding()
	}
}
