package syntax

import (
	"fmt"
	"strings"

	"github.com/ingot-render/ingot/shaders/diag"
)

// The part of the Metal standard library that is plain MSL rather than
// built in: the structs shared with host code (tessellation factors,
// indirect-command arguments, acceleration-structure instance
// descriptors), numeric_limits, the class type traits (enable_if, is_same,
// is_floating_point, make_scalar, ...) and the rasterization-rate-map
// decoder. The headers of withLibrary bring it.
//
// It comes in chunks, each spliced into the token stream (where the first
// such header was included) only when the translation unit names one of
// the chunk's names, so that shaders that use none of it pay nothing.
// libraryPrelude, the macros and the simd:: namespace, is always read.
//
// ingot has no variable-rate rasterization: the only rate map it can bind
// is the identity map, so rasterization_rate_map_decoder maps coordinates
// 1:1 (physical == screen). The data struct keeps an opaque, fixed size so
// that `constant rasterization_rate_map_data*` arguments have a layout.

// libraryPrelude is read (include-once) by every header of withLibrary.
const libraryPrelude = `#define __METAL_FAST_MATH__ true
#define __METAL_PRECISE_MATH__ false
#define __METAL_MAYBE_FAST_MATH__ __METAL_FAST_MATH__
namespace simd { using namespace metal; }
`

// libChunk is one part of the library: its text (no preprocessor
// directives) and the names that make a translation unit need it.
type libChunk struct {
	names []string
	text  string
}

var libraryChunks = []libChunk{
	{[]string{"MTLQuadTessellationFactorsHalf", "MTLTriangleTessellationFactorsHalf"}, `
struct MTLQuadTessellationFactorsHalf {
  half edgeTessellationFactor[4];
  half insideTessellationFactor[2];
};
struct MTLTriangleTessellationFactorsHalf {
  half edgeTessellationFactor[3];
  half insideTessellationFactor;
};
`},
	{[]string{"MTLDrawPrimitivesIndirectArguments", "MTLDrawIndexedPrimitivesIndirectArguments",
		"MTLDrawPatchIndirectArguments", "MTLDispatchThreadgroupsIndirectArguments", "MTLStageInRegionIndirectArguments",
		"MTLIndirectCommandBufferExecutionRange"}, `
struct MTLIndirectCommandBufferExecutionRange {
  uint location;
  uint length;
};
struct MTLDrawPrimitivesIndirectArguments {
  uint vertexCount;
  uint instanceCount;
  uint vertexStart;
  uint baseInstance;
};
struct MTLDrawIndexedPrimitivesIndirectArguments {
  uint indexCount;
  uint instanceCount;
  uint indexStart;
  int baseVertex;
  uint baseInstance;
};
struct MTLDrawPatchIndirectArguments {
  uint patchCount;
  uint instanceCount;
  uint patchStart;
  uint baseInstance;
};
struct MTLDispatchThreadgroupsIndirectArguments {
  uint threadgroupsPerGrid[3];
};
struct MTLStageInRegionIndirectArguments {
  uint stageInOrigin[3];
  uint stageInSize[3];
};
`},
	{[]string{"MTLAccelerationStructureInstanceDescriptor", "MTLAccelerationStructureUserIDInstanceDescriptor",
		"MTLAccelerationStructureMotionInstanceDescriptor", "MTLIndirectAccelerationStructureInstanceDescriptor"}, `
struct MTLAccelerationStructureInstanceDescriptor {
  packed_float3 transformationMatrix[4];
  uint options;
  uint mask;
  uint intersectionFunctionTableOffset;
  uint accelerationStructureIndex;
};
struct MTLAccelerationStructureUserIDInstanceDescriptor {
  packed_float3 transformationMatrix[4];
  uint options;
  uint mask;
  uint intersectionFunctionTableOffset;
  uint accelerationStructureIndex;
  uint userID;
};
struct MTLAccelerationStructureMotionInstanceDescriptor {
  uint options;
  uint mask;
  uint intersectionFunctionTableOffset;
  uint accelerationStructureIndex;
  uint userID;
  uint motionTransformsStartIndex;
  uint motionTransformsCount;
  uint motionStartBorderMode;
  uint motionEndBorderMode;
  float motionStartTime;
  float motionEndTime;
};
struct MTLIndirectAccelerationStructureInstanceDescriptor {
  packed_float3 transformationMatrix[4];
  uint options;
  uint mask;
  uint intersectionFunctionTableOffset;
  uint userID;
  ulong accelerationStructureID;
};
`},
	{[]string{"primitive_type"}, `
namespace metal {
enum class primitive_type { point, line, line_strip, triangle, triangle_strip };
}
`},
	{[]string{"numeric_limits"}, numericLimits},
	{[]string{"integral_constant", "true_type", "false_type", "bool_constant", "enable_if", "enable_if_t",
		"conditional", "conditional_t", "is_same", "remove_cv", "remove_const", "remove_volatile",
		"remove_reference", "remove_cv_t", "remove_reference_t", "make_scalar", "is_vector",
		"is_floating_point", "is_integral", "is_signed", "is_unsigned", "is_arithmetic",
		"is_same_v", "is_floating_point_v", "is_integral_v", "is_signed_v", "is_unsigned_v", "is_arithmetic_v",
		"is_vector_v", "is_convertible", "is_convertible_v", "is_base_of", "is_base_of_v", "remove_addrspace",
		"remove_addrspace_t", "remove_const_t", "remove_volatile_t", "make_scalar_t", "_disjunction", "_conjunction",
		"_negation"}, typeTraits},
	{[]string{"os_log", "os_log_default"}, `
namespace metal {
struct os_log {
  constexpr os_log() constant {}
  constexpr os_log(constant char* subsystem, constant char* category) constant {}
  template <typename... Ts> void log(Ts... args) const constant {}
  template <typename... Ts> void log_debug(Ts... args) const constant {}
  template <typename... Ts> void log_info(Ts... args) const constant {}
  template <typename... Ts> void log_error(Ts... args) const constant {}
  template <typename... Ts> void log_fault(Ts... args) const constant {}
};
constant os_log os_log_default = {};
}
`},
	{[]string{"make_uniform"}, `
namespace metal {
template <typename T> constexpr T make_uniform(T x) { return x; }
}
`},
	{[]string{"rasterization_rate_map_data", "rasterization_rate_map_decoder"}, `
namespace metal {
struct rasterization_rate_map_data {
  uint _opaque[16];
};
struct rasterization_rate_map_decoder {
  rasterization_rate_map_decoder(constant rasterization_rate_map_data& data) thread {}
  float2 map_screen_to_physical_coordinates(float2 screen, uint layer = 0) const thread { return screen; }
  float2 map_physical_to_screen_coordinates(float2 physical, uint layer = 0) const thread { return physical; }
  uint2 map_screen_to_physical_coordinates(uint2 screen, uint layer = 0) const thread { return screen; }
  uint2 map_physical_to_screen_coordinates(uint2 physical, uint layer = 0) const thread { return physical; }
};
}
`},
}

// numericLimits is metal::numeric_limits for bool, the integer types,
// half, float and bfloat.
var numericLimits = func() string {
	var b strings.Builder
	b.WriteString(`
namespace metal {
template <typename T> struct numeric_limits {
  static constexpr constant bool is_specialized = false;
  static constexpr constant bool is_signed = false;
  static constexpr constant bool is_integer = false;
  static constexpr constant bool is_exact = false;
  static constexpr constant bool has_infinity = false;
  static constexpr constant bool has_quiet_NaN = false;
  static constexpr constant int digits = 0;
};
`)
	for _, l := range []struct {
		t, signed, integer, digits, min, max, lowest, eps, inf, nan, denorm string
	}{
		{"bool", "false", "true", "1", "false", "true", "false", "false", "false", "false", "false"},
		{"char", "true", "true", "7", "char(-128)", "char(127)", "char(-128)", "char(0)", "char(0)", "char(0)", "char(0)"},
		{"uchar", "false", "true", "8", "uchar(0)", "uchar(255)", "uchar(0)", "uchar(0)", "uchar(0)", "uchar(0)", "uchar(0)"},
		{"short", "true", "true", "15", "short(-32768)", "short(32767)", "short(-32768)", "short(0)", "short(0)", "short(0)", "short(0)"},
		{"ushort", "false", "true", "16", "ushort(0)", "ushort(65535)", "ushort(0)", "ushort(0)", "ushort(0)", "ushort(0)", "ushort(0)"},
		{"int", "true", "true", "31", "(-2147483647 - 1)", "2147483647", "(-2147483647 - 1)", "0", "0", "0", "0"},
		{"uint", "false", "true", "32", "0u", "4294967295u", "0u", "0u", "0u", "0u", "0u"},
		{"long", "true", "true", "63", "(-9223372036854775807l - 1)", "9223372036854775807l", "(-9223372036854775807l - 1)", "0l", "0l", "0l", "0l"},
		{"ulong", "false", "true", "64", "0ul", "18446744073709551615ul", "0ul", "0ul", "0ul", "0ul", "0ul"},
		{"half", "true", "false", "11", "HALF_MIN", "HALF_MAX", "-HALF_MAX", "HALF_EPSILON", "half(INFINITY)", "half(NAN)", "5.96046448e-08h"},
		{"float", "true", "false", "24", "FLT_MIN", "FLT_MAX", "-FLT_MAX", "FLT_EPSILON", "INFINITY", "NAN", "1.40129846e-45f"},
		{"bfloat", "true", "false", "8", "bfloat(FLT_MIN)", "bfloat(3.38953139e38f)", "bfloat(-3.38953139e38f)", "bfloat(0.0078125f)",
			"bfloat(INFINITY)", "bfloat(NAN)", "bfloat(9.18354962e-41f)"},
	} {
		notInt := "true"
		if l.integer == "true" {
			notInt = "false"
		}
		fmt.Fprintf(&b, `template <> struct numeric_limits<%[1]s> {
  static constexpr constant bool is_specialized = true;
  static constexpr constant bool is_signed = %[2]s;
  static constexpr constant bool is_integer = %[3]s;
  static constexpr constant bool is_exact = %[3]s;
  static constexpr constant bool has_infinity = %[12]s;
  static constexpr constant bool has_quiet_NaN = %[12]s;
  static constexpr constant int digits = %[4]s;
  static constexpr %[1]s min() { return %[5]s; }
  static constexpr %[1]s max() { return %[6]s; }
  static constexpr %[1]s lowest() { return %[7]s; }
  static constexpr %[1]s epsilon() { return %[8]s; }
  static constexpr %[1]s infinity() { return %[9]s; }
  static constexpr %[1]s quiet_NaN() { return %[10]s; }
  static constexpr %[1]s denorm_min() { return %[11]s; }
};
`, l.t, l.signed, l.integer, l.digits, l.min, l.max, l.lowest, l.eps, l.inf, l.nan, l.denorm, notInt)
	}
	b.WriteString("}\n")
	return b.String()
}()

// typeTraits are the class type traits of metal_type_traits; the
// is_floating_point/is_integral/is_signed/is_unsigned cases cover each
// scalar type and its vectors.
var typeTraits = func() string {
	var b strings.Builder
	b.WriteString(`
namespace metal {
template <typename T, T v> struct integral_constant {
  static constexpr constant T value = v;
  typedef T value_type;
  constexpr operator value_type() const { return value; }
  constexpr value_type operator()() const { return value; }
};
typedef integral_constant<bool, true> true_type;
typedef integral_constant<bool, false> false_type;
template <bool B> using bool_constant = integral_constant<bool, B>;
template <bool B, typename T = void> struct enable_if {};
template <typename T> struct enable_if<true, T> { typedef T type; };
template <bool B, typename T = void> using enable_if_t = typename enable_if<B, T>::type;
template <bool B, typename T, typename F> struct conditional { typedef T type; };
template <typename T, typename F> struct conditional<false, T, F> { typedef F type; };
template <bool B, typename T, typename F> using conditional_t = typename conditional<B, T, F>::type;
template <typename T, typename U> struct is_same : false_type {};
template <typename T> struct is_same<T, T> : true_type {};
template <typename T> struct remove_cv { typedef T type; };
template <typename T> struct remove_const { typedef T type; };
template <typename T> struct remove_volatile { typedef T type; };
template <typename T> struct remove_reference { typedef T type; };
template <typename T> using remove_cv_t = typename remove_cv<T>::type;
template <typename T> using remove_reference_t = typename remove_reference<T>::type;
template <typename T> struct make_scalar { typedef T type; };
template <typename T, int N> struct make_scalar<vec<T, N>> { typedef T type; };
template <typename T> struct is_vector : false_type {};
template <typename T, int N> struct is_vector<vec<T, N>> : true_type {};
template <typename T> struct is_floating_point : false_type {};
template <typename T> struct is_integral : false_type {};
template <typename T> struct is_signed : false_type {};
template <typename T> struct is_unsigned : false_type {};
`)
	for _, tr := range []struct {
		trait string
		types []string
	}{
		{"is_floating_point", []string{"half", "float", "bfloat"}},
		{"is_integral", []string{"bool", "char", "uchar", "short", "ushort", "int", "uint", "long", "ulong"}},
		{"is_signed", []string{"char", "short", "int", "long", "half", "float", "bfloat"}},
		{"is_unsigned", []string{"bool", "uchar", "ushort", "uint", "ulong"}},
	} {
		for _, t := range tr.types {
			fmt.Fprintf(&b, "template <> struct %s<%s> : true_type {};\n", tr.trait, t)
			fmt.Fprintf(&b, "template <int N> struct %s<vec<%s, N>> : true_type {};\n", tr.trait, t)
		}
	}
	b.WriteString(`template <typename T> struct is_arithmetic : bool_constant<is_integral<T>::value || is_floating_point<T>::value> {};
template <typename From, typename To> struct is_convertible : bool_constant<__is_convertible(From, To)> {};
template <typename B, typename D> struct is_base_of : bool_constant<__is_base_of(B, D)> {};
template <typename T> struct remove_addrspace { typedef T type; };
template <typename T> using remove_addrspace_t = typename remove_addrspace<T>::type;
template <typename T> using remove_const_t = typename remove_const<T>::type;
template <typename T> using remove_volatile_t = typename remove_volatile<T>::type;
template <typename T> using make_scalar_t = typename make_scalar<T>::type;
template <typename T, typename U> constexpr constant bool is_same_v = is_same<T, U>::value;
template <typename T> constexpr constant bool is_floating_point_v = is_floating_point<T>::value;
template <typename T> constexpr constant bool is_integral_v = is_integral<T>::value;
template <typename T> constexpr constant bool is_signed_v = is_signed<T>::value;
template <typename T> constexpr constant bool is_unsigned_v = is_unsigned<T>::value;
template <typename T> constexpr constant bool is_arithmetic_v = is_arithmetic<T>::value;
template <typename T> constexpr constant bool is_vector_v = is_vector<T>::value;
template <typename From, typename To> constexpr constant bool is_convertible_v = is_convertible<From, To>::value;
template <typename B, typename D> constexpr constant bool is_base_of_v = is_base_of<B, D>::value;
`)
	// _disjunction / _conjunction (the metal_type_traits internals): up to
	// eight traits, the unused ones defaulting to the neutral element.
	for _, j := range []struct{ name, neutral, op string }{{"_disjunction", "false_type", "||"}, {"_conjunction", "true_type", "&&"}} {
		var params, terms []string
		for i := 1; i <= 8; i++ {
			params = append(params, fmt.Sprintf("typename B%d = %s", i, j.neutral))
			terms = append(terms, fmt.Sprintf("B%d::value", i))
		}
		fmt.Fprintf(&b, "template <%s> struct %s : bool_constant<%s> {};\n", strings.Join(params, ", "), j.name, strings.Join(terms, " "+j.op+" "))
	}
	b.WriteString(`template <typename B> struct _negation : bool_constant<!B::value> {};
}
`)
	return b.String()
}()

// libraryChunkOf maps each name of libraryChunks to its chunk index.
var libraryChunkOf = func() map[string]int {
	m := map[string]int{}
	for i, c := range libraryChunks {
		for _, n := range c.names {
			m[n] = i
		}
	}
	return m
}()

// spliceLibrary inserts, at token index at of out, the library chunks that
// the identifiers of out name, lexed as the file libraryFile, and returns
// the new token slice.
func spliceLibrary(fset *diag.FileSet, out []Token, at int, diags *diag.List) []Token {
	need := make([]bool, len(libraryChunks))
	any := false
	for _, t := range out {
		if t.Kind == Identifier {
			if i, ok := libraryChunkOf[t.Text]; ok {
				need[i], any = true, true
			}
		}
	}
	if !any {
		return out
	}
	var b strings.Builder
	for i, c := range libraryChunks {
		if need[i] {
			b.WriteString(c.text)
		}
	}
	src := b.String()
	f := fset.AddFile(libraryFile, []byte(src))
	l := newLexer(f, src, diags)
	var lib []Token
	for {
		t := l.next()
		if t.Kind == EOF {
			break
		}
		lib = append(lib, t)
	}
	res := make([]Token, 0, len(out)+len(lib))
	res = append(res, out[:at]...)
	res = append(res, lib...)
	return append(res, out[at:]...)
}
