package model

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

func near(a, b, eps float32) bool { return float32(math.Abs(float64(a-b))) <= eps }

func TestAnimSamplerEval(t *testing.T) {
	lin := AnimSampler{Input: []float32{0, 1, 3}, Output: []float32{0, 10, 30}, Width: 1}
	step := lin
	step.Interpolation = InterpStep
	// Cubic: keys (0, v=0, out-tangent 1) and (2, in-tangent 1, v=2): a
	// straight line with slope 1, so the Hermite curve is exact: f(t) = t.
	cubic := AnimSampler{Input: []float32{0, 2}, Output: []float32{0, 0, 1, 1, 2, 0}, Width: 1, Interpolation: InterpCubicSpline}
	// Cubic with zero tangents from 0 to 1 over [0,1]: f(u) = 3u² - 2u³.
	ease := AnimSampler{Input: []float32{0, 1}, Output: []float32{0, 0, 0, 0, 1, 0}, Width: 1, Interpolation: InterpCubicSpline}
	tests := []struct {
		name string
		s    *AnimSampler
		t    float32
		want float32
	}{
		{"linear before", &lin, -1, 0},
		{"linear mid", &lin, 0.5, 5},
		{"linear second segment", &lin, 2, 20},
		{"linear at key", &lin, 1, 10},
		{"linear after", &lin, 5, 30},
		{"step mid", &step, 0.99, 0},
		{"step at key", &step, 1, 10},
		{"step second", &step, 2.5, 10},
		{"cubic line", &cubic, 0.5, 0.5},
		{"cubic line 2", &cubic, 1.5, 1.5},
		{"cubic ease 0.25", &ease, 0.25, 3*0.0625 - 2*0.015625},
		{"cubic ease 0.5", &ease, 0.5, 0.5},
		{"cubic after", &ease, 2, 1},
	}
	for _, tc := range tests {
		var out [1]float32
		tc.s.Eval(tc.t, false, out[:])
		if !near(out[0], tc.want, 1e-6) {
			t.Errorf("%s: Eval(%g) = %g, want %g", tc.name, tc.t, out[0], tc.want)
		}
	}
}

func TestSlerp(t *testing.T) {
	q0 := mgl32.QuatIdent()
	q1 := mgl32.QuatRotate(math.Pi/2, mgl32.Vec3{0, 0, 1})
	s := AnimSampler{Input: []float32{0, 1}, Width: 4,
		Output: []float32{q0.V[0], q0.V[1], q0.V[2], q0.W, q1.V[0], q1.V[1], q1.V[2], q1.W}}
	var out [4]float32
	s.Eval(0.5, true, out[:])
	want := mgl32.QuatRotate(math.Pi/4, mgl32.Vec3{0, 0, 1})
	got := mgl32.Quat{W: out[3], V: mgl32.Vec3{out[0], out[1], out[2]}}
	if !got.ApproxEqualThreshold(want, 1e-6) {
		t.Errorf("slerp half way = %v, want %v (45° about Z)", got, want)
	}
	// A plain lerp would give a shorter-than-unit quaternion at 1/3; slerp
	// keeps constant angular speed: 30° at t=1/3.
	s.Eval(1.0/3, true, out[:])
	got = mgl32.Quat{W: out[3], V: mgl32.Vec3{out[0], out[1], out[2]}}
	want = mgl32.QuatRotate(math.Pi/6, mgl32.Vec3{0, 0, 1})
	if !got.ApproxEqualThreshold(want, 1e-6) {
		t.Errorf("slerp 1/3 = %v, want %v", got, want)
	}
	// Shortest arc: the negated end quaternion gives the same rotation.
	neg := Slerp([4]float32{0, 0, 0, 1}, [4]float32{-q1.V[0], -q1.V[1], -q1.V[2], -q1.W}, 0.5)
	w := mgl32.QuatRotate(math.Pi/4, mgl32.Vec3{0, 0, 1})
	if !(mgl32.Quat{W: neg[3], V: mgl32.Vec3{neg[0], neg[1], neg[2]}}).OrientationEqualThreshold(w, 1e-6) {
		t.Errorf("slerp to negated quaternion took the long way: %v", neg)
	}
}

func TestPoseTRSvsMatrix(t *testing.T) {
	s := &Scene{}
	tr := mgl32.Vec3{1, 2, 3}
	r := mgl32.QuatRotate(0.7, mgl32.Vec3{1, 1, 0}.Normalize())
	sc := mgl32.Vec3{2, 0.5, -1}
	a := NewNode("trs")
	a.Translation, a.Rotation, a.Scale = tr, r, sc
	b := NewNode("matrix")
	b.HasMatrix = true
	b.Matrix = mgl32.Translate3D(1, 2, 3).Mul4(r.Mat4()).Mul4(mgl32.Scale3D(2, 0.5, -1))
	parent := NewNode("parent")
	parent.Translation = mgl32.Vec3{0, 10, 0}
	pi := s.AddNode(parent, -1)
	ai := s.AddNode(a, pi)
	bi := s.AddNode(b, pi)
	p := s.PoseAt(0)
	if !p.World[ai].ApproxEqualThreshold(p.World[bi], 1e-5) {
		t.Errorf("TRS world %v != matrix world %v", p.World[ai], p.World[bi])
	}
	if got := p.World[ai].Col(3); !near(got[1], 12, 1e-5) {
		t.Errorf("child of translated parent at y=%g, want 12", got[1])
	}
}

func TestInstancesAtAnimatedTranslationAndMorph(t *testing.T) {
	s := &Scene{}
	prim := Primitive{Positions: [][3]float32{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}, Indices: []uint32{0, 1, 2}, Material: -1,
		Targets: []MorphTarget{{Positions: [][3]float32{{0, 0, 1}, {0, 0, 1}, {0, 0, 1}}}}}
	m := &Mesh{Primitives: []Primitive{prim}, Weights: []float32{0}}
	m.ComputeBounds()
	s.Meshes = []*Mesh{m}
	n := NewNode("n")
	n.Mesh = 0
	ni := s.AddNode(n, -1)
	s.Animations = []Animation{{Start: 0, End: 1,
		Samplers: []AnimSampler{{Input: []float32{0, 1}, Output: []float32{0, 0, 0, 4, 0, 0}, Width: 3},
			{Input: []float32{0, 1}, Output: []float32{0, 1}, Width: 1}},
		Channels: []Channel{{Sampler: 0, Node: ni, Path: PathTranslation}, {Sampler: 1, Node: ni, Path: PathWeights}}}}
	in0 := s.InstancesAt(0)
	in1 := s.InstancesAt(0.5)
	if len(in0) != 1 || len(in1) != 1 {
		t.Fatalf("instances: %d, %d", len(in0), len(in1))
	}
	if in0[0].Deforms {
		t.Error("weight 0 should not deform")
	}
	if x := in1[0].Transform.Col(3)[0]; !near(x, 2, 1e-6) {
		t.Errorf("translation at t=0.5: x=%g, want 2", x)
	}
	d := s.Deform(in1[0], s.PoseAt(0.5))
	if z := d.Primitives[0].Positions[1][2]; !near(z, 0.5, 1e-6) {
		t.Errorf("morphed z = %g, want 0.5", z)
	}
	if s.Meshes[0].Primitives[0].Positions[1][2] != 0 {
		t.Error("Deform modified the rest pose")
	}
	b := s.BoundsAt(1)
	if !near(b.Max[2], 1, 1e-6) || !near(b.Min[0], 4, 1e-6) {
		t.Errorf("bounds at t=1: %v", b)
	}
}

func TestSkinning(t *testing.T) {
	s := &Scene{}
	prim := Primitive{Positions: [][3]float32{{1, 0, 0}, {0, 1, 0}}, Normals: [][3]float32{{1, 0, 0}, {1, 0, 0}},
		Joints: [][4]uint16{{0, 1, 0, 0}, {1, 0, 0, 0}}, Weights: [][4]float32{{0.5, 0.5, 0, 0}, {1, 0, 0, 0}},
		Indices: []uint32{0, 1}, Mode: Lines, Material: -1}
	s.Meshes = []*Mesh{{Primitives: []Primitive{prim}}}
	j0 := NewNode("j0")
	j1 := NewNode("j1")
	j1.Translation = mgl32.Vec3{0, 0, 2}
	j0i := s.AddNode(j0, -1)
	j1i := s.AddNode(j1, -1)
	mesh := NewNode("skinned")
	mesh.Mesh, mesh.Skin = 0, 0
	mesh.Translation = mgl32.Vec3{100, 0, 0} // ignored for skinned meshes
	s.AddNode(mesh, -1)
	s.Skins = []Skin{{Joints: []int{j0i, j1i}, InverseBind: []mgl32.Mat4{mgl32.Ident4(), mgl32.Ident4()}, Skeleton: -1}}
	insts := s.Instances()
	if len(insts) != 1 || !insts[0].Deforms || insts[0].Transform != mgl32.Ident4() {
		t.Fatalf("skinned instance: %+v", insts)
	}
	d := s.Deform(insts[0], s.PoseAt(0))
	got := d.Primitives[0].Positions
	if got[0] != [3]float32{1, 0, 1} || got[1] != [3]float32{0, 1, 2} {
		t.Errorf("skinned positions %v, want [1 0 1] [0 1 2]", got)
	}
}

func TestGPUInstancesExpand(t *testing.T) {
	s := &Scene{Meshes: []*Mesh{{Primitives: []Primitive{{Positions: [][3]float32{{0, 0, 0}}, Indices: []uint32{0}, Mode: Points}}}}}
	n := NewNode("n")
	n.Mesh = 0
	n.Translation = mgl32.Vec3{0, 1, 0}
	n.Instances = []mgl32.Mat4{mgl32.Translate3D(1, 0, 0), mgl32.Translate3D(2, 0, 0)}
	s.AddNode(n, -1)
	in := s.Instances()
	if len(in) != 2 {
		t.Fatalf("%d instances, want 2", len(in))
	}
	if c := in[1].Transform.Col(3); c[0] != 2 || c[1] != 1 {
		t.Errorf("instance 1 at %v, want (2,1,0)", c)
	}
}
