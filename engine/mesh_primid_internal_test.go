package engine

import (
	"context"
	"strings"
	"testing"
)

const primIDSource = `#include <metal_stdlib>
using namespace metal;
struct V { float4 pos [[position]]; };
struct P { uint id [[primitive_id]]; };
struct PF { float id [[primitive_id]]; };
using M = metal::mesh<V, P, 4, 2, metal::topology::triangle>;
using MF = metal::mesh<V, PF, 4, 2, metal::topology::triangle>;
using MV = metal::mesh<V, void, 4, 2, metal::topology::triangle>;

static V corner(uint t) {
    V v;
    v.pos = float4(t == 1 || t == 2 ? 1.0f : -1.0f, t >= 2 ? 1.0f : -1.0f, 0.5f, 1.0f);
    return v;
}


[[mesh]] void quad(M m, constant uint2 &ids [[buffer(0)]], uint t [[thread_index_in_threadgroup]]) {
    m.set_vertex(t, corner(t));
    if (t < 2) {
        P p;
        p.id = t == 0 ? ids.x : ids.y;
        m.set_primitive(t, p);
        m.set_index(3 * t, uchar(0));
        m.set_index(3 * t + 1, uchar(t + 1));
        m.set_index(3 * t + 2, uchar(t + 2));
    }
    if (t == 0) m.set_primitive_count(2);
}

[[mesh]] void quad_noid(MV m, uint t [[thread_index_in_threadgroup]]) {
    m.set_vertex(t, corner(t));
    if (t < 2) {
        m.set_index(3 * t, uchar(0));
        m.set_index(3 * t + 1, uchar(t + 1));
        m.set_index(3 * t + 2, uchar(t + 2));
    }
    if (t == 0) m.set_primitive_count(2);
}

[[mesh]] void quad_float_id(MF m, uint t [[thread_index_in_threadgroup]]) {
    m.set_vertex(t, corner(t));
    if (t == 0) m.set_primitive_count(0);
}

fragment float4 show_id(uint id [[primitive_id]]) {
    return float4(float(id & 255u) / 255.0f, float((id >> 8) & 255u) / 255.0f, 0.0f, 1.0f);
}
`

// TestMeshPrimitiveID checks that a fragment's [[primitive_id]] is the
// value the mesh function writes to its primitive type's [[primitive_id]]
// member (consecutive or not), the primitive's number in the draw without
// such a member, and that a non-uint member is refused.
func TestMeshPrimitiveID(t *testing.T) {
	dev, err := NewDevice(DeviceOptions{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	lib, err := dev.NewLibraryWithFile("primid.metal", []byte(primIDSource), CompileOptions{})
	if err != nil {
		t.Fatal(err)
	}
	fn := func(name string) *Function {
		f, err := lib.Function(name)
		if err != nil {
			t.Fatal(err)
		}
		return f
	}
	pipeline := func(mesh string) (*RenderPipelineState, error) {
		d := &MeshRenderPipelineDescriptor{MeshFunction: fn(mesh), FragmentFunction: fn("show_id")}
		d.ColorAttachments[0].PixelFormat = PixelFormatRGBA8Unorm
		return dev.NewMeshRenderPipelineState(d)
	}
	if _, err := pipeline("quad_float_id"); err == nil || !strings.Contains(err.Error(), "primitive_id") {
		t.Errorf("float [[primitive_id]] member: error %v", err)
	}
	const size = 8
	color, err := dev.NewTexture(TextureDescriptor{TextureType: TextureType2D, PixelFormat: PixelFormatRGBA8Unorm, Width: size, Height: size,
		Usage: TextureUsageRenderTarget | TextureUsageShaderRead})
	if err != nil {
		t.Fatal(err)
	}
	q := dev.NewCommandQueue()
	tests := []struct {
		name, mesh string
		ids        [2]uint32
	}{
		{"scattered ids", "quad", [2]uint32{0x1234, 7}},
		{"consecutive ids", "quad", [2]uint32{300, 301}},
		{"no member", "quad_noid", [2]uint32{0, 1}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := pipeline(tc.mesh)
			if err != nil {
				t.Fatal(err)
			}
			cb := q.CommandBuffer(context.Background())
			var pd RenderPassDescriptor
			pd.ColorAttachments[0].Texture = color
			pd.ColorAttachments[0].LoadAction = LoadActionClear
			pd.ColorAttachments[0].ClearColor = &[4]float64{0, 0, 1, 1}
			e, err := cb.RenderCommandEncoder(&pd)
			if err != nil {
				t.Fatal(err)
			}
			e.SetRenderPipelineState(p)
			e.SetMeshBytes(meshU32s(tc.ids[:]), 0)
			if err := e.DrawMeshThreadgroups(Size{Width: 1, Height: 1, Depth: 1}, Size{}, Size{Width: 4, Height: 1, Depth: 1}); err != nil {
				t.Fatal(err)
			}
			if err := e.EndEncoding(); err != nil {
				t.Fatal(err)
			}
			if err := cb.Commit(); err != nil {
				t.Fatal(err)
			}
			if err := cb.WaitUntilCompleted(); err != nil {
				t.Fatal(err)
			}
			px := make([]byte, size*size*4)
			if err := color.GetBytes(px, size*4, 0, Region{Width: size, Height: size, Depth: 1}, 0, 0); err != nil {
				t.Fatal(err)
			}
			seen := map[[2]byte]int{}
			for i := 0; i < len(px); i += 4 {
				if px[i+2] != 0 {
					t.Fatalf("pixel %d not covered", i/4)
				}
				seen[[2]byte{px[i], px[i+1]}]++
			}
			for _, id := range tc.ids {
				if seen[[2]byte{byte(id), byte(id >> 8)}] == 0 {
					t.Errorf("no fragment with primitive_id %d (saw %v)", id, seen)
				}
			}
			if len(seen) != 2 {
				t.Errorf("primitive ids %v, want %v", seen, tc.ids)
			}
		})
	}
}
