package render

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/ingot-render/ingot/scenes/model"
	"github.com/ingot-render/ingot/scenes/render/internal/kernel"
	"github.com/ingot-render/ingot/scenes/texture"
)

// TestMaterialSlotsCompiledOut: a renderer compiles its material code for
// the texture slots its scene's materials set (kernel.SceneMaterialSlots),
// and the image is bit for bit that of the code for every slot; a mask
// missing a slot the scene sets is refused at upload, naming the check.
func TestMaterialSlotsCompiledOut(t *testing.T) {
	scene := func(set func(m *model.Material)) *model.Scene {
		m := model.DefaultMaterial()
		m.Name = "textured"
		set(&m)
		s := withFrontCamera(sphereScene(m))
		s.Images = []*texture.Image{texture.FromPixels(2, 1, []uint8{200, 40, 20, 255, 30, 180, 90, 255}, true)}
		s.Textures = []model.Texture{{Image: 0, Sampler: -1}}
		return s
	}
	tex := model.TextureRef{Texture: 0}
	render := func(t *testing.T, s *model.Scene, slots func(*model.Scene) uint32) (*Image, error) {
		t.Helper()
		old := sceneSlots
		sceneSlots = slots
		defer func() { sceneSlots = old }()
		dev, err := NewDevice(1)
		if err != nil {
			t.Fatal(err)
		}
		r, err := NewRenderer(context.Background(), dev, s, Options{Env: &Environment{Color: [3]float32{0.6, 0.7, 0.9}, Intensity: 1}})
		if err != nil {
			return nil, err
		}
		defer r.Close()
		f := DefaultFrame()
		f.Width, f.Height, f.SPP, f.MaxBounces = 24, 24, 2, 4
		return r.Render(context.Background(), f, nil)
	}
	all := func(*model.Scene) uint32 { return kernel.SlotAll }
	for _, c := range []struct {
		name  string
		set   func(m *model.Material)
		slots uint32
	}{
		{"untextured", func(*model.Material) {}, 0},
		{"baseColor", func(m *model.Material) { m.BaseColorTex = tex }, kernel.SlotBaseColor},
		{"metallicRoughness+emissive", func(m *model.Material) {
			m.MetallicRoughnessTex, m.EmissiveTex, m.Emissive = tex, tex, [3]float32{0.5, 0.5, 0.5}
		}, kernel.SlotMetallicRoughness | kernel.SlotEmissive},
		{"sheen+specular", func(m *model.Material) {
			m.Sheen.Color, m.Sheen.ColorTex, m.Specular.ColorTex = [3]float32{1, 1, 1}, tex, tex
		}, kernel.SlotSheenColor | kernel.SlotSpecularColor},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := scene(c.set)
			if got := kernel.SceneMaterialSlots(s); got != c.slots {
				t.Fatalf("SceneMaterialSlots = %#x, want %#x", got, c.slots)
			}
			own, err := render(t, s, kernel.SceneMaterialSlots)
			if err != nil {
				t.Fatal(err)
			}
			every, err := render(t, s, all)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(own.Linear, every.Linear) {
				t.Error("the image compiled for the scene's slots differs from the one compiled for every slot")
			}
			if c.slots != 0 {
				_, err := render(t, s, func(*model.Scene) uint32 { return c.slots & (c.slots - 1) })
				if err == nil || !strings.Contains(err.Error(), "CheckSlots") {
					t.Errorf("render compiled without a slot the scene sets: %v, want a CheckSlots error", err)
				}
			}
		})
	}
}
