package raster

import (
	"fmt"
	"testing"
)

// TestPixelPathOtherPrimitives renders the pixel-path scenes as points,
// lines and wireframe triangles (which run on the quad path inside a
// pixel-path draw) at 1 and 4 samples and compares them with the quad
// path bit for bit.
func TestPixelPathOtherPrimitives(t *testing.T) {
	defer func() { pixelPathOff = false }()
	cases := []struct {
		topo Topology
		fill FillMode
	}{{PointList, FillSolid}, {LineList, FillSolid}, {LineStrip, FillSolid}, {TriangleList, FillLines}}
	for _, tc := range cases {
		for i := range 8 {
			seed, samples := uint64(i%6), 1+3*(i/6)
			t.Run(fmt.Sprintf("topology=%d/fill=%d/seed=%d/samples=%d", tc.topo, tc.fill, seed, samples), func(t *testing.T) {
				sc := pixelSceneMS(seed, 70+int(seed%3)*13, 64, samples)
				for _, d := range sc.draws {
					d.Topology = tc.topo
					st := *d.State
					st.Fill = tc.fill
					d.State = &st
				}
				pixelPathOff = true
				ref, refVis := runVis(t, sc, 1)
				pixelPathOff = false
				got, gotVis := runVis(t, sc, 2)
				if !sameBits(colorData(got.Color[0]), colorData(ref.Color[0])) {
					t.Errorf("colour differs from the quad path's")
				}
				if !sameBits(got.Depth.data, ref.Depth.data) {
					t.Errorf("depth differs from the quad path's")
				}
				if fmt.Sprint(mapPairs(gotVis)) != fmt.Sprint(mapPairs(refVis)) {
					t.Errorf("visibility %v, quad path %v", gotVis, refVis)
				}
			})
		}
	}
}
