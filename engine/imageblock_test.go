package engine_test

import (
	"context"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/ingot-render/ingot/engine"
	"github.com/ingot-render/ingot/internal/fmath"
)

const imageblockSrc = `
#include <metal_stdlib>
using namespace metal;

struct Px {
    float4 accum;
    rgba8unorm<half4> albedo;
    rgb10a2<float4> n;
    srgba8unorm<float4> c;
    rg16snorm<float2> s;
    float weight;
};

kernel void ib(imageblock<Px, imageblock_layout_explicit> img, device float* out [[buffer(0)]],
               ushort2 lid [[thread_position_in_threadgroup]], uint2 gid [[thread_position_in_grid]],
               uint2 tpg [[threads_per_grid]]) {
    threadgroup_imageblock Px* p = img.data(lid);
    p->accum = float4(float(lid.x), float(lid.y), 0.0f, 1.0f);
    p->albedo = half4(0.5h, 1.0h, 0.0h, 0.2h);
    p->n = float4(0.25f, 1.0f, 0.0f, 0.66f);
    p->c = float4(0.5f, 0.0f, 1.0f, 0.5f);
    p->s = float2(-0.5f, 1.0f);
    p->weight = 2.0f + float(lid.x);
    threadgroup_barrier(mem_flags::mem_threadgroup_imageblock);
    // Read the neighbour's pixel: the imageblock is shared by the threadgroup.
    ushort2 o = ushort2((lid.x + 1) % img.get_width(), lid.y);
    threadgroup_imageblock Px* q = img.data(o);
    uint i = (gid.y * tpg.x + gid.x) * 16;
    out[i + 0] = q->accum.x;
    out[i + 1] = q->weight;
    half4 a = q->albedo;
    out[i + 2] = float(a.x); out[i + 3] = float(a.y); out[i + 4] = float(a.w);
    float4 n = q->n;
    out[i + 5] = n.x; out[i + 6] = n.y; out[i + 7] = n.w;
    float4 c = q->c;
    out[i + 8] = c.x; out[i + 9] = c.z; out[i + 10] = c.w;
    float2 s = q->s;
    out[i + 11] = s.x; out[i + 12] = s.y;
    out[i + 13] = float(img.get_width());
    out[i + 14] = float(img.get_height());
}
`

// TestImageblockCompute: an explicit imageblock in a compute kernel (its
// size set with SetImageblockWidth), shared by the threadgroup, with
// pixel storage types packing and unpacking on access.
func TestImageblockCompute(t *testing.T) {
	d := newDevice(t, engine.DeviceOptions{Workers: 2})
	p := pipeline(t, d, imageblockSrc, "ib", nil)
	const w, h = 8, 2
	out, err := d.NewBuffer(4 * 16 * w * h * 2)
	must(t, err)
	run := func(setSize bool) *engine.CommandBuffer {
		return dispatch(t, context.Background(), d.NewCommandQueue(), p, engine.Sz(w, 2*h, 1), engine.Sz(w, h, 1), func(e *engine.ComputeCommandEncoder) {
			must(t, e.SetBuffer(out, 0, 0))
			if setSize {
				must(t, e.SetImageblockWidth(w, h))
			}
		})
	}
	if cb := run(false); cb.Error() == nil || !strings.Contains(cb.Error().Error(), "SetImageblockWidth") {
		t.Fatalf("dispatch without an imageblock size: %v", cb.Error())
	}
	must(t, run(true).Error())
	got := floats(out.Contents())
	q8 := func(v float64) float64 { return math.RoundToEven(v*255) / 255 }
	half := func(v float64) float64 { return float64(float32(v)) } // components below are exact in half
	srgbEnc := func(l float64) float64 {
		if l <= 0.0031308 {
			return l * 12.92
		}
		return 1.055*math.Pow(l, 1/2.4) - 0.055
	}
	srgbDec := func(c float64) float64 {
		if c <= 0.04045 {
			return c / 12.92
		}
		return math.Pow((c+0.055)/1.055, 2.4)
	}
	for gy := range 2 * h {
		for gx := range w {
			i := (gy*w + gx) * 16
			nx := (gx + 1) % w
			want := []struct {
				v, tol float64
			}{
				{float64(nx), 0}, {2 + float64(nx), 0},
				{q8(0.5), 1e-3}, {1, 0}, {q8(0.2), 1e-3},
				{math.RoundToEven(0.25*1023) / 1023, 1e-7}, {1, 0}, {2.0 / 3, 1e-7},
				{srgbDec(q8(srgbEnc(0.5))), 1e-4}, {1, 1e-6}, {q8(0.5), 1e-7},
				{math.RoundToEven(-0.5*32767) / 32767, 1e-7}, {1, 0},
				{w, 0}, {h, 0},
			}
			for k, wv := range want {
				if g := float64(got[i+k]); math.Abs(g-half(wv.v)) > wv.tol {
					t.Fatalf("thread (%d,%d) value %d = %v, want %v ± %v", gx, gy, k, g, wv.v, wv.tol)
				}
			}
		}
	}
}

const packedFloatSrc = `
#include <metal_stdlib>
using namespace metal;

struct Packed {
    rg11b10f<float3> a;
    rgb9e5<float3> b;
};

// Each thread stores its three inputs into both packed formats and reads
// them back.
kernel void roundtrip(imageblock<Packed, imageblock_layout_explicit> img, device const float* in [[buffer(0)]],
                      device float* out [[buffer(1)]], uint i [[thread_position_in_grid]],
                      ushort2 lid [[thread_position_in_threadgroup]]) {
    threadgroup_imageblock Packed* p = img.data(lid);
    float3 v = float3(in[3 * i], in[3 * i + 1], in[3 * i + 2]);
    p->a = v;
    p->b = v;
    float3 a = p->a;
    float3 b = p->b;
    out[6 * i] = a.x; out[6 * i + 1] = a.y; out[6 * i + 2] = a.z;
    out[6 * i + 3] = b.x; out[6 * i + 4] = b.y; out[6 * i + 5] = b.z;
}
`

// TestImageblockPackedFloats: rg11b10f and rgb9e5 members round exactly
// as internal/fmath's encoders (the texture formats' conversions).
func TestImageblockPackedFloats(t *testing.T) {
	d := newDevice(t, engine.DeviceOptions{Workers: 2})
	p := pipeline(t, d, packedFloatSrc, "roundtrip", nil)
	vals := []float32{0, 1, -1, 0.5, 0.3, 1e-7, 6.1e-5, 3e-5, 1e-3, 65000, 65024, 65535, 70000, 1e9,
		float32(math.Inf(1)), float32(math.Inf(-1)), float32(math.NaN()), 2.5, 1023.7, 0.0001234, 511.75, 12345.678}
	rng := rand.New(rand.NewPCG(5, 6))
	for len(vals)%3 != 0 || len(vals) < 192 {
		vals = append(vals, float32(math.Ldexp(rng.Float64(), rng.IntN(40)-24)))
	}
	n := len(vals) / 3
	in := newBuffer(t, d, floatBytes(vals))
	out, err := d.NewBuffer(4 * 6 * n)
	must(t, err)
	cb := dispatch(t, context.Background(), d.NewCommandQueue(), p, engine.Sz(n, 1, 1), engine.Sz(32, 1, 1), func(e *engine.ComputeCommandEncoder) {
		must(t, e.SetBuffer(in, 0, 0))
		must(t, e.SetBuffer(out, 0, 1))
		must(t, e.SetImageblockWidth(32, 1))
	})
	must(t, cb.Error())
	got := floats(out.Contents())
	same := func(a, b float32) bool { return a == b || (a != a && b != b) }
	for i := range n {
		v := [3]float32{vals[3*i], vals[3*i+1], vals[3*i+2]}
		ms := []uint{6, 6, 5}
		for c := range 3 {
			want := fmath.SmallFloatToFloat32(fmath.Float32ToSmallFloat(v[c], ms[c]), ms[c])
			if g := got[6*i+c]; !same(g, want) {
				t.Errorf("rg11b10f channel %d of %v: got %v, want %v", c, v[c], g, want)
			}
		}
		want := fmath.UnpackRGB9E5(fmath.PackRGB9E5(v))
		for c := range 3 {
			if g := got[6*i+3+c]; !same(g, want[c]) {
				t.Errorf("rgb9e5 channel %d of %v: got %v, want %v", c, v, g, want[c])
			}
		}
	}
}
