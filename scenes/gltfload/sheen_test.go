package gltfload

import (
	"image/color"
	"testing"
)

// TestSheenExtension: KHR_materials_sheen's factors and textures (colour
// texture decoded as sRGB, roughness texture linear, with
// KHR_texture_transform), its defaults (black, roughness 0) when the
// extension is present but empty, and no sheen without it.
func TestSheenExtension(t *testing.T) {
	cases := []struct {
		name      string
		ext       map[string]any
		color     [3]float32
		roughness float32
		colorTex  int
		roughTex  int
	}{
		{"absent", nil, [3]float32{}, 0, -1, -1},
		{"defaults", map[string]any{}, [3]float32{}, 0, -1, -1},
		{"factors", map[string]any{"sheenColorFactor": []float64{1, 0.5, 0.25}, "sheenRoughnessFactor": 0.75}, [3]float32{1, 0.5, 0.25}, 0.75, -1, -1},
		{"textures", map[string]any{"sheenColorFactor": []float64{1, 1, 1}, "sheenRoughnessFactor": 1,
			"sheenColorTexture": map[string]any{"index": 0, "extensions": map[string]any{
				"KHR_texture_transform": map[string]any{"scale": []float64{2, 2}, "texCoord": 1}}},
			"sheenRoughnessTexture": map[string]any{"index": 1}}, [3]float32{1, 1, 1}, 1, 0, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b := newDoc()
			b.triangle(0)
			b.doc["images"] = []any{map[string]any{"uri": pngDataURI(2, 2, color.NRGBA{200, 0, 0, 255})},
				map[string]any{"uri": pngDataURI(2, 2, color.NRGBA{0, 0, 0, 128})}}
			b.doc["textures"] = []any{map[string]any{"source": 0}, map[string]any{"source": 1}}
			mat := map[string]any{"name": "velvet"}
			if c.ext != nil {
				mat["extensions"] = map[string]any{"KHR_materials_sheen": c.ext}
				b.doc["extensionsUsed"] = []string{"KHR_materials_sheen", "KHR_texture_transform"}
			}
			b.doc["materials"] = []any{mat}
			s := decode(t, b.json())
			m := s.Materials[0]
			if m.Sheen.Color != c.color || m.Sheen.Roughness != c.roughness {
				t.Errorf("sheen colour %v roughness %v, want %v %v", m.Sheen.Color, m.Sheen.Roughness, c.color, c.roughness)
			}
			if m.Sheen.ColorTex.Texture != c.colorTex || m.Sheen.RoughnessTex.Texture != c.roughTex {
				t.Fatalf("sheen textures %d %d, want %d %d", m.Sheen.ColorTex.Texture, m.Sheen.RoughnessTex.Texture, c.colorTex, c.roughTex)
			}
			if c.colorTex < 0 {
				return
			}
			if tr := m.Sheen.ColorTex.Transform; tr == nil || tr.Scale != [2]float32{2, 2} || m.Sheen.ColorTex.TexCoord != 1 {
				t.Errorf("sheen colour transform %+v texCoord %d", tr, m.Sheen.ColorTex.TexCoord)
			}
			if !s.Images[0].SRGB || s.Images[1].SRGB {
				t.Errorf("sRGB: colour %v roughness %v, want true false", s.Images[0].SRGB, s.Images[1].SRGB)
			}
			if a := s.Images[1].Levels[0].Pix[3]; a != 128 {
				t.Errorf("roughness texture alpha %d, want 128", a)
			}
		})
	}
}
