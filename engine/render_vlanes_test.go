package engine_test

import (
	"encoding/binary"
	"math"
	"strings"
	"testing"

	"github.com/ingot-render/ingot/engine"
)

// vlanesSrc exercises the vertex records: attributes of several formats
// and step functions, the vertex built-ins, and outputs of several kinds
// (float and half varyings, flat integers, point size).
const vlanesSrc = `#include <metal_stdlib>
using namespace metal;
struct In {
    float3 p [[attribute(0)]];
    half2 h [[attribute(1)]];
    float4 c [[attribute(2)]];
    float2 off [[attribute(3)]];
    short2 s [[attribute(4)]];
    float k [[attribute(5)]];
};
struct V {
    float4 position [[position]];
    float4 color;
    half2 h;
    uint id [[flat]];
    float size [[point_size]];
};
vertex V vl(In in [[stage_in]], uint vid [[vertex_id]], uint iid [[instance_id]],
            uint bv [[base_vertex]], uint bi [[base_instance]]) {
    V o;
    o.position = float4(in.p.xy + in.off + float2(in.s) * 0.001, in.p.z, 1.0 + in.k);
    o.color = in.c * float4(1.0, 1.0, float(vid % 7) / 7.0, 1.0);
    o.h = in.h * half(iid + 1);
    o.id = vid * 3 + iid + bv + bi * 5;
    o.size = 1.0;
    return o;
}
fragment float4 fl(V in [[stage_in]]) {
    return float4(in.color.rgb * 0.7 + float3(float(in.h.x), float(in.h.y), 0.0) * 0.3,
                  float(in.id % 13) / 13.0);
}
vertex V vpts(In in [[stage_in]], uint vid [[vertex_id]]) {
    V o;
    o.position = float4(in.p.xy, 0.5, 1.0);
    o.color = in.c;
    o.h = in.h;
    o.id = vid;
    o.size = 1.0 + float(vid % 4);
    return o;
}
`

// TestVertexRecordsLaneMajor: vertex functions' lane-major records give
// the image of record-major ones, for attributes of several formats and
// step functions, built-ins, partial batches, instances, index buffers
// with a base vertex, and points with sizes; and a vertex fetch past the
// buffer is the same error.
func TestVertexRecordsLaneMajor(t *testing.T) {
	const nv = 150 // more than two batches, the last one partial
	var buf0, buf1, buf2 []byte
	le := binary.LittleEndian
	for i := range nv {
		x := float32(math.Sin(float64(i)*1.3)) * 0.9
		y := float32(math.Cos(float64(i)*0.7)) * 0.9
		buf0 = le.AppendUint32(buf0, math.Float32bits(x))
		buf0 = le.AppendUint32(buf0, math.Float32bits(y))
		buf0 = le.AppendUint32(buf0, math.Float32bits(float32(i%10)/10))
		buf0 = le.AppendUint16(buf0, uint16(0x3800+i)) // half
		buf0 = le.AppendUint16(buf0, uint16(0x3400+3*i))
		buf0 = append(buf0, byte(i*37), byte(i*11), byte(255-i), byte(200+i%50))
		buf0 = le.AppendUint16(buf0, uint16(int16(i*5-300)))
		buf0 = le.AppendUint16(buf0, uint16(int16(200-i*3)))
	}
	for i := range 3 { // per instance
		buf1 = le.AppendUint32(buf1, math.Float32bits(float32(i)*0.05))
		buf1 = le.AppendUint32(buf1, math.Float32bits(-float32(i)*0.04))
	}
	buf2 = le.AppendUint32(buf2, math.Float32bits(0.25)) // constant
	var idx []byte
	for i := range 3 * 110 {
		idx = le.AppendUint32(idx, uint32((i*7+i/3)%(nv-4)))
	}
	desc := func(d *engine.RenderPipelineDescriptor) {
		d.VertexDescriptor = &engine.VertexDescriptor{
			Attributes: map[int]engine.VertexAttributeDescriptor{
				0: {Format: engine.AttributeFormatFloat3},
				1: {Format: engine.AttributeFormatHalf2, Offset: 12},
				2: {Format: engine.AttributeFormatUChar4Normalized, Offset: 16},
				3: {Format: engine.AttributeFormatFloat2, BufferIndex: 1},
				4: {Format: engine.AttributeFormatShort2, Offset: 20},
				5: {Format: engine.AttributeFormatFloat, BufferIndex: 2},
			},
			Layouts: map[int]engine.VertexBufferLayoutDescriptor{
				0: {Stride: 24},
				1: {Stride: 8, StepFunction: engine.VertexStepFunctionPerInstance, StepRate: 1},
				2: {StepFunction: engine.VertexStepFunctionConstant},
			}}
	}
	draws := []struct {
		name, vert string
		draw       func(r *renderRig, e *engine.RenderCommandEncoder) error
	}{
		{"instanced", "vl", func(r *renderRig, e *engine.RenderCommandEncoder) error {
			return e.DrawPrimitivesInstanced(engine.PrimitiveTypeTriangle, 3, 3*45, 2, 1)
		}},
		{"indexed", "vl", func(r *renderRig, e *engine.RenderCommandEncoder) error {
			return e.DrawIndexedPrimitives(engine.PrimitiveTypeTriangle, len(idx)/4, engine.IndexTypeUInt32, r.buffer(idx), 0, 1, 2, 0)
		}},
		{"indexed instanced", "vl", func(r *renderRig, e *engine.RenderCommandEncoder) error {
			return e.DrawIndexedPrimitives(engine.PrimitiveTypeTriangle, len(idx)/4, engine.IndexTypeUInt32, r.buffer(idx), 0, 3, 1, 0)
		}},
		{"points", "vpts", func(r *renderRig, e *engine.RenderCommandEncoder) error {
			return e.DrawPrimitives(engine.PrimitiveTypePoint, 0, nv)
		}},
	}
	render := func(lanes int, vert string, draw func(r *renderRig, e *engine.RenderCommandEncoder) error) ([]byte, error) {
		defer engine.SetVertexStageLanesForTest(lanes)()
		r := newRenderRig(t, 48, 40, 1, false)
		p, err := r.pipeline(r.library(vlanesSrc), vert, "fl", desc)
		if err != nil {
			t.Fatal(err)
		}
		if got := engine.VertexStageLanesForTest(p); got != lanes {
			t.Fatalf("vertex records in blocks of %d, want %d", got, lanes)
		}
		err = r.pass([4]float64{0, 0, 0, 1}, func(e *engine.RenderCommandEncoder) error {
			e.SetRenderPipelineState(p)
			e.SetVertexBuffer(r.buffer(buf0), 0, 0)
			e.SetVertexBuffer(r.buffer(buf1), 0, 1)
			e.SetVertexBuffer(r.buffer(buf2), 0, 2)
			return draw(r, e)
		})
		if err != nil {
			return nil, err
		}
		return r.pixels(), nil
	}
	for _, d := range draws {
		t.Run(d.name, func(t *testing.T) {
			want, err := render(0, d.vert, d.draw)
			if err != nil {
				t.Fatal(err)
			}
			got, err := render(64, d.vert, d.draw)
			if err != nil {
				t.Fatal(err)
			}
			lit := 0
			for i := 0; i < len(want); i += 4 {
				if want[i]|want[i+1]|want[i+2] != 0 {
					lit++
				}
			}
			if lit < 20 {
				t.Fatalf("only %d pixels drawn", lit)
			}
			if string(got) != string(want) {
				t.Fatal("lane-major vertex records give another image than record-major ones")
			}
		})
	}
	// A fetch past the vertex buffer: the same error either way.
	past := func(r *renderRig, e *engine.RenderCommandEncoder) error {
		return e.DrawPrimitives(engine.PrimitiveTypeTriangle, 0, nv+3)
	}
	_, want := render(0, "vl", past)
	_, got := render(64, "vl", past)
	if want == nil || got == nil || got.Error() != want.Error() || !strings.Contains(got.Error(), "beyond the vertex buffer") {
		t.Fatalf("fetch past the buffer: lane-major %v, record-major %v", got, want)
	}
}
