package raster

import (
	"testing"
	"unsafe"

	"github.com/ingot-render/ingot/engine"
)

// TestLayoutSizes checks the Go mirrors against the sizes the MSL
// headers state (and the compiler computes: a mismatch shows as a
// buffer-length error when the records are bound).
func TestLayoutSizes(t *testing.T) {
	for _, c := range []struct {
		name      string
		got, want uintptr
	}{
		{"RasterFrame", unsafe.Sizeof(rasterFrame{}), 352},
		{"RasterCubeShadow", unsafe.Sizeof(rasterCubeShadow{}), 32},
		{"RasterDeform", unsafe.Sizeof(rasterDeform{}), 80},
		{"RasterDeformJob", unsafe.Sizeof(rasterDeformJob{}), 16},
		{"RasterDraw", unsafe.Sizeof(rasterDraw{}), 32},
		{"RasterMeshlet", unsafe.Sizeof(rasterMeshlet{}), 32},
		{"RasterMeshletCull", unsafe.Sizeof(rasterMeshletCull{}), 48},
		{"RasterMeshletView", unsafe.Sizeof(rasterMeshletView{}), 144},
		{"IBLParams", unsafe.Sizeof(iblParams{}), 32},
		{"RasterMotionFrame", unsafe.Sizeof(rasterMotionFrame{}), 192},
	} {
		if c.got != c.want {
			t.Errorf("%s: %d bytes, want %d", c.name, c.got, c.want)
		}
	}
	if o := unsafe.Offsetof(rasterFrame{}.Eye); o != 128 {
		t.Errorf("RasterFrame.eye at %d, want 128", o)
	}
	if o := unsafe.Offsetof(rasterFrame{}.OrthoHalfHeight); o != 192 {
		t.Errorf("RasterFrame.orthoHalfHeight at %d, want 192", o)
	}
	if o := unsafe.Offsetof(rasterFrame{}.AreaSamples); o != 216 {
		t.Errorf("RasterFrame.areaSamples at %d, want 216", o)
	}
	for _, c := range []struct {
		name      string
		got, want uintptr
	}{
		{"RasterFrame.deforms", unsafe.Offsetof(rasterFrame{}.Deforms), 240},
		{"RasterDeform.flags", unsafe.Offsetof(rasterDeform{}.Flags), 40},
		{"RasterDeform.weightBase", unsafe.Offsetof(rasterDeform{}.WeightBase), 60},
		{"RasterDeform.positionBase", unsafe.Offsetof(rasterDeform{}.PositionBase), 64},
		{"RasterFrame.deformedPositions", unsafe.Offsetof(rasterFrame{}.DeformedPositions), 264},
		{"RasterFrame.cubes", unsafe.Offsetof(rasterFrame{}.Cubes), 272},
		{"RasterFrame.cubeOf", unsafe.Offsetof(rasterFrame{}.CubeOf), 280},
		{"RasterFrame.probeOrigin", unsafe.Offsetof(rasterFrame{}.ProbeOrigin), 288},
		{"RasterFrame.probeInvStep", unsafe.Offsetof(rasterFrame{}.ProbeInvStep), 320},
		{"RasterFrame.probes", unsafe.Offsetof(rasterFrame{}.Probes), 336},
		{"RasterCubeShadow.layer", unsafe.Offsetof(rasterCubeShadow{}.Layer), 12},
		{"RasterCubeShadow.texel", unsafe.Offsetof(rasterCubeShadow{}.Texel), 24},
		{"RasterMotionFrame.deforms", unsafe.Offsetof(rasterMotionFrame{}.Deforms), 144},
		{"RasterMotionFrame.flags", unsafe.Offsetof(rasterMotionFrame{}.Flags), 184},
	} {
		if c.got != c.want {
			t.Errorf("%s at %d, want %d", c.name, c.got, c.want)
		}
	}
}

// TestShadersCompile compiles the shader files.
func TestShadersCompile(t *testing.T) {
	dev, err := engine.NewDevice(engine.DeviceOptions{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{RasterFile, IBLFile, MotionFile} {
		src, err := ShaderSource(f)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := dev.NewLibraryWithFile(f, src, engine.CompileOptions{Resolver: HeaderResolver{}}); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
	}
}
