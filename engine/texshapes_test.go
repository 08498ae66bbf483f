package engine_test

import (
	"context"
	"fmt"
	"math"
	"testing"

	"github.com/ingot-render/ingot/engine"
)

// TestTextureShapes reads, samples and queries one texture of every
// non-multisample shape (and reads a multisample one), checking the
// executor's texture intrinsics against the values written with
// ReplaceRegion.
func TestTextureShapes(t *testing.T) {
	d := newDevice(t, engine.DeviceOptions{})
	q := d.NewCommandQueue()
	const w = 4
	tests := []struct {
		name   string
		desc   engine.TextureDescriptor
		msl    string // texture type
		read   string // read expression for lane gid (x = gid % 4)
		sample string // sample expression, "" if none
		query  string // a uint query
		want   func(x int) (read, sample float32, query uint32)
	}{
		{"1d", engine.TextureDescriptor{TextureType: engine.TextureType1D, Width: w}, "texture1d<float>",
			"t.read(uint(x)).x", "t.sample(s, (float(x) + 0.5f) / 4.0f).x", "t.get_width()",
			func(x int) (float32, float32, uint32) { return texelValue(0, x, 0), texelValue(0, x, 0), w }},
		{"1d_array", engine.TextureDescriptor{TextureType: engine.TextureType1DArray, Width: w, ArrayLength: 2}, "texture1d_array<float>",
			"t.read(uint(x), 1u).x", "t.sample(s, (float(x) + 0.5f) / 4.0f, 1u).x", "t.get_array_size()",
			func(x int) (float32, float32, uint32) { return texelValue(1, x, 0), texelValue(1, x, 0), 2 }},
		{"2d mipmapped", engine.TextureDescriptor{TextureType: engine.TextureType2D, Width: w, Height: w, MipmapLevelCount: 3}, "texture2d<float>",
			"t.read(uint2(x & 1u, 1), 1u).x", "t.sample(s, float2((float(x) + 0.5f) / 4.0f, 0.375f), level(0.0f)).x", "t.get_num_mip_levels()",
			func(x int) (float32, float32, uint32) { return levelValue(1, x&1, 1), texelValue(0, x, 1), 3 }},
		{"2d_array", engine.TextureDescriptor{TextureType: engine.TextureType2DArray, Width: w, Height: w, ArrayLength: 3}, "texture2d_array<float>",
			"t.read(uint2(x, 2), 2u).x", "t.sample(s, float2((float(x) + 0.5f) / 4.0f, 0.625f), 1u).x", "t.get_height()",
			func(x int) (float32, float32, uint32) { return texelValue(2, x, 2), texelValue(1, x, 2), w }},
		{"3d", engine.TextureDescriptor{TextureType: engine.TextureType3D, Width: w, Height: w, Depth: w}, "texture3d<float>",
			"t.read(uint3(x, 1, 3)).x", "t.sample(s, float3((float(x) + 0.5f) / 4.0f, 0.375f, 0.875f)).x", "t.get_depth()",
			func(x int) (float32, float32, uint32) { return texelValue(3, x, 1), texelValue(3, x, 1), w }},
		{"cube", engine.TextureDescriptor{TextureType: engine.TextureTypeCube, Width: w, Height: w}, "texturecube<float>",
			"t.read(uint2(x, 0), 4u).x", "t.sample(s, float3(0.0f, 0.0f, 1.0f)).x", "t.get_width()",
			// +Z face (4) centre: the four centre texels averaged with a
			// linear filter; nearest picks texel (2, 2).
			func(x int) (float32, float32, uint32) { return texelValue(4, x, 0), texelValue(4, 2, 2), w }},
		{"cube_array", engine.TextureDescriptor{TextureType: engine.TextureTypeCubeArray, Width: w, Height: w, ArrayLength: 2}, "texturecube_array<float>",
			"t.read(uint2(x, 3), 1u, 1u).x", "t.sample(s, float3(1.0f, 0.0f, 0.0f), 1u).x", "t.get_array_size()",
			// slice = layer·6 + face; +X face centre of layer 1 is slice 6.
			func(x int) (float32, float32, uint32) { return texelValue(7, x, 3), texelValue(6, 2, 2), 2 }},
		{"buffer", engine.TextureDescriptor{TextureType: engine.TextureTypeTextureBuffer, Width: w}, "texture_buffer<float>",
			"t.read(uint(x)).x", "", "t.get_width()",
			func(x int) (float32, float32, uint32) { return texelValue(0, x, 0), 0, w }},
		{"2d_ms", engine.TextureDescriptor{TextureType: engine.TextureType2DMultisample, Width: w, Height: w, SampleCount: 4}, "texture2d_ms<float>",
			"t.read(uint2(x, 0), 0u).x", "", "t.get_num_samples()",
			func(x int) (float32, float32, uint32) { return 0, 0, 4 }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			desc := tc.desc
			desc.PixelFormat = engine.PixelFormatR32Float
			tex, err := d.NewTexture(desc)
			if err != nil {
				t.Fatal(err)
			}
			fillTexture(t, tex)
			sample := "0.0f"
			if tc.sample != "" {
				sample = tc.sample
			}
			src := fmt.Sprintf(`
#include <metal_stdlib>
using namespace metal;
kernel void k(%s t [[texture(0)]], device float* out [[buffer(0)]], device uint* q [[buffer(1)]],
              uint gid [[thread_position_in_grid]]) {
    constexpr sampler s(filter::nearest);
    uint x = gid %% 4u;
    out[2 * gid] = %s;
    out[2 * gid + 1] = %s;
    q[gid] = %s;
}`, tc.msl, tc.read, sample, tc.query)
			out, _ := d.NewBuffer(8 * 8)
			qb, _ := d.NewBuffer(4 * 8)
			cb := dispatch(t, context.Background(), q, pipeline(t, d, src, "k", nil), engine.Sz(8, 1, 1), engine.Sz(8, 1, 1), func(e *engine.ComputeCommandEncoder) {
				e.SetTexture(tex, 0)
				e.SetBuffer(out, 0, 0)
				e.SetBuffer(qb, 0, 1)
			})
			if err := cb.Error(); err != nil {
				t.Fatal(err)
			}
			got := floats(out.Contents())
			for gid := range 8 {
				r, s, qv := tc.want(gid % 4)
				if got[2*gid] != r {
					t.Errorf("lane %d: read = %v, want %v", gid, got[2*gid], r)
				}
				if tc.sample != "" && got[2*gid+1] != s {
					t.Errorf("lane %d: sample = %v, want %v", gid, got[2*gid+1], s)
				}
				if g := binary32(qb.Contents(), 4*gid); g != qv {
					t.Errorf("lane %d: %s = %d, want %d", gid, tc.query, g, qv)
				}
			}
		})
	}
}

// texelValue is the value fillTexture stores at (x, y) of level 0 of slice
// s (for 3D textures s is z).
func texelValue(s, x, y int) float32 { return float32(s*100 + y*10 + x) }

// levelValue is the value at (x, y) of level l of slice 0.
func levelValue(l, x, y int) float32 { return float32(1000*l + y*10 + x) }

// fillTexture writes texelValue (levelValue for levels > 0) into every
// texel of an R32Float texture, except multisample ones (left zero).
func fillTexture(t *testing.T, tex *engine.Texture) {
	desc := tex.Descriptor()
	if desc.SampleCount > 1 {
		return
	}
	slices := max(desc.ArrayLength, 1)
	if desc.TextureType == engine.TextureTypeCube || desc.TextureType == engine.TextureTypeCubeArray {
		slices *= 6
	}
	for l := 0; l < max(desc.MipmapLevelCount, 1); l++ {
		w, h := max(desc.Width>>l, 1), max(max(desc.Height, 1)>>l, 1)
		depth := 1
		if desc.TextureType == engine.TextureType3D {
			depth = desc.Depth
		}
		for s := 0; s < slices; s++ {
			for z := 0; z < depth; z++ {
				px := make([]float32, w*h)
				for y := range h {
					for x := range w {
						v := texelValue(s+z, x, y)
						if l > 0 {
							v = levelValue(l, x, y)
						}
						px[y*w+x] = v
					}
				}
				if err := tex.ReplaceRegion(engine.Region{X: 0, Y: 0, Z: z, Width: w, Height: h, Depth: 1}, l, s, floatBytes(px), 4*w, 4*w*h); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	_ = math.Abs
}

// TestHalfTexture checks that texture2d<half> reads and samples give
// values rounded to binary16, and that writes through a half texture work.
func TestHalfTexture(t *testing.T) {
	d := newDevice(t, engine.DeviceOptions{})
	desc := engine.Texture2DDescriptor(engine.PixelFormatRGBA32Float, 2, 1, false)
	desc.Usage = engine.TextureUsageShaderRead | engine.TextureUsageShaderWrite
	tex, _ := d.NewTexture(desc)
	tex.ReplaceRegion(engine.Region{Width: 2, Height: 1, Depth: 1}, 0, 0, floatBytes([]float32{0.1, 0.2, 0.3, 0.4, 0, 0, 0, 0}), 32, 0)
	src := `
#include <metal_stdlib>
using namespace metal;
kernel void k(texture2d<half, access::read_write> t [[texture(0)]], device float* out [[buffer(0)]]) {
    half4 v = t.read(uint2(0, 0));
    out[0] = float(v.x); out[1] = float(v.w);
    t.write(v * 2.0h, uint2(1, 0));
}`
	out, _ := d.NewBuffer(8)
	cb := dispatch(t, context.Background(), d.NewCommandQueue(), pipeline(t, d, src, "k", nil), engine.Sz(1, 1, 1), engine.Sz(1, 1, 1), func(e *engine.ComputeCommandEncoder) {
		e.SetTexture(tex, 0)
		e.SetBuffer(out, 0, 0)
	})
	if err := cb.Error(); err != nil {
		t.Fatal(err)
	}
	got := floats(out.Contents())
	if got[0] != 0.0999755859375 || got[1] != 0.39990234375 {
		t.Fatalf("half reads = %v, want binary16-rounded 0.1 and 0.4", got)
	}
	b := make([]byte, 32)
	tex.GetBytes(b, 32, 0, engine.Region{Width: 2, Height: 1, Depth: 1}, 0, 0)
	if w := floats(b)[4]; w != 0.199951171875 {
		t.Fatalf("half write = %v, want 0.199951171875", w)
	}
}
