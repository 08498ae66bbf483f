package gltfload

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"math"
)

// docBuilder writes small glTF documents for tests: one buffer, embedded as
// a data:application/gltf-buffer URI (or as the GLB BIN chunk).
type docBuilder struct {
	bin   bytes.Buffer
	views []map[string]any
	accs  []map[string]any
	doc   map[string]any
}

func newDoc() *docBuilder {
	return &docBuilder{doc: map[string]any{"asset": map[string]any{"version": "2.0"}}}
}

// view appends raw bytes (4-byte aligned) as a bufferView; stride 0 = tight.
func (b *docBuilder) view(data []byte, stride int) int {
	for b.bin.Len()%4 != 0 {
		b.bin.WriteByte(0)
	}
	v := map[string]any{"buffer": 0, "byteOffset": b.bin.Len(), "byteLength": len(data)}
	if stride > 0 {
		v["byteStride"] = stride
	}
	b.bin.Write(data)
	b.views = append(b.views, v)
	return len(b.views) - 1
}

// acc appends an accessor; extra fields override.
func (b *docBuilder) acc(view int, ct int, typ string, count int, extra map[string]any) int {
	a := map[string]any{"componentType": ct, "type": typ, "count": count}
	if view >= 0 {
		a["bufferView"] = view
	}
	for k, v := range extra {
		a[k] = v
	}
	b.accs = append(b.accs, a)
	return len(b.accs) - 1
}

func f32bytes(v ...float32) []byte {
	out := make([]byte, 4*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint32(out[4*i:], math.Float32bits(x))
	}
	return out
}

func u16bytes(v ...uint16) []byte {
	out := make([]byte, 2*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint16(out[2*i:], x)
	}
	return out
}

func u32bytes(v ...uint32) []byte {
	out := make([]byte, 4*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint32(out[4*i:], x)
	}
	return out
}

// floats adds a tightly packed float accessor.
func (b *docBuilder) floats(typ string, v ...float32) int {
	n := map[string]int{"SCALAR": 1, "VEC2": 2, "VEC3": 3, "VEC4": 4, "MAT4": 16}[typ]
	return b.acc(b.view(f32bytes(v...), 0), 5126, typ, len(v)/n, nil)
}

// triangle adds a mesh with one triangle (optional material) and a node.
func (b *docBuilder) triangle(material int) {
	pos := b.floats("VEC3", 0, 0, 0, 1, 0, 0, 0, 1, 0)
	prim := map[string]any{"attributes": map[string]any{"POSITION": pos}}
	if material >= 0 {
		prim["material"] = material
	}
	b.doc["meshes"] = []any{map[string]any{"name": "tri", "primitives": []any{prim}}}
	b.doc["nodes"] = []any{map[string]any{"mesh": 0}}
	b.doc["scenes"] = []any{map[string]any{"nodes": []int{0}}}
	b.doc["scene"] = 0
}

func (b *docBuilder) finish() map[string]any {
	b.doc["bufferViews"] = b.views
	b.doc["accessors"] = b.accs
	return b.doc
}

// json returns the document as .gltf with an embedded gltf-buffer data URI.
func (b *docBuilder) json() []byte {
	d := b.finish()
	if b.bin.Len() > 0 {
		d["buffers"] = []any{map[string]any{"byteLength": b.bin.Len(),
			"uri": "data:application/gltf-buffer;base64," + base64.StdEncoding.EncodeToString(b.bin.Bytes())}}
	}
	out, err := json.Marshal(d)
	if err != nil {
		panic(err)
	}
	return out
}

// glb returns the document as a binary .glb.
func (b *docBuilder) glb() []byte {
	d := b.finish()
	bin := append([]byte(nil), b.bin.Bytes()...)
	if len(bin) > 0 {
		d["buffers"] = []any{map[string]any{"byteLength": len(bin)}}
	}
	js, err := json.Marshal(d)
	if err != nil {
		panic(err)
	}
	for len(js)%4 != 0 {
		js = append(js, ' ')
	}
	for len(bin)%4 != 0 {
		bin = append(bin, 0)
	}
	var out bytes.Buffer
	total := 12 + 8 + len(js)
	if len(bin) > 0 {
		total += 8 + len(bin)
	}
	le := binary.LittleEndian
	_ = binary.Write(&out, le, []uint32{0x46546C67, 2, uint32(total), uint32(len(js)), 0x4E4F534A})
	out.Write(js)
	if len(bin) > 0 {
		_ = binary.Write(&out, le, []uint32{uint32(len(bin)), 0x004E4942})
		out.Write(bin)
	}
	return out.Bytes()
}

func mustJSON(v any) []byte {
	out, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return out
}
