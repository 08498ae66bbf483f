package engine_test

import (
	"encoding/binary"
	"math"
	"testing"

	"github.com/ingot-render/ingot/engine"
)

// TestVertexFormats fetches one vertex of every attribute format into a
// float4, int4 or uint4 member and checks the converted values (missing
// components read 0, 0, 0, 1).
func TestVertexFormats(t *testing.T) {
	const src = `#include <metal_stdlib>
using namespace metal;
struct F { float4 a [[attribute(0)]]; };
struct I { int4 a [[attribute(0)]]; };
struct U { uint4 a [[attribute(0)]]; };
vertex void vf(F in [[stage_in]], uint vid [[vertex_id]], device float4* out [[buffer(1)]]) { out[vid] = in.a; }
vertex void vi(I in [[stage_in]], uint vid [[vertex_id]], device int4* out [[buffer(1)]]) { out[vid] = in.a; }
vertex void vu(U in [[stage_in]], uint vid [[vertex_id]], device uint4* out [[buffer(1)]]) { out[vid] = in.a; }
`
	u16 := func(v ...uint16) []byte {
		b := make([]byte, 2*len(v))
		for i, x := range v {
			binary.LittleEndian.PutUint16(b[2*i:], x)
		}
		return b
	}
	u32 := func(v uint32) []byte { return binary.LittleEndian.AppendUint32(nil, v) }
	cases := []struct {
		name string
		f    engine.AttributeFormat
		data []byte
		fn   string
		want [4]float64
	}{
		{"float2", engine.AttributeFormatFloat2, floatBytes([]float32{1.5, -2}), "vf", [4]float64{1.5, -2, 0, 1}},
		{"half3", engine.AttributeFormatHalf3, u16(0x3c00, 0xc000, 0x3800), "vf", [4]float64{1, -2, 0.5, 1}},
		{"uchar4norm", engine.AttributeFormatUChar4Normalized, []byte{0, 255, 51, 102}, "vf", [4]float64{0, 1, 0.2, 0.4}},
		{"uchar4norm_bgra", engine.AttributeFormatUChar4Normalized_BGRA, []byte{0, 255, 51, 102}, "vf", [4]float64{0.2, 1, 0, 0.4}},
		{"char2norm", engine.AttributeFormatChar2Normalized, []byte{0x81, 0x7f}, "vf", [4]float64{-1, 1, 0, 1}},
		{"ucharnorm", engine.AttributeFormatUCharNormalized, []byte{255}, "vf", [4]float64{1, 0, 0, 1}},
		{"ushort3norm", engine.AttributeFormatUShort3Normalized, u16(65535, 0, 13107), "vf", [4]float64{1, 0, 0.2, 1}},
		{"short2norm", engine.AttributeFormatShort2Normalized, u16(0x8000, 0x7fff), "vf", [4]float64{-1, 1, 0, 1}},
		{"uint1010102norm", engine.AttributeFormatUInt1010102Normalized, u32(1023 | 0<<10 | 511<<20 | 3<<30), "vf", [4]float64{1, 0, 511.0 / 1023, 1}},
		{"int1010102norm", engine.AttributeFormatInt1010102Normalized, u32(0x1ff | 0x200<<10 | 0<<20 | 1<<30), "vf", [4]float64{1, -1, 0, 1}},
		{"rg11b10", engine.AttributeFormatFloatRG11B10, u32(0x3c0 | 0x3c0<<11 | 0x1e0<<22), "vf", [4]float64{1, 1, 1, 1}},
		{"uchar3", engine.AttributeFormatUChar3, []byte{1, 200, 255}, "vu", [4]float64{1, 200, 255, 1}},
		{"char4", engine.AttributeFormatChar4, []byte{0xff, 2, 0x80, 4}, "vi", [4]float64{-1, 2, -128, 4}},
		{"ushort", engine.AttributeFormatUShort, u16(60000), "vu", [4]float64{60000, 0, 0, 1}},
		{"short3", engine.AttributeFormatShort3, u16(0xffff, 7, 0x8000), "vi", [4]float64{-1, 7, -32768, 1}},
		{"int2", engine.AttributeFormatInt2, append(u32(0xfffffffe), u32(5)...), "vi", [4]float64{-2, 5, 0, 1}},
	}
	r := newRenderRig(t, 4, 4, 1, false)
	lib := r.library(src)
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			pl, err := r.pipeline(lib, tc.fn, "", func(d *engine.RenderPipelineDescriptor) {
				d.RasterizationDisabled = true
				d.VertexDescriptor = &engine.VertexDescriptor{Attributes: map[int]engine.VertexAttributeDescriptor{0: {Format: tc.f, Offset: 4}},
					Layouts: map[int]engine.VertexBufferLayoutDescriptor{0: {Stride: 4 + len(tc.data)}}}
			})
			if err != nil {
				t.Fatal(err)
			}
			out := r.buffer(make([]byte, 16))
			vb := append(make([]byte, 4), tc.data...)
			if err := r.pass([4]float64{}, func(e *engine.RenderCommandEncoder) error {
				e.SetRenderPipelineState(pl)
				e.SetVertexBuffer(r.buffer(vb), 0, 0)
				e.SetVertexBuffer(out, 0, 1)
				return e.DrawPrimitives(engine.PrimitiveTypePoint, 0, 1)
			}); err != nil {
				t.Fatal(err)
			}
			for c := range 4 {
				w := binary.LittleEndian.Uint32(out.Contents()[4*c:])
				var got float64
				switch tc.fn {
				case "vf":
					got = float64(math.Float32frombits(w))
				case "vi":
					got = float64(int32(w))
				default:
					got = float64(w)
				}
				if math.Abs(got-tc.want[c]) > 1e-6 {
					t.Errorf("component %d = %v, want %v", c, got, tc.want[c])
				}
			}
		})
	}
}
