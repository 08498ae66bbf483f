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
