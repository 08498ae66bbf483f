package engine_test

import (
	"context"
	"sync"
	"testing"

	"github.com/ingot-render/ingot/engine"
)

const fuzzFetchSrc = `#include <metal_stdlib>
using namespace metal;
struct VIn { float4 a [[attribute(0)]]; int2 b [[attribute(1)]]; };
struct V { float4 position [[position]]; float4 color; };
vertex V vfetch(VIn in [[stage_in]]) { V o; o.position = float4(in.a.xy, 0.5, 1); o.color = float4(float2(in.b), in.a.zw); return o; }
fragment float4 ffetch(V in [[stage_in]]) { return in.color; }
`

var fuzzFetch struct {
	once sync.Once
	dev  *engine.Device
	lib  *engine.Library
	col  *engine.Texture
}

// FuzzVertexFetch draws with arbitrary vertex descriptors, buffer sizes,
// index buffers and draw arguments: pipeline creation and encoding may
// refuse them and the command buffer may fail, but nothing panics and
// every failure is an error.
func FuzzVertexFetch(f *testing.F) {
	f.Add(uint8(4), uint8(9), uint16(0), uint16(4), uint16(16), uint16(48), uint16(3), uint16(0), uint8(0), uint16(0), uint8(0))
	f.Add(uint8(17), uint8(10), uint16(2), uint16(0), uint16(8), uint16(7), uint16(6), uint16(1), uint8(1), uint16(12), uint8(2))
	f.Add(uint8(3), uint8(12), uint16(40), uint16(1), uint16(0), uint16(100), uint16(65535), uint16(3), uint8(2), uint16(4), uint8(1))
	f.Fuzz(func(t *testing.T, fa, fb uint8, offA, offB, stride, bufLen, count, start uint16, step uint8, idxLen uint16, idxType uint8) {
		fuzzFetch.once.Do(func() {
			fuzzFetch.dev, _ = engine.NewDevice(engine.DeviceOptions{Workers: 1})
			fuzzFetch.lib, _ = fuzzFetch.dev.NewLibraryWithFile("fuzz.metal", []byte(fuzzFetchSrc), engine.CompileOptions{})
			fuzzFetch.col, _ = fuzzFetch.dev.NewTexture(engine.TextureDescriptor{TextureType: engine.TextureType2D,
				PixelFormat: engine.PixelFormatRGBA8Unorm, Width: 8, Height: 8, Usage: engine.TextureUsageRenderTarget})
		})
		dev, lib := fuzzFetch.dev, fuzzFetch.lib
		vf, _ := lib.Function("vfetch")
		ff, _ := lib.Function("ffetch")
		desc := &engine.RenderPipelineDescriptor{VertexFunction: vf, FragmentFunction: ff,
			VertexDescriptor: &engine.VertexDescriptor{
				Attributes: map[int]engine.VertexAttributeDescriptor{
					0: {Format: engine.AttributeFormat(fa % 32), Offset: int(offA), BufferIndex: 0},
					1: {Format: engine.AttributeFormat(fb % 32), Offset: int(offB), BufferIndex: int(step%3) + 1},
				},
				Layouts: map[int]engine.VertexBufferLayoutDescriptor{
					0:               {Stride: int(stride)},
					int(step%3) + 1: {Stride: int(stride / 2), StepFunction: engine.VertexStepFunction(step % 4), StepRate: int(step % 3)},
				}}}
		desc.ColorAttachments[0] = engine.ColorAttachment(engine.PixelFormatRGBA8Unorm)
		pl, err := dev.NewRenderPipelineState(desc)
		if err != nil {
			return
		}
		buf, err := dev.NewBuffer(int(bufLen) + 1)
		if err != nil {
			return
		}
		for i, b := 0, buf.Contents(); i < len(b); i++ {
			b[i] = byte(i*37 + int(fa))
		}
		cb := dev.NewCommandQueue().CommandBuffer(context.Background())
		var pd engine.RenderPassDescriptor
		pd.ColorAttachments[0].Texture = fuzzFetch.col
		e, err := cb.RenderCommandEncoder(&pd)
		if err != nil {
			t.Fatal(err)
		}
		e.SetRenderPipelineState(pl)
		e.SetVertexBuffer(buf, 0, 0)
		e.SetVertexBuffer(buf, int(offB)%(int(bufLen)+1), int(step%3)+1)
		n := int(count % 512)
		if idxType%3 == 2 {
			e.DrawPrimitivesInstanced(engine.PrimitiveTypeTriangle, int(start), n, int(step%4), int(offA%5))
		} else {
			it := engine.IndexTypeUInt16
			if idxType%3 == 1 {
				it = engine.IndexTypeUInt32
			}
			ib, _ := dev.NewBuffer(int(idxLen) + 4)
			for i, b := 0, ib.Contents(); i < len(b); i++ {
				b[i] = byte(i * int(stride|1))
			}
			e.DrawIndexedPrimitives(engine.PrimitiveTypeTriangleStrip, n, it, ib, 0, 1, int(int16(start)), 0)
		}
		e.EndEncoding()
		if cb.Commit() == nil {
			_ = cb.WaitUntilCompleted()
		}
	})
}
