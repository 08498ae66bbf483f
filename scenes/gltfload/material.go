package gltfload

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"

	"github.com/qmuntal/gltf"

	"github.com/ingot-render/ingot/scenes/model"
)

// texInfo is a textureInfo as written inside extensions.
type texInfo struct {
	Index      *int                       `json:"index"`
	TexCoord   int                        `json:"texCoord"`
	Scale      *float64                   `json:"scale"`
	Extensions map[string]json.RawMessage `json:"extensions"`
}

type texTransformJSON struct {
	Offset   *[2]float64 `json:"offset"`
	Rotation float64     `json:"rotation"`
	Scale    *[2]float64 `json:"scale"`
	TexCoord *int        `json:"texCoord"`
}

func (l *loader) samplers() error {
	for i, gs := range l.doc.Samplers {
		s := model.Sampler{Name: gs.Name}
		if gs.MagFilter == gltf.MagNearest {
			s.MagFilter = model.Nearest
		}
		switch gs.MinFilter {
		case gltf.MinNearest:
			s.MinFilter, s.MipFilter = model.Nearest, model.MipNone
		case gltf.MinLinear:
			s.MinFilter, s.MipFilter = model.Linear, model.MipNone
		case gltf.MinNearestMipMapNearest:
			s.MinFilter, s.MipFilter = model.Nearest, model.MipNearest
		case gltf.MinLinearMipMapNearest:
			s.MinFilter, s.MipFilter = model.Linear, model.MipNearest
		case gltf.MinNearestMipMapLinear:
			s.MinFilter, s.MipFilter = model.Nearest, model.MipLinear
		}
		wrap := func(w gltf.WrappingMode) model.Wrap {
			switch w {
			case gltf.WrapClampToEdge:
				return model.ClampToEdge
			case gltf.WrapMirroredRepeat:
				return model.MirroredRepeat
			}
			return model.Repeat
		}
		s.WrapS, s.WrapT = wrap(gs.WrapS), wrap(gs.WrapT)
		_ = i
		l.s.Samplers = append(l.s.Samplers, s)
	}
	return nil
}

func (l *loader) textures() error {
	for i, gt := range l.doc.Textures {
		t := model.Texture{Name: gt.Name, Image: -1, Sampler: -1}
		name := label("texture", i, gt.Name)
		if gt.Sampler != nil {
			if *gt.Sampler < 0 || *gt.Sampler >= len(l.doc.Samplers) {
				return fmt.Errorf("%s: sampler %d out of range (%d samplers)", name, *gt.Sampler, len(l.doc.Samplers))
			}
			t.Sampler = *gt.Sampler
		}
		var webp struct {
			Source *int `json:"source"`
		}
		hasWebp, err := ext(gt.Extensions, "EXT_texture_webp", &webp)
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		src := gt.Source
		if hasWebp && webp.Source != nil {
			src = webp.Source
		}
		if src != nil {
			if *src < 0 || *src >= len(l.doc.Images) {
				return fmt.Errorf("%s: source image %d out of range (%d images)", name, *src, len(l.doc.Images))
			}
			t.Image = *src
		} else {
			l.warnf("%s: no image source this importer can decode", name)
		}
		l.s.Textures = append(l.s.Textures, t)
	}
	return nil
}

// texRef converts a texture reference; srgb marks colour slots.
func (l *loader) texRef(slot string, index *int, texCoord int, exts map[string]json.RawMessage, srgb bool) (model.TextureRef, error) {
	if index == nil {
		return model.NoTexture, nil
	}
	if *index < 0 || *index >= len(l.doc.Textures) {
		return model.NoTexture, fmt.Errorf("%s: texture %d out of range (%d textures)", slot, *index, len(l.doc.Textures))
	}
	if texCoord < 0 || texCoord > 1 {
		l.warnf("%s: texCoord %d not supported (only 0 and 1), using 0", slot, texCoord)
		texCoord = 0
	}
	r := model.TextureRef{Texture: *index, TexCoord: texCoord}
	if raw, ok := exts["KHR_texture_transform"]; ok {
		var tt texTransformJSON
		if err := json.Unmarshal(raw, &tt); err != nil {
			return r, fmt.Errorf("%s: KHR_texture_transform: %w", slot, err)
		}
		tr := model.TexTransform{Rotation: float32(tt.Rotation), Scale: [2]float32{1, 1}}
		if tt.Offset != nil {
			tr.Offset = [2]float32{float32(tt.Offset[0]), float32(tt.Offset[1])}
		}
		if tt.Scale != nil {
			tr.Scale = [2]float32{float32(tt.Scale[0]), float32(tt.Scale[1])}
		}
		if tt.TexCoord != nil && *tt.TexCoord >= 0 && *tt.TexCoord <= 1 {
			r.TexCoord = *tt.TexCoord
		}
		r.Transform = &tr
	}
	if img := l.s.Textures[*index].Image; img >= 0 {
		if l.srgb == nil {
			l.srgb = map[int]bool{}
		}
		if prev, seen := l.srgb[img]; seen && prev != srgb {
			l.warnf("image %d used as both colour and data; decoded as %s", img, map[bool]string{true: "sRGB", false: "linear"}[prev])
		} else if !seen {
			l.srgb[img] = srgb
		}
	}
	return r, nil
}

// rawExts converts qmuntal extensions to raw JSON for texRef.
func rawExts(e gltf.Extensions) map[string]json.RawMessage {
	if len(e) == 0 {
		return nil
	}
	var t texTransformJSON
	if ok, err := ext(e, "KHR_texture_transform", &t); ok && err == nil {
		raw, _ := json.Marshal(t)
		return map[string]json.RawMessage{"KHR_texture_transform": raw}
	}
	return nil
}

func (l *loader) coreTex(slot string, ti *gltf.TextureInfo, srgb bool) (model.TextureRef, error) {
	if ti == nil {
		return model.NoTexture, nil
	}
	idx := ti.Index
	return l.texRef(slot, &idx, ti.TexCoord, rawExts(ti.Extensions), srgb)
}

func (l *loader) extTex(slot string, ti *texInfo, srgb bool) (model.TextureRef, error) {
	if ti == nil {
		return model.NoTexture, nil
	}
	if ti.Index == nil {
		return model.NoTexture, fmt.Errorf("%s: index is required", slot)
	}
	return l.texRef(slot, ti.Index, ti.TexCoord, ti.Extensions, srgb)
}

func f32(v float64) float32 { return float32(v) }

func f32p(v *float64, def float32) float32 {
	if v == nil {
		return def
	}
	return float32(*v)
}

func vec3p(v *[3]float64, def [3]float32) [3]float32 {
	if v == nil {
		return def
	}
	return [3]float32{f32(v[0]), f32(v[1]), f32(v[2])}
}

func (l *loader) materials() error {
	for i, gm := range l.doc.Materials {
		m, err := l.material(gm)
		if err != nil {
			return fmt.Errorf("%s: %w", label("material", i, gm.Name), err)
		}
		l.s.Materials = append(l.s.Materials, m)
	}
	return nil
}

func (l *loader) material(gm *gltf.Material) (model.Material, error) {
	m := model.DefaultMaterial()
	m.Name = gm.Name
	var err error
	if pbr := gm.PBRMetallicRoughness; pbr != nil {
		bc := pbr.BaseColorFactorOrDefault()
		m.BaseColor = [4]float32{f32(bc[0]), f32(bc[1]), f32(bc[2]), f32(bc[3])}
		m.Metallic = f32(pbr.MetallicFactorOrDefault())
		m.Roughness = f32(pbr.RoughnessFactorOrDefault())
		if m.BaseColorTex, err = l.coreTex("baseColorTexture", pbr.BaseColorTexture, true); err != nil {
			return m, err
		}
		if m.MetallicRoughnessTex, err = l.coreTex("metallicRoughnessTexture", pbr.MetallicRoughnessTexture, false); err != nil {
			return m, err
		}
	}
	if nt := gm.NormalTexture; nt != nil {
		m.NormalScale = f32(nt.ScaleOrDefault())
		if m.NormalTex, err = l.texRef("normalTexture", nt.Index, nt.TexCoord, rawExts(nt.Extensions), false); err != nil {
			return m, err
		}
	}
	if ot := gm.OcclusionTexture; ot != nil {
		m.OcclusionStrength = f32(ot.StrengthOrDefault())
		if m.OcclusionTex, err = l.texRef("occlusionTexture", ot.Index, ot.TexCoord, rawExts(ot.Extensions), false); err != nil {
			return m, err
		}
	}
	if m.EmissiveTex, err = l.coreTex("emissiveTexture", gm.EmissiveTexture, true); err != nil {
		return m, err
	}
	m.Emissive = [3]float32{f32(gm.EmissiveFactor[0]), f32(gm.EmissiveFactor[1]), f32(gm.EmissiveFactor[2])}
	switch gm.AlphaMode {
	case gltf.AlphaMask:
		m.AlphaMode = model.AlphaMask
	case gltf.AlphaBlend:
		m.AlphaMode = model.AlphaBlend
	}
	m.AlphaCutoff = f32(gm.AlphaCutoffOrDefault())
	m.DoubleSided = gm.DoubleSided
	return m, l.materialExts(gm, &m)
}

func (l *loader) materialExts(gm *gltf.Material, m *model.Material) error {
	e := gm.Extensions
	for name := range e {
		m.Extensions = append(m.Extensions, name)
	}
	slices.Sort(m.Extensions)
	var err error
	var es struct {
		EmissiveStrength *float64 `json:"emissiveStrength"`
	}
	if ok, err := ext(e, "KHR_materials_emissive_strength", &es); err != nil {
		return err
	} else if ok {
		m.EmissiveStrength = f32p(es.EmissiveStrength, 1)
		for k := range m.Emissive {
			m.Emissive[k] *= m.EmissiveStrength
		}
	}
	var ior struct {
		IOR *float64 `json:"ior"`
	}
	if ok, err := ext(e, "KHR_materials_ior", &ior); err != nil {
		return err
	} else if ok {
		m.IOR = f32p(ior.IOR, 1.5)
	}
	var unlit struct{}
	if ok, err := ext(e, "KHR_materials_unlit", &unlit); err != nil {
		return err
	} else if ok {
		m.Unlit = true
	}
	var tr struct {
		Factor float64  `json:"transmissionFactor"`
		Tex    *texInfo `json:"transmissionTexture"`
	}
	if ok, err := ext(e, "KHR_materials_transmission", &tr); err != nil {
		return err
	} else if ok {
		m.Transmission.Factor = f32(tr.Factor)
		if m.Transmission.Tex, err = l.extTex("transmissionTexture", tr.Tex, false); err != nil {
			return err
		}
	}
	var cc struct {
		Factor       float64  `json:"clearcoatFactor"`
		Tex          *texInfo `json:"clearcoatTexture"`
		Roughness    float64  `json:"clearcoatRoughnessFactor"`
		RoughnessTex *texInfo `json:"clearcoatRoughnessTexture"`
		NormalTex    *texInfo `json:"clearcoatNormalTexture"`
	}
	if ok, err := ext(e, "KHR_materials_clearcoat", &cc); err != nil {
		return err
	} else if ok {
		m.Clearcoat.Factor, m.Clearcoat.Roughness = f32(cc.Factor), f32(cc.Roughness)
		if m.Clearcoat.Tex, err = l.extTex("clearcoatTexture", cc.Tex, false); err != nil {
			return err
		}
		if m.Clearcoat.RoughnessTex, err = l.extTex("clearcoatRoughnessTexture", cc.RoughnessTex, false); err != nil {
			return err
		}
		if m.Clearcoat.NormalTex, err = l.extTex("clearcoatNormalTexture", cc.NormalTex, false); err != nil {
			return err
		}
		if cc.NormalTex != nil {
			m.Clearcoat.NormalScale = f32p(cc.NormalTex.Scale, 1)
		}
	}
	var sp struct {
		Factor   *float64    `json:"specularFactor"`
		Tex      *texInfo    `json:"specularTexture"`
		Color    *[3]float64 `json:"specularColorFactor"`
		ColorTex *texInfo    `json:"specularColorTexture"`
	}
	if ok, err := ext(e, "KHR_materials_specular", &sp); err != nil {
		return err
	} else if ok {
		m.Specular.Factor = f32p(sp.Factor, 1)
		m.Specular.Color = vec3p(sp.Color, [3]float32{1, 1, 1})
		if m.Specular.Tex, err = l.extTex("specularTexture", sp.Tex, false); err != nil {
			return err
		}
		if m.Specular.ColorTex, err = l.extTex("specularColorTexture", sp.ColorTex, true); err != nil {
			return err
		}
	}
	var sh struct {
		Color        *[3]float64 `json:"sheenColorFactor"`
		ColorTex     *texInfo    `json:"sheenColorTexture"`
		Roughness    float64     `json:"sheenRoughnessFactor"`
		RoughnessTex *texInfo    `json:"sheenRoughnessTexture"`
	}
	if ok, err := ext(e, "KHR_materials_sheen", &sh); err != nil {
		return err
	} else if ok {
		m.Sheen.Color = vec3p(sh.Color, [3]float32{})
		m.Sheen.Roughness = f32(sh.Roughness)
		if m.Sheen.ColorTex, err = l.extTex("sheenColorTexture", sh.ColorTex, true); err != nil {
			return err
		}
		if m.Sheen.RoughnessTex, err = l.extTex("sheenRoughnessTexture", sh.RoughnessTex, false); err != nil {
			return err
		}
	}
	var vol struct {
		Thickness    float64     `json:"thicknessFactor"`
		ThicknessTex *texInfo    `json:"thicknessTexture"`
		AttDist      *float64    `json:"attenuationDistance"`
		AttColor     *[3]float64 `json:"attenuationColor"`
	}
	if ok, err := ext(e, "KHR_materials_volume", &vol); err != nil {
		return err
	} else if ok {
		if err := checkVolume(vol.Thickness, vol.AttDist, vol.AttColor); err != nil {
			return fmt.Errorf("KHR_materials_volume: %w", err)
		}
		m.Volume.Thickness = f32(vol.Thickness)
		m.Volume.AttenuationDistance = f32p(vol.AttDist, float32(math.Inf(1)))
		m.Volume.AttenuationColor = vec3p(vol.AttColor, [3]float32{1, 1, 1})
		if m.Volume.ThicknessTex, err = l.extTex("KHR_materials_volume: thicknessTexture", vol.ThicknessTex, false); err != nil {
			return err
		}
	}
	var an struct {
		Strength float64  `json:"anisotropyStrength"`
		Rotation float64  `json:"anisotropyRotation"`
		Tex      *texInfo `json:"anisotropyTexture"`
	}
	if ok, err := ext(e, "KHR_materials_anisotropy", &an); err != nil {
		return err
	} else if ok {
		m.Anisotropy.Strength, m.Anisotropy.Rotation = f32(an.Strength), f32(an.Rotation)
		if m.Anisotropy.Tex, err = l.extTex("anisotropyTexture", an.Tex, false); err != nil {
			return err
		}
	}
	var ir struct {
		Factor       float64  `json:"iridescenceFactor"`
		Tex          *texInfo `json:"iridescenceTexture"`
		IOR          *float64 `json:"iridescenceIor"`
		ThickMin     *float64 `json:"iridescenceThicknessMinimum"`
		ThickMax     *float64 `json:"iridescenceThicknessMaximum"`
		ThicknessTex *texInfo `json:"iridescenceThicknessTexture"`
	}
	if ok, err := ext(e, "KHR_materials_iridescence", &ir); err != nil {
		return err
	} else if ok {
		if err := checkIridescence(ir.Factor, ir.IOR, ir.ThickMin, ir.ThickMax); err != nil {
			return fmt.Errorf("KHR_materials_iridescence: %w", err)
		}
		m.Iridescence.Factor = f32(ir.Factor)
		m.Iridescence.IOR = f32p(ir.IOR, 1.3)
		m.Iridescence.ThicknessMin = f32p(ir.ThickMin, 100)
		m.Iridescence.ThicknessMax = f32p(ir.ThickMax, 400)
		if m.Iridescence.Tex, err = l.extTex("KHR_materials_iridescence: iridescenceTexture", ir.Tex, false); err != nil {
			return err
		}
		if m.Iridescence.ThicknessTex, err = l.extTex("KHR_materials_iridescence: iridescenceThicknessTexture", ir.ThicknessTex, false); err != nil {
			return err
		}
	}
	var disp struct {
		Dispersion float64 `json:"dispersion"`
	}
	if ok, err := ext(e, "KHR_materials_dispersion", &disp); err != nil {
		return err
	} else if ok {
		m.Dispersion = f32(disp.Dispersion)
	}
	return err
}

// checkVolume validates KHR_materials_volume's ranges: thicknessFactor in
// [0, +inf), attenuationDistance in (0, +inf), attenuationColor in [0, 1].
func checkVolume(thickness float64, dist *float64, color *[3]float64) error {
	if !(thickness >= 0) || math.IsInf(thickness, 1) {
		return fmt.Errorf("thicknessFactor %v outside [0, +inf)", thickness)
	}
	if dist != nil && !(*dist > 0) {
		return fmt.Errorf("attenuationDistance %v is not positive", *dist)
	}
	if color != nil {
		for i, c := range color {
			if !(c >= 0 && c <= 1) {
				return fmt.Errorf("attenuationColor[%d] %v outside [0, 1]", i, c)
			}
		}
	}
	return nil
}

// checkIridescence validates KHR_materials_iridescence's ranges:
// iridescenceFactor in [0, 1], iridescenceIor in [1, +inf), film
// thicknesses (nm) in [0, +inf).
func checkIridescence(factor float64, ior, tmin, tmax *float64) error {
	if !(factor >= 0 && factor <= 1) {
		return fmt.Errorf("iridescenceFactor %v outside [0, 1]", factor)
	}
	if ior != nil && (!(*ior >= 1) || math.IsInf(*ior, 1)) {
		return fmt.Errorf("iridescenceIor %v outside [1, +inf)", *ior)
	}
	for _, t := range []struct {
		name string
		v    *float64
	}{{"iridescenceThicknessMinimum", tmin}, {"iridescenceThicknessMaximum", tmax}} {
		if t.v != nil && (!(*t.v >= 0) || math.IsInf(*t.v, 1)) {
			return fmt.Errorf("%s %v outside [0, +inf)", t.name, *t.v)
		}
	}
	return nil
}
