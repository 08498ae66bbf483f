package engine_test

import (
	"context"
	"testing"

	"github.com/ingot-render/ingot/engine"
)

const vbSrc = `
#include <metal_stdlib>
using namespace metal;
struct S { float a; float b; };
struct G { device S* items; uint n; int pad; };
kernel void k(device G* gs [[buffer(0)]], device float* out [[buffer(1)]], uint id [[thread_position_in_grid]]) {
    device G& g = gs[id % 2];
    int j = int(id % 3) - 1;
    out[id] = g.items[id % 3].b + 100.0f * g.items[j + 1].a;
}
`

// TestVaryingBaseLoads: loads through a pointer read per lane, with a
// scaled index and a member offset (fused varying-base addressing).
func TestVaryingBaseLoads(t *testing.T) {
	d := newDevice(t, engine.DeviceOptions{Workers: 1})
	p := pipeline(t, d, vbSrc, "k", nil)
	items := newBuffer(t, d, le(nil, float32(1), float32(2), float32(3), float32(4), float32(5), float32(6)))
	items2 := newBuffer(t, d, le(nil, float32(10), float32(20), float32(30), float32(40), float32(50), float32(60)))
	gs := newBuffer(t, d, le(nil, items.GPUAddress(), uint32(3), int32(0), items2.GPUAddress(), uint32(3), int32(0)))
	out, _ := d.NewBuffer(4 * 64)
	cb := dispatch(t, context.Background(), d.NewCommandQueue(), p, engine.Sz(64, 1, 1), engine.Sz(64, 1, 1), func(e *engine.ComputeCommandEncoder) {
		e.SetBuffer(gs, 0, 0)
		e.SetBuffer(out, 0, 1)
		e.UseResource(items)
		e.UseResource(items2)
	})
	must(t, cb.Error())
	got := floats(out.Contents())
	for id := 0; id < 64; id++ {
		base := [][]float32{{1, 2, 3, 4, 5, 6}, {10, 20, 30, 40, 50, 60}}[id%2]
		k := id % 3
		want := base[2*k+1] + 100*base[2*k]
		if got[id] != want {
			t.Fatalf("out[%d] = %v, want %v", id, got[id], want)
		}
	}
}

const float4StoreSrc = `
#include <metal_stdlib>
using namespace metal;
kernel void put4(device float4* out [[buffer(0)]], device float3* out3 [[buffer(1)]],
                 uint id [[thread_position_in_grid]], uint n [[threads_per_grid]]) {
    out3[(id * 7) % n] = float3(float(id), 1.0f, 2.0f); // scattered indices
    if (id % 5 == 3) {
        return; // some lanes do not store: the grouped store's slow path
    }
    out[id] = float4(float(id), float(id) * 2.0f, -float(id), 0.5f);
}
`

// TestGroupedStores: float4/float3 stores to consecutive and scattered
// elements, with every lane and with some lanes storing.
func TestGroupedStores(t *testing.T) {
	d := newDevice(t, engine.DeviceOptions{Workers: 2})
	p := pipeline(t, d, float4StoreSrc, "put4", nil)
	const n = 130
	out, _ := d.NewBuffer(16 * n)
	out3, _ := d.NewBuffer(16 * n)
	cb := dispatch(t, context.Background(), d.NewCommandQueue(), p, engine.Sz(n, 1, 1), engine.Sz(64, 1, 1), func(e *engine.ComputeCommandEncoder) {
		e.SetBuffer(out, 0, 0)
		e.SetBuffer(out3, 0, 1)
	})
	must(t, cb.Error())
	got, got3 := floats(out.Contents()), floats(out3.Contents())
	for id := range n {
		want := []float32{float32(id), 2 * float32(id), -float32(id), 0.5}
		if id%5 == 3 {
			want = []float32{0, 0, 0, 0}
		}
		for k := range 4 {
			if got[4*id+k] != want[k] {
				t.Fatalf("out[%d] = %v, want %v", id, got[4*id:4*id+4], want)
			}
		}
		j := (id * 7) % n
		if got3[4*j] != float32(id) || got3[4*j+1] != 1 || got3[4*j+2] != 2 {
			t.Fatalf("out3[%d] = %v, want (%d, 1, 2)", j, got3[4*j:4*j+3], id)
		}
	}
}
