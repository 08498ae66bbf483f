package engine_test

import (
	"context"
	"math"
	"testing"

	"github.com/ingot-render/ingot/engine"
)

const textureSrc = `
#include <metal_stdlib>
using namespace metal;

kernel void copy_flip(texture2d<float, access::read> src [[texture(0)]],
                      texture2d<float, access::write> dst [[texture(1)]],
                      uint2 gid [[thread_position_in_grid]])
{
    uint w = src.get_width(), h = src.get_height();
    if (gid.x >= w || gid.y >= h) return;
    float4 c = src.read(gid);
    dst.write(c.wzyx, uint2(w - 1 - gid.x, gid.y));
}

kernel void sample_linear(texture2d<float> src [[texture(0)]],
                          sampler s [[sampler(0)]],
                          device float4* out [[buffer(0)]],
                          uint gid [[thread_position_in_grid]])
{
    constexpr sampler cs(filter::linear, address::repeat);
    float2 uv = float2(float(gid) / 7.0f, 0.3f);
    out[2 * gid] = src.sample(s, uv);
    out[2 * gid + 1] = src.sample(cs, uv + 1.0f);
}

kernel void gather_red(texture2d<float> src [[texture(0)]],
                       device float4* out [[buffer(0)]],
                       uint gid [[thread_position_in_grid]])
{
    constexpr sampler cs(coord::normalized);
    out[gid] = src.gather(cs, float2(0.5f, 0.5f), int2(0), component::x);
}

kernel void uint_array(texture2d_array<uint, access::read_write> t [[texture(0)]],
                       uint3 gid [[thread_position_in_grid]])
{
    uint4 v = t.read(gid.xy, gid.z);
    t.write(v * 2u + uint4(gid.z), gid.xy, gid.z);
}

kernel void depth_cmp(depth2d<float> d [[texture(0)]],
                      device float* out [[buffer(0)]],
                      uint gid [[thread_position_in_grid]])
{
    constexpr sampler cs(compare_func::less, filter::nearest);
    out[gid] = d.sample_compare(cs, float2((float(gid) + 0.5f) / 4.0f, 0.5f), 0.5f);
}

kernel void oob_read(texture2d<float, access::read> src [[texture(0)]],
                     device float4* out [[buffer(0)]],
                     uint gid [[thread_position_in_grid]])
{
    out[gid] = src.read(uint2(gid, 0));
}
`

func TestTextures(t *testing.T) {
	d := newDevice(t, engine.DeviceOptions{Workers: 2})
	q := d.NewCommandQueue()
	const w, h = 5, 3
	rgba := make([]float32, 4*w*h)
	for i := range rgba {
		rgba[i] = float32(i) / 64
	}
	src, _ := d.NewTexture(engine.Texture2DDescriptor(engine.PixelFormatRGBA32Float, w, h, false))
	if err := src.ReplaceRegion(engine.Region{Width: w, Height: h, Depth: 1}, 0, 0, floatBytes(rgba), 16*w, 0); err != nil {
		t.Fatal(err)
	}

	t.Run("read write", func(t *testing.T) {
		desc := engine.Texture2DDescriptor(engine.PixelFormatRGBA32Float, w, h, false)
		desc.Usage = engine.TextureUsageShaderRead | engine.TextureUsageShaderWrite
		dst, _ := d.NewTexture(desc)
		cb := dispatch(t, context.Background(), q, pipeline(t, d, textureSrc, "copy_flip", nil), engine.Sz(8, 4, 1), engine.Sz(4, 4, 1), func(e *engine.ComputeCommandEncoder) {
			e.SetTexture(src, 0)
			e.SetTexture(dst, 1)
		})
		if err := cb.Error(); err != nil {
			t.Fatal(err)
		}
		b := make([]byte, 16*w*h)
		dst.GetBytes(b, 16*w, 0, engine.Region{Width: w, Height: h, Depth: 1}, 0, 0)
		got := floats(b)
		for y := range h {
			for x := range w {
				for c := range 4 {
					if g, want := got[4*(y*w+w-1-x)+3-c], rgba[4*(y*w+x)+c]; g != want {
						t.Fatalf("(%d,%d).%d = %v, want %v", x, y, c, g, want)
					}
				}
			}
		}
	})

	t.Run("write without ShaderWrite usage", func(t *testing.T) {
		desc := engine.Texture2DDescriptor(engine.PixelFormatRGBA32Float, w, h, false)
		desc.Usage = engine.TextureUsageShaderRead
		ro, _ := d.NewTexture(desc)
		cb := q.CommandBuffer(context.Background())
		e, _ := cb.ComputeCommandEncoder()
		e.SetComputePipelineState(pipeline(t, d, textureSrc, "copy_flip", nil))
		e.SetTexture(src, 0)
		e.SetTexture(ro, 1)
		if err := e.DispatchThreads(engine.Sz(w, h, 1), engine.Sz(4, 4, 1)); err == nil {
			t.Fatal("writing a texture without ShaderWrite usage was accepted")
		}
		e.EndEncoding()
	})

	t.Run("sample", func(t *testing.T) {
		sd := engine.DefaultSamplerDescriptor()
		sd.MinFilter, sd.MagFilter = engine.SamplerMinMagFilterLinear, engine.SamplerMinMagFilterLinear
		sd.SAddressMode = engine.SamplerAddressModeRepeat
		s, err := d.NewSamplerState(sd)
		if err != nil {
			t.Fatal(err)
		}
		out, _ := d.NewBuffer(16 * 16)
		cb := dispatch(t, context.Background(), q, pipeline(t, d, textureSrc, "sample_linear", nil), engine.Sz(8, 1, 1), engine.Sz(8, 1, 1), func(e *engine.ComputeCommandEncoder) {
			e.SetTexture(src, 0)
			e.SetSamplerState(s, 0)
			e.SetBuffer(out, 0, 0)
		})
		if err := cb.Error(); err != nil {
			t.Fatal(err)
		}
		got := floats(out.Contents())
		for i := range 8 {
			u, v := float64(i)/7, 0.3
			want := bilinearRepeat(rgba, w, h, u, v)
			for k := 0; k < 2; k++ { // the runtime and the constexpr sampler agree
				for c := range 4 {
					if g := got[4*(2*i+k)+c]; math.Abs(float64(g)-want[c]) > 1e-5 {
						t.Fatalf("lane %d sampler %d comp %d = %v, want %v", i, k, c, g, want[c])
					}
				}
			}
		}
	})

	t.Run("gather", func(t *testing.T) {
		out, _ := d.NewBuffer(16 * 4)
		cb := dispatch(t, context.Background(), q, pipeline(t, d, textureSrc, "gather_red", nil), engine.Sz(4, 1, 1), engine.Sz(4, 1, 1), func(e *engine.ComputeCommandEncoder) {
			e.SetTexture(src, 0)
			e.SetBuffer(out, 0, 0)
		})
		if err := cb.Error(); err != nil {
			t.Fatal(err)
		}
		// u·w = 2.5 → i0 = 2, i1 = 3 (wait: floor(2.5-0.5) = 2); v·h = 1.5 → j0 = 1, j1 = 2.
		red := func(x, y int) float32 { return rgba[4*(y*w+x)] }
		want := []float32{red(2, 2), red(3, 2), red(3, 1), red(2, 1)}
		got := floats(out.Contents())
		for c := range 4 {
			if got[c] != want[c] {
				t.Fatalf("gather = %v, want %v", got[:4], want)
			}
		}
	})

	t.Run("uint array read_write", func(t *testing.T) {
		desc := engine.TextureDescriptor{TextureType: engine.TextureType2DArray, PixelFormat: engine.PixelFormatRGBA32Uint, Width: 3, Height: 2, ArrayLength: 2,
			Usage: engine.TextureUsageShaderRead | engine.TextureUsageShaderWrite}
		ta, err := d.NewTexture(desc)
		if err != nil {
			t.Fatal(err)
		}
		init := make([]byte, 16*6)
		for i := range 24 {
			put32(init, 4*i, uint32(i))
		}
		for s := range 2 {
			ta.ReplaceRegion(engine.Region{Width: 3, Height: 2, Depth: 1}, 0, s, init, 48, 0)
		}
		cb := dispatch(t, context.Background(), q, pipeline(t, d, textureSrc, "uint_array", nil), engine.Sz(3, 2, 2), engine.Sz(3, 2, 1), func(e *engine.ComputeCommandEncoder) {
			e.SetTexture(ta, 0)
		})
		if err := cb.Error(); err != nil {
			t.Fatal(err)
		}
		for s := range 2 {
			b := make([]byte, 16*6)
			ta.GetBytes(b, 48, 0, engine.Region{Width: 3, Height: 2, Depth: 1}, 0, s)
			for i := range 24 {
				if g, want := binary32(b, 4*i), uint32(2*i+s); g != want {
					t.Fatalf("slice %d word %d = %d, want %d", s, i, g, want)
				}
			}
		}
	})

	t.Run("depth compare", func(t *testing.T) {
		dt, _ := d.NewTexture(engine.Texture2DDescriptor(engine.PixelFormatDepth32Float, 4, 1, false))
		dt.ReplaceRegion(engine.Region{Width: 4, Height: 1, Depth: 1}, 0, 0, floatBytes([]float32{0.1, 0.4, 0.6, 0.9}), 16, 0)
		out, _ := d.NewBuffer(16)
		cb := dispatch(t, context.Background(), q, pipeline(t, d, textureSrc, "depth_cmp", nil), engine.Sz(4, 1, 1), engine.Sz(4, 1, 1), func(e *engine.ComputeCommandEncoder) {
			e.SetTexture(dt, 0)
			e.SetBuffer(out, 0, 0)
		})
		if err := cb.Error(); err != nil {
			t.Fatal(err)
		}
		got := floats(out.Contents())
		want := []float32{0, 0, 1, 1} // 0.5 < texel
		for i := range want {
			if got[i] != want[i] {
				t.Fatalf("sample_compare = %v, want %v", got, want)
			}
		}
	})

	t.Run("out of bounds read faults", func(t *testing.T) {
		out, _ := d.NewBuffer(16 * 8)
		cb := dispatch(t, context.Background(), q, pipeline(t, d, textureSrc, "oob_read", nil), engine.Sz(8, 1, 1), engine.Sz(8, 1, 1), func(e *engine.ComputeCommandEncoder) {
			e.SetTexture(src, 0)
			e.SetBuffer(out, 0, 0)
		})
		f := faultOf(t, cb)
		if f.Thread[0] != w {
			t.Fatalf("fault %v, want thread %d", f, w)
		}
	})

	t.Run("wrong texture type", func(t *testing.T) {
		cube, _ := d.NewTexture(engine.TextureDescriptor{TextureType: engine.TextureTypeCube, PixelFormat: engine.PixelFormatRGBA8Unorm, Width: 4, Height: 4})
		cb := q.CommandBuffer(context.Background())
		e, _ := cb.ComputeCommandEncoder()
		e.SetComputePipelineState(pipeline(t, d, textureSrc, "oob_read", nil))
		e.SetTexture(cube, 0)
		out, _ := d.NewBuffer(16)
		e.SetBuffer(out, 0, 0)
		if err := e.DispatchThreads(engine.Sz(1, 1, 1), engine.Sz(1, 1, 1)); err == nil {
			t.Fatal("a cube texture bound to a texture2d argument was accepted")
		}
		e.EndEncoding()
	})
}

func binary32(b []byte, off int) uint32 {
	return uint32(b[off]) | uint32(b[off+1])<<8 | uint32(b[off+2])<<16 | uint32(b[off+3])<<24
}

// bilinearRepeat is a reference bilinear sample with repeat addressing in
// u and clamp to edge in v.
func bilinearRepeat(img []float32, w, h int, u, v float64) [4]float64 {
	x, y := u*float64(w)-0.5, v*float64(h)-0.5
	x0, y0 := math.Floor(x), math.Floor(y)
	fx, fy := x-x0, y-y0
	at := func(i, j int) [4]float64 {
		i = ((i % w) + w) % w
		j = min(max(j, 0), h-1)
		var r [4]float64
		for c := range 4 {
			r[c] = float64(img[4*(j*w+i)+c])
		}
		return r
	}
	a, b := at(int(x0), int(y0)), at(int(x0)+1, int(y0))
	c, e := at(int(x0), int(y0)+1), at(int(x0)+1, int(y0)+1)
	var r [4]float64
	for k := range 4 {
		r[k] = (a[k]*(1-fx)+b[k]*fx)*(1-fy) + (c[k]*(1-fx)+e[k]*fx)*fy
	}
	return r
}
