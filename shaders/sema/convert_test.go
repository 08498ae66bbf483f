package sema

import (
	"github.com/ingot-render/ingot/shaders/syntax"
	"math"
	"testing"
)

func TestImplicitConversionRanks(t *testing.T) {
	f2, f3, f4, i3, h3 := Vec(Float, 2), Vec(Float, 3), Vec(Float, 4), Vec(Int, 3), Vec(Half, 3)
	dev := func(t *Type, c bool) *Type { return PointerTo(t, SpaceDevice, c, false) }
	tests := []struct {
		from, to *Type
		opts     ConvOpts
		kind     ConvKind
		rank     Rank
	}{
		{Float, Float, ConvOpts{}, ConvNone, RankExact},
		{Short, Int, ConvOpts{}, ConvIntegral, RankPromotion},
		{UChar, Int, ConvOpts{}, ConvIntegral, RankPromotion},
		{Bool, Int, ConvOpts{}, ConvBoolToInt, RankPromotion},
		{Half, Float, ConvOpts{}, ConvFloating, RankPromotion},
		{BFloat, Float, ConvOpts{}, ConvFloating, RankPromotion},
		{Int, UInt, ConvOpts{}, ConvIntegral, RankConversion},
		{Int, Long, ConvOpts{}, ConvIntegral, RankConversion},
		{Int, Float, ConvOpts{}, ConvIntToFloat, RankConversion},
		{Float, Int, ConvOpts{}, ConvFloatToInt, RankConversion},
		{Float, Half, ConvOpts{}, ConvFloating, RankConversion},
		{Float, Bool, ConvOpts{}, ConvToBool, RankConversion},
		{Float, BFloat, ConvOpts{}, ConvNone, RankNone}, // never implicitly to bfloat
		{Half, BFloat, ConvOpts{}, ConvNone, RankNone},  // never implicitly to bfloat
		{BFloat, Half, ConvOpts{}, ConvNone, RankNone},  // bfloat only widens to float
		{Float, BFloat, ConvOpts{Explicit: true}, ConvFloating, RankConversion},
		{Float, f4, ConvOpts{}, ConvSplat, RankConversion}, // float4 f = 2.0f
		{Int, f3, ConvOpts{}, ConvSplat, RankConversion},   // splat after int→float
		{i3, f3, ConvOpts{}, ConvNone, RankNone},           // no implicit vector conversion
		{f4, f3, ConvOpts{}, ConvNone, RankNone},           // no implicit narrowing
		{f3, Float, ConvOpts{}, ConvNone, RankNone},        // no vector → scalar
		{h3, f3, ConvOpts{}, ConvNone, RankNone},
		{i3, f3, ConvOpts{Explicit: true}, ConvVector, RankConversion},
		{f4, Float, ConvOpts{Explicit: true}, ConvVector, RankConversion},
		{Packed(Float, 3), f3, ConvOpts{}, ConvPackedToVector, RankConversion},
		{f3, Packed(Float, 3), ConvOpts{}, ConvVectorToPacked, RankConversion},
		{Packed(Float, 3), f2, ConvOpts{}, ConvNone, RankNone},
		{Float, Mat(Float, 4, 4), ConvOpts{}, ConvNone, RankNone},
		{PixelOf(PixRGBA8Unorm, Vec(Half, 4)), Vec(Half, 4), ConvOpts{}, ConvPixel, RankConversion},
		{Vec(Half, 4), PixelOf(PixRGBA8Unorm, Vec(Half, 4)), ConvOpts{}, ConvPixel, RankConversion},
		// Pointers: qualification may be added, address spaces never change.
		{dev(Float, false), dev(Float, true), ConvOpts{}, ConvPointer, RankExact},
		{dev(Float, true), dev(Float, false), ConvOpts{}, ConvNone, RankNone},
		{dev(Float, false), PointerTo(Float, SpaceConstant, true, false), ConvOpts{}, ConvNone, RankNone},
		{dev(Float, false), PointerTo(Float, SpaceThread, false, false), ConvOpts{}, ConvNone, RankNone},
		{dev(Float, false), dev(Void, false), ConvOpts{}, ConvPointer, RankConversion},
		{Nullptr, dev(Float, false), ConvOpts{}, ConvPointer, RankConversion},
		{Int, dev(Float, false), ConvOpts{NullPtrConst: true}, ConvPointer, RankConversion},
		{Int, dev(Float, false), ConvOpts{}, ConvNone, RankNone},
		{dev(Float, false), Bool, ConvOpts{}, ConvToBool, RankConversion},
		// Unknown/invalid types are accepted silently.
		{Invalid, Float, ConvOpts{}, ConvUnknown, RankExact},
	}
	for _, tt := range tests {
		c := ImplicitConversion(tt.from, tt.to, tt.opts)
		if c.Rank != tt.rank || (tt.rank != RankNone && c.Kind != tt.kind) {
			t.Errorf("%s → %s (%+v): got %v/%v, want %v/%v", tt.from, tt.to, tt.opts, c.Kind, c.Rank, tt.kind, tt.rank)
		}
	}
	// Splat records the element conversion.
	if c := ImplicitConversion(Int, f3, ConvOpts{}); c.Elem != ConvIntToFloat {
		t.Errorf("splat element conversion = %v", c.Elem)
	}
}

func TestEnumAndUserConversions(t *testing.T) {
	e := NewEnumType(&Enum{Name: "E", QualName: "E", Values: map[string]int64{"a": 0}})
	if c := ImplicitConversion(e, Int, ConvOpts{}); c.Rank != RankPromotion {
		t.Errorf("unscoped enum → int: %v", c.Rank)
	}
	sc := NewEnumType(&Enum{Name: "S", QualName: "S", Scoped: true, Values: map[string]int64{}})
	if c := ImplicitConversion(sc, Int, ConvOpts{}); c.Rank != RankNone {
		t.Errorf("scoped enum → int must not convert implicitly")
	}
	if c := ImplicitConversion(sc, Int, ConvOpts{Explicit: true}); c.Rank == RankNone {
		t.Errorf("static_cast<int>(scoped enum) must convert")
	}
	st := &Struct{Name: "Spectrum", QualName: "Spectrum", Complete: true}
	stT := NewStructType(st)
	st.Ctors = []*Func{{Name: "Spectrum", Ctor: true, Params: []*Var{{Type: Vec(Float, 3)}}, Defaults: []syntax.Expr{nil}},
		{Name: "Spectrum", Ctor: true, Explicit: true, Params: []*Var{{Type: Float}}, Defaults: []syntax.Expr{nil}}}
	if c := ImplicitConversion(Vec(Float, 3), stT, ConvOpts{}); c.Kind != ConvUser || c.Rank != RankUser || c.Ctor != st.Ctors[0] {
		t.Errorf("float3 → Spectrum via constructor: %+v", c)
	}
	// The float constructor is explicit; float→float3 splat is not a
	// second standard conversion before a user conversion... it is allowed
	// in C++ (one standard conversion, then the constructor).
	if c := ImplicitConversion(Float, stT, ConvOpts{}); c.Kind != ConvUser || c.Ctor != st.Ctors[0] {
		t.Errorf("float → Spectrum must use the non-explicit float3 constructor: %+v", c)
	}
}

func TestUsualArithmeticConversions(t *testing.T) {
	tests := []struct{ a, b, want *Type }{
		{Int, Int, Int}, {Short, Char, Int}, {Int, UInt, UInt}, {UInt, Long, Long}, {Long, ULong, ULong},
		{Int, Float, Float}, {Half, Float, Float}, {Half, Int, Half}, {BFloat, Half, Half}, {UChar, Bool, Int},
	}
	for _, tt := range tests {
		if got := CommonScalar(tt.a, tt.b); got != tt.want {
			t.Errorf("CommonScalar(%s, %s) = %s, want %s", tt.a, tt.b, got, tt.want)
		}
	}
	f3, f4 := Vec(Float, 3), Vec(Float, 4)
	ops := []struct{ a, b, want *Type }{
		{f3, Float, f3}, {Int, f3, f3}, {f3, f3, f3}, {f3, f4, nil}, {f3, Vec(Int, 3), nil},
		{Packed(Float, 3), f3, f3}, {Mat(Float, 4, 4), Mat(Float, 4, 4), Mat(Float, 4, 4)},
	}
	for _, tt := range ops {
		if got := BinaryOperandType(tt.a, tt.b); got != tt.want {
			t.Errorf("BinaryOperandType(%s, %s) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
	muls := []struct{ a, b, want *Type }{
		{Mat(Float, 4, 4), f4, f4}, {Mat(Float, 3, 4), f3, f4}, {f4, Mat(Float, 3, 4), f3},
		{Mat(Float, 3, 4), Mat(Float, 2, 3), Mat(Float, 2, 4)}, {Mat(Float, 3, 4), f4, nil},
		{Mat(Float, 4, 4), Float, Mat(Float, 4, 4)}, {Mat(Half, 4, 4), f4, nil},
	}
	for _, tt := range muls {
		if got := MatrixMulType(tt.a, tt.b); got != tt.want {
			t.Errorf("MatrixMulType(%s, %s) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
}

func TestValueConversionAndEval(t *testing.T) {
	check := func(name string, got Value, err error, want string) {
		t.Helper()
		if err != nil {
			t.Errorf("%s: %v", name, err)
			return
		}
		if got.String() != want {
			t.Errorf("%s = %s, want %s", name, got, want)
		}
	}
	bin := func(op Op, a, b Value) (Value, error) { return EvalBinary(op, a, b) }
	v, err := bin(OpAdd, IntVal(Int, math.MaxInt32), IntVal(Int, 1))
	check("INT_MAX+1", v, err, "-2147483648")
	v, err = bin(OpSub, IntVal(UInt, 0), IntVal(UInt, 1))
	check("0u-1u", v, err, "4294967295")
	v, err = bin(OpDiv, IntVal(Int, -7), IntVal(Int, 2))
	check("-7/2", v, err, "-3")
	v, err = bin(OpRem, IntVal(Int, -7), IntVal(Int, 2))
	check("-7%2", v, err, "-1")
	v, err = bin(OpDiv, IntVal(UInt, 4294967295), IntVal(UInt, 2))
	check("UINT_MAX/2", v, err, "2147483647")
	v, err = bin(OpShl, IntVal(Int, 1), IntVal(Int, 33))
	check("1<<33 (low 5 bits)", v, err, "2")
	v, err = bin(OpShr, IntVal(Int, -8), IntVal(Int, 1))
	check("-8>>1", v, err, "-4")
	v, err = bin(OpShr, IntVal(UInt, 0x80000000), IntVal(UInt, 31))
	check("0x80000000u>>31", v, err, "1")
	v, err = bin(OpLt, IntVal(UInt, 1), IntVal(UInt, 4294967295))
	check("1u < UINT_MAX", v, err, "true")
	v, err = bin(OpLt, IntVal(ULong, -1), IntVal(ULong, 1))
	check("ULONG_MAX < 1", v, err, "false")
	v, err = bin(OpMul, FloatVal(Half, 300), FloatVal(Half, 300))
	check("300h*300h", v, err, "+Inf")
	v, err = bin(OpDiv, FloatVal(Float, 1), FloatVal(Float, 3))
	check("1.0f/3.0f", v, err, "0.3333333432674408")
	if _, err := bin(OpDiv, IntVal(Int, 1), IntVal(Int, 0)); err == nil {
		t.Error("1/0 must fail")
	}
	a, _ := ConvertValue(IntVal(Int, 2), Vec(Float, 3))
	b := Value{Type: Vec(Float, 3), Elems: []Value{FloatVal(Float, 1), FloatVal(Float, 2), FloatVal(Float, 3)}}
	v, err = bin(OpMul, a, b)
	check("float3(2)*float3(1,2,3)", v, err, "float3(2, 4, 6)")
	v, err = bin(OpEq, a, b)
	check("float3 ==", v, err, "bool3(false, true, false)")
	v, err = EvalUnary(OpNeg, IntVal(Int, math.MinInt32))
	check("-INT_MIN", v, err, "-2147483648")
	v, err = EvalUnary(OpCompl, IntVal(UChar, 0))
	check("~(uchar)0", v, err, "255")
	conv := []struct {
		v    Value
		t    *Type
		want string
	}{
		{FloatVal(Float, -2.7), Int, "-2"}, {FloatVal(Float, 2.7), UInt, "2"}, {FloatVal(Float, math.NaN()), Int, "0"},
		{IntVal(Int, 300), UChar, "44"}, {IntVal(Int, -1), UShort, "65535"}, {IntVal(Int, 5), Bool, "true"},
		{FloatVal(Float, 0.1), Half, "0.0999755859375"}, {FloatVal(Float, 65519), Half, "65504"},
		{FloatVal(Float, 65520), Half, "+Inf"}, {FloatVal(Float, 1e-8), Half, "0"}, {FloatVal(Float, 6e-8), Half, "5.960464477539063e-08"},
		{FloatVal(Float, 1.00390625), BFloat, "1"}, {FloatVal(Float, 3.14159), BFloat, "3.140625"},
		{BoolVal(true), Float, "1"},
	}
	for _, c := range conv {
		got, ok := ConvertValue(c.v, c.t)
		if !ok || got.String() != c.want {
			t.Errorf("ConvertValue(%s, %s) = %s, %v; want %s", c.v, c.t, got, ok, c.want)
		}
	}
}
