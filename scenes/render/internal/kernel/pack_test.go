package kernel

import (
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/ingot-render/ingot/scenes/builtin"
	"github.com/ingot-render/ingot/scenes/model"
)

// TestPackCornell: the Cornell box packs into one record per triangle
// primitive, its light quad becomes two emissive triangles with the right
// area, pointers relocate, and light sampling picks only the emitter set.
func TestPackCornell(t *testing.T) {
	s := builtin.Cornell()
	p, err := Pack(s, PackOptions{SeparateInstances: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Instances) != 6 {
		t.Fatalf("%d instances, want 6", len(p.Instances))
	}
	if len(p.Emissive) != 2 {
		t.Fatalf("%d emissive triangles, want 2", len(p.Emissive))
	}
	var area float32
	for _, e := range p.Emissive {
		area += e.Area
	}
	if math.Abs(float64(area)-0.48*0.44) > 1e-4 {
		t.Errorf("light area %v, want %v", area, 0.48*0.44)
	}
	if c := p.Emissive[1].Cdf; c != 1 {
		t.Errorf("last cdf %v", c)
	}
	if p.Picks != [3]float32{1, 0, 0} {
		t.Errorf("picks %v, want emissive only", p.Picks)
	}
	for i, in := range p.Instances {
		if in.Flags&InstanceMoving != 0 {
			t.Errorf("instance %d moving in a static scene", i)
		}
		g := p.Geometries[in.GeometryBase]
		if in.GeometryCount == 0 || g.TriangleCount == 0 {
			t.Errorf("instance %d: empty geometry", i)
		}
	}
	// The light's geometry points at its triangles.
	light := p.Geometries[p.Emissive[0].Geometry]
	if light.LightBase != 0 || p.Materials[light.Material].Flags&MaterialEmissive == 0 {
		t.Errorf("light geometry %+v", light)
	}
	p.Relocate(0x10000)
	for i, g := range p.Geometries {
		if g.Positions < 0x10000 || g.Indices < 0x10000 || g.Normals == 0 || g.Positions%4 != 0 {
			t.Errorf("geometry %d pointers %+v", i, g)
		}
		if g.Tangents != 0 && g.Tangents%16 != 0 {
			t.Errorf("geometry %d: tangents not 16-byte aligned", i)
		}
	}
	r := p.Resources()
	if r.EmissiveCount != 2 || r.InstanceCount != 6 || r.PickEmissive != 1 {
		t.Errorf("resources %+v", r)
	}
}

// TestPackMotion: animated instances get distinct open/close transforms
// and the morphing cloth its own deformed records with a close keyframe.
func TestPackMotion(t *testing.T) {
	s := builtin.Motion()
	p, err := Pack(s, PackOptions{ShutterOpen: 0.25, ShutterClose: 0.5, Env: &Environment{Color: [3]float32{0.2, 0.3, 0.4}, Intensity: 1}})
	if err != nil {
		t.Fatal(err)
	}
	moving, deformed := 0, 0
	for _, in := range p.Instances {
		if in.Flags&InstanceMoving != 0 {
			moving++
		}
		if in.Flags&InstanceDeformed != 0 {
			deformed++
			info := p.GeometryInfo[in.GeometryBase]
			if info.PositionsCloseOffset < 0 || info.Instance < 0 {
				t.Errorf("deformed geometry without close keyframe: %+v", info)
			}
		}
	}
	if moving < 2 || deformed != 1 {
		t.Errorf("%d moving, %d deformed instances; want ≥ 2 and 1", moving, deformed)
	}
	if p.Picks[0] <= 0 || p.Picks[2] <= 0 || math.Abs(float64(p.Picks[0]+p.Picks[1]+p.Picks[2]-1)) > 1e-6 {
		t.Errorf("picks %v", p.Picks)
	}
}

// TestAffineRows: rows reproduce the transform and the normal rows are
// the inverse transpose (normals stay perpendicular to transformed tangents).
func TestAffineRows(t *testing.T) {
	m := model.TRS(mgl32.Vec3{1, 2, 3}, mgl32.QuatRotate(0.7, mgl32.Vec3{0.2, 0.3, 0.1}.Normalize()), mgl32.Vec3{2, 0.5, 1})
	rows, nrm := affineRows(m)
	p := [4]float32{0.3, -1, 2, 1}
	w := m.Mul4x1(mgl32.Vec4(p))
	for r := range 3 {
		got := rows[r][0]*p[0] + rows[r][1]*p[1] + rows[r][2]*p[2] + rows[r][3]
		if math.Abs(float64(got-w[r])) > 1e-5 {
			t.Errorf("row %d: %v, want %v", r, got, w[r])
		}
	}
	tan := Vec3{1, 1, 0}
	n := Vec3{1, -1, 0.5}.sub(tan.scale(Vec3{1, -1, 0.5}.dot(tan) / tan.dot(tan))) // ⟂ tan
	xf := func(rs [3]Float4, v Vec3) Vec3 {
		return Vec3{rs[0][0]*v[0] + rs[0][1]*v[1] + rs[0][2]*v[2], rs[1][0]*v[0] + rs[1][1]*v[1] + rs[1][2]*v[2], rs[2][0]*v[0] + rs[2][1]*v[1] + rs[2][2]*v[2]}
	}
	if d := xf(rows, tan).dot(xf(nrm, n)); math.Abs(float64(d)) > 1e-5 {
		t.Errorf("transformed normal not perpendicular: %v", d)
	}
}

// TestTextureSlot folds KHR_texture_transform into rows.
func TestTextureSlot(t *testing.T) {
	tr := &model.TexTransform{Offset: [2]float32{0.5, 0.25}, Rotation: 0.3, Scale: [2]float32{2, 3}}
	s := textureSlot(model.TextureRef{Texture: 4, TexCoord: 1, Transform: tr})
	uv := [2]float32{0.2, 0.7}
	want := tr.Apply(uv)
	got := [2]float32{s.URow[0]*uv[0] + s.URow[1]*uv[1] + s.URow[2], s.VRow[0]*uv[0] + s.VRow[1]*uv[1] + s.VRow[2]}
	if math.Abs(float64(got[0]-want[0])) > 1e-6 || math.Abs(float64(got[1]-want[1])) > 1e-6 || s.Texture != 4 || s.TexCoord != 1 {
		t.Errorf("slot %+v gives %v, want %v", s, got, want)
	}
	if e := textureSlot(model.NoTexture); e.Texture != -1 {
		t.Errorf("empty slot %+v", e)
	}
}

// TestPackMaterialFunctions maps --material overrides onto table indices.
func TestPackMaterialFunctions(t *testing.T) {
	s := builtin.Cornell()
	p, err := Pack(s, PackOptions{MaterialFunctions: map[string]uint32{"red": 2}})
	if err != nil {
		t.Fatal(err)
	}
	for i, m := range s.Materials {
		want := uint32(FunctionGLTF)
		if m.Name == "red" {
			want = 2
		}
		if p.Materials[i].Function != want {
			t.Errorf("material %s: function %d, want %d", m.Name, p.Materials[i].Function, want)
		}
	}
}

// TestPackSpecular packs KHR_materials_specular (factor, colour and both
// textures); materials without it keep the glTF defaults.
func TestPackSpecular(t *testing.T) {
	s := builtin.Cornell()
	s.Materials[0].Specular = model.Specular{Factor: 0, Color: [3]float32{1, 0.5, 0.25},
		Tex: model.TextureRef{Texture: 0}, ColorTex: model.TextureRef{Texture: 0, TexCoord: 1}}
	p, err := Pack(s, PackOptions{})
	if err != nil {
		t.Fatal(err)
	}
	m := p.Materials[0]
	if m.Specular != 0 || m.SpecularColor != (PackedFloat3{1, 0.5, 0.25}) || m.SpecularTex.Texture != 0 ||
		m.SpecularColorTex.Texture != 0 || m.SpecularColorTex.TexCoord != 1 {
		t.Errorf("material 0 specular %v %v, textures %+v %+v", m.Specular, m.SpecularColor, m.SpecularTex, m.SpecularColorTex)
	}
	if m.Flags&MaterialTextured == 0 {
		t.Error("material 0 has textures but no MaterialTextured flag")
	}
	d := p.Materials[1]
	if d.Flags&MaterialTextured != 0 {
		t.Error("material 1 has no texture but the MaterialTextured flag")
	}
	if d.Specular != 1 || d.SpecularColor != (PackedFloat3{1, 1, 1}) || d.SpecularTex.Texture != -1 || d.SpecularColorTex.Texture != -1 {
		t.Errorf("material 1 specular %v %v, textures %d %d, want the defaults", d.Specular, d.SpecularColor, d.SpecularTex.Texture, d.SpecularColorTex.Texture)
	}
}

// TestPackBadIndices reports the offending mesh and primitive.
func TestPackBadIndices(t *testing.T) {
	s := builtin.Cornell()
	s.Meshes[0].Primitives[0].Indices[0] = 9999
	_, err := Pack(s, PackOptions{})
	if err == nil || !containsAll(err.Error(), "mesh 0", "primitive 0", "9999") {
		t.Errorf("error %v", err)
	}
}

func containsAll(s string, subs ...string) bool {
	for _, x := range subs {
		if !strings.Contains(s, x) {
			return false
		}
	}
	return true
}

// TestStructures groups instances sharing records into one structure.
func TestStructures(t *testing.T) {
	s := builtin.Showcase()
	p, err := Pack(s, PackOptions{})
	if err != nil {
		t.Fatal(err)
	}
	st, per := p.Structures()
	if len(per) != len(p.Instances) {
		t.Fatalf("%d structure indices for %d instances", len(per), len(p.Instances))
	}
	for _, ps := range st {
		if ps.Motion {
			t.Errorf("static scene structure with motion: %+v", ps)
		}
	}
	used := make([]bool, len(p.Geometries))
	for _, in := range p.Instances {
		for k := range in.GeometryCount {
			used[in.GeometryBase+k] = true
		}
	}
	for g, u := range used {
		if !u {
			t.Errorf("record %d belongs to no instance", g)
		}
	}
	for i, in := range p.Instances {
		ps := st[per[i]]
		if ps.Count != in.GeometryCount {
			t.Fatalf("instance %d: structure of %d geometries, instance has %d", i, ps.Count, in.GeometryCount)
		}
		for k := range ps.Count {
			a, b := p.GeometryInfo[ps.Base+k], p.GeometryInfo[in.GeometryBase+k]
			if a.PositionsOffset != b.PositionsOffset || a.IndicesOffset != b.IndicesOffset {
				t.Errorf("instance %d geometry %d: streams differ from its structure's", i, k)
			}
		}
	}
	// The 25 spheres share their vertex streams, hence one structure.
	if len(st) > 4 {
		t.Errorf("%d primitive structures, want ≤ 4 (floor, panel, one sphere)", len(st))
	}
	m, _ := Pack(builtin.Motion(), PackOptions{ShutterOpen: 0.25, ShutterClose: 0.5})
	ms, _ := m.Structures()
	motion := 0
	for _, ps := range ms {
		if ps.Motion {
			motion++
		}
	}
	if motion != 1 {
		t.Errorf("%d structures with primitive motion, want 1 (the cloth)", motion)
	}
}

// skinnedStrip is a two-triangle strip skinned to two joints (the second
// translated along +y by an animation over [0, 1]) with a morph target
// moving every vertex along +z, its weight animated from 0 to 1, and an
// emissive material and a point light on the moving joint.
func skinnedStrip() *model.Scene {
	s := &model.Scene{Name: "skinned strip"}
	pr := model.Primitive{
		Positions: [][3]float32{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0}},
		Normals:   [][3]float32{{0, 0, 1}, {0, 0, 1}, {0, 0, 1}, {0, 0, 1}},
		Indices:   []uint32{0, 1, 2, 2, 1, 3},
		Joints:    [][4]uint16{{0, 0, 0, 0}, {0, 0, 0, 0}, {1, 0, 0, 0}, {1, 0, 0, 0}},
		Weights:   [][4]float32{{1, 0, 0, 0}, {1, 0, 0, 0}, {1, 0, 0, 0}, {1, 0, 0, 0}},
		Targets:   []model.MorphTarget{{Positions: [][3]float32{{0, 0, 1}, {0, 0, 1}, {0, 0, 1}, {0, 0, 1}}}},
	}
	m := model.DefaultMaterial()
	m.Emissive = [3]float32{1, 1, 1}
	s.Materials = []model.Material{m}
	mesh := &model.Mesh{Name: "strip", Primitives: []model.Primitive{pr}, Weights: []float32{0}}
	mesh.ComputeBounds()
	s.Meshes = []*model.Mesh{mesh}
	root := s.AddNode(model.NewNode("root"), -1)
	tip := s.AddNode(model.NewNode("tip"), root)
	n := model.NewNode("strip")
	n.Mesh, n.Skin = 0, 0
	node := s.AddNode(n, -1)
	s.Skins = []model.Skin{{Joints: []int{root, tip}, InverseBind: []mgl32.Mat4{mgl32.Ident4(), mgl32.Ident4()}, Skeleton: root}}
	s.Lights = []model.Light{{Type: model.Point, Node: tip, Color: [3]float32{1, 1, 1}, Intensity: 1, World: mgl32.Ident4()}}
	s.Animations = []model.Animation{{Name: "bend", Start: 0, End: 1,
		Samplers: []model.AnimSampler{{Input: []float32{0, 1}, Output: []float32{0, 0, 0, 0, 2, 0}, Width: 3},
			{Input: []float32{0, 1}, Output: []float32{0, 1}, Width: 1}},
		Channels: []model.Channel{{Sampler: 0, Node: tip, Path: model.PathTranslation}, {Sampler: 1, Node: node, Path: model.PathWeights}}}}
	return s
}

// TestPackRestPose: with RestPose a skinned, morphed instance keeps its
// rest-pose positions (no shutter-close keyframe, not InstanceDeformed,
// records of its own), and Repose gives the records Pack gives at the
// same time; without RestPose the positions are deformed on the host.
func TestPackRestPose(t *testing.T) {
	s := skinnedStrip()
	b := s.BoundsAt(0.5)
	for _, tc := range []struct {
		name string
		opts PackOptions
		rest bool
	}{
		{"host", PackOptions{ShutterOpen: 0.5, ShutterClose: 0.5, SeparateInstances: true}, false},
		{"rest", PackOptions{ShutterOpen: 0.5, ShutterClose: 0.5, SeparateInstances: true, RestPose: true, Bounds: &b}, true},
	} {
		p, err := Pack(s, tc.opts)
		if err != nil {
			t.Fatal(err)
		}
		info := p.GeometryInfo[p.Instances[0].GeometryBase]
		var got [4][3]float32
		for v := range got {
			for c := range 3 {
				got[v][c] = f32le(p.Arena[info.PositionsOffset+12*v+4*c:])
			}
		}
		rest := s.Meshes[0].Primitives[0].Positions
		if same := got == [4][3]float32(rest); same != tc.rest {
			t.Errorf("%s: positions %v, rest pose %v", tc.name, got, rest)
		}
		if deformed := p.Instances[0].Flags&InstanceDeformed != 0; deformed == tc.rest || info.Instance != 0 {
			t.Errorf("%s: InstanceDeformed %v, GeometryInfo.Instance %d", tc.name, deformed, info.Instance)
		}
		if tc.rest && info.PositionsCloseOffset != -1 {
			t.Errorf("%s: PositionsCloseOffset %d, want -1", tc.name, info.PositionsCloseOffset)
		}
	}
	p0, err := Pack(s, PackOptions{SeparateInstances: true, RestPose: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, tm := range []float32{0, 0.25, 1} {
		b := s.BoundsAt(tm)
		want, err := Pack(s, PackOptions{ShutterOpen: tm, ShutterClose: tm, SeparateInstances: true, RestPose: true, Bounds: &b})
		if err != nil {
			t.Fatal(err)
		}
		got, err := p0.Repose(s, tm, b)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got.Instances, want.Instances) || !reflect.DeepEqual(got.Emissive, want.Emissive) ||
			!reflect.DeepEqual(got.Punctual, want.Punctual) || got.Picks != want.Picks || !reflect.DeepEqual(got.Geometries, want.Geometries) {
			t.Errorf("t=%v: Repose records differ from Pack's:\n%+v\n%+v", tm, got.Punctual, want.Punctual)
		}
	}
	if tm := p0.Punctual[0].Position; tm != (PackedFloat3{0, 0, 0}) {
		t.Errorf("light at t=0 at %v, want the origin", tm)
	}
	host, err := Pack(s, PackOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := host.Repose(s, 1, s.BoundsAt(1)); err == nil {
		t.Error("Repose of a scene packed without RestPose: no error")
	}
}
