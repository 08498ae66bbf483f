package gltfload

import (
	"context"
	"flag"
	"fmt"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/ingot-render/ingot/scenes/model"
)

var updateCorpus = flag.Bool("update-corpus", false, "rewrite testdata/fuzz seed corpora from the synthetic documents")

// seedDocs returns small documents covering most importer paths.
func seedDocs() []*docBuilder {
	var out []*docBuilder
	b := newDoc()
	b.triangle(-1)
	out = append(out, b)

	b = newDoc()
	b.triangle(0)
	uv := b.floats("VEC2", 0, 1, 1, 1, 0, 0)
	b.doc["meshes"].([]any)[0].(map[string]any)["primitives"].([]any)[0].(map[string]any)["attributes"].(map[string]any)["TEXCOORD_0"] = uv
	b.doc["images"] = []any{map[string]any{"uri": pngDataURI(2, 2, color.NRGBA{200, 100, 50, 255})}}
	b.doc["samplers"] = []any{map[string]any{"magFilter": 9728, "wrapS": 33071}}
	b.doc["textures"] = []any{map[string]any{"source": 0, "sampler": 0}}
	b.doc["materials"] = []any{map[string]any{"pbrMetallicRoughness": map[string]any{"baseColorTexture": map[string]any{"index": 0,
		"extensions": map[string]any{"KHR_texture_transform": map[string]any{"rotation": 0.5}}}},
		"normalTexture": map[string]any{"index": 0},
		"extensions":    map[string]any{"KHR_materials_emissive_strength": map[string]any{"emissiveStrength": 2}}}}
	out = append(out, b)

	b = newDoc()
	b.triangle(-1)
	in := b.floats("SCALAR", 0, 1)
	s := float32(math.Sqrt(0.5))
	rot := b.floats("VEC4", 0, 0, 0, 1, 0, 0, s, s)
	tgt := b.floats("VEC3", 0, 0, 1, 0, 0, 1, 0, 0, 1)
	w := b.floats("SCALAR", 0, 1)
	prim := b.doc["meshes"].([]any)[0].(map[string]any)["primitives"].([]any)[0].(map[string]any)
	prim["targets"] = []any{map[string]any{"POSITION": tgt}}
	prim["indices"] = b.acc(b.view(u16bytes(0, 1, 2, 0), 0), 5123, "SCALAR", 3, nil)
	b.doc["nodes"] = []any{map[string]any{"mesh": 0, "children": []int{1}}, map[string]any{"matrix": []float64{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 1, 2, 3, 1}}}
	b.doc["animations"] = []any{map[string]any{
		"samplers": []any{map[string]any{"input": in, "output": rot}, map[string]any{"input": in, "output": w, "interpolation": "STEP"}},
		"channels": []any{map[string]any{"sampler": 0, "target": map[string]any{"node": 0, "path": "rotation"}},
			map[string]any{"sampler": 1, "target": map[string]any{"node": 0, "path": "weights"}}}}}
	b.doc["skins"] = []any{map[string]any{"joints": []int{1}}}
	out = append(out, b)

	b = newDoc()
	b.triangle(-1)
	iv, vv := b.view(u16bytes(1), 0), b.view(f32bytes(5, 5, 5), 0)
	b.acc(-1, 5126, "VEC3", 3, map[string]any{"sparse": map[string]any{"count": 1,
		"indices": map[string]any{"bufferView": iv, "componentType": 5123}, "values": map[string]any{"bufferView": vv}}})
	tr := b.floats("VEC3", 0, 0, 0, 1, 0, 0)
	b.doc["extensionsUsed"] = []string{"EXT_mesh_gpu_instancing", "KHR_lights_punctual"}
	b.doc["extensions"] = map[string]any{"KHR_lights_punctual": map[string]any{"lights": []any{map[string]any{"type": "point"}}}}
	b.doc["nodes"] = []any{map[string]any{"mesh": 0, "extensions": map[string]any{
		"EXT_mesh_gpu_instancing": map[string]any{"attributes": map[string]any{"TRANSLATION": tr}},
		"KHR_lights_punctual":     map[string]any{"light": 0}}}}
	b.doc["cameras"] = []any{map[string]any{"type": "perspective", "perspective": map[string]any{"yfov": 1, "znear": 0.1}}}
	out = append(out, b)
	return out
}

// fuzzDecode runs the importer and the evaluation paths on data.
func fuzzDecode(t *testing.T, data []byte) {
	s, err := Decode(context.Background(), data, nil, model.Options{MaxImagePixels: 1 << 16, Workers: 1})
	if err != nil {
		return
	}
	_ = s.Summary()
	p := s.PoseAt(0.5)
	for _, in := range s.InstancesOf(p) {
		if in.Deforms {
			_ = s.Deform(in, p)
		}
	}
}

func addSeeds(f *testing.F, glb bool) {
	for _, b := range seedDocs() {
		if glb {
			f.Add(b.glb())
		} else {
			f.Add(b.json())
		}
	}
}

func FuzzGLB(f *testing.F) {
	addSeeds(f, true)
	f.Fuzz(fuzzDecode)
}

func FuzzGLTF(f *testing.F) {
	addSeeds(f, false)
	f.Fuzz(fuzzDecode)
}

// TestWriteFuzzCorpus rewrites testdata/fuzz/Fuzz{GLB,GLTF} with
// -update-corpus; otherwise it checks the seeds decode.
func TestWriteFuzzCorpus(t *testing.T) {
	for i, b := range seedDocs() {
		for _, kind := range []string{"GLB", "GLTF"} {
			data := b.json()
			if kind == "GLB" {
				data = b.glb()
			}
			if _, err := Decode(context.Background(), data, nil, model.Options{}); err != nil {
				t.Fatalf("seed %d %s: %v", i, kind, err)
			}
			if !*updateCorpus {
				continue
			}
			dir := filepath.Join("testdata", "fuzz", "Fuzz"+kind)
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			body := fmt.Sprintf("go test fuzz v1\n[]byte(%q)\n", data)
			if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("seed%d", i)), []byte(body), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}
