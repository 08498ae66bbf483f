package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// uvEmission is a user material emitting (u, v, 0.25), unlit.
const uvEmission = `#include "scene_types.h"
[[visible]] MaterialOutput uv_emission(SurfaceHit hit, constant SceneResources& scene) {
    MaterialOutput o;
    o.baseColor = float3(1.0f);
    o.metallic = 0.0f;
    o.roughness = 1.0f;
    o.ior = 1.5f;
    o.transmission = 0.0f;
    o.clearcoat = 0.0f;
    o.clearcoatRoughness = 0.0f;
    o.normal = hit.normal;
    o.emission = float3(hit.uv0, 0.25f);
    o.opacity = 1.0f;
    o.flags = MATERIAL_UNLIT;
    return o;
}
`

// TestRenderRasterMaterial: --material works in raster, mesh and
// deferred modes (the same file as the path mode's): the image changes,
// and the three modes give the same bits at one sample per pixel.
func TestRenderRasterMaterial(t *testing.T) {
	dir := t.TempDir()
	mat := filepath.Join(dir, "uv.metal")
	if err := os.WriteFile(mat, []byte(uvEmission), 0o644); err != nil {
		t.Fatal(err)
	}
	base := []string{"render", "--size", "16x12", "--msaa", "1", "--quiet"}
	ingot(t, append(base, "--mode", "raster", "-o", filepath.Join(dir, "plain.pfm"))...)
	ingot(t, append(base, "--mode", "raster", "--material", "*="+mat, "-o", filepath.Join(dir, "raster.pfm"))...)
	plain, rast := readFile(t, filepath.Join(dir, "plain.pfm")), readFile(t, filepath.Join(dir, "raster.pfm"))
	if bytes.Equal(plain, rast) {
		t.Error("--material made no difference in raster mode")
	}
	for _, mode := range []string{"mesh", "deferred"} {
		out := filepath.Join(dir, mode+".pfm")
		ingot(t, append(base, "--mode", mode, "--material", "*="+mat, "-o", out)...)
		if !bytes.Equal(rast, readFile(t, out)) {
			t.Errorf("--material: --mode raster (1 sample) and %s differ", mode)
		}
	}
}
