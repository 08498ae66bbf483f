package kernel

import (
	"regexp"
	"strconv"
	"testing"

	rshaders "github.com/ingot-render/ingot/scenes/render/shaders"
)

// TestHeaderDefinesMatchGo: every #define of scene_types.h, sampler.h and
// bsdf.h that has a Go twin holds the same value.
func TestHeaderDefinesMatchGo(t *testing.T) {
	want := map[string]uint64{
		"BUFFER_SCENE": BufferScene, "BUFFER_ACCEL": BufferAccel, "BUFFER_IFT": BufferIFT,
		"BUFFER_MATERIALS": BufferMaterials, "BUFFER_FRAME": BufferFrame, "BUFFER_ACCUM": BufferAccum,
		"BUFFER_AOV": BufferAOV, "BUFFER_RAYS": BufferRays, "BUFFER_QUEUE": BufferQueue, "BUFFER_RESOLVE_ACCUM": BufferResolveAccum,
		"BUFFER_RESOLVE_FRAME": BufferResolveFrame, "BUFFER_RESOLVE_RGBA8": BufferResolveRGBA8,
		"ALPHA_OPAQUE": AlphaOpaque, "ALPHA_MASK": AlphaMask, "ALPHA_BLEND": AlphaBlend,
		"MATERIAL_DOUBLE_SIDED": MaterialDoubleSided, "MATERIAL_UNLIT": MaterialUnlit, "MATERIAL_EMISSIVE": MaterialEmissive,
		"MATERIAL_TEXTURED": MaterialTextured,
		"SLOT_BASE_COLOR":   SlotBaseColor, "SLOT_METALLIC_ROUGHNESS": SlotMetallicRoughness, "SLOT_NORMAL": SlotNormal,
		"SLOT_EMISSIVE": SlotEmissive, "SLOT_OCCLUSION": SlotOcclusion, "SLOT_TRANSMISSION": SlotTransmission,
		"SLOT_CLEARCOAT": SlotClearcoat, "SLOT_CLEARCOAT_ROUGHNESS": SlotClearcoatRoughness,
		"SLOT_CLEARCOAT_NORMAL": SlotClearcoatNormal, "SLOT_SPECULAR": SlotSpecular, "SLOT_SPECULAR_COLOR": SlotSpecularColor,
		"SLOT_SHEEN_COLOR": SlotSheenColor, "SLOT_SHEEN_ROUGHNESS": SlotSheenRoughness, "SLOT_THICKNESS": SlotThickness,
		"SLOT_IRIDESCENCE": SlotIridescence, "SLOT_IRIDESCENCE_THICKNESS": SlotIridescenceThickness,
		"INSTANCE_MOVING": InstanceMoving, "INSTANCE_DEFORMED": InstanceDeformed,
		"GEOMETRY_HAS_NORMALS": GeometryHasNormals, "GEOMETRY_HAS_TANGENTS": GeometryHasTangents,
		"GEOMETRY_HAS_UV0": GeometryHasUV0, "GEOMETRY_HAS_UV1": GeometryHasUV1, "GEOMETRY_HAS_COLORS": GeometryHasColors,
		"LIGHT_DIRECTIONAL": LightDirectional, "LIGHT_POINT": LightPoint, "LIGHT_SPOT": LightSpot,
		"ENV_CONSTANT": EnvConstant, "ENV_MAP": EnvMap,
		"FILTER_TENT": uint64(FilterTent), "FILTER_BOX": uint64(FilterBox), "FILTER_GAUSSIAN": uint64(FilterGaussian),
		"FILTER_BLACKMAN_HARRIS": uint64(FilterBlackmanHarris), "FILTER_CENTER": uint64(FilterCenter),
		"PROJECTION_PERSPECTIVE": ProjectionPerspective, "PROJECTION_ORTHOGRAPHIC": ProjectionOrthographic,
		"TONEMAP_NONE": uint64(ToneNone), "TONEMAP_PBR_NEUTRAL": uint64(TonePBRNeutral), "TONEMAP_ACES": uint64(ToneACES),
		"SETTINGS_AOV": SettingsAOV, "SETTINGS_NO_NEE": SettingsNoNEE, "SETTINGS_REGENERATE": SettingsRegenerate,
		"SETTINGS_ALPHA": SettingsAlpha, "SETTINGS_LOBE_LIMITS": SettingsLobeLimits, "kNoLobeLimit": NoLobeLimit,
		"INSTANCE_MASK_ALL": InstanceMaskAll,
		"DIM_CAMERA":        DimCamera, "DIM_TIME": DimTime, "DIM_BOUNCE0": DimBounce0,
		"kLobeClearcoat": LobeClearcoat, "kLobeSpecular": LobeSpecular, "kLobeDiffuse": LobeDiffuse,
		"kLobeTransmission": LobeTransmission, "kInvalidLight": NoLight,
	}
	re := regexp.MustCompile(`(?m)^#define (\w+) (0x[0-9A-Fa-f]+|\d+)u?\b`)
	found := map[string]bool{}
	for _, f := range []string{"scene_types.h", "sampler.h", "bsdf.h", "pathtrace.metal"} {
		src, err := rshaders.Source(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range re.FindAllStringSubmatch(string(src), -1) {
			w, ok := want[m[1]]
			if !ok {
				continue
			}
			v, err := strconv.ParseUint(m[2], 0, 64)
			if err != nil {
				t.Fatalf("%s: %s %s: %v", f, m[1], m[2], err)
			}
			if v != w {
				t.Errorf("%s: %s = %d, Go has %d", f, m[1], v, w)
			}
			found[m[1]] = true
		}
	}
	for name := range want {
		if !found[name] {
			t.Errorf("#define %s not found in the headers", name)
		}
	}
	if AlphaMin != 1e-3 {
		t.Errorf("AlphaMin %v, bsdf.h kAlphaMin 1e-3f", AlphaMin)
	}
}
