package engine_test

import (
	"context"
	"encoding/binary"
	"testing"

	"github.com/ingot-render/ingot/engine"
)

const fetchTrafficSrc = `
#include <metal_stdlib>
using namespace metal;
struct P { float2 p [[attribute(0)]]; float4 c [[attribute(1)]]; };
struct PI { float2 p [[attribute(0)]]; float4 c [[attribute(1)]]; float2 offset [[attribute(2)]]; };
struct V { float4 position [[position]]; float4 color; };
vertex V fetch_vs(P in [[stage_in]]) { V o; o.position = float4(in.p, 0.5, 1); o.color = in.c; return o; }
vertex V fetch_inst_vs(PI in [[stage_in]]) { V o; o.position = float4(in.p + in.offset, 0.5, 1); o.color = in.c; return o; }
fragment float4 fetch_fs(V in [[stage_in]]) { return in.color; }
`

// The vertex-descriptor fetch's shader traffic: the attribute formats'
// bytes once per fetched vertex record (each vertex the draw shades, per
// instance), exactly, nothing else read or written by shaders that touch
// no buffer; nothing unless the pass asks.
func TestRenderPassFetchTraffic(t *testing.T) {
	quad := []float32{-1, -1, 1, -1, -1, 1, 1, 1} // four corners
	cases := []struct {
		name     string
		vert     string
		attrs    map[int]engine.VertexAttributeDescriptor
		layouts  map[int]engine.VertexBufferLayoutDescriptor
		buffers  map[int][]byte
		indices  []uint32 // nil: DrawPrimitives of count vertices
		count    int
		inst     int
		wantRead int64
	}{
		{name: "float2 and float4, three vertices", vert: "fetch_vs",
			attrs:   map[int]engine.VertexAttributeDescriptor{0: {Format: engine.AttributeFormatFloat2}, 1: {Format: engine.AttributeFormatFloat4, Offset: 8}},
			layouts: map[int]engine.VertexBufferLayoutDescriptor{0: {Stride: 24}},
			buffers: map[int][]byte{0: make([]byte, 3*24)}, count: 3, inst: 1,
			wantRead: 3 * (8 + 16)},
		{name: "half2 and packed uchar4 colour in two buffers", vert: "fetch_vs",
			attrs:   map[int]engine.VertexAttributeDescriptor{0: {Format: engine.AttributeFormatHalf2}, 1: {Format: engine.AttributeFormatUChar4Normalized, BufferIndex: 1}},
			layouts: map[int]engine.VertexBufferLayoutDescriptor{0: {Stride: 4}, 1: {Stride: 8}},
			buffers: map[int][]byte{0: make([]byte, 6*4), 1: make([]byte, 6*8)}, count: 6, inst: 1,
			wantRead: 6 * (4 + 4)},
		{name: "indexed quad, shared vertices, two instances, per-instance offset", vert: "fetch_inst_vs",
			attrs: map[int]engine.VertexAttributeDescriptor{0: {Format: engine.AttributeFormatFloat2}, 1: {Format: engine.AttributeFormatFloat4, BufferIndex: 1},
				2: {Format: engine.AttributeFormatFloat2, BufferIndex: 2}},
			layouts: map[int]engine.VertexBufferLayoutDescriptor{0: {Stride: 8}, 1: {Stride: 16},
				2: {Stride: 8, StepFunction: engine.VertexStepFunctionPerInstance}},
			buffers: map[int][]byte{0: floatBytes(quad), 1: make([]byte, 4*16), 2: make([]byte, 2*8)},
			indices: []uint32{0, 1, 2, 1, 3, 2}, inst: 2,
			wantRead: 4 * 2 * (8 + 16 + 8)}, // four distinct vertices per instance
	}
	for _, c := range cases {
		for _, count := range []bool{false, true} {
			r := newRenderRig(t, 16, 16, 2, false)
			lib := r.library(fetchTrafficSrc)
			p, err := r.pipeline(lib, c.vert, "fetch_fs", func(d *engine.RenderPipelineDescriptor) {
				d.VertexDescriptor = &engine.VertexDescriptor{Attributes: c.attrs, Layouts: c.layouts}
			})
			if err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			var ib *engine.Buffer
			if c.indices != nil {
				if ib, err = r.dev.NewBuffer(4 * len(c.indices)); err != nil {
					t.Fatal(err)
				}
				for i, x := range c.indices {
					binary.LittleEndian.PutUint32(ib.Contents()[4*i:], x)
				}
			}
			cb := r.q.CommandBuffer(context.Background())
			var pd engine.RenderPassDescriptor
			pd.CountShaderTraffic = count
			pd.ColorAttachments[0].Texture, pd.ColorAttachments[0].LoadAction, pd.ColorAttachments[0].StoreAction = r.color, engine.LoadActionClear, engine.StoreActionStore
			e, err := cb.RenderCommandEncoder(&pd)
			if err != nil {
				t.Fatal(err)
			}
			encode := func() error {
				if err := e.SetRenderPipelineState(p); err != nil {
					return err
				}
				for i, b := range c.buffers {
					if err := e.SetVertexBytes(b, i); err != nil {
						return err
					}
				}
				if ib != nil {
					return e.DrawIndexedPrimitives(engine.PrimitiveTypeTriangle, len(c.indices), engine.IndexTypeUInt32, ib, 0, c.inst, 0, 0)
				}
				return e.DrawPrimitivesInstanced(engine.PrimitiveTypeTriangle, 0, c.count, c.inst, 0)
			}
			if err := encode(); err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			e.EndEncoding()
			if err := cb.Commit(); err != nil {
				t.Fatal(err)
			}
			if err := cb.WaitUntilCompleted(); err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			got := cb.RenderPassCounters()[0]
			var want int64
			if count {
				want = c.wantRead
			}
			if got.ShaderBytesRead != want || got.ShaderBytesWritten != 0 {
				t.Errorf("%s, CountShaderTraffic %v: shader bytes read %d, written %d; want %d, 0", c.name, count, got.ShaderBytesRead, got.ShaderBytesWritten, want)
			}
		}
	}
}
