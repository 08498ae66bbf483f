package engine_test

import (
	"testing"

	"github.com/ingot-render/ingot/engine"
)

// TestRenderDiscardDemotes checks Metal's discard_fragment semantics
// (since MSL 2.3): a discarded fragment goes on as a helper lane, so a
// kept neighbour's derivative still sees its value, and nothing of it is
// stored; simd_is_helper_thread is false for the fragments that are kept,
// and get_num_samples is the pass's sample count.
func TestRenderDiscardDemotes(t *testing.T) {
	const src = `#include <metal_stdlib>
using namespace metal;
struct V { float4 position [[position]]; };
vertex V vquad(uint vid [[vertex_id]]) {
    float2 c = float2(float(vid & 1), float(vid >> 1));
    V o; o.position = float4(c.x * 2 - 1, 1 - c.y * 2, 0.5, 1); return o;
}
fragment float4 fdemote(V in [[stage_in]], device atomic_uint* writes [[buffer(0)]]) {
    float x = in.position.x;                        // column + 0.5
    if ((uint(x) & 1u) == 1u) discard_fragment();   // odd columns
    float d = dfdx(x * x);                          // (x+1)² - x² of the quad's pair: 2x + 1
    atomic_fetch_add_explicit(writes, 1u, memory_order_relaxed);
    return float4(d / 32.0, simd_is_helper_thread() ? 1.0 : 0.0, float(get_num_samples()) / 4.0, 1);
}
`
	r := newRenderRig(t, 8, 8, 0, false)
	lib := r.library(src)
	pl, err := r.pipeline(lib, "vquad", "fdemote", nil)
	if err != nil {
		t.Fatal(err)
	}
	counter := r.buffer(make([]byte, 4))
	err = r.pass([4]float64{0, 0, 0, 0}, func(e *engine.RenderCommandEncoder) error {
		e.SetRenderPipelineState(pl)
		e.SetFragmentBuffer(counter, 0, 0)
		return e.DrawPrimitives(engine.PrimitiveTypeTriangleStrip, 0, 4)
	})
	if err != nil {
		t.Fatal(err)
	}
	for y := range 8 {
		for x := range 8 {
			got := r.at(x, y)
			want := [4]uint8{}
			if x%2 == 0 {
				// d = 2(x+0.5) + 1 = 2x + 2; 255·d/32 rounded; one sample: 255/4.
				want = [4]uint8{uint8(float64(2*x+2)/32*255 + 0.5), 0, 64, 255}
			}
			if got != want {
				t.Errorf("pixel (%d, %d) = %v, want %v", x, y, got, want)
			}
		}
	}
	if n := uint32(counter.Contents()[0]) | uint32(counter.Contents()[1])<<8; n != 32 {
		t.Errorf("%d atomic increments, want 32 (the discarded fragments must not write)", n)
	}
}
