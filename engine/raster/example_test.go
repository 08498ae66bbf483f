package raster_test

import (
	"context"
	"fmt"

	"github.com/ingot-render/ingot/engine/raster"
	"github.com/ingot-render/ingot/internal/texel"
)

// white is a fragment shader that writes opaque white to colour 0.
type white struct{}

func (white) Shade(worker int, b *raster.FragmentBatch) error {
	for lane := range b.N {
		for c := range 4 {
			b.Color[0][c][lane] = 1
		}
	}
	return nil
}

// Example renders one clockwise triangle into an 8×4 RGBA8 target and prints
// the covered pixels.
func Example() {
	const w, h = 8, 4
	ct, _ := raster.NewColorTarget(texel.RGBA8Unorm, w, h, 1, 1)
	ct.Clear([4]float64{0, 0, 0, 1})
	pass, err := raster.NewPass(raster.PassTargets{Width: w, Height: h, Samples: 1, Layers: 1,
		Color: [raster.MaxColorAttachments]*raster.ColorTarget{ct}}, raster.PassOptions{Workers: 2})
	if err != nil {
		fmt.Println(err)
		return
	}
	st := &raster.State{Viewports: []raster.Viewport{{W: w, H: h, ZFar: 1}}}
	st.DepthStencil.DepthCompare = raster.CompareAlways
	st.Blends[0].WriteMask = raster.WriteAll
	// Clip-space positions: top-left, top-right, bottom-left (clockwise on screen).
	v := &raster.VertexOutputs{Count: 3, Position: []float32{-1, 1, 0, 1, 1, 1, 0, 1, -1, -1, 0, 1}}
	err = pass.Draw(&raster.Draw{Topology: raster.TriangleList, Vertices: v, State: st, Shader: white{},
		ColorMask: 1, SampleMask: 0xFFFFFFFF})
	if err == nil {
		err = pass.Flush(context.Background())
	}
	if err != nil {
		fmt.Println(err)
		return
	}
	for y := range h {
		for x := range w {
			if ct.Read(x, y, 0, 0)[0] == 1 {
				fmt.Print("#")
			} else {
				fmt.Print(".")
			}
		}
		fmt.Println()
	}
	// Output:
	// #######.
	// #####...
	// ###.....
	// #.......
}
