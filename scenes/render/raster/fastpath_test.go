package raster

import (
	"math"
	"path/filepath"
	"testing"

	"github.com/ingot-render/ingot/shaders/ir"
	"github.com/ingot-render/ingot/shaders/lower"

	mslshaders "github.com/ingot-render/ingot/shaders"
)

// TestSingleLevelTextures: binding each texture's selected mip level as a
// texture of its own (with a sampler without mips) gives the bits of the
// mip chain with the minimum LOD raised to that level, at frame sizes that
// select different levels and with the glTF samplers' filters and wraps.
func TestSingleLevelTextures(t *testing.T) {
	for _, c := range []struct {
		name, scene string
		sizes       []int
	}{
		{"DamagedHelmet", filepath.Join(sharedScenes, "DamagedHelmet/glTF-Binary/DamagedHelmet.glb"), []int{48, 200}},
		{"TextureSettingsTest", filepath.Join(sharedScenes, "TextureSettingsTest/glTF/TextureSettingsTest.gltf"), []int{40, 130}},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := openScene(t, c.scene)
			one := newTestRenderer(t, s, 1, Options{})
			chain := newTestRenderer(t, s, 1, Options{})
			chain.mipChain = true
			for _, n := range c.sizes {
				f := smallFrame(n, n)
				a, b := mustRender(t, one, f), mustRender(t, chain, f)
				for i := range b.Linear {
					if math.Float32bits(a.Linear[i]) != math.Float32bits(b.Linear[i]) {
						t.Fatalf("%d²: linear value %d is %g with single levels, %g with the mip chain", n, i, a.Linear[i], b.Linear[i])
					}
				}
				if len(one.cur.lodTex) == 0 {
					t.Fatalf("%d²: no single-level texture was made", n)
				}
			}
		})
	}
}

// TestMaterialReadsUniform: in the forward fragment functions, and in
// the deferred lighting compiled for a single draw (rx_single_draw), the
// glTF material function receives the draw's material and the scene
// resources as values every lane shares (the executor then reads the
// material's fields and texture slots once per batch, not lane by lane).
func TestMaterialReadsUniform(t *testing.T) {
	for _, c := range []struct {
		file, fn string
		single   bool
	}{
		{RasterFile, "raster_fragment", false}, {RasterFile, "raster_fragment_aov", false}, {RasterFile, "raster_fragment_mask", false},
		{DeferredFile, "raster_deferred_light", true}, {DeferredFile, "raster_deferred_light_aov", true},
	} {
		src, err := ShaderSource(c.file)
		if err != nil {
			t.Fatal(err)
		}
		lib, err := mslshaders.Compile(c.file, src, mslshaders.Options{Resolver: HeaderResolver{}})
		if err != nil {
			t.Fatal(err)
		}
		fn, err := lib.Function(c.fn)
		if err != nil {
			t.Fatal(err)
		}
		res, err := lower.Stage(lib.Program, fn.Checked, lower.Options{})
		if err != nil {
			t.Fatal(err)
		}
		values := map[int]uint64{}
		if c.single {
			i, ok := res.Program.ConstantIndex("rx_single_draw")
			if !ok {
				t.Fatalf("%s: no function constant rx_single_draw", c.fn)
			}
			values[i] = 1
		}
		p, err := ir.Specialize(res.Program, values)
		if err != nil {
			t.Fatal(err)
		}
		ir.Optimize(p)
		found := false
		for _, f := range p.Funcs {
			if f.Name != "gltf_material_eval" {
				continue
			}
			found = true
			// The first parameter is the MaterialData reference, the last
			// the SceneResources one.
			for _, k := range []int{0, len(f.Params) - 1} {
				if cl := f.Regs[f.Params[k]].Class; cl != ir.Uniform {
					t.Errorf("%s: gltf_material_eval parameter %d is %v, want uniform", c.fn, k, cl)
				}
			}
		}
		if !found {
			t.Errorf("%s: no gltf_material_eval function (inlined?)", c.fn)
		}
	}
}
