package gltfload

import (
	"context"
	"strings"
	"testing"

	"github.com/ingot-render/ingot/scenes/model"
)

// loaderFor decodes a builder's document and returns a loader positioned
// after decoding (accessors can be read directly).
func loaderFor(t *testing.T, b *docBuilder) *loader {
	t.Helper()
	doc, err := decodeDocument(b.json(), nil)
	if err != nil {
		t.Fatal(err)
	}
	return &loader{ctx: context.Background(), doc: doc, s: &model.Scene{}, fcache: map[int]fcached{}, ucache: map[int]ucached{}, maxElems: 1 << 20}
}

func TestAccessorComponentTypes(t *testing.T) {
	tests := []struct {
		name       string
		ct         int
		normalized bool
		data       []byte
		want       []float32
	}{
		{"byte", 5120, false, []byte{0x81, 0x7f, 0, 0xff}, []float32{-127, 127, 0, -1}},
		{"byte normalized", 5120, true, []byte{0x80, 0x81, 0x7f, 0}, []float32{-1, -1, 1, 0}},
		{"ubyte", 5121, false, []byte{0, 1, 128, 255}, []float32{0, 1, 128, 255}},
		{"ubyte normalized", 5121, true, []byte{0, 51, 255, 255}, []float32{0, 0.2, 1, 1}},
		{"short", 5122, false, u16bytes(0x8000, 0x7fff, 0xffff, 0), []float32{-32768, 32767, -1, 0}},
		{"short normalized", 5122, true, u16bytes(0x8000, 0x8001, 0x7fff, 0), []float32{-1, -1, 1, 0}},
		{"ushort", 5123, false, u16bytes(0, 1, 65535, 300), []float32{0, 1, 65535, 300}},
		{"ushort normalized", 5123, true, u16bytes(0, 65535, 13107, 0), []float32{0, 1, 0.2, 0}},
		{"uint", 5125, false, u32bytes(0, 7, 1<<20, 3), []float32{0, 7, 1 << 20, 3}},
		{"float", 5126, false, f32bytes(-1.5, 0, 3.25, 1e-3), []float32{-1.5, 0, 3.25, 1e-3}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := newDoc()
			b.acc(b.view(tc.data, 0), tc.ct, "VEC2", 2, map[string]any{"normalized": tc.normalized})
			l := loaderFor(t, b)
			got, comps, err := l.floats(0)
			if err != nil {
				t.Fatal(err)
			}
			if comps != 2 || len(got) != 4 {
				t.Fatalf("comps %d len %d", comps, len(got))
			}
			for i := range got {
				if got[i] != tc.want[i] && !(abs(got[i]-tc.want[i]) < 1e-6) {
					t.Errorf("element %d = %g, want %g", i, got[i], tc.want[i])
				}
			}
		})
	}
}

func abs(x float32) float32 {
	if x < 0 {
		return -x
	}
	return x
}

func TestAccessorIndicesTypes(t *testing.T) {
	for _, tc := range []struct {
		ct   int
		data []byte
	}{{5121, []byte{0, 2, 1, 0}}, {5123, u16bytes(0, 2, 1, 0)}, {5125, u32bytes(0, 2, 1, 0)}} {
		b := newDoc()
		b.acc(b.view(tc.data, 0), tc.ct, "SCALAR", 3, nil)
		l := loaderFor(t, b)
		got, _, err := l.uints(0)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != 3 || got[0] != 0 || got[1] != 2 || got[2] != 1 {
			t.Errorf("ct %d: %v", tc.ct, got)
		}
	}
	b := newDoc()
	b.acc(b.view(f32bytes(1, 2, 3), 0), 5126, "SCALAR", 3, nil)
	if _, _, err := loaderFor(t, b).uints(0); err == nil || !strings.Contains(err.Error(), "not allowed") {
		t.Errorf("float indices: err = %v", err)
	}
}

func TestAccessorStrideAndOffset(t *testing.T) {
	// Interleaved: position (3 floats) + a ubyte colour (4 bytes) per vertex.
	var data []byte
	for i := 0; i < 3; i++ {
		data = append(data, f32bytes(float32(i), float32(10*i), float32(100*i))...)
		data = append(data, byte(i), 0, 0, 255)
	}
	b := newDoc()
	v := b.view(data, 16)
	b.acc(v, 5126, "VEC3", 3, nil)
	b.acc(v, 5121, "VEC4", 3, map[string]any{"byteOffset": 12, "normalized": true})
	l := loaderFor(t, b)
	pos, _, err := l.floats(0)
	if err != nil {
		t.Fatal(err)
	}
	if pos[6] != 2 || pos[7] != 20 || pos[8] != 200 {
		t.Errorf("strided positions %v", pos)
	}
	col, _, err := l.floats(1)
	if err != nil {
		t.Fatal(err)
	}
	if col[4] != 1.0/255 || col[7] != 1 {
		t.Errorf("strided colours %v", col)
	}
}

func TestAccessorMatrixPadding(t *testing.T) {
	// MAT2 of ubyte: each 2-byte column padded to 4 bytes.
	b := newDoc()
	b.acc(b.view([]byte{1, 2, 0xEE, 0xEE, 3, 4, 0xEE, 0xEE}, 0), 5121, "MAT2", 1, nil)
	// MAT3 of short: each 6-byte column padded to 8 bytes.
	b.acc(b.view(u16bytes(1, 2, 3, 0xEEEE, 4, 5, 6, 0xEEEE, 7, 8, 9, 0xEEEE), 0), 5122, "MAT3", 1, nil)
	l := loaderFor(t, b)
	m2, _, err := l.floats(0)
	if err != nil {
		t.Fatal(err)
	}
	if m2[0] != 1 || m2[1] != 2 || m2[2] != 3 || m2[3] != 4 {
		t.Errorf("MAT2 ubyte %v", m2)
	}
	m3, _, err := l.floats(1)
	if err != nil {
		t.Fatal(err)
	}
	for i, v := range m3 {
		if v != float32(i+1) {
			t.Errorf("MAT3 short %v", m3)
			break
		}
	}
}

func TestSparseAccessor(t *testing.T) {
	for _, withBase := range []bool{true, false} {
		b := newDoc()
		base := -1
		if withBase {
			base = b.view(f32bytes(1, 1, 1, 1, 1), 0)
		}
		iv := b.view(u16bytes(1, 3), 0)
		vv := b.view(f32bytes(7, 9), 0)
		b.acc(base, 5126, "SCALAR", 5, map[string]any{"sparse": map[string]any{"count": 2,
			"indices": map[string]any{"bufferView": iv, "componentType": 5123},
			"values":  map[string]any{"bufferView": vv}}})
		got, _, err := loaderFor(t, b).floats(0)
		if err != nil {
			t.Fatal(err)
		}
		d := float32(0)
		if withBase {
			d = 1
		}
		want := []float32{d, 7, d, 9, d}
		for i := range want {
			if got[i] != want[i] {
				t.Errorf("base=%v: %v, want %v", withBase, got, want)
				break
			}
		}
	}
}

func TestAccessorErrors(t *testing.T) {
	tests := []struct {
		name string
		make func(b *docBuilder)
		want string
	}{
		{"count past view", func(b *docBuilder) { b.acc(b.view(f32bytes(1, 2, 3), 0), 5126, "VEC3", 2, nil) }, "out of range"},
		{"offset past view", func(b *docBuilder) {
			b.acc(b.view(f32bytes(1, 2, 3), 0), 5126, "SCALAR", 1, map[string]any{"byteOffset": 12})
		}, "out of range"},
		{"missing view", func(b *docBuilder) { b.acc(5, 5126, "SCALAR", 1, nil) }, "bufferView 5 out of range"},
		{"huge count without data", func(b *docBuilder) { b.acc(-1, 5126, "VEC4", 1<<30, nil) }, "exceeds"},
		{"stride too small", func(b *docBuilder) { b.acc(b.view(make([]byte, 64), 4), 5126, "VEC3", 2, nil) }, "byteStride"},
		{"sparse index out of range", func(b *docBuilder) {
			iv, vv := b.view(u16bytes(9), 0), b.view(f32bytes(1), 0)
			b.acc(-1, 5126, "SCALAR", 3, map[string]any{"sparse": map[string]any{"count": 1,
				"indices": map[string]any{"bufferView": iv, "componentType": 5123}, "values": map[string]any{"bufferView": vv}}})
		}, "index 0 = 9 out of range"},
		{"sparse values short", func(b *docBuilder) {
			iv, vv := b.view(u16bytes(0, 1), 0), b.view(f32bytes(1), 0)
			b.acc(-1, 5126, "SCALAR", 3, map[string]any{"sparse": map[string]any{"count": 2,
				"indices": map[string]any{"bufferView": iv, "componentType": 5123}, "values": map[string]any{"bufferView": vv}}})
		}, "values"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := newDoc()
			tc.make(b)
			_, _, err := loaderFor(t, b).floats(0)
			if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "accessor 0") {
				t.Errorf("err = %v, want accessor 0 … %q", err, tc.want)
			}
		})
	}
}
