package raster

import (
	"image"
	"math"
	"path/filepath"
	"testing"

	"github.com/ingot-render/ingot/internal/testkit"
	"github.com/ingot-render/ingot/internal/texel"
)

// toImage resolves colour target 0 of pt (layer 0) to an 8-bit image.
func toImage(t *testing.T, ct *ColorTarget) image.Image {
	t.Helper()
	f := texel.RGBA8Unorm
	if ct.Format.IsSRGB() {
		f = texel.RGBA8Unorm_sRGB
	}
	tex, err := texel.New(texel.Texture2DDescriptor(f, ct.Width, ct.Height, false))
	if err != nil {
		t.Fatal(err)
	}
	if err := ct.Resolve(tex, 0, 0, 0); err != nil {
		t.Fatal(err)
	}
	img := image.NewNRGBA(image.Rect(0, 0, ct.Width, ct.Height))
	copy(img.Pix, tex.Data())
	for i := 3; i < len(img.Pix); i += 4 {
		img.Pix[i] = 255
	}
	return img
}

var goldenTol = testkit.Tolerance{PerChannel: 1, BadFraction: 0.001}

func TestGoldenRandomScene(t *testing.T) {
	sc := randomScene(5, 96, 64, 4)
	sc.format = texel.RGBA8Unorm
	testkit.GoldenImage(t, filepath.Join("testdata", "random5_msaa4.png"), toImage(t, sc.run(t, 2).Color[0]), goldenTol)
}

func TestGoldenFloorMSAA(t *testing.T) {
	sc, _ := floorScene(96, 96)
	sc.samples = 8
	sc.format = texel.RGBA8Unorm_sRGB
	st := defaultState(96, 96)
	st.DepthStencil = DepthStencil{DepthCompare: CompareAlways, DepthWrite: true}
	sc.draws[0].State = st
	var vary [][]float32
	for i := range 6 {
		vary = append(vary, []float32{float32(i%3) / 2, float32(i % 2), 0.5})
	}
	sc.draws[0].Vertices.Varyings, sc.draws[0].Vertices.Stride = nil, 3
	for _, v := range vary {
		sc.draws[0].Vertices.Varyings = append(sc.draws[0].Vertices.Varyings, v...)
	}
	sc.draws[0].Interp = interps(3, InterpPerspective)
	sc.draws[0].Shader = &varyShader{stride: 3}
	testkit.GoldenImage(t, filepath.Join("testdata", "floor_msaa8_srgb.png"), toImage(t, sc.run(t, 2).Color[0]), goldenTol)
}

func TestGoldenLinesPoints(t *testing.T) {
	const w, h = 64, 64
	var pos [][4]float32
	var vary [][]float32
	for i := range 24 {
		a := 2 * math.Pi * float64(i) / 24
		pos = append(pos, ndc(32, 32, 0.5, 1, w, h), ndc(32+30*math.Cos(a), 32+30*math.Sin(a), 0.5, 1, w, h))
		c := []float32{float32(i) / 24, 1 - float32(i)/24, 0.5}
		vary = append(vary, c, c)
	}
	lines := &Draw{Topology: LineList, Vertices: verts(pos, vary), State: defaultState(w, h), Shader: &varyShader{stride: 3},
		ColorMask: 1, SampleMask: ^uint32(0), Interp: interps(3, InterpPerspective)}
	var ppos [][4]float32
	var pv [][]float32
	var sizes []float32
	for i := range 6 {
		ppos = append(ppos, ndc(6+float64(i)*10.3, 58, 0.5, 1, w, h))
		pv = append(pv, []float32{1, 1, float32(i) / 6})
		sizes = append(sizes, float32(i+1))
	}
	pts := &Draw{Topology: PointList, Vertices: verts(ppos, pv), State: defaultState(w, h), Shader: &varyShader{stride: 3},
		ColorMask: 1, SampleMask: ^uint32(0), Interp: interps(3, InterpFlat)}
	pts.Vertices.PointSize = sizes
	sc := &scene{w: w, h: h, format: texel.RGBA8Unorm, draws: []*Draw{lines, pts}}
	testkit.GoldenImage(t, filepath.Join("testdata", "lines_points.png"), toImage(t, sc.run(t, 2).Color[0]), goldenTol)
}

func TestGoldenBunny(t *testing.T) {
	m := loadBunny(t)
	const w, h = 160, 160
	v := bunnyVertices(m)
	ct, _ := NewColorTarget(texel.RGBA8Unorm, w, h, 1, 1)
	dt, _ := NewDepthTarget(texel.Depth32Float, w, h, 1, 1)
	ct.Clear([4]float64{0.05, 0.05, 0.08, 1})
	dt.Clear(1)
	p, err := NewPass(PassTargets{Width: w, Height: h, Samples: 1, Layers: 1, Color: [8]*ColorTarget{ct}, Depth: dt}, PassOptions{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Draw(bunnyDraw(m, v, w, h, &phongShader{})); err != nil {
		t.Fatal(err)
	}
	if err := p.Flush(t.Context()); err != nil {
		t.Fatal(err)
	}
	testkit.GoldenImage(t, filepath.Join("testdata", "bunny160.png"), toImage(t, ct), goldenTol)
}
