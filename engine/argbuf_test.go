package engine_test

import (
	"context"
	"encoding/binary"
	"math"
	"testing"

	"github.com/ingot-render/ingot/engine"
)

// The pattern of Apple's ray-tracing samples: a scene argument buffer holds
// pointers to per-mesh data (each mesh a struct with device pointers into
// shared vertex and index buffers) and materials with a texture and a
// sampler; the kernel follows the pointers.
const argbufSrc = `
#include <metal_stdlib>
using namespace metal;

struct Mesh {
    device const float* values;
    device const uint*  indices;
    uint count;
};

struct Material {
    texture2d<float> albedo;
    sampler          smp;
    float4           tint;
};

struct Scene {
    device const Mesh* meshes;
    constant Material* materials;
    uint meshCount;
    float scale[2];
};

kernel void shade(constant Scene& scene [[buffer(0)]],
                  device float4* out [[buffer(1)]],
                  uint id [[thread_position_in_grid]])
{
    uint m = id % scene.meshCount;
    device const Mesh& mesh = scene.meshes[m];
    uint k = id / scene.meshCount;
    float v = mesh.values[mesh.indices[k % mesh.count]];
    constant Material& mat = scene.materials[m];
    float4 c = mat.albedo.sample(mat.smp, float2(0.25f + 0.5f * float(k % 2), 0.25f));
    out[id] = c * mat.tint + v * scene.scale[m];
}
`

func put32(b []byte, off int, v uint32) { binary.LittleEndian.PutUint32(b[off:], v) }
func put64(b []byte, off int, v uint64) { binary.LittleEndian.PutUint64(b[off:], v) }
func putF(b []byte, off int, v float32) { put32(b, off, math.Float32bits(v)) }

func TestArgumentBuffers(t *testing.T) {
	d := newDevice(t, engine.DeviceOptions{})
	p := pipeline(t, d, argbufSrc, "shade", nil)

	// Shared vertex values; two meshes index different parts of it.
	values, _ := d.NewBufferWithBytes(floatBytes([]float32{0, 10, 20, 30, 40, 50, 60, 70}))
	idx := make([]byte, 4*6)
	for i, v := range []uint32{1, 2, 3, 5, 6, 7} {
		put32(idx, 4*i, v)
	}
	indices, _ := d.NewBufferWithBytes(idx)
	// Mesh: values (8) @0, indices (8) @8, count @16, size 24.
	meshes, _ := d.NewBuffer(2 * 24)
	mb := meshes.Contents()
	put64(mb, 0, values.GPUAddress())
	put64(mb, 8, indices.GPUAddress())
	put32(mb, 16, 3)
	put64(mb, 24, values.GPUAddress()+4) // a pointer into the middle of a buffer
	put64(mb, 32, indices.GPUAddress()+12)
	put32(mb, 40, 2)

	// Two 2×1 textures with distinct texels.
	var texs [2]*engine.Texture
	for i := range texs {
		texs[i], _ = d.NewTexture(engine.Texture2DDescriptor(engine.PixelFormatRGBA32Float, 2, 1, false))
		px := floatBytes([]float32{float32(i + 1), 0, 0, 1, 0, float32(i + 2), 0, 1})
		if err := texs[i].ReplaceRegion(engine.Region{Width: 2, Height: 1, Depth: 1}, 0, 0, px, 32, 0); err != nil {
			t.Fatal(err)
		}
	}
	smp, err := d.NewSamplerState(engine.DefaultSamplerDescriptor())
	if err != nil {
		t.Fatal(err)
	}
	// Material: albedo (8) @0, smp (8) @8, tint @16, size 32.
	mats, _ := d.NewBuffer(2 * 32)
	mt := mats.Contents()
	for i := range 2 {
		put64(mt, 32*i, texs[i].GPUResourceID())
		put64(mt, 32*i+8, smp.GPUResourceID())
		for c := range 4 {
			putF(mt, 32*i+16+4*c, float32(c+1))
		}
	}
	// Scene: meshes @0, materials @8, meshCount @16, scale[2] @20, size 32.
	scene := make([]byte, 32)
	put64(scene, 0, meshes.GPUAddress())
	put64(scene, 8, mats.GPUAddress())
	put32(scene, 16, 2)
	putF(scene, 20, 1)
	putF(scene, 24, 0.5)

	const n = 12
	out, _ := d.NewBuffer(16 * n)
	cb := dispatch(t, context.Background(), d.NewCommandQueue(), p, engine.Sz(n, 1, 1), engine.Sz(4, 1, 1), func(e *engine.ComputeCommandEncoder) {
		e.SetBytes(scene, 0)
		e.SetBuffer(out, 0, 1)
		for _, r := range []any{values, indices, meshes, mats, texs[0], texs[1], smp} {
			e.UseResource(r)
		}
	})
	if err := cb.Error(); err != nil {
		t.Fatal(err)
	}
	got := floats(out.Contents())
	vals := []float32{0, 10, 20, 30, 40, 50, 60, 70}
	ind := []uint32{1, 2, 3, 5, 6, 7}
	for id := 0; id < n; id++ {
		m, k := id%2, id/2
		var v float32
		var scale float32 = 1
		if m == 0 {
			v = vals[ind[k%3]]
		} else {
			v = vals[1+ind[3+k%2]]
			scale = 0.5
		}
		texel := [4]float32{float32(m + 1), 0, 0, 1}
		if k%2 == 1 {
			texel = [4]float32{0, float32(m + 2), 0, 1}
		}
		for c := range 4 {
			want := texel[c]*float32(c+1) + v*scale
			if g := got[4*id+c]; g != want {
				t.Fatalf("out[%d].%c = %v, want %v", id, "xyzw"[c], g, want)
			}
		}
	}
}
