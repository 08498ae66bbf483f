package raster

import "testing"

func TestSingleTriangle(t *testing.T) {
	w, h := 8, 8
	st := defaultState(w, h)
	// Clockwise in window space (y down): (1,1) → (7,1) → (1,7).
	v := verts([][4]float32{ndc(1, 1, 0.5, 1, w, h), ndc(7, 1, 0.5, 1, w, h), ndc(1, 7, 0.5, 1, w, h)}, nil)
	sh := &varyShader{}
	sc := &scene{w: w, h: h, draws: []*Draw{{Topology: TriangleList, Vertices: v, State: st, Shader: sh, ColorMask: 1, SampleMask: ^uint32(0)}}}
	pt := sc.run(t, 1)
	n := 0
	for y := range h {
		row := ""
		for x := range w {
			c := pt.Color[0].Read(x, y, 0, 0)
			if c[3] == 1 {
				row += "#"
				n++
			} else {
				row += "."
			}
		}
		t.Log(row)
	}
	// Pixel centres strictly inside x+y < 8, x,y > 1 ... (centres at k+0.5).
	if n != 15 {
		t.Errorf("covered %d pixels, want 15", n)
	}
}
