package engine_test

import (
	"testing"

	"github.com/ingot-render/ingot/engine"
)

const tileMeshSrc = `
#include <metal_stdlib>
using namespace metal;
struct V { float4 position [[position]]; };
using Tri = metal::mesh<V, void, 3, 1, metal::topology::triangle>;
// One full-screen triangle.
[[mesh]] void cover(Tri out, uint lane [[thread_index_in_threadgroup]]) {
    V v;
    v.position = float4(lane == 1 ? 3.0 : -1.0, lane == 2 ? -3.0 : 1.0, 0.5, 1.0);
    out.set_vertex(lane, v);
    out.set_index(lane, uchar(lane));
    if (lane == 0) out.set_primitive_count(1);
}
struct C { uint n [[raster_order_group(0)]]; };
struct FOut { float4 c [[color(0)]]; C i [[imageblock_data]]; };
fragment FOut count_fs(V in [[stage_in]], C old [[imageblock_data]], threadgroup uint* tile [[threadgroup(0)]]) {
    FOut o;
    o.i.n = old.n + 1;
    o.c = float4(float(o.i.n) / 4.0, float(tile[0]) / 255.0, 0, 1);
    return o;
}
kernel void mark(threadgroup uint* tile [[threadgroup(0)]], ushort2 lid [[thread_position_in_threadgroup]], uint tix [[tile_index]]) {
    if (lid.x == 0 && lid.y == 0) {
        tile[0] = tix + 1;
    }
}
`

// Mesh draws in a tile-shading pass: their fragment function reads the
// persistent threadgroup memory a tile function wrote and keeps a count in
// an explicit imageblock across two draws, on 1 and 2 workers.
func TestMeshDrawTileArguments(t *testing.T) {
	const w, h = 45, 37
	for _, workers := range []int{1, 2} {
		r := newRenderRig(t, w, h, workers, false)
		lib := r.library(tileMeshSrc)
		mf, _ := lib.Function("cover")
		ff, _ := lib.Function("count_fs")
		md := &engine.MeshRenderPipelineDescriptor{MeshFunction: mf, FragmentFunction: ff}
		md.ColorAttachments[0].PixelFormat = r.color.PixelFormat()
		mp, err := r.dev.NewMeshRenderPipelineState(md)
		if err != nil {
			t.Fatal(err)
		}
		kf, _ := lib.Function("mark")
		td := &engine.TileRenderPipelineDescriptor{TileFunction: kf}
		td.ColorAttachments[0].PixelFormat = r.color.PixelFormat()
		tp, err := r.dev.NewTileRenderPipelineState(td)
		if err != nil {
			t.Fatal(err)
		}
		tr := &tileRig{renderRig: r}
		err = tr.run(false, func(d *engine.RenderPassDescriptor) {
			d.ImageblockSampleLength, d.ThreadgroupMemoryLength, d.TileWidth, d.TileHeight = 4, 16, 16, 16
		}, func(e *engine.RenderCommandEncoder) error {
			for _, f := range []func() error{
				func() error { return e.SetTileRenderPipelineState(tp) },
				func() error { return e.SetThreadgroupMemoryLength(16, 0, 0) },
				func() error { return e.DispatchThreadsPerTile(engine.Sz(16, 16, 1)) },
				func() error { return e.SetRenderPipelineState(mp) },
				func() error { return e.DrawMeshThreadgroups(engine.Sz(1, 1, 1), engine.Size{}, engine.Sz(3, 1, 1)) },
				func() error { return e.DrawMeshThreadgroups(engine.Sz(1, 1, 1), engine.Size{}, engine.Sz(3, 1, 1)) },
			} {
				if err := f(); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		tilesX := (w + 15) / 16
		for y := range h {
			for x := range w {
				want := [4]uint8{128, uint8(y/16*tilesX + x/16 + 1), 0, 255}
				if got := r.at(x, y); got != want {
					t.Fatalf("%d workers: pixel (%d, %d) is %v, want %v (count 2, tile %d)", workers, x, y, got, want, want[1]-1)
				}
			}
		}
	}
}
