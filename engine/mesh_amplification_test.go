package engine_test

import (
	"strings"
	"testing"

	"github.com/ingot-render/ingot/engine"
)

// TestMeshVertexAmplification draws a mesh pipeline's lines twice through
// vertex amplification, into the left and the right viewport: each half
// gets the image a single 16×16 draw gives.
func TestMeshVertexAmplification(t *testing.T) {
	r := newRenderRig(t, 32, 16, 2, false)
	lib := r.library(meshCubesSource(t))
	p, err := r.meshPipeline(lib, "", "lines_mesh", "pt_fragment", func(d *engine.MeshRenderPipelineDescriptor) { d.MaxVertexAmplificationCount = 2 })
	if err != nil {
		t.Fatal(err)
	}
	err = r.pass([4]float64{0, 0, 0, 1}, func(e *engine.RenderCommandEncoder) error {
		e.SetRenderPipelineState(p)
		if err := e.SetViewports([]engine.Viewport{{W: 16, H: 16, ZFar: 1}, {X: 16, W: 16, H: 16, ZFar: 1}}); err != nil {
			return err
		}
		if err := e.SetVertexAmplificationCount(2, []engine.VertexAmplificationViewMapping{{}, {ViewportArrayIndexOffset: 1}}); err != nil {
			return err
		}
		return e.DrawMeshThreadgroups(engine.Size{Width: 1, Height: 1, Depth: 1}, engine.Size{}, engine.Size{Width: 4, Height: 1, Depth: 1})
	})
	if err != nil {
		t.Fatal(err)
	}
	px := r.pixels()
	var halves [2]int
	for y := range 16 {
		for x := range 32 {
			if px[4*(y*32+x)] == 255 {
				halves[x/16]++
			}
		}
		for x := range 16 {
			if px[4*(y*32+x)] != px[4*(y*32+x+16)] {
				t.Fatalf("pixel (%d, %d) differs between the two amplifications", x, y)
			}
		}
	}
	if halves != [2]int{16, 16} {
		t.Errorf("white pixels per half %v, want [16 16]", halves)
	}
	// Without MaxVertexAmplificationCount the draw is refused.
	p1, err := r.meshPipeline(lib, "", "lines_mesh", "pt_fragment", nil)
	if err != nil {
		t.Fatal(err)
	}
	err = r.pass([4]float64{}, func(e *engine.RenderCommandEncoder) error {
		e.SetRenderPipelineState(p1)
		if err := e.SetVertexAmplificationCount(2, nil); err != nil {
			return err
		}
		return e.DrawMeshThreadgroups(engine.Size{Width: 1, Height: 1, Depth: 1}, engine.Size{}, engine.Size{Width: 4, Height: 1, Depth: 1})
	})
	if err == nil || !strings.Contains(err.Error(), "MaxVertexAmplificationCount") {
		t.Errorf("amplification past the pipeline's maximum: %v, want an error naming MaxVertexAmplificationCount", err)
	}
}

// meshAmpSource's object function stores [[amplification_count]] in its
// payload; the mesh function reads [[amplification_id]] and
// [[amplification_count]] and emits a different quad per amplification: a
// red one over the whole viewport for id 0, a green one over its left half
// for id 1, both with blue = the payload's count / 4.
const meshAmpSource = `
#include <metal_stdlib>
using namespace metal;

struct Payload { uint count; };
struct VOut { float4 pos [[position]]; float4 color; };
using quad_mesh = metal::mesh<VOut, void, 4, 2, metal::topology::triangle>;

[[object]] void amp_object(object_data Payload &p [[payload]], mesh_grid_properties g,
                           uint lane [[thread_index_in_threadgroup]], ushort count [[amplification_count]]) {
    if (lane == 0) {
        p.count = count;
        g.set_threadgroups_per_grid(uint3(1, 1, 1));
    }
}

[[mesh]] void amp_mesh(quad_mesh m, const object_data Payload &p [[payload]],
                       uint lane [[thread_index_in_threadgroup]],
                       uint id [[amplification_id]], uint count [[amplification_count]]) {
    float right = id == 0 ? 1.0f : 0.0f;
    VOut v;
    v.pos = float4(lane & 1 ? right : -1.0f, lane & 2 ? 1.0f : -1.0f, 0.5f, 1.0f);
    v.color = float4(id == 0 ? 1.0f : 0.0f, id == 1 ? 1.0f : 0.0f, float(p.count) / 4.0f, float(count) / 4.0f);
    m.set_vertex(lane, v);
    if (lane < 2) {
        m.set_index(3 * lane + 0, 0);
        m.set_index(3 * lane + 1, lane == 0 ? 1 : 3);
        m.set_index(3 * lane + 2, lane == 0 ? 3 : 2);
    }
    if (lane == 0) {
        m.set_primitive_count(2);
    }
}

fragment float4 amp_fragment(VOut in [[stage_in]]) { return in.color; }
`

// TestMeshAmplificationID: a mesh function that reads [[amplification_id]]
// runs once per amplification, each run's primitives going through its
// own view mapping; [[amplification_count]] reaches the object and mesh
// functions.
func TestMeshAmplificationID(t *testing.T) {
	for _, workers := range []int{1, 3} {
		r := newRenderRig(t, 32, 16, workers, false)
		p, err := r.meshPipeline(r.library(meshAmpSource), "amp_object", "amp_mesh", "amp_fragment",
			func(d *engine.MeshRenderPipelineDescriptor) { d.MaxVertexAmplificationCount = 2 })
		if err != nil {
			t.Fatal(err)
		}
		err = r.pass([4]float64{0, 0, 0, 1}, func(e *engine.RenderCommandEncoder) error {
			e.SetRenderPipelineState(p)
			if err := e.SetViewports([]engine.Viewport{{W: 16, H: 16, ZFar: 1}, {X: 16, W: 16, H: 16, ZFar: 1}}); err != nil {
				return err
			}
			if err := e.SetVertexAmplificationCount(2, []engine.VertexAmplificationViewMapping{{}, {ViewportArrayIndexOffset: 1}}); err != nil {
				return err
			}
			return e.DrawMeshThreadgroups(engine.Size{Width: 1, Height: 1, Depth: 1}, engine.Size{Width: 1, Height: 1, Depth: 1}, engine.Size{Width: 4, Height: 1, Depth: 1})
		})
		if err != nil {
			t.Fatal(err)
		}
		px := r.pixels()
		for y := range 16 {
			for x := range 32 {
				got := [4]byte(px[4*(y*32+x):])
				var want [4]byte
				switch {
				case x < 16:
					want = [4]byte{255, 0, 128, 128}
				case x < 24:
					want = [4]byte{0, 255, 128, 128}
				default:
					want = [4]byte{0, 0, 0, 255}
				}
				if got != want {
					t.Fatalf("workers %d: pixel (%d, %d) = %v, want %v", workers, x, y, got, want)
				}
			}
		}
	}
}
