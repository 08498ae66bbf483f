package raster

import (
	"context"
	"math"
	"slices"
	"testing"

	"github.com/ingot-render/ingot/scenes/model"
	"github.com/ingot-render/ingot/scenes/render"
)

// slidingQuad is an unlit quad x ∈ [−a/2, a/2], y ∈ [−b/2, b/2] at z = 0
// whose node translates along x from −d/2 at t = 0 to +d/2 at t = 1.
func slidingQuad(a, b, d float32) *model.Scene {
	s := &model.Scene{Name: "sliding quad"}
	pr := model.Primitive{
		Positions: [][3]float32{{-a / 2, -b / 2, 0}, {a / 2, -b / 2, 0}, {a / 2, b / 2, 0}, {-a / 2, b / 2, 0}},
		Indices:   []uint32{0, 1, 2, 0, 2, 3},
	}
	m := model.DefaultMaterial()
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

// TestMotionAnalytic: a quad sliding d units along +x between the frames,
// seen by a camera that rises e units (looking down −z from z = 10 with
// a vertical half-extent of 2 units at z = 0: 16 px per unit on 64×64),
// moves d·16 px right and, the camera having risen, e·16 px down: every
// covered pixel holds (16d, 16e) within 1e-3 px, the covered area is the
// quad's, and the vectors are the same bits on 1 and 2 workers. The same
// frame as its own previous one has zero motion exactly.
func TestMotionAnalytic(t *testing.T) {
	const a, b, d, e = 1.0, 1.0, 1.0, 0.25
	const w, h, ppu = 64, 64, 16.0
	fov := float32(2 * math.Atan(2.0/10) * 180 / math.Pi)
	frame := func(tm, eyeY float32) render.Frame {
		f := smallFrame(w, h)
		f.Time = tm
		f.LookAt = &render.Camera{Eye: [3]float32{0, eyeY, 10}, Target: [3]float32{0, eyeY, 0}, Up: [3]float32{0, 1, 0}, FovY: fov}
		return f
	}
	cur, prev := frame(1, 0), frame(0, -e)
	var first []float32
	for _, workers := range []int{1, 2} {
		r := newTestRenderer(t, slidingQuad(a, b, d), workers, Options{Env: &render.Environment{}})
		mv, err := r.Motion(context.Background(), cur, prev)
		if err != nil {
			t.Fatal(err)
		}
		if workers == 1 {
			first = mv
		} else if !slices.Equal(first, mv) {
			t.Fatal("motion vectors differ between 1 and 2 workers")
		}
		covered := 0
		for i := range w * h {
			switch mv[3*i+2] {
			case 0:
				if mv[3*i] != 0 || mv[3*i+1] != 0 {
					t.Fatalf("pixel %d: uncovered with motion %v", i, mv[3*i:3*i+2])
				}
				continue
			case 1:
			default:
				t.Fatalf("pixel %d: coverage %v, want 0 or 1", i, mv[3*i+2])
			}
			covered++
			if dx, dy := float64(mv[3*i]), float64(mv[3*i+1]); math.Abs(dx-d*ppu) > 1e-3 || math.Abs(dy-e*ppu) > 1e-3 {
				t.Fatalf("pixel (%d, %d): motion (%v, %v), want (%v, %v)", i%w, i/w, dx, dy, d*ppu, e*ppu)
			}
		}
		if want := int(a * b * ppu * ppu); covered != want {
			t.Errorf("%d covered pixels, want %d", covered, want)
		}
		still, err := r.Motion(context.Background(), cur, cur)
		if err != nil {
			t.Fatal(err)
		}
		for i := range w * h {
			if still[3*i] != 0 || still[3*i+1] != 0 || still[3*i+2] != mv[3*i+2] {
				t.Fatalf("pixel %d: motion of a frame against itself %v, want 0 with the same coverage", i, still[3*i:3*i+3])
			}
		}
		// Render between Motion calls keeps the previous frame's upload.
		mustRender(t, r, frame(0.5, 0))
		if again, err := r.Motion(context.Background(), cur, prev); err != nil || !slices.Equal(again, mv) {
			t.Fatalf("Motion after Render: err %v, same %v", err, slices.Equal(again, mv))
		}
	}
}

// morphingQuad is slidingQuad's quad (unlit, a × b, at the origin) with
// one morph target moving every vertex d along +x, its weight animated
// from 0 at t = 0 to 1 at t = 1 (the node does not move).
func morphingQuad(a, b, d float32) *model.Scene {
	s := slidingQuad(a, b, 0)
	pr := &s.Meshes[0].Primitives[0]
	pr.Targets = []model.MorphTarget{{Positions: [][3]float32{{d, 0, 0}, {d, 0, 0}, {d, 0, 0}, {d, 0, 0}}}}
	s.Meshes[0].Weights = []float32{0}
	s.Animations = []model.Animation{{Name: "morph", Start: 0, End: 1,
		Samplers: []model.AnimSampler{{Input: []float32{0, 1}, Output: []float32{0, 1}, Width: 1}},
		Channels: []model.Channel{{Sampler: 0, Node: 0, Path: model.PathWeights}}}}
	return s
}

// TestMotionMorph: motion follows host-deformed geometry too: the morph
// target moves the quad d·16 px right between the frames (the camera
// still), so every covered pixel holds (16d, 0) within 1e-3 px.
func TestMotionMorph(t *testing.T) {
	const d, w, ppu = 0.5, 64, 16.0
	s := morphingQuad(1, 1, d)
	f := smallFrame(w, w)
	f.LookAt = &render.Camera{Eye: [3]float32{0, 0, 10}, Up: [3]float32{0, 1, 0}, FovY: float32(2 * math.Atan(2.0/10) * 180 / math.Pi)}
	prev := f
	f.Time = 1
	r := newTestRenderer(t, s, 2, Options{Env: &render.Environment{}})
	mv, err := r.Motion(context.Background(), f, prev)
	if err != nil {
		t.Fatal(err)
	}
	covered := 0
	for i := range w * w {
		if mv[3*i+2] == 0 {
			continue
		}
		covered++
		if dx, dy := float64(mv[3*i]), float64(mv[3*i+1]); math.Abs(dx-d*ppu) > 1e-3 || math.Abs(dy) > 1e-3 {
			t.Fatalf("pixel (%d, %d): motion (%v, %v), want (%v, 0)", i%w, i/w, dx, dy, d*ppu)
		}
	}
	if covered != int(ppu*ppu) {
		t.Errorf("%d covered pixels, want %d", covered, int(ppu*ppu))
	}
}

// TestMotionErrors: bad frames are rejected with an error naming them.
func TestMotionErrors(t *testing.T) {
	r := newTestRenderer(t, slidingQuad(1, 1, 1), 1, Options{Env: &render.Environment{}})
	f := smallFrame(8, 8)
	bad := f
	bad.Width = 0
	if _, err := r.Motion(context.Background(), bad, f); err == nil {
		t.Error("zero width: no error")
	}
	bad = f
	bad.LookAt = &render.Camera{Eye: [3]float32{0, 0, 1}, Target: [3]float32{0, 0, 1}, Up: [3]float32{0, 1, 0}}
	if _, err := r.Motion(context.Background(), f, bad); err == nil {
		t.Error("degenerate previous camera: no error")
	}
}

// withMaskVeil adds to s a still quad x, y ∈ [−3, 3] at z = 1 (in front
// of slidingQuad's, covering the view) with an alpha-MASK material of
// alpha alpha and cutoff 0.5.
func withMaskVeil(s *model.Scene, alpha float32) *model.Scene {
	pr := model.Primitive{
		Positions: [][3]float32{{-3, -3, 1}, {3, -3, 1}, {3, 3, 1}, {-3, 3, 1}},
		Indices:   []uint32{0, 1, 2, 0, 2, 3},
		Material:  1,
	}
	m := model.DefaultMaterial()
	m.Unlit = true
	m.BaseColor[3] = alpha
	m.AlphaMode, m.AlphaCutoff = model.AlphaMask, 0.5
	s.Materials = append(s.Materials, m)
	mesh := &model.Mesh{Name: "veil", Primitives: []model.Primitive{pr}}
	mesh.ComputeBounds()
	s.Meshes = append(s.Meshes, mesh)
	n := model.NewNode("veil")
	n.Mesh = 1
	s.AddNode(n, -1)
	return s
}

// TestMotionAlphaMask: an alpha-mask veil in front of the sliding quad
// is alpha-tested: below its cutoff the quad's motion (16 px right) shows
// through; above it, the still veil covers every pixel with zero motion.
func TestMotionAlphaMask(t *testing.T) {
	const w, ppu = 32, 8.0
	f := smallFrame(w, w)
	f.LookAt = &render.Camera{Eye: [3]float32{0, 0, 10}, Up: [3]float32{0, 1, 0}, FovY: float32(2 * math.Atan(2.0/10) * 180 / math.Pi)}
	prev := f
	f.Time = 1
	for _, alpha := range []float32{0.3, 0.8} {
		r := newTestRenderer(t, withMaskVeil(slidingQuad(1, 1, 2), alpha), 1, Options{Env: &render.Environment{}})
		mv, err := r.Motion(context.Background(), f, prev)
		if err != nil {
			t.Fatal(err)
		}
		covered, moving := 0, 0
		for i := range w * w {
			if mv[3*i+2] == 1 {
				covered++
			}
			if mv[3*i] != 0 {
				moving++
				if math.Abs(float64(mv[3*i])-2*ppu) > 1e-3 {
					t.Fatalf("alpha %v: pixel %d motion %v, want %v", alpha, i, mv[3*i], 2*ppu)
				}
			}
		}
		switch {
		case alpha < 0.5 && (covered != int(ppu*ppu) || moving != covered):
			t.Errorf("alpha %v (discarded veil): %d covered, %d moving; want %d both", alpha, covered, moving, int(ppu*ppu))
		case alpha > 0.5 && (covered != w*w || moving != 0):
			t.Errorf("alpha %v (opaque veil): %d covered, %d moving; want %d and 0", alpha, covered, moving, w*w)
		}
	}
}
