package kernel

import (
	goreflect "reflect"
	"strings"
	"testing"

	rshaders "github.com/ingot-render/ingot/scenes/render/shaders"
	"github.com/ingot-render/ingot/shaders"
	"github.com/ingot-render/ingot/shaders/reflect"
)

// layoutKernel takes every scene_types.h struct as a buffer so that the
// compiler's reflection reports its layout.
const layoutKernel = `#include <metal_stdlib>
#include "scene_types.h"
using namespace metal;
kernel void layout_probe(const device InstanceData* instances [[buffer(0)]],
                         const device GeometryData* geometries [[buffer(1)]],
                         const device TextureBinding* textures [[buffer(2)]],
                         const device TextureSlot* slots [[buffer(3)]],
                         const device MaterialData* materials [[buffer(4)]],
                         const device EmissiveTriangle* emissive [[buffer(5)]],
                         const device PunctualLight* punctual [[buffer(6)]],
                         constant SceneResources& scene [[buffer(7)]],
                         constant CameraData& camera [[buffer(8)]],
                         constant RenderSettings& settings [[buffer(9)]],
                         constant FrameParams& frame [[buffer(10)]],
                         device AOVSample* aov [[buffer(11)]],
                         device CameraRay* rays [[buffer(12)]],
                         uint tid [[thread_position_in_grid]]) {
    rays[tid].time = float(instances[tid].flags + geometries[tid].flags + uint(slots[tid].texture) +
        materials[tid].flags + emissive[tid].instance + punctual[tid].type + scene.instanceCount +
        settings.width + frame.settings.height) + camera.aspect + aov[tid].depth.x +
        float(textures[tid].texture.get_width());
}
`

// TestLayoutMatchesMSL checks that every Go mirror in layout.go has the
// size and the member offsets the MSL compiler gives scene_types.h.
func TestLayoutMatchesMSL(t *testing.T) {
	lib, err := shaders.Compile("layout_probe.metal", []byte(layoutKernel), shaders.Options{Resolver: rshaders.HeaderResolver{}})
	if err != nil {
		t.Fatal(err)
	}
	f, err := lib.Function("layout_probe")
	if err != nil {
		t.Fatal(err)
	}
	checkMirrors(t, f.Reflection.Arguments, map[string]any{
		"InstanceData": InstanceData{}, "GeometryData": GeometryData{}, "TextureBinding": TextureBinding{},
		"TextureSlot": TextureSlot{}, "MaterialData": MaterialData{}, "EmissiveTriangle": EmissiveTriangle{},
		"PunctualLight": PunctualLight{}, "SceneResources": SceneResources{}, "CameraData": CameraData{},
		"RenderSettings": RenderSettings{}, "FrameParams": FrameParams{}, "AOVSample": AOVSample{},
		"CameraRay": CameraRay{},
	})
	if n := len(f.Reflection.Arguments); n != 13 {
		t.Errorf("layout probe has %d arguments, want 13", n)
	}
	// The reference kernels' query structs.
	lib = compileShader(t, rshaders.ReferenceKernelsFile)
	seen := map[string]any{}
	for fn, structArgs := range map[string]int{"ref_sample4": 1, "ref_bsdf": 2, "ref_thin_film": 1} {
		f, err := lib.Function(fn)
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range f.Reflection.Arguments {
			if a.Struct != nil {
				seen[a.Struct.Name] = nil
			}
		}
		checkMirrors(t, f.Reflection.Arguments[:structArgs], map[string]any{
			"SampleQuery": SampleQuery{}, "BSDFQuery": BSDFQuery{}, "BSDFAnswer": BSDFAnswer{}, "ThinFilmQuery": ThinFilmQuery{},
		})
	}
	if len(seen) != 4 {
		t.Errorf("reference kernels use structs %v, want 4", seen)
	}
}

func checkMirrors(t *testing.T, args []reflect.Argument, mirrors map[string]any) {
	t.Helper()
	seen := 0
	for _, a := range args {
		if a.Struct == nil {
			t.Errorf("argument %s: no struct layout in reflection", a.Name)
			continue
		}
		m, ok := mirrors[a.Struct.Name]
		if !ok {
			t.Errorf("argument %s: struct %s has no Go mirror", a.Name, a.Struct.Name)
			continue
		}
		seen++
		compareLayout(t, a.Struct, goreflect.TypeOf(m))
	}
	if seen != len(args) || seen == 0 {
		t.Errorf("checked %d structs of %d arguments", seen, len(args))
	}
}

func compareLayout(t *testing.T, st *reflect.StructType, gt goreflect.Type) {
	t.Helper()
	if int(gt.Size()) != st.Size {
		t.Errorf("%s: Go size %d, MSL size %d", st.Name, gt.Size(), st.Size)
	}
	if gt.NumField() != len(st.Members) {
		t.Errorf("%s: Go has %d fields, MSL %d members", st.Name, gt.NumField(), len(st.Members))
		return
	}
	for i, m := range st.Members {
		gf := gt.Field(i)
		name := m.Name
		if name == "smp" {
			name = "sampler"
		}
		if !strings.EqualFold(gf.Name, name) {
			t.Errorf("%s member %d: Go %s, MSL %s", st.Name, i, gf.Name, m.Name)
		}
		if int(gf.Offset) != m.Offset {
			t.Errorf("%s.%s: Go offset %d, MSL offset %d", st.Name, m.Name, gf.Offset, m.Offset)
		}
		if int(gf.Type.Size()) != m.Size {
			t.Errorf("%s.%s: Go size %d, MSL size %d", st.Name, m.Name, gf.Type.Size(), m.Size)
		}
		if m.Struct != nil && gf.Type.Kind() == goreflect.Struct {
			compareLayout(t, m.Struct, gf.Type)
		}
	}
}
