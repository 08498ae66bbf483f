package gltfload

import (
	"bytes"
	"context"
	"encoding/base64"
	"image"
	"image/color"
	"image/png"
	"math"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/ingot-render/ingot/scenes/model"
)

func decode(t *testing.T, data []byte) *model.Scene {
	t.Helper()
	s, err := Decode(context.Background(), data, nil, model.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func pngDataURI(w, h int, c color.NRGBA) string {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for i := 0; i < w*h; i++ {
		img.SetNRGBA(i%w, i/w, c)
	}
	var buf bytes.Buffer
	_ = png.Encode(&buf, img)
	return "data:image/png;base64," + base64.StdEncoding.EncodeToString(buf.Bytes())
}

func TestGLBAndGLTFAgree(t *testing.T) {
	b := newDoc()
	b.triangle(-1)
	js, glb := b.json(), b.glb()
	a, g := decode(t, js), decode(t, glb)
	if a.Format != "gltf" || g.Format != "glb" {
		t.Errorf("formats %q %q", a.Format, g.Format)
	}
	pa, pg := a.Meshes[0].Primitives[0], g.Meshes[0].Primitives[0]
	if len(pa.Positions) != 3 || len(pg.Positions) != 3 || pa.Positions[1] != pg.Positions[1] {
		t.Errorf("positions differ: %v vs %v", pa.Positions, pg.Positions)
	}
	// Missing normals are generated: the triangle lies in z=0, CCW from +Z.
	if !pa.GeneratedNormals || pa.Normals[0] != [3]float32{0, 0, 1} {
		t.Errorf("generated normals %v", pa.Normals)
	}
	if got := pa.Indices; len(got) != 3 || got[2] != 2 {
		t.Errorf("non-indexed primitive indices %v", got)
	}
}

func TestPrimitiveModes(t *testing.T) {
	tests := []struct {
		mode  int
		n     int
		want  []uint32
		model model.Mode
	}{
		{4, 6, []uint32{0, 1, 2, 3, 4, 5}, model.Triangles},
		{5, 5, []uint32{0, 1, 2, 2, 1, 3, 2, 3, 4}, model.Triangles},
		{6, 5, []uint32{1, 2, 0, 2, 3, 0, 3, 4, 0}, model.Triangles},
		{0, 3, []uint32{0, 1, 2}, model.Points},
		{1, 4, []uint32{0, 1, 2, 3}, model.Lines},
		{3, 3, []uint32{0, 1, 1, 2}, model.Lines},
		{2, 3, []uint32{0, 1, 1, 2, 2, 0}, model.Lines},
	}
	for _, tc := range tests {
		b := newDoc()
		pos := make([]float32, 3*tc.n)
		for i := range pos {
			pos[i] = float32(i % 5)
		}
		pa := b.floats("VEC3", pos...)
		b.doc["meshes"] = []any{map[string]any{"primitives": []any{map[string]any{"attributes": map[string]any{"POSITION": pa}, "mode": tc.mode}}}}
		s := decode(t, b.json())
		p := s.Meshes[0].Primitives[0]
		if p.Mode != tc.model || len(p.Indices) != len(tc.want) {
			t.Errorf("mode %d: %v %v, want %v %v", tc.mode, p.Mode, p.Indices, tc.model, tc.want)
			continue
		}
		for i := range tc.want {
			if p.Indices[i] != tc.want[i] {
				t.Errorf("mode %d: indices %v, want %v", tc.mode, p.Indices, tc.want)
				break
			}
		}
	}
}

func TestAnimationsRoundTrip(t *testing.T) {
	b := newDoc()
	b.triangle(-1)
	in := b.floats("SCALAR", 0, 2)
	tr := b.floats("VEC3", 0, 0, 0, 4, 0, 0)
	s45 := float32(math.Sin(math.Pi / 4))
	rot := b.floats("VEC4", 0, 0, 0, 1, 0, 0, s45, s45) // identity -> 90° about Z
	step := b.floats("VEC3", 1, 1, 1, 3, 3, 3)
	// Cubic: in-tangent, value, out-tangent per key.
	cub := b.floats("VEC3", 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 8, 0, 0, 0, 0, 0)
	b.doc["nodes"] = []any{map[string]any{"mesh": 0, "children": []int{1}}, map[string]any{"mesh": 0}, map[string]any{"mesh": 0}}
	b.doc["scenes"] = []any{map[string]any{"nodes": []int{0, 2}}}
	b.doc["animations"] = []any{map[string]any{
		"samplers": []any{
			map[string]any{"input": in, "output": tr},
			map[string]any{"input": in, "output": rot},
			map[string]any{"input": in, "output": step, "interpolation": "STEP"},
			map[string]any{"input": in, "output": cub, "interpolation": "CUBICSPLINE"},
		},
		"channels": []any{
			map[string]any{"sampler": 0, "target": map[string]any{"node": 0, "path": "translation"}},
			map[string]any{"sampler": 1, "target": map[string]any{"node": 0, "path": "rotation"}},
			map[string]any{"sampler": 2, "target": map[string]any{"node": 1, "path": "scale"}},
			map[string]any{"sampler": 3, "target": map[string]any{"node": 2, "path": "translation"}},
		},
	}}
	s := decode(t, b.json())
	if a := s.Animations[0]; a.Start != 0 || a.End != 2 {
		t.Errorf("animation range [%g, %g]", a.Start, a.End)
	}
	insts := s.InstancesAt(1)
	if len(insts) != 3 {
		t.Fatalf("%d instances", len(insts))
	}
	root := insts[0].Transform
	if x := root.Col(3)[0]; x != 2 {
		t.Errorf("linear translation at t=1: %g, want 2", x)
	}
	// 45° about Z: +X maps to (√½, √½).
	if v := root.Mul4x1([4]float32{1, 0, 0, 0}); math.Abs(float64(v[0]-v[1])) > 1e-6 || math.Abs(float64(v[0])-math.Sqrt(0.5)) > 1e-6 {
		t.Errorf("slerped rotation maps +X to %v", v)
	}
	child := insts[1].Transform
	if sx := child.Col(0).Vec3().Len(); math.Abs(float64(sx-1)) > 1e-6 {
		t.Errorf("step scale at t=1: %g, want 1", sx)
	}
	if sx := s.InstancesAt(2)[1].Transform.Col(0).Vec3().Len(); math.Abs(float64(sx-3)) > 1e-5 {
		t.Errorf("step scale at t=2: %g, want 3", sx)
	}
	// Cubic with zero tangents from 0 to 8 over 2 s: 8·(3u²-2u³) at u=0.5 = 4.
	if x := insts[2].Transform.Col(3)[0]; math.Abs(float64(x-4)) > 1e-5 {
		t.Errorf("cubic translation at t=1: %g, want 4", x)
	}
	if x := s.InstancesAt(0.5)[2].Transform.Col(3)[0]; math.Abs(float64(x-8*(3*0.0625-2*0.015625))) > 1e-5 {
		t.Errorf("cubic translation at t=0.5: %g", x)
	}
}

func TestMaterialsAndTextures(t *testing.T) {
	b := newDoc()
	b.triangle(0)
	// Add UVs so tangents can be generated for the normal map.
	uv := b.floats("VEC2", 0, 1, 1, 1, 0, 0)
	b.doc["meshes"].([]any)[0].(map[string]any)["primitives"].([]any)[0].(map[string]any)["attributes"].(map[string]any)["TEXCOORD_0"] = uv
	b.doc["images"] = []any{map[string]any{"uri": pngDataURI(4, 2, color.NRGBA{255, 0, 0, 255})}, map[string]any{"uri": pngDataURI(2, 2, color.NRGBA{128, 128, 255, 255})}}
	b.doc["samplers"] = []any{map[string]any{"magFilter": 9728, "minFilter": 9984, "wrapS": 33071, "wrapT": 33648}}
	b.doc["textures"] = []any{map[string]any{"source": 0, "sampler": 0}, map[string]any{"source": 1}}
	tt := map[string]any{"KHR_texture_transform": map[string]any{"offset": []float64{0.5, 0}, "rotation": math.Pi / 2, "scale": []float64{2, 2}, "texCoord": 1}}
	b.doc["extensionsUsed"] = []string{"KHR_texture_transform", "KHR_materials_clearcoat", "KHR_materials_sheen", "KHR_materials_emissive_strength", "KHR_materials_ior",
		"KHR_materials_transmission", "KHR_materials_unlit", "KHR_materials_specular", "KHR_materials_volume", "KHR_materials_anisotropy", "KHR_materials_iridescence", "KHR_materials_dispersion", "EXT_made_up"}
	b.doc["materials"] = []any{map[string]any{
		"name": "mat",
		"pbrMetallicRoughness": map[string]any{"baseColorFactor": []float64{0.5, 0.25, 1, 0.75}, "metallicFactor": 0.3, "roughnessFactor": 0.6,
			"baseColorTexture": map[string]any{"index": 0, "extensions": tt}},
		"normalTexture":  map[string]any{"index": 1, "scale": 0.5},
		"emissiveFactor": []float64{1, 0.5, 0},
		"alphaMode":      "MASK", "alphaCutoff": 0.25, "doubleSided": true,
		"extensions": map[string]any{
			"KHR_materials_emissive_strength": map[string]any{"emissiveStrength": 4},
			"KHR_materials_ior":               map[string]any{"ior": 1.33},
			"KHR_materials_transmission":      map[string]any{"transmissionFactor": 0.9},
			"KHR_materials_clearcoat":         map[string]any{"clearcoatFactor": 1, "clearcoatRoughnessFactor": 0.1, "clearcoatNormalTexture": map[string]any{"index": 1, "scale": 2}},
			"KHR_materials_unlit":             map[string]any{},
			"KHR_materials_specular":          map[string]any{"specularFactor": 0.5, "specularColorFactor": []float64{1, 0, 0}},
			"KHR_materials_sheen":             map[string]any{"sheenColorFactor": []float64{0.1, 0.2, 0.3}, "sheenRoughnessFactor": 0.4},
			"KHR_materials_volume":            map[string]any{"thicknessFactor": 2, "attenuationDistance": 3},
			"KHR_materials_anisotropy":        map[string]any{"anisotropyStrength": 0.7, "anisotropyRotation": 1.5},
			"KHR_materials_iridescence":       map[string]any{"iridescenceFactor": 1, "iridescenceIor": 1.8},
			"KHR_materials_dispersion":        map[string]any{"dispersion": 0.1},
		},
	}}
	s := decode(t, b.json())
	m := s.Materials[0]
	check := func(what string, got, want float32) {
		t.Helper()
		if math.Abs(float64(got-want)) > 1e-6 {
			t.Errorf("%s = %g, want %g", what, got, want)
		}
	}
	check("baseColor.g", m.BaseColor[1], 0.25)
	check("metallic", m.Metallic, 0.3)
	check("roughness", m.Roughness, 0.6)
	check("normalScale", m.NormalScale, 0.5)
	check("emissive (strength applied)", m.Emissive[0], 4)
	check("alphaCutoff", m.AlphaCutoff, 0.25)
	check("ior", m.IOR, 1.33)
	check("transmission", m.Transmission.Factor, 0.9)
	check("clearcoat", m.Clearcoat.Factor, 1)
	check("clearcoat normal scale", m.Clearcoat.NormalScale, 2)
	check("specular", m.Specular.Factor, 0.5)
	check("sheen roughness", m.Sheen.Roughness, 0.4)
	check("thickness", m.Volume.Thickness, 2)
	check("attenuation", m.Volume.AttenuationDistance, 3)
	check("anisotropy", m.Anisotropy.Strength, 0.7)
	check("iridescence ior", m.Iridescence.IOR, 1.8)
	check("iridescence thickness max (default)", m.Iridescence.ThicknessMax, 400)
	check("dispersion", m.Dispersion, 0.1)
	if m.AlphaMode != model.AlphaMask || !m.DoubleSided || !m.Unlit {
		t.Errorf("alpha %v doubleSided %v unlit %v", m.AlphaMode, m.DoubleSided, m.Unlit)
	}
	tr := m.BaseColorTex.Transform
	if tr == nil || tr.Offset[0] != 0.5 || tr.Scale[1] != 2 || m.BaseColorTex.TexCoord != 1 {
		t.Fatalf("texture transform %+v texCoord %d", tr, m.BaseColorTex.TexCoord)
	}
	if uv := tr.Apply([2]float32{1, 0}); math.Abs(float64(uv[0]-0.5)) > 1e-6 || math.Abs(float64(uv[1]-2)) > 1e-6 {
		t.Errorf("transform (1,0) -> %v, want (0.5, 2)", uv)
	}
	// Textures: colour image decoded as sRGB, normal map linear, shared sampler.
	if !s.Images[0].SRGB || s.Images[1].SRGB {
		t.Errorf("sRGB flags %v %v", s.Images[0].SRGB, s.Images[1].SRGB)
	}
	if im := s.Images[0]; im.Width() != 4 || im.Height() != 2 || len(im.Levels) != 3 || im.Levels[2].Pix[0] != 255 {
		t.Errorf("image 0: %dx%d, %d levels", im.Width(), im.Height(), len(im.Levels))
	}
	smp := s.Samplers[0]
	if smp.MagFilter != model.Nearest || smp.MinFilter != model.Nearest || smp.MipFilter != model.MipNearest ||
		smp.WrapS != model.ClampToEdge || smp.WrapT != model.MirroredRepeat {
		t.Errorf("sampler %+v", smp)
	}
	p := s.Meshes[0].Primitives[0]
	if !p.GeneratedTangents || p.Tangents[0] != [4]float32{1, 0, 0, 1} {
		t.Errorf("generated tangents %v", p.Tangents)
	}
	if len(s.Warnings) != 1 || !strings.Contains(s.Warnings[0], "EXT_made_up") {
		t.Errorf("warnings %v", s.Warnings)
	}
}

func TestCamerasLightsScenesInstancing(t *testing.T) {
	b := newDoc()
	b.triangle(-1)
	tr := b.floats("VEC3", 0, 0, 0, 10, 0, 0, 20, 0, 0)
	b.doc["cameras"] = []any{
		map[string]any{"type": "perspective", "name": "persp", "perspective": map[string]any{"yfov": 0.5, "znear": 0.1}},
		map[string]any{"type": "orthographic", "orthographic": map[string]any{"xmag": 2, "ymag": 1, "znear": 0, "zfar": 10}},
	}
	b.doc["extensionsUsed"] = []string{"KHR_lights_punctual", "EXT_mesh_gpu_instancing"}
	b.doc["extensions"] = map[string]any{"KHR_lights_punctual": map[string]any{"lights": []any{
		map[string]any{"type": "spot", "color": []float64{1, 0, 0}, "intensity": 5, "spot": map[string]any{"outerConeAngle": 0.5}},
		map[string]any{"type": "directional"},
	}}}
	b.doc["nodes"] = []any{
		map[string]any{"mesh": 0, "extensions": map[string]any{"EXT_mesh_gpu_instancing": map[string]any{"attributes": map[string]any{"TRANSLATION": tr}}}},
		map[string]any{"camera": 0, "translation": []float64{0, 0, 5}},
		map[string]any{"extensions": map[string]any{"KHR_lights_punctual": map[string]any{"light": 0}}, "translation": []float64{1, 2, 3}},
		map[string]any{"mesh": 0, "camera": 1},
	}
	b.doc["scenes"] = []any{map[string]any{"name": "main", "nodes": []int{0, 1, 2}}, map[string]any{"name": "other", "nodes": []int{3}}}
	s := decode(t, b.json())
	if len(s.Cameras) != 2 || s.Cameras[0].Projection != model.Perspective || s.Cameras[1].Projection != model.Orthographic {
		t.Fatalf("cameras %+v", s.Cameras)
	}
	if c := s.Cameras[0]; c.Node != 1 || c.World.Col(3)[2] != 5 || !math.IsInf(float64(c.ZFar), 1) {
		t.Errorf("camera 0 %+v", c)
	}
	if s.Cameras[1].Node != -1 {
		t.Errorf("camera 1 is on a node outside the loaded scene, got node %d", s.Cameras[1].Node)
	}
	if l := s.Lights[0]; l.Type != model.Spot || l.Intensity != 5 || l.OuterConeAngle != 0.5 || l.Node != 2 || l.World.Col(3)[1] != 2 {
		t.Errorf("light %+v", l)
	}
	insts := s.Instances()
	if len(insts) != 3 || insts[2].Transform.Col(3)[0] != 20 {
		t.Errorf("gpu instances %d", len(insts))
	}
	o, err := Decode(context.Background(), b.json(), nil, model.Options{Scene: "other"})
	if err != nil {
		t.Fatal(err)
	}
	if o.Name != "other" || len(o.Instances()) != 1 || o.Cameras[1].Node != 3 {
		t.Errorf("scene other: %q, %d instances", o.Name, len(o.Instances()))
	}
	if _, err := Decode(context.Background(), b.json(), nil, model.Options{Scene: "nope"}); err == nil || !strings.Contains(err.Error(), `scene "nope" not found`) {
		t.Errorf("missing scene: %v", err)
	}
}

func TestExternalFiles(t *testing.T) {
	b := newDoc()
	b.triangle(0)
	bin := append([]byte(nil), b.bin.Bytes()...)
	d := b.finish()
	d["buffers"] = []any{map[string]any{"byteLength": len(bin), "uri": "geo%20data.bin"}}
	d["images"] = []any{map[string]any{"uri": "tex/albedo.png"}}
	d["textures"] = []any{map[string]any{"source": 0}}
	d["materials"] = []any{map[string]any{"pbrMetallicRoughness": map[string]any{"baseColorTexture": map[string]any{"index": 0}}}}
	js := mustJSON(d)
	pngData, _ := base64.StdEncoding.DecodeString(strings.TrimPrefix(pngDataURI(2, 2, color.NRGBA{1, 2, 3, 4}), "data:image/png;base64,"))
	fsys := fstest.MapFS{"geo data.bin": {Data: bin}, "tex/albedo.png": {Data: pngData}}
	s, err := Decode(context.Background(), js, fsys, model.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if s.Images[0].Name != "tex/albedo.png" || s.Images[0].Opaque {
		t.Errorf("image %q opaque=%v", s.Images[0].Name, s.Images[0].Opaque)
	}
	delete(fsys, "tex/albedo.png")
	_, err = Decode(context.Background(), js, fsys, model.Options{})
	if err == nil || !strings.Contains(err.Error(), `image "tex/albedo.png"`) {
		t.Errorf("missing image: %v", err)
	}
}

func TestTRSvsMatrixNodes(t *testing.T) {
	b := newDoc()
	b.triangle(-1)
	// TRS: translate (1,2,3), rotate 90° about Y, scale 2; matrix: the same.
	s2 := math.Sqrt(0.5)
	b.doc["nodes"] = []any{
		map[string]any{"mesh": 0, "translation": []float64{1, 2, 3}, "rotation": []float64{0, s2, 0, s2}, "scale": []float64{2, 2, 2}},
		map[string]any{"mesh": 0, "matrix": []float64{0, 0, -2, 0, 0, 2, 0, 0, 2, 0, 0, 0, 1, 2, 3, 1}},
	}
	b.doc["scenes"] = []any{map[string]any{"nodes": []int{0, 1}}}
	s := decode(t, b.json())
	in := s.Instances()
	for k := range in[0].Transform {
		if math.Abs(float64(in[0].Transform[k]-in[1].Transform[k])) > 1e-6 {
			t.Fatalf("TRS %v\n!= matrix %v", in[0].Transform, in[1].Transform)
		}
	}
	if s.Nodes[0].HasMatrix || !s.Nodes[1].HasMatrix {
		t.Error("HasMatrix flags wrong")
	}
}

func TestMeshQuantization(t *testing.T) {
	// KHR_mesh_quantization: positions as normalized shorts, normals as
	// normalized bytes (padded to 4 bytes), UVs as unsigned shorts.
	b := newDoc()
	pos := b.acc(b.view(u16bytes(0, 0, 0, 0, 32767, 0, 0, 0, 0, 32767, 0, 0), 8), 5122, "VEC3", 3, map[string]any{"normalized": true})
	nrm := b.acc(b.view([]byte{0, 0, 127, 0, 0, 0, 127, 0, 0, 0, 127, 0}, 4), 5120, "VEC3", 3, map[string]any{"normalized": true})
	uv := b.acc(b.view(u16bytes(0, 0, 2, 0, 0, 2), 0), 5123, "VEC2", 3, nil)
	b.doc["extensionsUsed"] = []string{"KHR_mesh_quantization"}
	b.doc["extensionsRequired"] = []string{"KHR_mesh_quantization"}
	b.doc["meshes"] = []any{map[string]any{"primitives": []any{map[string]any{"attributes": map[string]any{"POSITION": pos, "NORMAL": nrm, "TEXCOORD_0": uv}}}}}
	b.doc["nodes"] = []any{map[string]any{"mesh": 0, "scale": []float64{4, 4, 4}}}
	b.doc["scenes"] = []any{map[string]any{"nodes": []int{0}}}
	s := decode(t, b.json())
	p := s.Meshes[0].Primitives[0]
	if p.Positions[1] != [3]float32{1, 0, 0} || p.Normals[2] != [3]float32{0, 0, 1} || p.UV0[2] != [2]float32{0, 2} {
		t.Errorf("quantized streams: %v %v %v", p.Positions, p.Normals, p.UV0)
	}
	if bb := s.Bounds(); bb.Max != [3]float32{4, 4, 0} {
		t.Errorf("bounds %v", bb)
	}
}
