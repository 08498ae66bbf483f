package engine_test

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/ingot-render/ingot/engine"
)

// storageCompanion defines what the §5.3 seed declares extern.
const storageCompanion = `
#include <metal_stdlib>
using namespace metal;

constant float4 noise_table[256] = { float4(0.25f, 0.0f, 0.0f, 0.0f) };

void my_foo(texture2d<float> img) {
}

void my_bar(device float *a) {
    a[3] = a[1] + 40.0f;
}
`

// TestPreloadedLibraries: the §5.3 storage-class seed declares extern
// functions and an extern constant array; a second library defines them
// and ComputePipelineOptions.PreloadedLibraries links it in.
func TestPreloadedLibraries(t *testing.T) {
	src, err := os.ReadFile("../shaders/testdata/seeds/000_5.3_storage_class.metal")
	if err != nil {
		t.Skip(err)
	}
	d := newDevice(t, engine.DeviceOptions{Workers: 2})
	lib, err := d.NewLibraryWithFile("000_5.3_storage_class.metal", src, engine.CompileOptions{})
	must(t, err)
	defs, err := d.NewLibraryWithFile("companion.metal", []byte(storageCompanion), engine.CompileOptions{})
	must(t, err)
	fn, err := lib.Function("my_kernel")
	must(t, err)

	// Without the companion the pipeline names what is missing.
	_, err = d.NewComputePipelineState(fn, nil, engine.ComputePipelineOptions{})
	if err == nil || !strings.Contains(err.Error(), "noise_table") {
		t.Fatalf("pipeline without its library: %v", err)
	}

	p, err := d.NewComputePipelineState(fn, nil, engine.ComputePipelineOptions{PreloadedLibraries: []*engine.Library{defs}})
	must(t, err)
	out, err := d.NewBuffer(16)
	must(t, err)
	tex, err := d.NewTexture(engine.TextureDescriptor{TextureType: engine.TextureType2D, PixelFormat: engine.PixelFormatRGBA32Float, Width: 4, Height: 4,
		Usage: engine.TextureUsageShaderRead})
	must(t, err)
	cb := dispatch(t, context.Background(), d.NewCommandQueue(), p, engine.Sz(1, 1, 1), engine.Sz(1, 1, 1), func(e *engine.ComputeCommandEncoder) {
		must(t, e.SetBuffer(out, 0, 0))
		must(t, e.SetTexture(tex, 0))
	})
	must(t, cb.Error())
	// color_table[1].x + noise_table[0].x, 2, 3, and my_bar's a[1] + 40.
	if got, want := floats(out.Contents()), []float32{1.25, 2, 3, 42}; !equalFloats(got, want) {
		t.Fatalf("out = %v, want %v", got, want)
	}

	// A definition with another signature does not resolve the declaration.
	wrong, err := d.NewLibraryWithSource(strings.ReplaceAll(storageCompanion, "device float *a", "device int *a"), engine.CompileOptions{})
	must(t, err)
	if _, err := d.NewComputePipelineState(fn, nil, engine.ComputePipelineOptions{PreloadedLibraries: []*engine.Library{wrong}}); err == nil ||
		!strings.Contains(err.Error(), "my_bar") {
		t.Fatalf("a mismatched definition linked: %v", err)
	}
}

func equalFloats(a, b []float32) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
