package raster

import (
	"context"
	"math"
	"slices"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/ingot-render/ingot/scenes/model"
	"github.com/ingot-render/ingot/scenes/render"
)

// quadMesh is a one-primitive mesh of the quad with corners c0…c3 (an
// upward-facing normal n on every vertex) and material mat.
func quadMesh(name string, c [4][3]float32, n [3]float32, mat int) *model.Mesh {
	pr := model.Primitive{Positions: c[:], Normals: [][3]float32{n, n, n, n}, Indices: []uint32{0, 1, 2, 0, 2, 3}, Material: mat}
	m := &model.Mesh{Name: name, Primitives: []model.Primitive{pr}}
	m.ComputeBounds()
	return m
}

// skinnedScene is skinnedSceneN with 9 rings of 16 vertices.
func skinnedScene() *model.Scene { return skinnedSceneN(9, 16) }

// skinnedSceneN is a synthetic animated scene: a tube (radius 0.4,
// height 2, rings rings of segs vertices, normals and tangents) skinned to two joints, the upper one
// at y = 1 bending about z by up to 60° and the root sliding along +x,
// with a morph target that swells the tube (position and normal deltas,
// weight 0 → 1); a morphed quad whose target lifts two corners (weight
// 0 → 1); a floor and a back wall whose bounds contain every pose, lit
// by a directional light (the shadow map) and a grey environment. The
// animation spans [0, 1].
func skinnedSceneN(rings, segs int) *model.Scene {
	s := &model.Scene{Name: "skinned"}
	lit := model.DefaultMaterial()
	lit.BaseColor = [4]float32{0.8, 0.5, 0.3, 1}
	lit.Roughness = 0.4
	grey := model.DefaultMaterial()
	grey.BaseColor = [4]float32{0.6, 0.6, 0.6, 1}
	s.Materials = []model.Material{lit, grey}
	const radius = 0.4
	var tube model.Primitive
	for r := range rings {
		y := 2 * float32(r) / float32(rings-1)
		for k := range segs {
			a := 2 * math.Pi * float64(k) / float64(segs)
			c, sn := float32(math.Cos(a)), float32(math.Sin(a))
			tube.Positions = append(tube.Positions, [3]float32{radius * c, y, radius * sn})
			tube.Normals = append(tube.Normals, [3]float32{c, 0, sn})
			tube.Tangents = append(tube.Tangents, [4]float32{-sn, 0, c, 1})
			w := min(max(y-0.5, 0), 1)
			tube.Joints = append(tube.Joints, [4]uint16{0, 1, 0, 0})
			tube.Weights = append(tube.Weights, [4]float32{1 - w, w, 0, 0})
		}
	}
	swell := model.MorphTarget{}
	for v := range tube.Positions {
		n := tube.Normals[v]
		swell.Positions = append(swell.Positions, [3]float32{0.15 * n[0], 0.05, 0.15 * n[2]})
		swell.Normals = append(swell.Normals, [3]float32{0, 0.3, 0})
	}
	tube.Targets = []model.MorphTarget{swell}
	for r := range rings - 1 {
		for k := range segs {
			a, b, n := uint32(r*segs+k), uint32(r*segs+(k+1)%segs), uint32(segs)
			tube.Indices = append(tube.Indices, a, a+n, b, b, a+n, b+n)
		}
	}
	tubeMesh := &model.Mesh{Name: "tube", Primitives: []model.Primitive{tube}, Weights: []float32{0}}
	tubeMesh.ComputeBounds()
	flag := quadMesh("flag", [4][3]float32{{1.2, 0, 0.5}, {2.2, 0, 0.5}, {2.2, 0, -0.5}, {1.2, 0, -0.5}}, [3]float32{0, 1, 0}, 1)
	flag.Primitives[0].Targets = []model.MorphTarget{{Positions: [][3]float32{{0, 0, 0}, {0, 0.8, 0}, {0, 0.8, 0}, {0, 0, 0}},
		Normals: [][3]float32{{0, 0, 0}, {-0.5, 0, 0}, {-0.5, 0, 0}, {0, 0, 0}}}}
	flag.Weights = []float32{0}
	floor := quadMesh("floor", [4][3]float32{{-4, -1, 4}, {4, -1, 4}, {4, -1, -4}, {-4, -1, -4}}, [3]float32{0, 1, 0}, 1)
	wall := quadMesh("wall", [4][3]float32{{-4, -1, -4}, {4, -1, -4}, {4, 4, -4}, {-4, 4, -4}}, [3]float32{0, 0, 1}, 1)
	s.Meshes = []*model.Mesh{tubeMesh, flag, floor, wall}
	root := model.NewNode("root")
	rootNode := s.AddNode(root, -1)
	bend := model.NewNode("bend")
	bend.Translation = mgl32.Vec3{0, 1, 0}
	bendNode := s.AddNode(bend, rootNode)
	tn := model.NewNode("tube")
	tn.Mesh, tn.Skin = 0, 0
	tubeNode := s.AddNode(tn, -1)
	fn := model.NewNode("flag")
	fn.Mesh = 1
	flagNode := s.AddNode(fn, -1)
	for i, name := range []string{"floor", "wall"} {
		n := model.NewNode(name)
		n.Mesh = 2 + i
		s.AddNode(n, -1)
	}
	s.Skins = []model.Skin{{Name: "tube", Joints: []int{rootNode, bendNode},
		InverseBind: []mgl32.Mat4{mgl32.Ident4(), mgl32.Translate3D(0, -1, 0)}, Skeleton: rootNode}}
	q0, q1 := mgl32.QuatIdent(), mgl32.QuatRotate(math.Pi/3, mgl32.Vec3{0, 0, 1})
	s.Animations = []model.Animation{{Name: "bend", Start: 0, End: 1,
		Samplers: []model.AnimSampler{
			{Input: []float32{0, 1}, Output: []float32{q0.V[0], q0.V[1], q0.V[2], q0.W, q1.V[0], q1.V[1], q1.V[2], q1.W}, Width: 4},
			{Input: []float32{0, 1}, Output: []float32{-1, 0, 0, -0.5, 0, 0}, Width: 3},
			{Input: []float32{0, 1}, Output: []float32{0, 1}, Width: 1},
		},
		Channels: []model.Channel{{Sampler: 0, Node: bendNode, Path: model.PathRotation}, {Sampler: 1, Node: rootNode, Path: model.PathTranslation},
			{Sampler: 2, Node: tubeNode, Path: model.PathWeights}, {Sampler: 2, Node: flagNode, Path: model.PathWeights}}}}
	sun := mgl32.HomogRotate3DX(-1.0).Mul4(mgl32.HomogRotate3DY(0.4))
	s.Lights = []model.Light{{Name: "sun", Type: model.Directional, Color: [3]float32{1, 1, 1}, Intensity: 3, Node: -1, World: sun}}
	return s
}

// skinnedFrame views skinnedScene at time t (w×w pixels, AOVs on).
func skinnedFrame(w int, t float32) render.Frame {
	f := smallFrame(w, w)
	f.Time, f.AOVs = t, true
	f.LookAt = &render.Camera{Eye: [3]float32{0.5, 2.5, 6}, Target: [3]float32{0.2, 0.6, 0}, Up: [3]float32{0, 1, 0}, FovY: 40}
	return f
}

var skinnedEnv = &render.Environment{Color: [3]float32{0.3, 0.3, 0.35}, Intensity: 1}

// TestDeformPlan: the skinned and morphed scene deforms in the vertex
// functions (a plan with both skin joints and both instances' weights),
// Options.Meshlets keeps the host's deformation, and a scene without
// deformable instances has no plan.
func TestDeformPlan(t *testing.T) {
	s := skinnedScene()
	pl, err := newDeformPlan(s)
	if err != nil || pl == nil {
		t.Fatalf("newDeformPlan: %v, %v", pl, err)
	}
	if pl.joints != 2 || pl.weights != 2 || !slices.Equal(pl.deformable, []bool{true, true, false, false}) {
		t.Errorf("plan: %d joints, %d weights, deformable %v; want 2, 2, [true true false false]", pl.joints, pl.weights, pl.deformable)
	}
	if p, _ := newDeformPlan(slidingQuad(1, 1, 1)); p != nil {
		t.Error("a scene without skins or morph targets has a plan")
	}
	bad := skinnedScene()
	bad.Meshes[0].Primitives[0].Targets[0].Normals = bad.Meshes[0].Primitives[0].Targets[0].Normals[:3]
	if _, err := newDeformPlan(bad); err == nil {
		t.Error("a morph target with 3 normals for 144 vertices: no error")
	}
	if r := newTestRenderer(t, s, 1, Options{Meshlets: true, Env: skinnedEnv}); r.plan != nil || r.cur.deform != nil {
		t.Error("Options.Meshlets deforms in the shaders")
	}
}

// TestDeformBounds: the plan's bounds contain the host-deformed scene's
// at every time (they may be larger, never smaller).
func TestDeformBounds(t *testing.T) {
	s := skinnedScene()
	s.Meshes = s.Meshes[:2] // no floor and wall: the deformed meshes alone
	s.Nodes[4].Mesh, s.Nodes[5].Mesh = -1, -1
	pl, err := newDeformPlan(s)
	if err != nil {
		t.Fatal(err)
	}
	for _, tm := range []float32{0, 0.3, 0.7, 1} {
		p := s.PoseAt(tm)
		got, want := pl.boundsOf(s, p, s.InstancesOf(p)), s.BoundsAt(tm)
		for c := range 3 {
			if got.Min[c] > want.Min[c]+1e-5 || got.Max[c] < want.Max[c]-1e-5 {
				t.Errorf("t=%v: bounds %v do not contain the deformed scene's %v", tm, got, want)
			}
		}
	}
}

// TestDeformMatchesHost renders the skinned and morphed scene with the
// vertex functions deforming it and with the host's deformation
// (kernel.Pack: Options.hostDeform, and Options.Meshlets, which always
// deforms on the host) at several times, forward and deferred: the
// linear images agree within 1e-3 (absolute, per channel) except on at
// most 0.2% of the pixels (edges where a sample's coverage could flip
// with the last bit of a vertex position), depth within 1e-5 relative
// on the others; the shader path gives the same bits on 1 and 2 workers.
func TestDeformMatchesHost(t *testing.T) {
	const w = 96
	s := skinnedScene()
	for _, tc := range []struct {
		name       string
		opts, host Options
	}{
		{"forward", Options{Env: skinnedEnv}, Options{Env: skinnedEnv, hostDeform: true}},
		{"meshlets", Options{Env: skinnedEnv}, Options{Env: skinnedEnv, Meshlets: true}},
		{"deferred", Options{Env: skinnedEnv, Deferred: true}, Options{Env: skinnedEnv, Deferred: true, hostDeform: true}},
	} {
		shader := newTestRenderer(t, s, 1, tc.opts)
		shader2 := newTestRenderer(t, s, 2, tc.opts)
		host := newTestRenderer(t, s, 1, tc.host)
		if shader.plan == nil || host.plan != nil {
			t.Fatalf("%s: the renderers do not deform where they should", tc.name)
		}
		for _, tm := range []float32{0, 0.35, 1} {
			f := skinnedFrame(w, tm)
			a, b, c := mustRender(t, shader, f), mustRender(t, host, f), mustRender(t, shader2, f)
			if !slices.Equal(a.Linear, c.Linear) || !slices.Equal(a.Depth, c.Depth) {
				t.Errorf("%s t=%v: the image differs between 1 and 2 workers", tc.name, tm)
			}
			bad, maxDiff, maxDepth := 0, 0.0, 0.0
			for i := range w * w {
				d := 0.0
				for k := range 3 {
					d = max(d, math.Abs(float64(a.Linear[4*i+k]-b.Linear[4*i+k])))
				}
				maxDiff = max(maxDiff, d)
				if d > 1e-3 {
					bad++
					continue
				}
				if da, db := float64(a.Depth[i]), float64(b.Depth[i]); db > 0 {
					maxDepth = max(maxDepth, math.Abs(da-db)/db)
				}
			}
			t.Logf("%s t=%v: %d of %d pixels differ by more than 1e-3 (max %.3g), depth within %.3g", tc.name, tm, bad, w*w, maxDiff, maxDepth)
			if bad > w*w/500 || maxDepth > 1e-5 {
				t.Errorf("%s t=%v: %d pixels differ by more than 1e-3 (max %.3g), depth off by %.3g relative: the shader's deformation is not the host's",
					tc.name, tm, bad, maxDiff, maxDepth)
			}
		}
	}
	// The scene moves: the images at 0 and 1 differ.
	r := newTestRenderer(t, s, 1, Options{Env: skinnedEnv})
	if a, b := mustRender(t, r, skinnedFrame(w, 0)), mustRender(t, r, skinnedFrame(w, 1)); slices.Equal(a.Linear, b.Linear) {
		t.Error("the animated scene renders the same at t=0 and t=1")
	}
}

// TestDeformNoReupload: with the vertex functions deforming, time
// changes (Render and Motion) upload no geometry again (one scene
// upload), while the host's deformation uploads the scene at each new
// time.
func TestDeformNoReupload(t *testing.T) {
	s := skinnedScene()
	for _, tc := range []struct {
		name string
		opts Options
		want int
	}{
		{"shader", Options{Env: skinnedEnv}, 1},
		{"host", Options{Env: skinnedEnv, hostDeform: true}, 5},
	} {
		r := newTestRenderer(t, s, 1, tc.opts)
		for _, tm := range []float32{0, 0.25, 0.5, 0.5} {
			mustRender(t, r, skinnedFrame(16, tm))
		}
		if _, err := r.Motion(context.Background(), skinnedFrame(16, 1), skinnedFrame(16, 0.75)); err != nil {
			t.Fatal(err)
		}
		if r.uploads != tc.want {
			t.Errorf("%s: %d scene uploads over four times, want %d", tc.name, r.uploads, tc.want)
		}
	}
}

// TestDeformMotion: the motion vectors of the skinned and morphed scene
// from the vertex functions' deformation (both times' joint palettes and
// weights) match the host-deformed ones within 1e-2 px on all but 0.5%
// of the pixels, are the same bits on 1 and 2 workers, and are not zero.
func TestDeformMotion(t *testing.T) {
	const w = 64
	s := skinnedScene()
	cur, prev := skinnedFrame(w, 0.6), skinnedFrame(w, 0.5)
	var first []float32
	for _, workers := range []int{1, 2} {
		mv, err := newTestRenderer(t, s, workers, Options{Env: skinnedEnv}).Motion(context.Background(), cur, prev)
		if err != nil {
			t.Fatal(err)
		}
		if first == nil {
			first = mv
		} else if !slices.Equal(first, mv) {
			t.Error("motion vectors differ between 1 and 2 workers")
		}
	}
	hv, err := newTestRenderer(t, s, 1, Options{Env: skinnedEnv, hostDeform: true}).Motion(context.Background(), cur, prev)
	if err != nil {
		t.Fatal(err)
	}
	bad, moving := 0, 0
	for i := range w * w {
		if first[3*i+2] != hv[3*i+2] || math.Abs(float64(first[3*i]-hv[3*i])) > 1e-2 || math.Abs(float64(first[3*i+1]-hv[3*i+1])) > 1e-2 {
			bad++
		}
		if math.Abs(float64(first[3*i])) > 0.1 {
			moving++
		}
	}
	if bad > w*w/200 || moving == 0 {
		t.Errorf("%d of %d pixels' motion differ from the host-deformed scene's; %d moving", bad, w*w, moving)
	}
}

// TestDeformMorphTransformed: a morphed instance under a node transform
// is morphed in object space, then transformed, in the vertex functions
// and with the host's deformation (which gives object space too): the
// quad translated by its node renders as the quad whose vertices are
// translated, at a time with a non-zero weight.
func TestDeformMorphTransformed(t *testing.T) {
	const w = 48
	moved := morphingQuad(1, 1, 0.5)
	moved.Nodes[0].Translation = mgl32.Vec3{0.5, 0.25, 0}
	baked := morphingQuad(1, 1, 0.5)
	pr := &baked.Meshes[0].Primitives[0]
	for v := range pr.Positions {
		pr.Positions[v][0] += 0.5
		pr.Positions[v][1] += 0.25
	}
	baked.Meshes[0].ComputeBounds()
	f := smallFrame(w, w)
	f.Time = 0.5
	f.LookAt = &render.Camera{Eye: [3]float32{0, 0, 10}, Up: [3]float32{0, 1, 0}, FovY: float32(2 * math.Atan(2.0/10) * 180 / math.Pi)}
	b := mustRender(t, newTestRenderer(t, baked, 1, Options{Env: &render.Environment{}}), f)
	for _, tc := range []struct {
		name string
		opts Options
	}{
		{"shader", Options{Env: &render.Environment{}}},
		{"host", Options{Env: &render.Environment{}, hostDeform: true}},
		{"meshlets", Options{Env: &render.Environment{}, Meshlets: true}},
	} {
		a := mustRender(t, newTestRenderer(t, moved, 1, tc.opts), f)
		diff := 0
		for i := range w * w {
			if math.Abs(float64(a.Linear[4*i]-b.Linear[4*i])) > 1e-3 {
				diff++
			}
		}
		if diff > 0 || meanLuminance(a) == 0 {
			t.Errorf("%s: %d pixels differ between the transformed and the baked morphed quad (mean luminance %v)", tc.name, diff, meanLuminance(a))
		}
	}
}
