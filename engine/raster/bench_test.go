package raster

import (
	"context"
	"runtime"
	"testing"

	"github.com/ingot-render/ingot/internal/benchkit"
	"github.com/ingot-render/ingot/internal/texel"
)

// nativeRaster is the benchmark baseline: a straightforward scalar
// rasterizer (float32 edge functions per pixel centre over each triangle's
// bounding box, back-face culling, a Less depth test, perspective-correct
// normals, phong, RGBA8 writes) with none of raster's generality.
type nativeRaster struct {
	w, h  int
	color []uint32
	depth []float32
	frags int
}

func (n *nativeRaster) draw(v *VertexOutputs, idx []uint32) {
	W, H := float32(n.w), float32(n.h)
	for i := range n.depth {
		n.depth[i] = 1
		n.color[i] = 0
	}
	n.frags = 0
	for t := 0; t+2 < len(idx); t += 3 {
		var x, y, z, iw [3]float32
		ok := true
		for k := range 3 {
			p := v.Position[4*idx[t+k]:]
			if p[3] <= 0 {
				ok = false
				break
			}
			iw[k] = 1 / p[3]
			x[k] = (p[0]*iw[k] + 1) * W / 2
			y[k] = (1 - p[1]*iw[k]) * H / 2
			z[k] = p[2] * iw[k]
		}
		if !ok {
			continue
		}
		area := (x[1]-x[0])*(y[2]-y[0]) - (y[1]-y[0])*(x[2]-x[0])
		if area >= 0 { // counter-clockwise front faces: cull the rest
			continue
		}
		x0 := max(int(min(x[0], x[1], x[2])), 0)
		x1 := min(int(max(x[0], x[1], x[2]))+1, n.w)
		y0 := max(int(min(y[0], y[1], y[2])), 0)
		y1 := min(int(max(y[0], y[1], y[2]))+1, n.h)
		inv := 1 / area
		for py := y0; py < y1; py++ {
			for px := x0; px < x1; px++ {
				cx, cy := float32(px)+0.5, float32(py)+0.5
				l0 := ((x[2]-x[1])*(cy-y[1]) - (y[2]-y[1])*(cx-x[1])) * inv
				l1 := ((x[0]-x[2])*(cy-y[2]) - (y[0]-y[2])*(cx-x[2])) * inv
				l2 := 1 - l0 - l1
				if l0 < 0 || l1 < 0 || l2 < 0 {
					continue
				}
				zz := l0*z[0] + l1*z[1] + l2*z[2]
				i := py*n.w + px
				if !(zz < n.depth[i]) {
					continue
				}
				n.depth[i] = zz
				q0, q1, q2 := l0*iw[0], l1*iw[1], l2*iw[2]
				s := 1 / (q0 + q1 + q2)
				q0, q1, q2 = q0*s, q1*s, q2*s
				vy := v.Varyings
				a, b, c := 3*idx[t], 3*idx[t+1], 3*idx[t+2]
				r, g, bl := phong(q0*vy[a]+q1*vy[b]+q2*vy[c], q0*vy[a+1]+q1*vy[b+1]+q2*vy[c+1], q0*vy[a+2]+q1*vy[b+2]+q2*vy[c+2])
				n.color[i] = uint32(unorm8(r)) | uint32(unorm8(g))<<8 | uint32(unorm8(bl))<<16 | 255<<24
				n.frags++
			}
		}
	}
}

// bunnyCase is the bunny at 512×512 through a Pass (Phong fragment shader,
// depth test, back-face culling) against the scalar baseline.
func bunnyCase(tb testing.TB) benchkit.Case {
	m := loadBunny(tb)
	const w, h = 512, 512
	v := bunnyVertices(m)
	tris := float64(len(m.idx) / 3)
	return benchkit.Case{
		Name: "raster/bunny512", Unit: "ns/op", PerOp: 1,
		Ingot: func(b *testing.B, workers int) {
			ct, _ := NewColorTarget(texel.RGBA8Unorm, w, h, 1, 1)
			dt, _ := NewDepthTarget(texel.Depth32Float, w, h, 1, 1)
			p, err := NewPass(PassTargets{Width: w, Height: h, Samples: 1, Layers: 1, Color: [8]*ColorTarget{ct}, Depth: dt}, PassOptions{Workers: workers})
			if err != nil {
				b.Fatal(err)
			}
			sh := &phongShader{frags: make([]int, p.Workers())}
			d := bunnyDraw(m, v, w, h, sh)
			b.ReportAllocs()
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			cpu0 := threadCPU()
			for b.Loop() {
				p.Reset()
				ct.Clear([4]float64{0, 0, 0, 1})
				dt.Clear(1)
				if err := p.Draw(d); err != nil {
					b.Fatal(err)
				}
				if err := p.Flush(context.Background()); err != nil {
					b.Fatal(err)
				}
			}
			cpu := threadCPU() - cpu0
			frags := 0
			for _, f := range sh.frags {
				frags += f
			}
			ns := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
			b.ReportMetric(ns/tris, "ns/triangle")
			if workers == 1 && cpu0 >= 0 {
				b.ReportMetric(float64(cpu)/float64(b.N)/tris, "cpu-ns/triangle")
			}
			if frags > 0 {
				b.ReportMetric(ns/(float64(frags)/float64(b.N)), "ns/fragment")
				b.ReportMetric(float64(frags)/float64(b.N), "fragments/op")
			}
		},
		Native: func(b *testing.B) {
			nat := &nativeRaster{w: w, h: h, color: make([]uint32, w*h), depth: make([]float32, w*h)}
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			cpu0 := threadCPU()
			for b.Loop() {
				nat.draw(v, m.idx)
			}
			cpu := threadCPU() - cpu0
			ns := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
			b.ReportMetric(ns/tris, "ns/triangle")
			if cpu0 >= 0 {
				b.ReportMetric(float64(cpu)/float64(b.N)/tris, "cpu-ns/triangle")
			}
			b.ReportMetric(float64(nat.frags), "fragments/op")
		},
	}
}

func BenchmarkBunny512(b *testing.B) {
	c := bunnyCase(b)
	b.Run("workers=1", func(b *testing.B) { benchkit.Bench(b, c, 1) })
	b.Run("workers=max", func(b *testing.B) { benchkit.Bench(b, c, runtime.GOMAXPROCS(0)) })
}

// BenchmarkSetup measures Draw alone (assembly, setup and binning) on the
// bunny, per triangle.
func BenchmarkSetup(b *testing.B) {
	m := loadBunny(b)
	const w, h = 512, 512
	v := bunnyVertices(m)
	ct, _ := NewColorTarget(texel.RGBA8Unorm, w, h, 1, 1)
	p, _ := NewPass(PassTargets{Width: w, Height: h, Samples: 1, Layers: 1, Color: [8]*ColorTarget{ct}}, PassOptions{Workers: 1})
	d := bunnyDraw(m, v, w, h, &phongShader{})
	b.ReportAllocs()
	for b.Loop() {
		p.Reset()
		if err := p.Draw(d); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(m.idx)/3), "ns/triangle")
}

// gradShader writes colour 0 = (x/512, y/512, 0.5, 1) from [[position]].
type gradShader struct{}

func (gradShader) Shade(worker int, b *FragmentBatch) error {
	for L := range b.N {
		b.Color[0][0][L] = b.PosX[L] * (1.0 / 512)
		b.Color[0][1][L] = b.PosY[L] * (1.0 / 512)
		b.Color[0][2][L], b.Color[0][3][L] = 0.5, 1
	}
	return nil
}

// nativeFill is the fill-rate baseline: a scalar loop over the pixels of
// two triangles' bounding box with float32 edge tests, the same colour and
// an RGBA8 pack.
func nativeFill(buf []uint32, w, h int, tris [][3][2]float32) {
	for _, t := range tris {
		x0, y0, x1, y1 := t[0][0], t[0][1], t[1][0], t[1][1]
		x2, y2 := t[2][0], t[2][1]
		for py := range h {
			for px := range w {
				cx, cy := float32(px)+0.5, float32(py)+0.5
				e0 := (x1-x0)*(cy-y0) - (y1-y0)*(cx-x0)
				e1 := (x2-x1)*(cy-y1) - (y2-y1)*(cx-x1)
				e2 := (x0-x2)*(cy-y2) - (y0-y2)*(cx-x2)
				if e0 < 0 || e1 < 0 || e2 < 0 {
					continue
				}
				buf[py*w+px] = uint32(unorm8(cx/512)) | uint32(unorm8(cy/512))<<8 | uint32(unorm8(0.5))<<16 | 255<<24
			}
		}
	}
}

// BenchmarkFillRate measures large triangles: a full-screen quad with a
// position-gradient shader into RGBA8, per fragment, against nativeFill.
func BenchmarkFillRate(b *testing.B) {
	const w, h = 512, 512
	ct, _ := NewColorTarget(texel.RGBA8Unorm, w, h, 1, 1)
	p, _ := NewPass(PassTargets{Width: w, Height: h, Samples: 1, Layers: 1, Color: [8]*ColorTarget{ct}}, PassOptions{Workers: 1})
	st := defaultState(w, h)
	d := &Draw{Topology: TriangleList, Vertices: verts(square(0, 0, w, h, 0.5, w, h), nil), State: st,
		Shader: gradShader{}, ColorMask: 1, SampleMask: ^uint32(0)}
	buf := make([]uint32, w*h)
	tris := [][3][2]float32{{{0, 0}, {w, 0}, {w, h}}, {{0, 0}, {w, h}, {0, h}}}
	benchkit.Bench(b, benchkit.Case{Name: "raster/fill512", Unit: "ns/op", PerOp: 1,
		Ingot: func(b *testing.B, _ int) {
			b.ReportAllocs()
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			cpu0 := threadCPU()
			for b.Loop() {
				p.Reset()
				_ = p.Draw(d)
				_ = p.Flush(context.Background())
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/(w*h), "ns/fragment")
			if cpu0 >= 0 {
				b.ReportMetric(float64(threadCPU()-cpu0)/float64(b.N)/(w*h), "cpu-ns/fragment")
			}
		},
		Native: func(b *testing.B) {
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			cpu0 := threadCPU()
			for b.Loop() {
				nativeFill(buf, w, h, tris)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/(w*h), "ns/fragment")
			if cpu0 >= 0 {
				b.ReportMetric(float64(threadCPU()-cpu0)/float64(b.N)/(w*h), "cpu-ns/fragment")
			}
		}}, 1)
}
