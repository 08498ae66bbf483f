package stdlib

import (
	"math"
	"testing"

	"github.com/ingot-render/ingot/shaders/ir"
)

func TestTextureCatalogueUnique(t *testing.T) {
	seen := map[string]bool{}
	for _, d := range TextureIntrinsics {
		if seen[d.Name] {
			t.Errorf("duplicate %s", d.Name)
		}
		seen[d.Name] = true
		for i, k := range d.Params {
			if !k.Valid() {
				t.Errorf("%s param %d invalid kind", d.Name, i)
			}
		}
	}
	for _, name := range []string{"texture.sample.2d.f32", "texture.read.2d.u32", "texture.write.3d.f16",
		"texture.sample_compare.depth2d.f32", "texture.gather.cube_array.i32", "texture.read.2d_ms.f32",
		"texture.read.buffer.f32", TexGetWidth, TexGetNumSamples} {
		if !seen[name] {
			t.Errorf("missing %s", name)
		}
	}
	for _, name := range []string{"texture.sample.2d_ms.f32", "texture.sample_compare.2d.f32", "texture.write.depth2d.f32", "texture.gather.3d.f32"} {
		if seen[name] {
			t.Errorf("unexpected %s", name)
		}
	}
}

func TestTextureDeclShapes(t *testing.T) {
	tests := []struct {
		op     string
		shape  int
		params []ir.Kind
		nres   int
	}{
		{TexSample, 2, []ir.Kind{ir.U64, ir.U64, ir.F32, ir.F32, ir.U32, ir.F32, ir.F32, ir.F32, ir.F32, ir.F32, ir.F32, ir.I32, ir.I32}, 4},
		{TexRead, 2, []ir.Kind{ir.U64, ir.U32, ir.U32, ir.U32}, 4},
		{TexRead, 6, []ir.Kind{ir.U64, ir.U32, ir.U32, ir.U32, ir.U32, ir.U32}, 4},
		{TexRead, 7, []ir.Kind{ir.U64, ir.U32, ir.U32, ir.U32}, 4},
		{TexWrite, 9, []ir.Kind{ir.U64, ir.F32, ir.F32, ir.F32, ir.F32, ir.U32}, 0},
		{TexSampleCompare, 10, []ir.Kind{ir.U64, ir.U64, ir.F32, ir.F32, ir.F32, ir.U32, ir.F32, ir.F32, ir.F32, ir.F32, ir.F32, ir.F32, ir.I32, ir.I32}, 1},
		{TexGather, 2, []ir.Kind{ir.U64, ir.U64, ir.F32, ir.F32, ir.I32, ir.I32, ir.U32}, 4},
	}
	for _, tc := range tests {
		d, ok := TextureDecl(tc.op, tc.shape, ir.F32)
		if !ok {
			t.Errorf("%s %d missing", tc.op, tc.shape)
			continue
		}
		if len(d.Params) != len(tc.params) || len(d.Results) != tc.nres {
			t.Errorf("%s: params %v results %v", d.Name, d.Params, d.Results)
			continue
		}
		for i := range d.Params {
			if d.Params[i] != tc.params[i] {
				t.Errorf("%s: params %v, want %v", d.Name, d.Params, tc.params)
				break
			}
		}
	}
}

func TestSamplerRoundTrip(t *testing.T) {
	d := SamplerDesc{SAddress: AddressRepeat, TAddress: AddressMirroredRepeat, RAddress: AddressClampToBorder,
		MagFilter: FilterLinear, MinFilter: FilterLinear, MipFilter: MipLinear, PixelCoords: true,
		Compare: CompareGreaterEqual, Border: BorderOpaqueWhite, MaxAnisotropy: 16, LodMinClamp: 1.5, LodMaxClamp: 8}
	v := EncodeSampler(d)
	got, ok := DecodeSampler(v)
	if !ok || got != d {
		t.Fatalf("round trip: %+v -> %#x -> %+v", d, v, got)
	}
	def, _ := DecodeSampler(EncodeSampler(DefaultSampler()))
	if !math.IsInf(float64(def.LodMaxClamp), 1) || def.MaxAnisotropy != 1 {
		t.Errorf("default: %+v", def)
	}
	if _, ok := DecodeSampler(42); ok {
		t.Error("runtime id decoded as a descriptor")
	}
}
