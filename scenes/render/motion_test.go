package render

import (
	"math"
	"testing"

	"github.com/ingot-render/ingot/scenes/model"
)

// movingQuad is an unlit white quad (x ∈ [−a/2, a/2], tall) at z = 0
// whose node translates along x from −d/2 to +d/2 over t ∈ [0, 1].
func movingQuad(a, d float32) *model.Scene {
	s := &model.Scene{Name: "moving quad"}
	h := float32(4)
	pr := model.Primitive{
		Positions: [][3]float32{{-a / 2, -h, 0}, {a / 2, -h, 0}, {a / 2, h, 0}, {-a / 2, h, 0}},
		Indices:   []uint32{0, 1, 2, 0, 2, 3},
	}
	m := model.DefaultMaterial()
	m.BaseColor = [4]float32{1, 1, 1, 1}
	m.Unlit = true
	s.Materials = []model.Material{m}
	mesh := &model.Mesh{Name: "quad", Primitives: []model.Primitive{pr}}
	mesh.ComputeBounds()
	s.Meshes = []*model.Mesh{mesh}
	n := model.NewNode("quad")
	n.Mesh = 0
	node := s.AddNode(n, -1)
	s.Animations = []model.Animation{{Name: "slide", Start: 0, End: 1,
		Samplers: []model.AnimSampler{{Input: []float32{0, 1}, Output: []float32{-d / 2, 0, 0, d / 2, 0, 0}, Width: 3}},
		Channels: []model.Channel{{Sampler: 0, Node: node, Path: model.PathTranslation}}}}
	return s
}

// TestMotionBlurSmear: a quad of width a moving by d during the shutter
// smears into a trapezoid: total width a + d, a plateau of height a/d
// between, and (energy conservation) a row integral equal to a. The
// view spans x ∈ [−1, 1] over 64 pixels (32 px per unit), so a = 0.5 and
// d = 1 give 48 px of smear, a 16 px plateau at 0.5 and an integral of
// 16 px. Bounds: integral within 2%, plateau within 5%, nothing beyond
// the smear plus the 1-px filter radius.
func TestMotionBlurSmear(t *testing.T) {
	const a, d = 0.5, 1.0
	const w, h = 64, 4
	s := movingQuad(a, d)
	r := testRenderer(t, s, 2, Options{Shutter: [2]float32{0, 1}, Env: &Environment{}})
	f := smallFrame(w, h, 64)
	f.Shutter = [2]float32{0, 1}
	f.ToneMap = ToneNone
	// Half-width 1 at distance 10: tan(fov/2) = 1/10 vertically; the
	// image is 16:1, so scale the vertical fov to make the horizontal
	// span [−1, 1].
	halfY := 1.0 / 10 * float64(h) / float64(w)
	f.LookAt = &Camera{Eye: [3]float32{0, 0, 10}, Up: [3]float32{0, 1, 0}, FovY: float32(2 * math.Atan(halfY) * 180 / math.Pi)}
	img := mustRender(t, r, f)
	pxPerUnit := float64(w) / 2
	var integral, plateau float64
	plateauN := 0
	for y := range h {
		for x := range w {
			v := float64(img.Linear[4*(y*w+x)])
			integral += v / h
			cx := (float64(x) + 0.5 - w/2) / pxPerUnit // pixel centre in scene units
			switch {
			case math.Abs(cx) < (d-a)/2-1/pxPerUnit:
				plateau += v
				plateauN++
			case math.Abs(cx) > (a+d)/2+1.5/pxPerUnit && v != 0:
				t.Errorf("pixel (%d,%d) at x=%.3f is outside the smear but has %v", x, y, cx, v)
			}
		}
	}
	plateau /= float64(plateauN)
	t.Logf("row integral %.3f px (want %.1f), plateau %.3f (want %.2f)", integral, a*pxPerUnit, plateau, a/d)
	if math.Abs(integral-a*pxPerUnit) > 0.02*a*pxPerUnit {
		t.Errorf("row integral %.3f px, want %.1f ± 2%%", integral, a*pxPerUnit)
	}
	if math.Abs(plateau-a/d) > 0.05*a/d {
		t.Errorf("plateau %.3f, want %.2f ± 5%%", plateau, a/d)
	}
}

// TestMorphAtTime: a morphed mesh renders at any frame time without a
// shutter interval (its geometry is built at that time alone, not as a
// motion structure with equal start and end times), and the morph moves
// it: at t = 1 the quad has slid d right, so the pixels it covers differ
// from t = 0.
func TestMorphAtTime(t *testing.T) {
	const d = 0.5
	s := movingQuad(0.5, 0)
	s.Animations = nil
	pr := &s.Meshes[0].Primitives[0]
	pr.Targets = []model.MorphTarget{{Positions: [][3]float32{{d, 0, 0}, {d, 0, 0}, {d, 0, 0}, {d, 0, 0}}}}
	s.Meshes[0].Weights = []float32{0}
	s.Animations = []model.Animation{{Name: "morph", Start: 0, End: 1,
		Samplers: []model.AnimSampler{{Input: []float32{0, 1}, Output: []float32{0, 1}, Width: 1}},
		Channels: []model.Channel{{Sampler: 0, Node: 0, Path: model.PathWeights}}}}
	r := testRenderer(t, s, 2, Options{Env: &Environment{}})
	var imgs []*Image
	for _, tm := range []float32{0, 0.5, 1} {
		f := smallFrame(32, 8, 1)
		f.Time = tm
		f.LookAt = &Camera{Eye: [3]float32{0, 0, 10}, Up: [3]float32{0, 1, 0}, FovY: 10}
		img, err := r.Render(t.Context(), f, nil)
		if err != nil {
			t.Fatalf("time %v: %v", tm, err)
		}
		imgs = append(imgs, img)
	}
	if string(imgs[0].RGBA8.Pix) == string(imgs[2].RGBA8.Pix) {
		t.Error("the morph did not move the quad between t = 0 and t = 1")
	}
}
