package sema

import (
	"sort"
	"strings"
	"sync"
)

// Builtin is one generic signature of a metal_stdlib function, written in
// a small notation (see builtinTable): "F clamp(F, F, F)". A generic
// letter stands for a family of scalar/vector types bound once per call
// (all F in one signature are the same type); suffixes derive related
// types from it.
//
//	F  half/float scalar or vector (2–4)       I  any integer scalar/vector
//	N  F ∪ I                                   S  SIMD-group value types: F ∪ 8–32-bit integers
//	X  values SIMD-group data movement (broadcast, shuffle) takes: S ∪ bool ∪ 64-bit integers
//	B  bool scalar/vector                      A  any scalar/vector incl. bool
//	V  half/float vector (2–4)                 W  half3/float3
//	G  int/uint scalar/vector (mul24)
//	suffix s: the scalar element; b: bool of the same width;
//	i: int of the same width; u: unsigned integer of the same element size.
//	"thread X&" is an out-parameter; concrete MSL type names stand for themselves.
type Builtin struct {
	Name    string
	Sig     string
	Group   string // "math", "common", "integer", "relational", "geometric", "matrix", "simd", "quad", "sync", "pack", "fragment", "atomic", "texture", "misc"
	Results ptok
	Params  []ptok
	// Fragment reports a function callable only from fragment functions.
	Fragment bool
	// NS is the namespace the function lives in ("metal", "metal::fast", "metal::precise", "metal::raytracing").
	NS string
}

// ptok is one parsed type token of a signature.
type ptok struct {
	gen      byte  // generic letter or 0
	suffix   byte  // 's', 'b', 'i', 'u' or 0
	concrete *Type // when gen == 0
	outRef   bool  // thread T&
	any      bool  // "..." or "*": accepts anything (opaque options)
	optional bool  // trailing '?' : may be omitted
}

var genElems = map[byte][]*Type{
	'F': {Half, Float},
	'V': {Half, Float},
	'W': {Half, Float},
	'I': {Char, UChar, Short, UShort, Int, UInt, Long, ULong},
	'G': {Int, UInt},
	'N': {Half, Float, Char, UChar, Short, UShort, Int, UInt, Long, ULong},
	'S': {Half, Float, Char, UChar, Short, UShort, Int, UInt},
	'X': {Bool, Half, Float, Char, UChar, Short, UShort, Int, UInt, Long, ULong},
	'B': {Bool},
	'A': {Bool, Half, Float, Char, UChar, Short, UShort, Int, UInt, Long, ULong},
}

func genWidthOK(g byte, n int) bool {
	switch g {
	case 'V':
		return n >= 2
	case 'W':
		return n == 3
	}
	return true
}

// builtinTable lists the metal_stdlib surface as generic signatures, by group.
var builtinTable = map[string][]string{
	"math": {
		"F sin(F)", "F cos(F)", "F tan(F)", "F asin(F)", "F acos(F)", "F atan(F)", "F atan2(F,F)",
		"F sinh(F)", "F cosh(F)", "F tanh(F)", "F asinh(F)", "F acosh(F)", "F atanh(F)",
		"F sinpi(F)", "F cospi(F)", "F tanpi(F)", "F asinpi(F)", "F acospi(F)", "F atanpi(F)", "F atan2pi(F,F)",
		"F sincos(F, thread F&)",
		"F exp(F)", "F exp2(F)", "F exp10(F)", "F log(F)", "F log2(F)", "F log10(F)",
		"F pow(F,F)", "F powr(F,F)", "F sqrt(F)", "F rsqrt(F)", "F cbrt(F)",
		"F ceil(F)", "F floor(F)", "F trunc(F)", "F round(F)", "F rint(F)", "F fract(F)",
		"F fabs(F)", "F fmax(F,F)", "F fmin(F,F)", "F fmax3(F,F,F)", "F fmin3(F,F,F)", "F fmedian3(F,F,F)",
		"F fdim(F,F)", "F copysign(F,F)", "F fma(F,F,F)", "F fmod(F,F)", "F divide(F,F)",
		"F modf(F, thread F&)", "F frexp(F, thread Fi&)", "F ldexp(F, Fi)", "Fi ilogb(F)",
		"F nextafter(F,F)", "F hypot(F,F)", "F remainder(F,F)", "F logb(F)", "F nearbyint(F)",
	},
	"common": {
		"F clamp(F,F,F)", "F mix(F,F,F)", "F saturate(F)", "F sign(F)", "F smoothstep(F,F,F)", "F step(F,F)",
		"F max(F,F)", "F min(F,F)", "F max3(F,F,F)", "F min3(F,F,F)", "F median3(F,F,F)", "F abs(F)",
	},
	"integer": {
		"I abs(I)", "Iu absdiff(I,I)", "I addsat(I,I)", "I subsat(I,I)", "I clamp(I,I,I)",
		"I clz(I)", "I ctz(I)", "I popcount(I)", "I extract_bits(I, uint, uint)", "I insert_bits(I, I, uint, uint)",
		"I hadd(I,I)", "I rhadd(I,I)", "I mulhi(I,I)", "I madhi(I,I,I)", "I madsat(I,I,I)",
		"G mul24(G,G)", "G mad24(G,G,G)", "I max(I,I)", "I min(I,I)", "I max3(I,I,I)", "I min3(I,I,I)",
		"I median3(I,I,I)", "I reverse_bits(I)", "I rotate(I,I)",
	},
	"relational": {
		"bool all(B)", "bool any(B)", "Fb isfinite(F)", "Fb isinf(F)", "Fb isnan(F)", "Fb isnormal(F)",
		"Fb isordered(F,F)", "Fb isunordered(F,F)", "B not(B)", "A select(A,A,Ab)", "Fb signbit(F)",
	},
	"geometric": {
		"W cross(W,W)", "Vs dot(V,V)", "Vs length(V)", "Vs length_squared(V)", "Vs distance(V,V)",
		"Vs distance_squared(V,V)", "V normalize(V)", "V faceforward(V,V,V)", "V reflect(V,V)",
		"V refract(V,V,Vs)",
	},
	"fragment": {
		"F dfdx(F)", "F dfdy(F)", "F fwidth(F)", "uint get_num_samples()", "float2 get_sample_position(uint)",
		"void discard_fragment()", "bool simd_is_helper_thread()", "bool quad_is_helper_thread()",
	},
	"sync": {
		"void threadgroup_barrier(mem_flags)", "void simdgroup_barrier(mem_flags)",
		"void atomic_thread_fence(mem_flags, memory_order, thread_scope?)",
	},
	"simd": {
		"simd_vote simd_active_threads_mask()", "simd_vote simd_ballot(bool)", "bool simd_all(bool)", "bool simd_any(bool)",
		"X simd_broadcast(X, ushort)", "X simd_broadcast_first(X)", "bool simd_is_first()",
		"X simd_shuffle(X, ushort)", "X simd_shuffle_up(X, ushort)", "X simd_shuffle_down(X, ushort)",
		"X simd_shuffle_rotate_up(X, ushort)", "X simd_shuffle_rotate_down(X, ushort)", "X simd_shuffle_xor(X, ushort)",
		"X simd_shuffle_and_fill_up(X, X, ushort, ushort?)", "X simd_shuffle_and_fill_down(X, X, ushort, ushort?)",
		"ushort __metal_get_simdgroup_size(ushort)", "ushort __metal_get_thread_index_in_simdgroup(ushort)",
		"S simd_sum(S)", "S simd_product(S)", "S simd_min(S)", "S simd_max(S)", "S simd_and(S)", "S simd_or(S)", "S simd_xor(S)",
		"S simd_prefix_inclusive_sum(S)", "S simd_prefix_inclusive_product(S)",
		"S simd_prefix_exclusive_sum(S)", "S simd_prefix_exclusive_product(S)",
	},
	"quad": {
		"quad_vote quad_active_threads_mask()", "quad_vote quad_ballot(bool)", "bool quad_all(bool)", "bool quad_any(bool)",
		"X quad_broadcast(X, ushort)", "X quad_broadcast_first(X)", "bool quad_is_first()",
		"X quad_shuffle(X, ushort)", "X quad_shuffle_up(X, ushort)", "X quad_shuffle_down(X, ushort)",
		"X quad_shuffle_rotate_up(X, ushort)", "X quad_shuffle_rotate_down(X, ushort)", "X quad_shuffle_xor(X, ushort)",
		"X quad_shuffle_and_fill_up(X, X, ushort, ushort?)", "X quad_shuffle_and_fill_down(X, X, ushort, ushort?)",
		"S quad_sum(S)", "S quad_product(S)", "S quad_min(S)", "S quad_max(S)", "S quad_and(S)", "S quad_or(S)", "S quad_xor(S)",
		"S quad_prefix_inclusive_sum(S)", "S quad_prefix_inclusive_product(S)",
		"S quad_prefix_exclusive_sum(S)", "S quad_prefix_exclusive_product(S)",
	},
	"matrix": {
		// determinant/transpose are handled by checkMatrixBuiltin (they need matrix shapes).
	},
	"pack": {
		"float4 unpack_unorm4x8_to_float(uint)", "half4 unpack_unorm4x8_to_half(uint)",
		"float4 unpack_snorm4x8_to_float(uint)", "half4 unpack_snorm4x8_to_half(uint)",
		"float4 unpack_unorm4x8_srgb_to_float(uint)", "half4 unpack_unorm4x8_srgb_to_half(uint)",
		"float2 unpack_unorm2x16_to_float(uint)", "half2 unpack_unorm2x16_to_half(uint)",
		"float2 unpack_snorm2x16_to_float(uint)", "half2 unpack_snorm2x16_to_half(uint)",
		"float4 unpack_unorm10a2_to_float(uint)", "half4 unpack_unorm10a2_to_half(uint)",
		"float3 unpack_unorm565_to_float(ushort)", "half3 unpack_unorm565_to_half(ushort)",
		"float4 unpack_snorm10a2_to_float(uint)",
		"uint pack_float_to_unorm4x8(float4)", "uint pack_half_to_unorm4x8(half4)",
		"uint pack_float_to_snorm4x8(float4)", "uint pack_half_to_snorm4x8(half4)",
		"uint pack_float_to_srgb_unorm4x8(float4)", "uint pack_half_to_srgb_unorm4x8(half4)",
		"uint pack_float_to_unorm2x16(float2)", "uint pack_half_to_unorm2x16(half2)",
		"uint pack_float_to_snorm2x16(float2)", "uint pack_half_to_snorm2x16(half2)",
		"uint pack_float_to_unorm10a2(float4)", "uint pack_half_to_unorm10a2(half4)",
		"ushort pack_float_to_unorm565(float3)", "ushort pack_half_to_unorm565(half3)",
		"uint pack_float_to_snorm10a2(float4)",
	},
	"misc": {
		"bool is_null_texture(*)", "bool is_null_sampler(*)", "bool is_null_buffer(*)",
		"bool is_null_visible_function_table(*)", "bool is_null_intersection_function_table(*)",
		"bool is_null_acceleration_structure(*)", "bool is_null_primitive_acceleration_structure(*)",
		"bool is_null_instance_acceleration_structure(*)",
	},
}

// fastPreciseNames are the math functions that also exist as metal::fast::
// and metal::precise:: variants (float only in MSL; half accepted).
var fastPreciseNames = []string{"sin", "cos", "tan", "asin", "acos", "atan", "atan2", "sinh", "cosh", "tanh",
	"asinh", "acosh", "atanh", "sinpi", "cospi", "tanpi", "exp", "exp2", "exp10", "log", "log2", "log10",
	"pow", "powr", "sqrt", "rsqrt", "ceil", "floor", "trunc", "round", "rint", "fract", "fabs", "fmax",
	"fmin", "fdim", "copysign", "fmod", "divide", "modf", "frexp", "ldexp", "ilogb", "sincos", "clamp",
	"saturate", "distance", "length", "normalize", "max", "min", "max3", "min3", "fmax3", "fmin3",
	"median3", "fmedian3", "abs", "cbrt"}

// atomicNames are handled by the atomic matcher (they need the atomic type
// behind a pointer).
var atomicNames = map[string]bool{
	"atomic_store_explicit": true, "atomic_load_explicit": true, "atomic_exchange_explicit": true,
	"atomic_compare_exchange_weak_explicit": true, "atomic_fetch_add_explicit": true,
	"atomic_fetch_sub_explicit": true, "atomic_fetch_and_explicit": true, "atomic_fetch_or_explicit": true,
	"atomic_fetch_xor_explicit": true, "atomic_fetch_min_explicit": true, "atomic_fetch_max_explicit": true,
	"atomic_max_explicit": true, "atomic_min_explicit": true,
}

// specialBuiltins are functions checked by dedicated code (templates,
// matrix shapes, function-constant queries, ray tracing).
var specialBuiltins = map[string]bool{
	"as_type": true, "determinant": true, "transpose": true, "is_function_constant_defined": true,
	"make_array_ref": true, "intersect": true, "simdgroup_load": true, "simdgroup_store": true,
	"simdgroup_multiply": true, "simdgroup_multiply_accumulate": true, "make_filled_simdgroup_matrix": true,
	"interpolate_at_center": true, "get_thread_position_in_grid": true,
}

var builtinIndex struct {
	once sync.Once
	m    map[string][]*Builtin // by "ns::name" where ns is "metal", "metal::fast", "metal::precise"
	bare map[string]bool       // every builtin function name (unqualified)
}

func buildBuiltins() {
	m := make(map[string][]*Builtin)
	bare := make(map[string]bool)
	groups := make([]string, 0, len(builtinTable))
	for g := range builtinTable {
		groups = append(groups, g)
	}
	sort.Strings(groups) // deterministic overload order
	for _, group := range groups {
		for _, s := range builtinTable[group] {
			b := parseBuiltin(s, group)
			b.NS = "metal"
			b.Fragment = group == "fragment" && b.Name != "simd_is_helper_thread" && b.Name != "quad_is_helper_thread"
			m["metal::"+b.Name] = append(m["metal::"+b.Name], b)
			bare[b.Name] = true
		}
	}
	for _, n := range fastPreciseNames {
		for _, b := range m["metal::"+n] {
			if b.Group != "math" && b.Group != "common" && b.Group != "geometric" {
				continue
			}
			for _, ns := range []string{"metal::fast", "metal::precise"} {
				c := *b
				c.NS = ns
				m[ns+"::"+n] = append(m[ns+"::"+n], &c)
			}
		}
	}
	for _, n := range sortedKeys(atomicNames) {
		b := &Builtin{Name: n, Group: "atomic", NS: "metal", Sig: n}
		m["metal::"+n] = append(m["metal::"+n], b)
		bare[n] = true
	}
	for _, n := range sortedKeys(specialBuiltins) {
		b := &Builtin{Name: n, Group: "special", NS: "metal", Sig: n}
		m["metal::"+n] = append(m["metal::"+n], b)
		bare[n] = true
	}
	// deterministic order within an overload set: table order already is.
	builtinIndex.m = m
	builtinIndex.bare = bare
}

// Builtins returns the signatures of the metal_stdlib function name in
// namespace ns ("metal", "metal::fast", "metal::precise").
func Builtins(ns, name string) []*Builtin {
	builtinIndex.once.Do(buildBuiltins)
	return builtinIndex.m[ns+"::"+name]
}

// IsBuiltinFunc reports whether name is a metal_stdlib function name.
func IsBuiltinFunc(name string) bool {
	builtinIndex.once.Do(buildBuiltins)
	return builtinIndex.bare[name]
}

func parseBuiltin(sig, group string) *Builtin {
	open := strings.IndexByte(sig, '(')
	head := strings.Fields(sig[:open])
	b := &Builtin{Sig: sig, Group: group, Name: head[len(head)-1]}
	b.Results = parsePTok(strings.Join(head[:len(head)-1], " "))
	args := strings.TrimSuffix(sig[open+1:], ")")
	if strings.TrimSpace(args) != "" {
		for _, a := range strings.Split(args, ",") {
			b.Params = append(b.Params, parsePTok(strings.TrimSpace(a)))
		}
	}
	return b
}

func parsePTok(s string) ptok {
	var p ptok
	if strings.HasSuffix(s, "?") {
		p.optional = true
		s = strings.TrimSuffix(s, "?")
	}
	if s == "*" {
		p.any = true
		return p
	}
	if strings.HasPrefix(s, "thread ") && strings.HasSuffix(s, "&") {
		p.outRef = true
		s = strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(s, "thread "), "&"))
	}
	if len(s) <= 2 && s != "" && genElems[s[0]] != nil {
		p.gen = s[0]
		if len(s) == 2 {
			p.suffix = s[1]
		}
		return p
	}
	p.concrete = builtinTypeByName(s)
	if p.concrete == nil {
		panic("sema: bad builtin type " + s) // table error, caught by tests
	}
	return p
}

// builtinTypeByName resolves the concrete type names used in signatures
// and by the checker for MSL's predeclared type names.
func builtinTypeByName(s string) *Type {
	if t := scalarNames[s]; t != nil {
		return t
	}
	if t := vectorByName(s); t != nil {
		return t
	}
	switch s {
	case "mem_flags", "memory_order", "thread_scope":
		return builtinEnum(s)
	case "simd_vote", "quad_vote":
		return OpaqueOf(s, nil, nil)
	}
	return nil
}

var scalarNames = map[string]*Type{
	"void": Void, "bool": Bool, "char": Char, "int8_t": Char, "uchar": UChar, "uint8_t": UChar, "unsigned char": UChar,
	"short": Short, "int16_t": Short, "ushort": UShort, "uint16_t": UShort, "unsigned short": UShort,
	"int": Int, "int32_t": Int, "uint": UInt, "uint32_t": UInt, "unsigned int": UInt, "unsigned": UInt,
	"long": Long, "int64_t": Long, "ulong": ULong, "uint64_t": ULong, "unsigned long": ULong,
	"half": Half, "bfloat": BFloat, "bfloat16_t": BFloat, "float": Float, "size_t": SizeT, "ptrdiff_t": PtrDiffT,
	"signed char": Char, "intptr_t": Long, "uintptr_t": ULong,
}

var vecBaseNames = map[string]*Type{
	"bool": Bool, "char": Char, "uchar": UChar, "short": Short, "ushort": UShort, "int": Int, "uint": UInt,
	"long": Long, "ulong": ULong, "half": Half, "bfloat": BFloat, "float": Float,
}

// vectorByName resolves float4, packed_half3, float4x4, simd_float3,
// vector_float2, matrix_float4x4 and the like.
func vectorByName(s string) *Type {
	packed := false
	switch {
	case strings.HasPrefix(s, "packed_"):
		packed = true
		s = s[len("packed_"):]
	case strings.HasPrefix(s, "simd_"):
		s = s[len("simd_"):]
	case strings.HasPrefix(s, "vector_"):
		s = s[len("vector_"):]
	case strings.HasPrefix(s, "matrix_"):
		s = s[len("matrix_"):]
		if !strings.Contains(s, "x") {
			return nil
		}
	}
	n := len(s)
	if n < 2 {
		return nil
	}
	// matrix: floatCxR
	if n >= 4 && s[n-2] == 'x' && s[n-1] >= '2' && s[n-1] <= '4' && s[n-3] >= '2' && s[n-3] <= '4' {
		e := vecBaseNames[s[:n-3]]
		if e == nil || packed {
			return nil
		}
		return Mat(e, int(s[n-3]-'0'), int(s[n-1]-'0'))
	}
	d := s[n-1]
	if d < '2' || d > '4' {
		return nil
	}
	e := vecBaseNames[s[:n-1]]
	if e == nil {
		return nil
	}
	if packed {
		return Packed(e, int(d-'0'))
	}
	return Vec(e, int(d-'0'))
}

var builtinEnums struct {
	sync.Mutex
	m map[string]*Type
}

// builtinEnumValues lists the enumerators of metal's built-in enums.
var builtinEnumValues = map[string][]string{
	"mem_flags":            {"mem_none", "mem_device", "mem_threadgroup", "mem_texture", "mem_threadgroup_imageblock", "mem_object_data"},
	"memory_order":         {"memory_order_relaxed", "memory_order_seq_cst"},
	"thread_scope":         {"thread_scope_thread", "thread_scope_simdgroup", "thread_scope_threadgroup", "thread_scope_device"},
	"access":               {"sample", "read", "write", "read_write"},
	"coord":                {"normalized", "pixel"},
	"address":              {"repeat", "mirrored_repeat", "clamp_to_edge", "clamp_to_zero", "clamp_to_border"},
	"s_address":            {"repeat", "mirrored_repeat", "clamp_to_edge", "clamp_to_zero", "clamp_to_border"},
	"t_address":            {"repeat", "mirrored_repeat", "clamp_to_edge", "clamp_to_zero", "clamp_to_border"},
	"r_address":            {"repeat", "mirrored_repeat", "clamp_to_edge", "clamp_to_zero", "clamp_to_border"},
	"border_color":         {"transparent_black", "opaque_black", "opaque_white"},
	"filter":               {"nearest", "linear"},
	"mag_filter":           {"nearest", "linear"},
	"min_filter":           {"nearest", "linear"},
	"mip_filter":           {"none", "nearest", "linear"},
	"compare_func":         {"never", "less", "less_equal", "greater", "greater_equal", "equal", "not_equal", "always"},
	"reduction":            {"weighted_average", "minimum", "maximum"},
	"component":            {"x", "y", "z", "w"},
	"topology":             {"point", "line", "triangle"},
	"interpolation":        {"perspective", "no_perspective"},
	"imageblock_data_rate": {"color", "sample"},
	"memory_coherence":     {"memory_coherence_threadgroup", "memory_coherence_device"},
	// metal::raytracing
	"intersection_type":  {"none", "triangle", "bounding_box", "curve"},
	"winding":            {"clockwise", "counterclockwise"},
	"triangle_cull_mode": {"none", "front", "back"},
	"geometry_cull_mode": {"none", "triangle", "bounding_box", "curve"},
	"opacity_cull_mode":  {"none", "opaque", "non_opaque"},
	"forced_opacity":     {"none", "opaque", "non_opaque"},
	"geometry_type":      {"none", "triangle", "bounding_box", "curve", "all"},
	"curve_basis":        {"bspline", "catmull_rom", "linear", "bezier", "all"},
	"curve_type":         {"round", "flat", "all"},
	"vertex_index":       {"first", "second", "third"},
}

// unscopedBuiltinEnums are enums whose enumerators are visible in the
// enclosing namespace (C-style enums in metal_stdlib).
var unscopedBuiltinEnums = map[string]bool{"memory_order": true, "thread_scope": true, "memory_coherence": true}

func builtinEnum(name string) *Type {
	builtinEnums.Lock()
	defer builtinEnums.Unlock()
	if builtinEnums.m == nil {
		builtinEnums.m = make(map[string]*Type)
	}
	if t := builtinEnums.m[name]; t != nil {
		return t
	}
	vals := builtinEnumValues[name]
	e := &Enum{Name: name, QualName: "metal::" + name, Scoped: !unscopedBuiltinEnums[name], Underlying: UInt,
		Values: make(map[string]int64)}
	for i, v := range vals {
		e.Values[v] = int64(i)
		if name == "mem_flags" && i > 0 {
			e.Values[v] = 1 << (i - 1)
		}
		e.Order = append(e.Order, v)
	}
	t := NewEnumType(e)
	builtinEnums.m[name] = t
	return t
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
