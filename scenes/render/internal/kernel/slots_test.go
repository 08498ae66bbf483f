package kernel

import (
	"strings"
	"testing"

	"github.com/ingot-render/ingot/scenes/builtin"
	"github.com/ingot-render/ingot/scenes/model"
)

// TestSceneMaterialSlots: each texture slot of a scene material sets its
// own SLOT_* bit, SceneMaterialSlots agrees with the slots Pack sets, and
// CheckSlots accepts the packed materials for that mask and refuses them
// for a mask without the slot.
func TestSceneMaterialSlots(t *testing.T) {
	tex := model.TextureRef{Texture: 0}
	for _, c := range []struct {
		name string
		set  func(m *model.Material)
		want uint32
	}{
		{"none", func(*model.Material) {}, 0},
		{"baseColor", func(m *model.Material) { m.BaseColorTex = tex }, SlotBaseColor},
		{"metallicRoughness", func(m *model.Material) { m.MetallicRoughnessTex = tex }, SlotMetallicRoughness},
		{"normal", func(m *model.Material) { m.NormalTex = tex }, SlotNormal},
		{"emissive", func(m *model.Material) { m.EmissiveTex = tex }, SlotEmissive},
		{"occlusion", func(m *model.Material) { m.OcclusionTex = tex }, SlotOcclusion},
		{"transmission", func(m *model.Material) { m.Transmission.Tex = tex }, SlotTransmission},
		{"clearcoat", func(m *model.Material) { m.Clearcoat.Tex = tex }, SlotClearcoat},
		{"clearcoatRoughness", func(m *model.Material) { m.Clearcoat.RoughnessTex = tex }, SlotClearcoatRoughness},
		{"clearcoatNormal", func(m *model.Material) { m.Clearcoat.NormalTex = tex }, SlotClearcoatNormal},
		{"specular", func(m *model.Material) { m.Specular.Tex = tex }, SlotSpecular},
		{"specularColor", func(m *model.Material) { m.Specular.ColorTex = tex }, SlotSpecularColor},
		{"sheenColor", func(m *model.Material) { m.Sheen.ColorTex = tex }, SlotSheenColor},
		{"sheenRoughness", func(m *model.Material) { m.Sheen.RoughnessTex = tex }, SlotSheenRoughness},
		{"thickness", func(m *model.Material) { m.Volume.ThicknessTex = tex }, SlotThickness},
		{"iridescence", func(m *model.Material) { m.Iridescence.Tex = tex }, SlotIridescence},
		{"iridescenceThickness", func(m *model.Material) { m.Iridescence.ThicknessTex = tex }, SlotIridescenceThickness},
		{"two", func(m *model.Material) { m.BaseColorTex = tex; m.Sheen.ColorTex = tex }, SlotBaseColor | SlotSheenColor},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := builtin.Cornell()
			c.set(&s.Materials[0])
			got := SceneMaterialSlots(s)
			if got != c.want {
				t.Fatalf("SceneMaterialSlots = %#x, want %#x", got, c.want)
			}
			p, err := Pack(s, PackOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if packed := MaterialSlots(p.Materials); packed != got {
				t.Errorf("MaterialSlots(Pack) = %#x, SceneMaterialSlots %#x", packed, got)
			}
			if err := CheckSlots(p.Materials, got); err != nil {
				t.Errorf("CheckSlots(own mask): %v", err)
			}
			if c.want != 0 {
				err := CheckSlots(p.Materials, got&(got-1))
				if err == nil || !strings.Contains(err.Error(), "CheckSlots: material 0") {
					t.Errorf("CheckSlots without the lowest slot: %v, want an error naming material 0", err)
				}
			}
		})
	}
}

// TestSlotsDefine: the define is one line naming INGOT_MATERIAL_SLOTS with
// the mask limited to the 16 slots.
func TestSlotsDefine(t *testing.T) {
	for _, c := range []struct {
		mask uint32
		want string
	}{
		{0, "#define INGOT_MATERIAL_SLOTS 0x0000u\n"},
		{SlotBaseColor | SlotNormal, "#define INGOT_MATERIAL_SLOTS 0x0005u\n"},
		{SlotAll, "#define INGOT_MATERIAL_SLOTS 0xffffu\n"},
		{1<<20 | SlotEmissive, "#define INGOT_MATERIAL_SLOTS 0x0008u\n"},
	} {
		if got := SlotsDefine(c.mask); got != c.want {
			t.Errorf("SlotsDefine(%#x) = %q, want %q", c.mask, got, c.want)
		}
	}
}
