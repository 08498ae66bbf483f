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
