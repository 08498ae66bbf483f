package engine_test

import (
	"context"
	"encoding/binary"
	"fmt"
	"testing"

	"github.com/ingot-render/ingot/engine"
)

const rogSrc = `
#include <metal_stdlib>
using namespace metal;
struct VOut { float4 pos [[position]]; uint id [[flat]]; };
vertex VOut rog_vs(uint vid [[vertex_id]], constant float4* v [[buffer(0)]]) {
    VOut o;
    o.pos = v[vid];
    o.id = vid / 3 + 1;
    return o;
}
// Non-commutative accumulation: the value is the covering primitives' ids
// in the order they ran.
fragment void rog_fs(VOut in [[stage_in]], device uint* acc [[buffer(0), raster_order_group(0)]], constant uint& width [[buffer(1)]]) {
    uint i = uint(in.pos.y) * width + uint(in.pos.x);
    acc[i] = acc[i] * 7u + in.id;
}
struct Acc { uint v [[raster_order_group(0)]]; };
struct AccOut { Acc a [[imageblock_data]]; };
fragment AccOut rog_ib_fs(VOut in [[stage_in]], Acc old [[imageblock_data]]) {
    AccOut o;
    o.a.v = old.v * 7u + in.id;
    return o;
}
kernel void dump_acc(imageblock<Acc> ib, device uint* out [[buffer(0)]], constant uint& width [[buffer(1)]],
                     ushort2 lid [[thread_position_in_threadgroup]], uint2 gid [[thread_position_in_grid]]) {
    if (gid.x < width && gid.y < 30) {
        out[gid.y * width + gid.x] = ib.data(lid)->v;
    }
}
fragment void cover_fs(VOut in [[stage_in]], device uint* cov [[buffer(0)]], constant uint& width [[buffer(1)]]) {
    cov[uint(in.pos.y) * width + uint(in.pos.x)] = 1;
}
`

// Raster order groups: overlapping fragments of one draw (which the
// rasterizer would otherwise shade in one batch) read-modify-write a
// device buffer, or an explicit imageblock, in primitive order, on any
// worker count.
func TestRasterOrderGroupDeviceBuffer(t *testing.T) {
	const w, h, ntri = 40, 30, 7
	var pos []float32
	for i := range ntri {
		f := float32(i) / ntri
		pos = append(pos, -1+0.2*f, -1, 0.5, 1, 1, -0.8+f, 0.5, 1, -0.6*f, 1, 0.5, 1)
	}
	wb := binary.LittleEndian.AppendUint32(nil, w)
	run := func(r *renderRig, fs string, first, n int) []uint32 {
		t.Helper()
		lib := r.library(rogSrc)
		p, err := r.pipeline(lib, "rog_vs", fs, func(d *engine.RenderPipelineDescriptor) { d.ColorAttachments[0].PixelFormat = 0 })
		if err != nil {
			t.Fatal(err)
		}
		buf, err := r.dev.NewBuffer(w * h * 4)
		if err != nil {
			t.Fatal(err)
		}
		cb := r.q.CommandBuffer(context.Background())
		pd := engine.RenderPassDescriptor{RenderTargetWidth: w, RenderTargetHeight: h}
		ib := fs == "rog_ib_fs"
		if ib {
			pd.ImageblockSampleLength = 4
		}
		e, err := cb.RenderCommandEncoder(&pd)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range []func() error{
			func() error { return e.SetRenderPipelineState(p) },
			func() error { return e.SetVertexBytes(floatBytes(pos), 0) },
			func() error { return e.SetFragmentBuffer(buf, 0, 0) },
			func() error { return e.SetFragmentBytes(wb, 1) },
			func() error { return e.DrawPrimitives(engine.PrimitiveTypeTriangle, 3*first, 3*n) },
			func() error {
				if !ib {
					return nil
				}
				fn, _ := lib.Function("dump_acc")
				tp, err := r.dev.NewTileRenderPipelineState(&engine.TileRenderPipelineDescriptor{TileFunction: fn})
				if err != nil {
					return err
				}
				if err := e.SetTileRenderPipelineState(tp); err != nil {
					return err
				}
				if err := e.SetTileBuffer(buf, 0, 0); err != nil {
					return err
				}
				if err := e.SetTileBytes(wb, 1); err != nil {
					return err
				}
				return e.DispatchThreadsPerTile(engine.Sz(32, 32, 1))
			},
		} {
			if err := f(); err != nil {
				t.Fatal(err)
			}
		}
		e.EndEncoding()
		if err := cb.Commit(); err != nil {
			t.Fatal(err)
		}
		if err := cb.WaitUntilCompleted(); err != nil {
			t.Fatal(err)
		}
		out := make([]uint32, w*h)
		for i := range out {
			out[i] = binary.LittleEndian.Uint32(buf.Contents()[4*i:])
		}
		return out
	}
	// The reference: each triangle's coverage, folded in order.
	ref := make([]uint32, w*h)
	overlap := 0
	rr := newRenderRig(t, w, h, 1, false)
	depth := make([]int, w*h)
	for k := range ntri {
		cov := run(rr, "cover_fs", k, 1)
		for i, c := range cov {
			if c != 0 {
				ref[i] = ref[i]*7 + uint32(k+1)
				depth[i]++
			}
		}
	}
	for _, d := range depth {
		if d > 2 {
			overlap++
		}
	}
	if overlap < 50 {
		t.Fatalf("only %d pixels with 3 or more layers", overlap)
	}
	for _, fs := range []string{"rog_fs", "rog_ib_fs"} {
		for _, workers := range []int{1, 2, 3} {
			t.Run(fmt.Sprintf("%s/workers%d", fs, workers), func(t *testing.T) {
				got := run(newRenderRig(t, w, h, workers, false), fs, 0, ntri)
				for i := range got {
					if got[i] != ref[i] {
						t.Fatalf("pixel (%d, %d): %d, want %d (primitive order)", i%w, i/w, got[i], ref[i])
					}
				}
			})
		}
	}
}
