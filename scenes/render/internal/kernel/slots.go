package kernel

import (
	"fmt"

	"github.com/ingot-render/ingot/scenes/model"
)

// Texture slot bits (scene_types.h SLOT_*): one per TextureSlot of
// MaterialData, in its order. A renderer that compiles its material code
// for one scene defines INGOT_MATERIAL_SLOTS (gltf_material.h) to the
// union of the slots its materials set (SceneMaterialSlots), and the code
// of the other slots vanishes.
const (
	SlotBaseColor = 1 << iota
	SlotMetallicRoughness
	SlotNormal
	SlotEmissive
	SlotOcclusion
	SlotTransmission
	SlotClearcoat
	SlotClearcoatRoughness
	SlotClearcoatNormal
	SlotSpecular
	SlotSpecularColor
	SlotSheenColor
	SlotSheenRoughness
	SlotThickness
	SlotIridescence
	SlotIridescenceThickness

	// SlotAll is every slot: the header's default without
	// INGOT_MATERIAL_SLOTS.
	SlotAll = 1<<16 - 1
)

// slots lists d's texture slots in SLOT_* bit order.
func (d *MaterialData) slots() [16]*TextureSlot {
	return [16]*TextureSlot{&d.BaseColorTex, &d.MetallicRoughnessTex, &d.NormalTex, &d.EmissiveTex, &d.OcclusionTex,
		&d.TransmissionTex, &d.ClearcoatTex, &d.ClearcoatRoughnessTex, &d.ClearcoatNormalTex, &d.SpecularTex,
		&d.SpecularColorTex, &d.SheenColorTex, &d.SheenRoughnessTex, &d.ThicknessTex, &d.IridescenceTex,
		&d.IridescenceThicknessTex}
}

// Slots returns the SLOT_* bits of the texture slots d sets (texture ≥ 0).
func (d *MaterialData) Slots() uint32 {
	var m uint32
	for i, s := range d.slots() {
		if s.Texture >= 0 {
			m |= 1 << i
		}
	}
	return m
}

// MaterialSlots returns the union of the Slots of ms.
func MaterialSlots(ms []MaterialData) uint32 {
	var m uint32
	for i := range ms {
		m |= ms[i].Slots()
	}
	return m
}

// SceneMaterialSlots returns the slots that Pack sets in the materials of
// s (its own and the default material), for any frame: materials do not
// change over time.
func SceneMaterialSlots(s *model.Scene) uint32 {
	var m uint32
	for i := range s.Materials {
		d := packMaterial(&s.Materials[i], nil)
		m |= d.Slots()
	}
	dm := model.DefaultMaterial()
	d := packMaterial(&dm, nil)
	return m | d.Slots()
}

// SlotsDefine is the MSL line that compiles gltf_material.h for the
// texture slots mask (SLOT_* bits).
func SlotsDefine(mask uint32) string {
	return fmt.Sprintf("#define INGOT_MATERIAL_SLOTS 0x%04xu\n", mask&SlotAll)
}

// CheckSlots reports an error when ms set a texture slot outside mask,
// the slots their material code was compiled for.
func CheckSlots(ms []MaterialData, mask uint32) error {
	for i := range ms {
		if extra := ms[i].Slots() &^ mask; extra != 0 {
			return fmt.Errorf("kernel: CheckSlots: material %d sets texture slots %#x outside the compiled mask %#x", i, extra, mask)
		}
	}
	return nil
}
