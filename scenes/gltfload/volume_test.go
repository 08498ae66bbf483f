package gltfload

import (
	"context"
	"image/color"
	"math"
	"strings"
	"testing"

	"github.com/ingot-render/ingot/scenes/model"
)

// materialDoc is a one-triangle document whose material "glass" carries
// the given material extensions, with two 2×2 textures.
func materialDoc(exts map[string]any) *docBuilder {
	b := newDoc()
	b.triangle(0)
	b.doc["images"] = []any{map[string]any{"uri": pngDataURI(2, 2, color.NRGBA{0, 100, 0, 255})},
		map[string]any{"uri": pngDataURI(2, 2, color.NRGBA{10, 20, 30, 255})}}
	b.doc["textures"] = []any{map[string]any{"source": 0}, map[string]any{"source": 1}}
	mat := map[string]any{"name": "glass"}
	if exts != nil {
		mat["extensions"] = exts
		var used []string
		for k := range exts {
			used = append(used, k)
		}
		b.doc["extensionsUsed"] = used
	}
	b.doc["materials"] = []any{mat}
	return b
}

// TestVolumeExtension: KHR_materials_volume's factors, texture and
// defaults (thin-walled: thickness 0; no absorption: infinite distance,
// white), and no volume without the extension.
func TestVolumeExtension(t *testing.T) {
	inf := float32(math.Inf(1))
	cases := []struct {
		name      string
		ext       map[string]any
		thickness float32
		dist      float32
		color     [3]float32
		tex       int
	}{
		{"absent", nil, 0, inf, [3]float32{1, 1, 1}, -1},
		{"defaults", map[string]any{}, 0, inf, [3]float32{1, 1, 1}, -1},
		{"factors", map[string]any{"thicknessFactor": 0.5, "attenuationDistance": 2.5, "attenuationColor": []float64{0.9, 0.5, 0.25}},
			0.5, 2.5, [3]float32{0.9, 0.5, 0.25}, -1},
		{"texture", map[string]any{"thicknessFactor": 3, "thicknessTexture": map[string]any{"index": 1}}, 3, inf, [3]float32{1, 1, 1}, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			exts := map[string]any{"KHR_materials_transmission": map[string]any{"transmissionFactor": 1}}
			if c.ext != nil {
				exts["KHR_materials_volume"] = c.ext
			}
			m := decode(t, materialDoc(exts).json()).Materials[0]
			v := m.Volume
			if v.Thickness != c.thickness || v.AttenuationDistance != c.dist || v.AttenuationColor != c.color || v.ThicknessTex.Texture != c.tex {
				t.Errorf("volume %+v, want thickness %v distance %v colour %v texture %d", v, c.thickness, c.dist, c.color, c.tex)
			}
			if m.Transmission.Factor != 1 {
				t.Errorf("transmission %v, want 1", m.Transmission.Factor)
			}
			if c.tex >= 0 && decode(t, materialDoc(exts).json()).Images[1].SRGB {
				t.Error("thickness texture decoded as sRGB")
			}
		})
	}
}

// TestIridescenceExtension: KHR_materials_iridescence's factors, textures
// and defaults (IOR 1.3, thickness 100–400 nm).
func TestIridescenceExtension(t *testing.T) {
	cases := []struct {
		name     string
		ext      map[string]any
		want     model.Iridescence
		tex, thk int
	}{
		{"absent", nil, model.Iridescence{IOR: 1.3, ThicknessMin: 100, ThicknessMax: 400}, -1, -1},
		{"defaults", map[string]any{}, model.Iridescence{IOR: 1.3, ThicknessMin: 100, ThicknessMax: 400}, -1, -1},
		{"factors", map[string]any{"iridescenceFactor": 0.75, "iridescenceIor": 1.8, "iridescenceThicknessMinimum": 250,
			"iridescenceThicknessMaximum": 1200}, model.Iridescence{Factor: 0.75, IOR: 1.8, ThicknessMin: 250, ThicknessMax: 1200}, -1, -1},
		{"textures", map[string]any{"iridescenceFactor": 1, "iridescenceTexture": map[string]any{"index": 0},
			"iridescenceThicknessTexture": map[string]any{"index": 1}}, model.Iridescence{Factor: 1, IOR: 1.3, ThicknessMin: 100, ThicknessMax: 400}, 0, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var exts map[string]any
			if c.ext != nil {
				exts = map[string]any{"KHR_materials_iridescence": c.ext}
			}
			ir := decode(t, materialDoc(exts).json()).Materials[0].Iridescence
			if ir.Tex.Texture != c.tex || ir.ThicknessTex.Texture != c.thk {
				t.Errorf("textures %d %d, want %d %d", ir.Tex.Texture, ir.ThicknessTex.Texture, c.tex, c.thk)
			}
			ir.Tex, ir.ThicknessTex = model.TextureRef{}, model.TextureRef{}
			if ir != c.want {
				t.Errorf("iridescence %+v, want %+v", ir, c.want)
			}
		})
	}
}

// TestVolumeIridescenceErrors: out-of-range values fail the load with an
// error naming the material, the extension and the field.
func TestVolumeIridescenceErrors(t *testing.T) {
	cases := []struct {
		name string
		ext  string
		val  map[string]any
		want string
	}{
		{"negative thickness", "KHR_materials_volume", map[string]any{"thicknessFactor": -1},
			`material "glass": KHR_materials_volume: thicknessFactor -1 outside [0, +inf)`},
		{"zero distance", "KHR_materials_volume", map[string]any{"thicknessFactor": 1, "attenuationDistance": 0},
			`material "glass": KHR_materials_volume: attenuationDistance 0 is not positive`},
		{"colour above 1", "KHR_materials_volume", map[string]any{"attenuationColor": []float64{1, 1.5, 1}},
			`material "glass": KHR_materials_volume: attenuationColor[1] 1.5 outside [0, 1]`},
		{"thickness texture out of range", "KHR_materials_volume", map[string]any{"thicknessTexture": map[string]any{"index": 9}},
			`material "glass": KHR_materials_volume: thicknessTexture: texture 9 out of range (2 textures)`},
		{"not an object", "KHR_materials_volume", nil, `material "glass": KHR_materials_volume:`},
		{"factor above 1", "KHR_materials_iridescence", map[string]any{"iridescenceFactor": 2},
			`material "glass": KHR_materials_iridescence: iridescenceFactor 2 outside [0, 1]`},
		{"ior below 1", "KHR_materials_iridescence", map[string]any{"iridescenceIor": 0.5},
			`material "glass": KHR_materials_iridescence: iridescenceIor 0.5 outside [1, +inf)`},
		{"negative minimum", "KHR_materials_iridescence", map[string]any{"iridescenceThicknessMinimum": -5},
			`material "glass": KHR_materials_iridescence: iridescenceThicknessMinimum -5 outside [0, +inf)`},
		{"negative maximum", "KHR_materials_iridescence", map[string]any{"iridescenceThicknessMaximum": -1},
			`material "glass": KHR_materials_iridescence: iridescenceThicknessMaximum -1 outside [0, +inf)`},
		{"texture without index", "KHR_materials_iridescence", map[string]any{"iridescenceThicknessTexture": map[string]any{}},
			`material "glass": KHR_materials_iridescence: iridescenceThicknessTexture: index is required`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var v any = c.val
			if c.val == nil {
				v = []int{1}
			}
			_, err := Decode(context.Background(), materialDoc(map[string]any{c.ext: v}).json(), nil, model.Options{})
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("err = %v\nwant it to contain %s", err, c.want)
			}
		})
	}
}
