package gltfload

import (
	"context"
	"strings"
	"testing"

	"github.com/ingot-render/ingot/scenes/model"
)

func TestNamedErrors(t *testing.T) {
	prim := func(b *docBuilder) map[string]any {
		return b.doc["meshes"].([]any)[0].(map[string]any)["primitives"].([]any)[0].(map[string]any)
	}
	tests := []struct {
		name string
		edit func(b *docBuilder)
		want string
	}{
		{"bad index", func(b *docBuilder) {
			prim(b)["indices"] = b.acc(b.view(u16bytes(0, 1, 7), 0), 5123, "SCALAR", 3, nil)
		}, `mesh "tri" primitive 0: indices: accessor 1: index 2 = 7 out of range (3 vertices)`},
		{"attribute accessor missing", func(b *docBuilder) {
			prim(b)["attributes"].(map[string]any)["NORMAL"] = 42
		}, `mesh "tri" primitive 0: attribute NORMAL: accessor 42 out of range`},
		{"attribute count mismatch", func(b *docBuilder) {
			prim(b)["attributes"].(map[string]any)["TEXCOORD_0"] = b.floats("VEC2", 0, 0, 1, 1)
		}, `mesh "tri" primitive 0: attribute TEXCOORD_0: accessor 1 has count 2, POSITION has 3`},
		{"attribute wrong type", func(b *docBuilder) {
			prim(b)["attributes"].(map[string]any)["NORMAL"] = b.floats("VEC2", 0, 0, 1, 1, 0, 0)
		}, `attribute NORMAL: accessor 1 has 2 components, want [3]`},
		{"accessor past buffer", func(b *docBuilder) {
			prim(b)["attributes"].(map[string]any)["NORMAL"] = b.acc(0, 5126, "VEC3", 4, nil)
		}, `mesh "tri" primitive 0: attribute NORMAL: accessor 1: bufferView 0: 4 elements of 12 bytes (stride 12) at byteOffset 0 out of range (36 bytes)`},
		{"no position", func(b *docBuilder) {
			prim(b)["attributes"] = map[string]any{"NORMAL": 0}
		}, `mesh "tri" primitive 0: no POSITION attribute`},
		{"material out of range", func(b *docBuilder) { prim(b)["material"] = 3 }, `mesh "tri" primitive 0: material 3 out of range (0 materials)`},
		{"texture out of range", func(b *docBuilder) {
			b.doc["materials"] = []any{map[string]any{"name": "m", "pbrMetallicRoughness": map[string]any{"baseColorTexture": map[string]any{"index": 3}}}}
		}, `material "m": baseColorTexture: texture 3 out of range (0 textures)`},
		{"corrupt image", func(b *docBuilder) {
			b.doc["images"] = []any{map[string]any{"name": "albedo", "uri": "data:image/png;base64,iVBORw0KGgoAAAA="}}
			b.doc["textures"] = []any{map[string]any{"source": 0}}
		}, `image "albedo": decode image header`},
		{"image from missing file", func(b *docBuilder) {
			b.doc["images"] = []any{map[string]any{"uri": "missing.png"}}
			b.doc["textures"] = []any{map[string]any{"source": 0}}
		}, `image "missing.png": open missing.png`},
		{"required extension", func(b *docBuilder) {
			b.doc["extensionsRequired"] = []string{"KHR_draco_mesh_compression"}
		}, `extensionsRequired: KHR_draco_mesh_compression is not supported`},
		{"node cycle", func(b *docBuilder) {
			b.doc["nodes"] = []any{map[string]any{"mesh": 0}, map[string]any{"children": []int{2}}, map[string]any{"children": []int{1}}}
		}, `node 1: part of a cycle`},
		{"two parents", func(b *docBuilder) {
			b.doc["nodes"] = []any{map[string]any{"children": []int{2}}, map[string]any{"children": []int{2}}, map[string]any{}}
		}, `node 2: has two parents (0 and 1)`},
		{"child out of range", func(b *docBuilder) {
			b.doc["nodes"] = []any{map[string]any{"name": "root", "children": []int{9}}}
		}, `node "root": child 9 out of range (1 nodes)`},
		{"null node", func(b *docBuilder) { b.doc["nodes"] = []any{nil} }, `node 0: null`},
		{"scene root out of range", func(b *docBuilder) { b.doc["scenes"] = []any{map[string]any{"nodes": []int{4}}} }, `scene 0: node 4 out of range`},
		{"animation output count", func(b *docBuilder) {
			in := b.floats("SCALAR", 0, 1)
			out := b.floats("VEC3", 0, 0, 0)
			b.doc["animations"] = []any{map[string]any{"name": "walk",
				"samplers": []any{map[string]any{"input": in, "output": out}},
				"channels": []any{map[string]any{"sampler": 0, "target": map[string]any{"node": 0, "path": "translation"}}}}}
		}, `animation "walk" sampler 0: output: accessor 2 has 3 values, want 2 keys × 1 × 3`},
		{"animation times decreasing", func(b *docBuilder) {
			in := b.floats("SCALAR", 1, 0)
			out := b.floats("VEC3", 0, 0, 0, 1, 1, 1)
			b.doc["animations"] = []any{map[string]any{
				"samplers": []any{map[string]any{"input": in, "output": out}},
				"channels": []any{map[string]any{"sampler": 0, "target": map[string]any{"node": 0, "path": "scale"}}}}}
		}, `animation 0 sampler 0: input: accessor 1: key 1 time 0 not increasing`},
		{"camera bad fov", func(b *docBuilder) {
			b.doc["cameras"] = []any{map[string]any{"type": "perspective", "perspective": map[string]any{"yfov": 0, "znear": 1}}}
		}, `camera 0: yfov 0 outside (0, π)`},
		{"skin joint out of range", func(b *docBuilder) { b.doc["skins"] = []any{map[string]any{"joints": []int{5}}} }, `skin 0: joint node 5 out of range`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := newDoc()
			b.triangle(-1)
			tc.edit(b)
			_, err := Decode(context.Background(), b.json(), nil, model.Options{})
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("err = %v\nwant it to contain %s", err, tc.want)
			}
		})
	}
}

func TestCorruptDocuments(t *testing.T) {
	b := newDoc()
	b.triangle(-1)
	glb := b.glb()
	tests := []struct {
		name string
		data []byte
		want string
	}{
		{"empty", nil, "decode"},
		{"not json", []byte("hello"), "decode"},
		{"json without asset", []byte(`{"nodes":[]}`), "asset is required"},
		{"glb header only", glb[:12], "decode"},
		{"glb truncated in BIN", glb[:len(glb)-5], "decode"},
		{"glb wrong version", append([]byte{'g', 'l', 'T', 'F', 1, 0, 0, 0}, glb[8:]...), "decode"},
		{"buffer null", []byte(`{"asset":{"version":"2.0"},"buffers":[null]}`), "buffer"},
		{"buffer external without directory", []byte(`{"asset":{"version":"2.0"},"buffers":[{"uri":"a.bin","byteLength":4}]}`), "a.bin"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Decode(context.Background(), tc.data, nil, model.Options{})
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("err = %v, want %q", err, tc.want)
			}
		})
	}
}

// TestTruncationSweep cuts a complete GLB at every length: each must fail
// cleanly (or, at full length, succeed), never panic.
func TestTruncationSweep(t *testing.T) {
	b := newDoc()
	b.triangle(-1)
	glb := b.glb()
	for n := 0; n < len(glb); n++ {
		if _, err := Decode(context.Background(), glb[:n], nil, model.Options{}); err == nil {
			t.Errorf("length %d of %d: no error", n, len(glb))
		}
	}
	if _, err := Decode(context.Background(), glb, nil, model.Options{}); err != nil {
		t.Errorf("full file: %v", err)
	}
}

func TestContextCancelled(t *testing.T) {
	b := newDoc()
	b.triangle(-1)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Decode(ctx, b.json(), nil, model.Options{}); err != context.Canceled {
		t.Errorf("err = %v, want context.Canceled", err)
	}
}
