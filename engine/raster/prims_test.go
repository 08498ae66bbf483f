package raster

import (
	"math"
	"testing"

	"github.com/ingot-render/ingot/internal/texel"
)

// drawHits renders d additively (colour 1) on a w×h float target and
// returns the hit count per pixel, row-major.
func drawHits(t *testing.T, w, h, layers int, d *Draw) [][]float32 {
	t.Helper()
	if d.State == nil {
		d.State = additive(w, h)
	}
	if d.Shader == nil {
		d.Shader = constShader{1, 1, 1, 1}
	}
	d.ColorMask, d.SampleMask = 1, ^uint32(0)
	sc := &scene{w: w, h: h, layers: layers, format: texel.RGBA32Float, draws: []*Draw{d}}
	pt := sc.run(t, 2)
	out := make([][]float32, layers)
	for l := range layers {
		for y := range h {
			for x := range w {
				out[l] = append(out[l], pt.Color[0].Read(x, y, 0, l)[0])
			}
		}
	}
	return out
}

func TestLines(t *testing.T) {
	const w, h = 24, 24
	win := func(x, y float64) [4]float32 { return ndc(x, y, 0.5, 1, w, h) }
	t.Run("horizontal", func(t *testing.T) {
		hits := drawHits(t, w, h, 1, &Draw{Topology: LineList, Vertices: verts([][4]float32{win(2, 3.5), win(10, 3.5)}, nil)})[0]
		for y := range h {
			for x := range w {
				want := float32(0)
				if y == 3 && x >= 2 && x < 10 {
					want = 1
				}
				if hits[y*w+x] != want {
					t.Fatalf("pixel (%d,%d) = %v, want %v", x, y, hits[y*w+x], want)
				}
			}
		}
	})
	t.Run("one pixel per major-axis step", func(t *testing.T) {
		for _, seg := range [][4]float64{{1.2, 1.7, 20.3, 9.1}, {20.3, 9.1, 1.2, 1.7}, {3.3, 1.1, 9.8, 22.6}, {4, 20, 20, 4}} {
			hits := drawHits(t, w, h, 1, &Draw{Topology: LineStrip, Vertices: verts([][4]float32{win(seg[0], seg[1]), win(seg[2], seg[3])}, nil)})[0]
			xMajor := math.Abs(seg[2]-seg[0]) >= math.Abs(seg[3]-seg[1])
			total := float32(0)
			for i := range w {
				var n float32
				for j := range h {
					if xMajor {
						n += hits[j*w+i]
					} else {
						n += hits[i*w+j]
					}
				}
				lo, hi := min(seg[0], seg[2]), max(seg[0], seg[2])
				if !xMajor {
					lo, hi = min(seg[1], seg[3]), max(seg[1], seg[3])
				}
				c := float64(i) + 0.5
				want := float32(0)
				if c > lo+0.01 && c < hi-0.01 {
					want = 1
				}
				if (c > lo+0.01 && c < hi-0.01) && n != want {
					t.Errorf("segment %v: step %d has %v pixels, want 1", seg, i, n)
				}
				total += n
			}
			if total == 0 {
				t.Errorf("segment %v drew nothing", seg)
			}
		}
	})
	t.Run("wireframe", func(t *testing.T) {
		st := additive(w, h)
		st.Fill = FillLines
		hits := drawHits(t, w, h, 1, &Draw{Topology: TriangleList, State: st,
			Vertices: verts([][4]float32{win(2.5, 2.5), win(20.5, 2.5), win(2.5, 20.5)}, nil)})[0]
		if hits[2*w+10] != 1 || hits[10*w+2] != 1 || hits[10*w+10] != 0 {
			t.Errorf("wireframe hits top %v left %v inside %v, want 1 1 0", hits[2*w+10], hits[10*w+2], hits[10*w+10])
		}
	})
}

func TestPoints(t *testing.T) {
	const w, h = 16, 16
	win := func(x, y float64) [4]float32 { return ndc(x, y, 0.5, 1, w, h) }
	v := verts([][4]float32{win(5.5, 5.5), win(11, 11)}, nil)
	v.PointSize = []float32{3, 2}
	rs := &recordShader{}
	hits := drawHits(t, w, h, 1, &Draw{Topology: PointList, Vertices: v})[0]
	for y := range h {
		for x := range w {
			want := float32(0)
			if x >= 4 && x <= 6 && y >= 4 && y <= 6 || x >= 10 && x <= 11 && y >= 10 && y <= 11 {
				want = 1
			}
			if hits[y*w+x] != want {
				t.Fatalf("pixel (%d,%d) = %v, want %v", x, y, hits[y*w+x], want)
			}
		}
	}
	drawHits(t, w, h, 1, &Draw{Topology: PointList, Vertices: v, Shader: rs})
	if pc := rs.pc[[3]int{5, 5, 0}]; pc != [2]float32{0.5, 0.5} {
		t.Errorf("point_coord at the centre = %v, want (0.5, 0.5)", pc)
	}
	if pc := rs.pc[[3]int{4, 6, 0}]; math.Abs(float64(pc[0])-1.0/6) > 1e-6 || math.Abs(float64(pc[1])-5.0/6) > 1e-6 {
		t.Errorf("point_coord at (4,6) = %v, want (1/6, 5/6)", pc)
	}
}

func TestStripsAndRestart(t *testing.T) {
	const w, h = 16, 16
	win := func(x, y float64) [4]float32 { return ndc(x, y, 0.5, 1, w, h) }
	// A strip of 4 vertices covers the square (2,2)-(10,10) once; restart
	// then a second strip covering (12,2)-(14,4).
	v := verts([][4]float32{win(2, 2), win(10, 2), win(2, 10), win(10, 10), win(12, 2), win(14, 2), win(12, 4), win(14, 4)}, nil)
	st := additive(w, h)
	st.Cull = CullBack // strip order keeps every triangle clockwise
	hits := drawHits(t, w, h, 1, &Draw{Topology: TriangleStrip, State: st, Vertices: v, Indices: []uint32{0, 1, 2, 3, RestartIndex, 4, 5, 6, 7}})[0]
	for y := range h {
		for x := range w {
			want := float32(0)
			if x >= 2 && x < 10 && y >= 2 && y < 10 || x >= 12 && x < 14 && y >= 2 && y < 4 {
				want = 1
			}
			if hits[y*w+x] != want {
				t.Fatalf("pixel (%d,%d) = %v, want %v", x, y, hits[y*w+x], want)
			}
		}
	}
}

func TestLayeredRendering(t *testing.T) {
	const w, h = 8, 8
	full := [][4]float32{{-1, -1, 0.5, 1}, {-1, 3, 0.5, 1}, {3, -1, 0.5, 1}}
	pos := append(append(append([][4]float32{}, full...), full...), full...)
	v := verts(pos, nil)
	v.Layer = []uint32{2, 2, 2, 0, 0, 0, 7, 7, 7} // the last is out of range
	hits := drawHits(t, w, h, 3, &Draw{Topology: TriangleList, Vertices: v})
	for l, want := range []float32{1, 0, 1} {
		for i, got := range hits[l] {
			if got != want {
				t.Fatalf("layer %d pixel %d = %v, want %v", l, i, got, want)
			}
		}
	}
}

func TestViewportArrayAndScissor(t *testing.T) {
	const w, h = 16, 8
	full := [][4]float32{{-1, -1, 0.5, 1}, {-1, 3, 0.5, 1}, {3, -1, 0.5, 1}}
	v := verts(append(append([][4]float32{}, full...), full...), nil)
	v.ViewportIndex = []uint32{0, 0, 0, 1, 1, 1}
	st := additive(w, h)
	st.Viewports = []Viewport{{0, 0, 8, 8, 0, 1}, {8, 0, 8, 8, 0, 1}}
	st.Scissors = []Scissor{{0, 0, 8, 8}, {9, 1, 100, 100}}
	hits := drawHits(t, w, h, 1, &Draw{Topology: TriangleList, State: st, Vertices: v})[0]
	for y := range h {
		for x := range w {
			want := float32(0)
			if x < 8 || x >= 9 && y >= 1 {
				want = 1
			}
			if hits[y*w+x] != want {
				t.Fatalf("pixel (%d,%d) = %v, want %v", x, y, hits[y*w+x], want)
			}
		}
	}
}
