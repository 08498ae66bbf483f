package render

import (
	"bytes"
	"compress/zlib"
	"context"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"hash/crc32"
	"image"
	"image/color"
	"image/png"
	"math"
	"testing"

	"github.com/ingot-render/ingot/scenes/gltfload"
	"github.com/ingot-render/ingot/scenes/model"
	"github.com/ingot-render/ingot/scenes/render/internal/kernel"
)

// rawPNG writes a 2×1 PNG of colour type ct and bit depth 8 from its
// filtered-free scanline bytes (one filter byte 0 is prepended), with an
// optional tRNS chunk: the encodings Go's encoder cannot write (grey +
// alpha, truecolour with a colour key).
func rawPNG(ct byte, row, trns []byte) []byte {
	var out bytes.Buffer
	out.WriteString("\x89PNG\r\n\x1a\n")
	chunk := func(typ string, data []byte) {
		_ = binary.Write(&out, binary.BigEndian, uint32(len(data)))
		c := crc32.NewIEEE()
		c.Write([]byte(typ))
		c.Write(data)
		out.WriteString(typ)
		out.Write(data)
		_ = binary.Write(&out, binary.BigEndian, c.Sum32())
	}
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], 2)
	binary.BigEndian.PutUint32(ihdr[4:], 1)
	ihdr[8], ihdr[9] = 8, ct
	chunk("IHDR", ihdr)
	if trns != nil {
		chunk("tRNS", trns)
	}
	var z bytes.Buffer
	zw := zlib.NewWriter(&z)
	zw.Write(append([]byte{0}, row...))
	zw.Close()
	chunk("IDAT", z.Bytes())
	chunk("IEND", nil)
	return out.Bytes()
}

// goPNG encodes a 2×1 image with Go's encoder.
func goPNG(img image.Image) []byte {
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		panic(err)
	}
	return b.Bytes()
}

// cutoutPNGs are 2×1 textures, white (or any RGB) with alpha 0 in the
// left texel and 255 in the right one, in every PNG encoding the loader
// can meet and as a lossless WebP (EXT_texture_webp). JPEG has no alpha.
func cutoutPNGs() map[string][]byte {
	nrgba := image.NewNRGBA(image.Rect(0, 0, 2, 1))
	nrgba.SetNRGBA(0, 0, color.NRGBA{255, 255, 255, 0})
	nrgba.SetNRGBA(1, 0, color.NRGBA{255, 255, 255, 255})
	nrgba64 := image.NewNRGBA64(image.Rect(0, 0, 2, 1))
	nrgba64.SetNRGBA64(0, 0, color.NRGBA64{65535, 65535, 65535, 0})
	nrgba64.SetNRGBA64(1, 0, color.NRGBA64{65535, 65535, 65535, 65535})
	pal := image.NewPaletted(image.Rect(0, 0, 2, 1), color.Palette{color.NRGBA{255, 255, 255, 0}, color.NRGBA{255, 255, 255, 255}})
	pal.SetColorIndex(1, 0, 1)
	// Black RGB under zero alpha: the RGB of a cut-out texel must not matter.
	black := image.NewNRGBA(image.Rect(0, 0, 2, 1))
	black.SetNRGBA(1, 0, color.NRGBA{255, 255, 255, 255})
	return map[string][]byte{
		"rgba8":         goPNG(nrgba),
		"rgba16":        goPNG(nrgba64),
		"palette+tRNS":  goPNG(pal),
		"rgba8 black":   goPNG(black),
		"grey+alpha8":   rawPNG(4, []byte{255, 0, 255, 255}, nil),
		"grey+tRNS key": rawPNG(0, []byte{0, 255}, []byte{0, 0}),
		"rgb+tRNS key":  rawPNG(2, []byte{0, 0, 0, 255, 255, 255}, []byte{0, 0, 0, 0, 0, 0}),
		"webp lossless": cutoutWebP(),
	}
}

// cutoutDoc is a glTF quad x, y ∈ [-1, 1] (z = 0, facing +Z) with UV0
// u = (x+1)/2 and UV1 its mirror 1 − u, and a red material of the given
// alpha mode and transmission whose base colour texture (nearest
// filtering) is img; tex is merged into its baseColorTexture info.
func cutoutDoc(img []byte, mode string, transmission float64, tex map[string]any) []byte {
	b, err := json.Marshal(cutoutMap(img, mode, transmission, tex))
	if err != nil {
		panic(err)
	}
	return b
}

// cutoutMap is cutoutDoc before encoding.
func cutoutMap(img []byte, mode string, transmission float64, tex map[string]any) map[string]any {
	fl := func(v ...float32) []byte {
		b := make([]byte, 4*len(v))
		for i, x := range v {
			binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(x))
		}
		return b
	}
	var bin bytes.Buffer
	bin.Write(fl(-1, -1, 0, 1, -1, 0, 1, 1, 0, -1, 1, 0)) // positions @0
	bin.Write(fl(0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1))     // normals @48
	bin.Write(fl(0, 1, 1, 1, 1, 0, 0, 0))                 // uv0 @96
	bin.Write(fl(1, 1, 0, 1, 0, 0, 1, 0))                 // uv1 @128
	bin.Write([]byte{0, 0, 1, 0, 2, 0, 0, 0, 2, 0, 3, 0}) // indices @160
	views := []map[string]any{}
	for _, v := range [][2]int{{0, 48}, {48, 48}, {96, 32}, {128, 32}, {160, 12}} {
		views = append(views, map[string]any{"buffer": 0, "byteOffset": v[0], "byteLength": v[1]})
	}
	info := map[string]any{"index": 0}
	for k, v := range tex {
		info[k] = v
	}
	mat := map[string]any{
		"pbrMetallicRoughness": map[string]any{"baseColorFactor": []float64{1, 0, 0, 1}, "baseColorTexture": info,
			"metallicFactor": 0, "roughnessFactor": 1},
		"alphaMode": mode, "doubleSided": true,
	}
	used := []string{"KHR_texture_transform"}
	if transmission > 0 {
		mat["extensions"] = map[string]any{"KHR_materials_transmission": map[string]any{"transmissionFactor": transmission}}
		used = append(used, "KHR_materials_transmission")
	}
	doc := map[string]any{
		"asset":          map[string]any{"version": "2.0"},
		"extensionsUsed": used,
		"buffers": []any{map[string]any{"byteLength": bin.Len(),
			"uri": "data:application/octet-stream;base64," + base64.StdEncoding.EncodeToString(bin.Bytes())}},
		"bufferViews": views,
		"accessors": []any{
			map[string]any{"bufferView": 0, "componentType": 5126, "type": "VEC3", "count": 4, "min": []float64{-1, -1, 0}, "max": []float64{1, 1, 0}},
			map[string]any{"bufferView": 1, "componentType": 5126, "type": "VEC3", "count": 4},
			map[string]any{"bufferView": 2, "componentType": 5126, "type": "VEC2", "count": 4},
			map[string]any{"bufferView": 3, "componentType": 5126, "type": "VEC2", "count": 4},
			map[string]any{"bufferView": 4, "componentType": 5123, "type": "SCALAR", "count": 6},
		},
		"images":    []any{map[string]any{"uri": "data:image/png;base64," + base64.StdEncoding.EncodeToString(img)}},
		"samplers":  []any{map[string]any{"magFilter": 9728, "minFilter": 9728}},
		"textures":  []any{map[string]any{"source": 0, "sampler": 0}},
		"materials": []any{mat},
		"meshes": []any{map[string]any{"primitives": []any{map[string]any{
			"attributes": map[string]any{"POSITION": 0, "NORMAL": 1, "TEXCOORD_0": 2, "TEXCOORD_1": 3},
			"indices":    4, "material": 0}}}},
		"nodes":  []any{map[string]any{"mesh": 0}},
		"scenes": []any{map[string]any{"nodes": []int{0}}},
		"scene":  0,
	}
	if bytes.HasPrefix(img, []byte("RIFF")) {
		doc["images"] = []any{map[string]any{"uri": "data:image/webp;base64," + base64.StdEncoding.EncodeToString(img)}}
		doc["textures"] = []any{map[string]any{"sampler": 0, "extensions": map[string]any{"EXT_texture_webp": map[string]any{"source": 0}}}}
		doc["extensionsUsed"] = append(used, "EXT_texture_webp")
	}
	return doc
}

// TestAlphaCutoutFormats: alpha MASK and BLEND cut the quad out where its
// base colour texture's alpha is 0 (the grey environment shows) and keep
// it where alpha is 255 (the red surface shows), for every PNG encoding
// the loader decodes, both UV sets, KHR_texture_transform's offset,
// rotation, scale and texCoord override, with and without
// KHR_materials_transmission (TransmissionTest's "with opacity" spheres).
func TestAlphaCutoutFormats(t *testing.T) {
	transforms := []struct {
		name    string
		tex     map[string]any
		leftCut bool // the texel of alpha 0 lands on the left half
	}{
		{"uv0", nil, true},
		{"uv1", map[string]any{"texCoord": 1}, false},
		{"offset", map[string]any{"extensions": map[string]any{"KHR_texture_transform": map[string]any{"offset": []float64{0.5, 0}}}}, false},
		{"rotation", map[string]any{"extensions": map[string]any{"KHR_texture_transform": map[string]any{"rotation": math.Pi}}}, false},
		{"scale", map[string]any{"extensions": map[string]any{"KHR_texture_transform": map[string]any{"scale": []float64{-1, 1}}}}, false},
		{"texCoord override", map[string]any{"extensions": map[string]any{"KHR_texture_transform": map[string]any{"texCoord": 1}}}, false},
	}
	env := &Environment{Color: [3]float32{0.5, 0.5, 0.5}, Intensity: 1}
	dev, err := NewDevice(2)
	if err != nil {
		t.Fatal(err)
	}
	pngs := cutoutPNGs()
	for fname, img := range pngs {
		for _, tr := range transforms {
			for _, mode := range []string{"MASK", "BLEND"} {
				for _, transmission := range []float64{0, 1} {
					if fname != "rgba8" && (tr.name != "uv0" || transmission != 0) ||
						transmission != 0 && tr.name != "uv0" && tr.name != "offset" {
						continue // formats × modes on uv0; transforms × modes on rgba8, two with transmission
					}
					name := fname + "/" + tr.name + "/" + mode
					if transmission > 0 {
						name += "/transmission"
					}
					t.Run(name, func(t *testing.T) {
						s, err := gltfload.Decode(context.Background(), cutoutDoc(img, mode, transmission, tr.tex), nil, model.Options{})
						if err != nil {
							t.Fatal(err)
						}
						r, err := NewRenderer(context.Background(), dev, s, Options{Env: env})
						if err != nil {
							t.Fatal(err)
						}
						defer r.Close()
						f := smallFrame(16, 8, 2)
						f.ToneMap = ToneNone
						f.LookAt = &Camera{Eye: [3]float32{0, 0, 4}, Up: [3]float32{0, 1, 0}, FovY: 40}
						im := mustRender(t, r, f)
						for _, px := range []int{5, 10} { // x = -0.5 and +0.5 of the quad
							i := 4 * (4*16 + px)
							rgb := im.Linear[i : i+3]
							red := rgb[0] > 2*rgb[1]+0.05
							grey := math.Abs(float64(rgb[0]-0.5)) < 0.01 && math.Abs(float64(rgb[1]-0.5)) < 0.01
							wantCut := (px < 8) == tr.leftCut
							if wantCut && !grey || !wantCut && !red {
								t.Errorf("pixel %d: %v, want cut out %v (grey environment, else red)", px, rgb, wantCut)
							}
						}
					})
				}
			}
		}
	}
}

// TestAlphaSharedAccessors: an OPAQUE mesh and an alpha MASK/BLEND mesh
// built from the same accessors (TransmissionTest's spheres) get
// primitive structures of their own; when the opaque one came first and
// its structure was shared, the cut-outs of the other were lost.
func TestAlphaSharedAccessors(t *testing.T) {
	env := &Environment{Color: [3]float32{0.5, 0.5, 0.5}, Intensity: 1}
	dev, err := NewDevice(2)
	if err != nil {
		t.Fatal(err)
	}
	for _, mode := range []string{"MASK", "BLEND"} {
		t.Run(mode, func(t *testing.T) {
			doc := cutoutMap(cutoutPNGs()["rgba8"], mode, 1, nil)
			// Material 1: opaque green, mesh 1 = mesh 0's accessors with it,
			// drawn first (node 0) far to the right, out of the view.
			doc["materials"] = append(doc["materials"].([]any), map[string]any{
				"pbrMetallicRoughness": map[string]any{"baseColorFactor": []float64{0, 1, 0, 1}}})
			m0 := doc["meshes"].([]any)[0].(map[string]any)["primitives"].([]any)[0].(map[string]any)
			m1 := map[string]any{"attributes": m0["attributes"], "indices": m0["indices"], "material": 1}
			doc["meshes"] = append(doc["meshes"].([]any), map[string]any{"primitives": []any{m1}})
			doc["nodes"] = []any{map[string]any{"mesh": 1, "translation": []float64{50, 0, 0}}, map[string]any{"mesh": 0}}
			doc["scenes"] = []any{map[string]any{"nodes": []int{0, 1}}}
			data, err := json.Marshal(doc)
			if err != nil {
				t.Fatal(err)
			}
			s, err := gltfload.Decode(context.Background(), data, nil, model.Options{})
			if err != nil {
				t.Fatal(err)
			}
			p, err := kernel.Pack(s, kernel.PackOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if prims, _ := p.Structures(); len(prims) != 2 {
				t.Errorf("%d primitive structures, want 2 (opaque and alpha-tested)", len(prims))
			}
			r, err := NewRenderer(context.Background(), dev, s, Options{Env: env})
			if err != nil {
				t.Fatal(err)
			}
			defer r.Close()
			f := smallFrame(16, 8, 2)
			f.ToneMap = ToneNone
			f.LookAt = &Camera{Eye: [3]float32{0, 0, 4}, Up: [3]float32{0, 1, 0}, FovY: 40}
			im := mustRender(t, r, f)
			i := 4 * (4*16 + 5)
			if rgb := im.Linear[i : i+3]; math.Abs(float64(rgb[0]-0.5)) > 0.01 || math.Abs(float64(rgb[1]-0.5)) > 0.01 {
				t.Errorf("cut-out pixel %v, want the grey environment", rgb)
			}
		})
	}
}
