package engine_test

import (
	"context"
	"encoding/binary"
	"testing"

	"github.com/ingot-render/ingot/engine"
)

const trafficMeshSrc = `
#include <metal_stdlib>
using namespace metal;
struct Payload { uint v[4]; };
struct MV { float4 position [[position]]; };
using Tri = metal::mesh<MV, void, 3, 1, metal::topology::triangle>;
// 4 threads: a 4-byte load and an atomic add each; the payload and the
// grid properties are stage records.
[[object]] void tr_object(object_data Payload &p [[payload]], mesh_grid_properties g, device const uint* in [[buffer(0)]],
                          device atomic_uint* ctr [[buffer(1)]], uint t [[thread_index_in_threadgroup]]) {
    p.v[t] = in[t];
    atomic_fetch_add_explicit(ctr, 1u, memory_order_relaxed);
    if (t == 0) {
        g.set_threadgroups_per_grid(uint3(2, 1, 1));
    }
}
// 2 threadgroups of 3 threads: a 4-byte store each; the payload reads and
// the mesh outputs are stage records. A full-screen triangle per group.
[[mesh]] void tr_mesh(Tri out, const object_data Payload &p [[payload]], device uint* seen [[buffer(0)]],
                      uint lane [[thread_index_in_threadgroup]], uint tg [[threadgroup_position_in_grid]]) {
    seen[3 * tg + lane] = p.v[lane];
    MV v;
    v.position = float4(lane == 1 ? 3.0 : -1.0, lane == 2 ? -3.0 : 1.0, 0.5, 1.0);
    out.set_vertex(lane, v);
    out.set_index(lane, uchar(lane));
    if (lane == 0) {
        out.set_primitive_count(1);
    }
}
// Per fragment: an atomic add (4 read, 4 written) and an atomic load of a
// 32-bit counter (4 read).
fragment float4 tr_fs(MV in [[stage_in]], device atomic_uint* ctr [[buffer(0)]]) {
    atomic_fetch_add_explicit(&ctr[0], 1u, memory_order_relaxed);
    uint n = atomic_load_explicit(&ctr[1], memory_order_relaxed);
    return float4(float(n), 0, 0, 1);
}
// Per pixel: an atomic store (4 written); a compare-exchange of 0 → 1
// that succeeds once (4 read each, 4 written once).
kernel void tr_tile(device atomic_uint* ctr [[buffer(0)]], uint2 gid [[thread_position_in_grid]]) {
    if (gid.x < 45 && gid.y < 37) {
        atomic_store_explicit(&ctr[2], gid.x, memory_order_relaxed);
        uint want = 0;
        atomic_compare_exchange_weak_explicit(&ctr[3], &want, 1u, memory_order_relaxed, memory_order_relaxed);
    }
}
`

// RenderPassCounters' shader traffic covers the object and mesh stages
// (the payloads, grid properties and mesh outputs left out) and device
// atomics in every stage, exactly, on 1 and 2 workers.
func TestRenderPassShaderTrafficMeshAtomics(t *testing.T) {
	const w, h = 45, 37 // as tr_tile has them
	for _, workers := range []int{1, 2} {
		for _, count := range []bool{false, true} {
			r := newRenderRig(t, w, h, workers, false)
			lib := r.library(trafficMeshSrc)
			mp, err := r.meshPipeline(lib, "tr_object", "tr_mesh", "tr_fs", nil)
			if err != nil {
				t.Fatal(err)
			}
			fn, _ := lib.Function("tr_tile")
			td := &engine.TileRenderPipelineDescriptor{TileFunction: fn}
			td.ColorAttachments[0].PixelFormat = r.color.PixelFormat()
			tp, err := r.dev.NewTileRenderPipelineState(td)
			if err != nil {
				t.Fatal(err)
			}
			in := r.buffer([]byte{1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 4, 0, 0, 0})
			octr, seen, ctr := r.buffer(make([]byte, 4)), r.buffer(make([]byte, 24)), r.buffer(make([]byte, 16))
			cb := r.q.CommandBuffer(context.Background())
			var pd engine.RenderPassDescriptor
			pd.CountShaderTraffic = count
			pd.ColorAttachments[0].Texture, pd.ColorAttachments[0].LoadAction, pd.ColorAttachments[0].StoreAction = r.color, engine.LoadActionClear, engine.StoreActionStore
			e, err := cb.RenderCommandEncoder(&pd)
			if err != nil {
				t.Fatal(err)
			}
			for i, err := range []error{
				e.SetRenderPipelineState(mp), e.SetObjectBuffer(in, 0, 0), e.SetObjectBuffer(octr, 0, 1), e.SetMeshBuffer(seen, 0, 0),
				e.SetFragmentBuffer(ctr, 0, 0),
				e.DrawMeshThreadgroups(engine.Sz(1, 1, 1), engine.Sz(4, 1, 1), engine.Sz(3, 1, 1)),
				e.SetTileRenderPipelineState(tp), e.SetTileBuffer(ctr, 0, 0),
				e.DispatchThreadsPerTile(engine.Sz(e.TileWidth(), e.TileHeight(), 1)),
			} {
				if err != nil {
					t.Fatalf("step %d: %v", i, err)
				}
			}
			e.EndEncoding()
			if err := cb.Commit(); err != nil {
				t.Fatal(err)
			}
			if err := cb.WaitUntilCompleted(); err != nil {
				t.Fatal(err)
			}
			got := cb.RenderPassCounters()[0]
			want := engine.RenderPassCounters{BytesWritten: w * h * 4}
			if count {
				const frags = 2 * w * h            // two full-screen triangles
				want.ShaderBytesRead = 4*4 + 4*4 + // object: loads, atomic adds
					frags*(4+4) + // fragment: atomic adds, atomic loads
					w*h*4 // tile: compare-exchanges
				want.ShaderBytesWritten = 4*4 + // object: atomic adds
					6*4 + // mesh: stores
					frags*4 + // fragment: atomic adds
					w*h*4 + 4 // tile: atomic stores, one swap
			}
			if got != want {
				t.Errorf("%d workers, CountShaderTraffic %v: counters %+v, want %+v", workers, count, got, want)
			}
			c := ctr.Contents()
			if n := binary.LittleEndian.Uint32(c); n != 2*w*h || binary.LittleEndian.Uint32(c[12:]) != 1 || binary.LittleEndian.Uint32(octr.Contents()) != 4 {
				t.Errorf("%d workers: counters %v, object counter %v", workers, c, octr.Contents())
			}
			if s := seen.Contents(); binary.LittleEndian.Uint32(s[20:]) != 3 {
				t.Errorf("%d workers: mesh stores %v", workers, s)
			}
		}
	}
}
