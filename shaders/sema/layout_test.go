package sema

import (
	"reflect"
	"testing"
)

func TestLayoutScalarsVectorsMatrices(t *testing.T) {
	tests := []struct {
		t           *Type
		size, align int
	}{
		// Scalars (§2.1).
		{Bool, 1, 1}, {Char, 1, 1}, {UChar, 1, 1}, {Short, 2, 2}, {UShort, 2, 2}, {Int, 4, 4}, {UInt, 4, 4},
		{Long, 8, 8}, {ULong, 8, 8}, {Half, 2, 2}, {BFloat, 2, 2}, {Float, 4, 4}, {SizeT, 8, 8}, {PtrDiffT, 8, 8},
		// Vectors (§2.2): size == align == sizeof(T) * (n == 3 ? 4 : n).
		{Vec(Bool, 2), 2, 2}, {Vec(Bool, 3), 4, 4}, {Vec(Bool, 4), 4, 4},
		{Vec(Char, 2), 2, 2}, {Vec(UChar, 3), 4, 4}, {Vec(Char, 4), 4, 4},
		{Vec(Short, 2), 4, 4}, {Vec(UShort, 3), 8, 8}, {Vec(Short, 4), 8, 8},
		{Vec(Int, 2), 8, 8}, {Vec(UInt, 3), 16, 16}, {Vec(Int, 4), 16, 16},
		{Vec(Long, 2), 16, 16}, {Vec(ULong, 3), 32, 32}, {Vec(Long, 4), 32, 32},
		{Vec(Half, 2), 4, 4}, {Vec(Half, 3), 8, 8}, {Vec(Half, 4), 8, 8},
		{Vec(BFloat, 3), 8, 8},
		{Vec(Float, 2), 8, 8}, {Vec(Float, 3), 16, 16}, {Vec(Float, 4), 16, 16},
		// Packed vectors (§2.2.3): size n*sizeof(T), align sizeof(T).
		{Packed(Char, 3), 3, 1}, {Packed(UChar, 4), 4, 1}, {Packed(Short, 3), 6, 2}, {Packed(UShort, 2), 4, 2},
		{Packed(Int, 3), 12, 4}, {Packed(UInt, 4), 16, 4}, {Packed(Half, 3), 6, 2}, {Packed(BFloat, 2), 4, 2},
		{Packed(Float, 2), 8, 4}, {Packed(Float, 3), 12, 4}, {Packed(Float, 4), 16, 4},
		{Packed(Long, 2), 16, 8}, {Packed(Long, 3), 24, 8}, {Packed(Long, 4), 32, 8},
		// Matrices (§2.3): n columns of vec<T, rows>.
		{Mat(Half, 2, 2), 8, 4}, {Mat(Half, 2, 3), 16, 8}, {Mat(Half, 2, 4), 16, 8},
		{Mat(Half, 3, 2), 12, 4}, {Mat(Half, 3, 3), 24, 8}, {Mat(Half, 3, 4), 24, 8},
		{Mat(Half, 4, 2), 16, 4}, {Mat(Half, 4, 3), 32, 8}, {Mat(Half, 4, 4), 32, 8},
		{Mat(Float, 2, 2), 16, 8}, {Mat(Float, 2, 3), 32, 16}, {Mat(Float, 2, 4), 32, 16},
		{Mat(Float, 3, 2), 24, 8}, {Mat(Float, 3, 3), 48, 16}, {Mat(Float, 3, 4), 48, 16},
		{Mat(Float, 4, 2), 32, 8}, {Mat(Float, 4, 3), 64, 16}, {Mat(Float, 4, 4), 64, 16},
		// Arrays, atomics, handles.
		{ArrayOf(Vec(Float, 3), 3, false), 48, 16}, {ArrayOf(Packed(Float, 3), 3, true), 36, 4},
		{AtomicOf(UInt), 4, 4}, {AtomicOf(ULong), 8, 8}, {AtomicOf(Float), 4, 4},
		{PointerTo(Float, SpaceDevice, false, false), 8, 8}, {TextureOf(Tex2D, Float, AccessSample), 8, 8},
		{Sampler, 8, 8},
		// Pixel storage types (§2.7).
		{PixelOf(PixR8Unorm, Half), 1, 1}, {PixelOf(PixR16Snorm, Float), 2, 2}, {PixelOf(PixRG8Unorm, Vec(Half, 2)), 2, 1},
		{PixelOf(PixRG16Unorm, Vec(Float, 2)), 4, 2}, {PixelOf(PixRGBA8Unorm, Vec(Half, 4)), 4, 1},
		{PixelOf(PixSRGBA8Unorm, Vec(Float, 4)), 4, 1}, {PixelOf(PixRGBA16Snorm, Vec(Float, 4)), 8, 2},
		{PixelOf(PixRGB10A2, Vec(Half, 4)), 4, 4}, {PixelOf(PixRG11B10F, Vec(Half, 3)), 4, 4},
		{PixelOf(PixRGB9E5, Vec(Float, 3)), 4, 4},
	}
	for _, tt := range tests {
		size, align, offs := Layout(tt.t)
		if size != tt.size || align != tt.align || offs != nil {
			t.Errorf("Layout(%s) = %d, %d, %v; want %d, %d, nil", tt.t, size, align, offs, tt.size, tt.align)
		}
		if size%align != 0 {
			t.Errorf("%s: size %d not a multiple of alignment %d", tt.t, size, align)
		}
	}
}

func structOf(name string, fields ...*Field) *Type {
	st := &Struct{Name: name, QualName: name, Fields: fields, Complete: true}
	return NewStructType(st)
}

func fld(name string, t *Type) *Field { return &Field{Name: name, Type: t} }

// TestLayoutStructs follows the worked examples of msl-types-layout.md §5.
func TestLayoutStructs(t *testing.T) {
	f3, f4x4, f3x3 := Vec(Float, 3), Mat(Float, 4, 4), Mat(Float, 3, 3)
	inner := structOf("Inner", fld("a", Half), fld("b", Vec(Float, 3)))
	tests := []struct {
		t           *Type
		offs        []int
		size, align int
	}{
		{structOf("A", fld("a", f3), fld("b", Float)), []int{0, 16}, 32, 16},
		{structOf("B", fld("a", Packed(Float, 3)), fld("b", Float)), []int{0, 12}, 16, 4},
		{structOf("C", fld("a", Float), fld("b", f3)), []int{0, 16}, 32, 16},
		{structOf("D", fld("a", Vec(Half, 2)), fld("b", Float), fld("c", Half)), []int{0, 4, 8}, 12, 4},
		{structOf("E", fld("m", f4x4), fld("n", f3x3)), []int{0, 64}, 112, 16},
		{structOf("F", fld("c", UChar), fld("v", Vec(Float, 2))), []int{0, 8}, 16, 8},
		{structOf("G", fld("b", Bool), fld("s", Short), fld("i", Int), fld("l", Long)), []int{0, 2, 4, 8}, 16, 8},
		{structOf("H", fld("x", Char), fld("in", inner), fld("y", Char)), []int{0, 16, 48}, 64, 16},
		{structOf("I", fld("p", PointerTo(Float, SpaceDevice, true, false)), fld("t", TextureOf(Tex2D, Half, AccessRead)), fld("f", Float)), []int{0, 8, 16}, 24, 8},
		{structOf("J", fld("a", ArrayOf(Float, 5, false)), fld("b", Vec(Half, 3))), []int{0, 24}, 32, 8},
		{structOf("K", fld("px", PixelOf(PixRGBA8Unorm, Vec(Half, 4))), fld("n", PixelOf(PixRG11B10F, Vec(Half, 3))), fld("d", Float)), []int{0, 4, 8}, 12, 4},
	}
	for _, tt := range tests {
		size, align, offs := Layout(tt.t)
		if size != tt.size || align != tt.align || !reflect.DeepEqual(offs, tt.offs) {
			t.Errorf("Layout(%s) = %d, %d, %v; want %d, %d, %v", tt.t, size, align, offs, tt.size, tt.align, tt.offs)
		}
	}
	// Union: all members at 0, size of the largest rounded to the alignment.
	u := structOf("U", fld("f", Float), fld("v", f3), fld("c", Char))
	u.Struct.Union = true
	if size, align, offs := Layout(u); size != 16 || align != 16 || !reflect.DeepEqual(offs, []int{0, 0, 0}) {
		t.Errorf("union layout = %d, %d, %v", size, align, offs)
	}
	// alignas on a member raises its offset and the struct alignment.
	al := structOf("Al", fld("a", Float), &Field{Name: "b", Type: Float, AlignAs: 16})
	if size, align, offs := Layout(al); size != 32 || align != 16 || !reflect.DeepEqual(offs, []int{0, 16}) {
		t.Errorf("alignas layout = %d, %d, %v", size, align, offs)
	}
}

// TestLayoutFromSource checks layouts of structs declared in MSL source.
func TestLayoutFromSource(t *testing.T) {
	p, d := checkSrc(t, `#include <metal_stdlib>
using namespace metal;
struct Light { float3 position; float intensity; packed_float3 color; float range; half2 uv; };
struct Scene { float4x4 viewProj; Light lights[4]; uint count; atomic_uint counter; };
template <typename T, int N> struct Arr { T v[N]; };
struct UsesTemplate { Arr<half3, 3> h; char c; };
kernel void k(device Scene *s [[buffer(0)]], device UsesTemplate *u [[buffer(1)]]) {}
`)
	if d.HasErrors() {
		t.Fatal(d.Error())
	}
	f := p.Lookup("k")
	if f == nil {
		t.Fatal("kernel k not found")
	}
	scene := f.Params[0].Type.Elem
	size, align, offs := Layout(scene)
	// Light: position@0 (16), intensity@16, color@20 (12), range@32, uv@36 → 48 (align 16).
	light := scene.Struct.Fields[1].Type.Elem
	ls, la, lo := Layout(light)
	if ls != 48 || la != 16 || !reflect.DeepEqual(lo, []int{0, 16, 20, 32, 36}) {
		t.Errorf("Light = %d, %d, %v", ls, la, lo)
	}
	if size != 64+4*48+16 || align != 16 || !reflect.DeepEqual(offs, []int{0, 64, 256, 260}) {
		t.Errorf("Scene = %d, %d, %v", size, align, offs)
	}
	ut := f.Params[1].Type.Elem
	if size, align, offs := Layout(ut); size != 32 || align != 8 || !reflect.DeepEqual(offs, []int{0, 24}) {
		t.Errorf("UsesTemplate = %d, %d, %v", size, align, offs)
	}
}
