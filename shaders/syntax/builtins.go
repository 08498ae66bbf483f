package syntax

import "strconv"

// The parser needs to know which names denote types and templates to
// settle C++ ambiguities (`T * x;`, `a<b>(c)`). These tables list the names
// MSL provides without declarations in user code (the metal namespace of
// <metal_stdlib> and friends). They are used for unqualified names and for
// the last segment of names qualified by metal::, metal::raytracing::,
// simd::, std:: and the like.

// builtinTypeNames are non-template type names.
var builtinTypeNames = map[string]bool{}

// builtinTypeTemplates are class templates (and alias templates).
var builtinTypeTemplates = map[string]bool{}

// builtinFuncTemplates are function templates whose explicit template
// arguments are commonly written (as_type<float>(x)).
var builtinFuncTemplates = map[string]bool{}

// builtinNamespaces are namespaces that qualify built-in names.
var builtinNamespaces = map[string]bool{
	"metal": true, "raytracing": true, "simd": true, "std": true, "fast": true, "precise": true,
}

func init() {
	scalars := []string{"bool", "char", "short", "int", "long", "uchar", "ushort", "uint", "ulong", "half", "bfloat", "float", "double"}
	for _, s := range scalars {
		builtinTypeNames[s] = true
		for n := 2; n <= 4; n++ {
			builtinTypeNames[s+strconv.Itoa(n)] = true
			builtinTypeNames["packed_"+s+strconv.Itoa(n)] = true
		}
	}
	for _, s := range []string{"half", "float", "bfloat", "double"} {
		for c := 2; c <= 4; c++ {
			for r := 2; r <= 4; r++ {
				builtinTypeNames[s+strconv.Itoa(c)+"x"+strconv.Itoa(r)] = true
			}
		}
		builtinTypeNames["simdgroup_"+s+"8x8"] = true
	}
	for _, s := range []string{
		"int8_t", "int16_t", "int32_t", "int64_t", "uint8_t", "uint16_t", "uint32_t", "uint64_t",
		"size_t", "ptrdiff_t", "intptr_t", "uintptr_t", "nullptr_t", "max_align_t",
		"sampler", "ray", "primitive_acceleration_structure", "instance_acceleration_structure",
		"mesh_grid_properties", "simd_vote", "simdgroup_event", "render_grid_properties",
		"intersection_params", "intersection_type", "intersection_function_buffer_arguments",
		"access", "coord", "filter", "address", "mip_filter", "compare_func", "border_color",
		"reduction", "min_filter", "mag_filter", "s_address", "t_address", "r_address",
		"lod_clamp", "max_anisotropy", "topology", "mem_flags", "memory_order", "thread_scope",
		"memory_coherence", "interpolation", "gradient2d", "gradient3d", "gradientcube", "level",
		"bias", "min_lod_clamp", "triangle_data", "instancing", "world_space_data",
		"primitive_motion", "instance_motion", "curve_data", "extended_limits", "curve_basis",
		"curve_type", "forced_opacity", "opacity_cull_mode", "geometry_cull_mode",
		"triangle_cull_mode", "intersection_status", "indirect_command_buffer", "render_command",
		"compute_command", "command_buffer", "compute_pipeline_state", "render_pipeline_state",
		"imageblock_layout_explicit", "imageblock_layout_implicit", "vertex_index",
		"atomic_int", "atomic_uint", "atomic_bool", "atomic_ulong", "atomic_float",
		"true_type", "false_type", "os_log", "log_type", "sample_pos", "texture_handle",
		"function_constant_t",
	} {
		builtinTypeNames[s] = true
	}
	for _, s := range []string{
		"r8unorm", "rg8unorm", "rgba8unorm", "srgba8unorm", "r8snorm", "rg8snorm", "rgba8snorm",
		"r16unorm", "rg16unorm", "rgba16unorm", "r16snorm", "rg16snorm", "rgba16snorm",
		"rg11b10f", "rgb9e5", "rgb10a2",
	} {
		builtinTypeTemplates[s] = true
	}
	for _, s := range []string{
		"vec", "matrix", "packed_vec", "array", "array_ref", "atomic", "uniform", "interpolant",
		"vertex_value", "texture1d", "texture1d_array", "texture2d", "texture2d_array", "texture3d",
		"texturecube", "texturecube_array", "texture2d_ms", "texture2d_ms_array", "depth2d",
		"depth2d_array", "depthcube", "depthcube_array", "depth2d_ms", "depth2d_ms_array",
		"texture_buffer", "simdgroup_matrix", "intersector", "intersection_result",
		"intersection_result_ref", "intersection_query", "acceleration_structure",
		"intersection_function_table", "visible_function_table", "mesh", "imageblock",
		"max_levels", "sparse_color", "numeric_limits", "is_same", "enable_if", "enable_if_t",
		"conditional", "conditional_t", "is_scalar", "is_vector", "is_floating_point",
		"is_integral", "is_signed", "is_unsigned", "is_arithmetic", "make_signed", "make_unsigned",
		"remove_cv", "remove_const", "remove_volatile", "remove_reference", "remove_cv_t",
		"remove_reference_t", "make_signed_t", "make_unsigned_t", "integral_constant",
		"bool_constant", "vec_elements", "is_pointer", "is_same_v", "decay", "decay_t",
		"common_type", "common_type_t", "remove_address_space", "device_ptr", "tensor",
		"extents", "dextents", "cooperative_tensor", "tensor_inline", "tensor_handle",
		"ray_data_ref", "patch_control_point", "simd", "simd_quat", "initializer_list",
	} {
		builtinTypeTemplates[s] = true
	}
	for _, s := range []string{
		"as_type", "make_filled_simdgroup_matrix", "simdgroup_load", "simdgroup_store",
		"get_acceleration_structure", "atomic_load_explicit", "interpolate_at_center",
		"get_null_acceleration_structure", "is_null_acceleration_structure", "convert",
		"declval", "forward", "move", "min", "max", "clamp", "select", "get", "is_same_v",
		"numeric_cast", "bit_cast",
	} {
		builtinFuncTemplates[s] = true
	}
}

// simdHeader is the virtual <simd/simd.h>: the simd_*, vector_* and
// matrix_* names shared with host code, as typedefs of MSL types.
var simdHeader = func() string {
	var b []byte
	add := func(s string) { b = append(b, s...) }
	type el struct{ simd, msl string }
	for _, e := range []el{{"char", "char"}, {"uchar", "uchar"}, {"short", "short"}, {"ushort", "ushort"},
		{"int", "int"}, {"uint", "uint"}, {"long", "long"}, {"ulong", "ulong"}, {"half", "half"},
		{"float", "float"}, {"bool", "bool"}} {
		for n := 2; n <= 4; n++ {
			ns := strconv.Itoa(n)
			add("typedef " + e.msl + ns + " simd_" + e.simd + ns + ";\n")
			add("typedef " + e.msl + ns + " vector_" + e.simd + ns + ";\n")
		}
		add("typedef " + e.msl + " simd_" + e.simd + "1;\n")
		add("typedef " + e.msl + " vector_" + e.simd + "1;\n")
	}
	for _, s := range []string{"half", "float"} {
		for c := 2; c <= 4; c++ {
			for r := 2; r <= 4; r++ {
				m := s + strconv.Itoa(c) + "x" + strconv.Itoa(r)
				add("typedef " + m + " simd_" + m + ";\n")
				add("typedef " + m + " matrix_" + m + ";\n")
			}
		}
	}
	add("typedef packed_float3 simd_packed_float3;\ntypedef packed_float4 simd_packed_float4;\n")
	add("typedef packed_float2 simd_packed_float2;\ntypedef packed_half3 simd_packed_half3;\n")
	add("typedef packed_half4 simd_packed_half4;\ntypedef packed_int3 simd_packed_int3;\n")
	add("typedef packed_uint3 simd_packed_uint3;\ntypedef float4 simd_quatf;\ntypedef half4 simd_quath;\n")
	// simd_make_<T><N>: a vector from any split of its N components into
	// scalars and smaller vectors, from a vector of N, and (truncating)
	// from a wider one.
	for _, e := range []string{"char", "uchar", "short", "ushort", "int", "uint", "long", "ulong", "half", "float"} {
		for n := 2; n <= 4; n++ {
			res := e + strconv.Itoa(n)
			for _, parts := range compositions(n) {
				if len(parts) == 1 {
					continue
				}
				add("inline " + res + " simd_make_" + res + "(")
				for i, k := range parts {
					if i > 0 {
						add(", ")
					}
					add(simdPart(e, k) + " p" + strconv.Itoa(i))
				}
				add(") { return " + res + "(")
				for i := range parts {
					if i > 0 {
						add(", ")
					}
					add("p" + strconv.Itoa(i))
				}
				add("); }\n")
			}
			for w := n; w <= 4; w++ {
				add("inline " + res + " simd_make_" + res + "(" + e + strconv.Itoa(w) + " v) { return " + res + "(v" + "." + "xyzw"[:n] + "); }\n")
			}
		}
	}
	add(simdNamespace)
	return string(b)
}()

// simdNamespace is the simd:: namespace of shared host/shader headers: in
// MSL its types and functions are those of metal.
const simdNamespace = "namespace simd { using namespace metal; }\n"

// targetConditionals is the virtual <TargetConditionals.h> of Apple's SDK:
// the TARGET_OS_* macros for the platform compiled for.
const targetConditionals = `#ifndef TARGET_OS_MAC
#define TARGET_OS_MAC 1
#ifdef __METAL_IOS__
#define TARGET_OS_OSX 0
#define TARGET_OS_IPHONE 1
#define TARGET_OS_IOS 1
#else
#define TARGET_OS_OSX 1
#define TARGET_OS_IPHONE 0
#define TARGET_OS_IOS 0
#endif
#define TARGET_OS_TV 0
#define TARGET_OS_WATCH 0
#define TARGET_OS_VISION 0
#define TARGET_OS_MACCATALYST 0
#define TARGET_OS_SIMULATOR 0
#define TARGET_OS_EMBEDDED 0
#endif
`

// compositions lists the ordered ways to write n as a sum of positive
// parts.
func compositions(n int) [][]int {
	if n == 0 {
		return [][]int{nil}
	}
	var out [][]int
	for k := 1; k <= n; k++ {
		for _, rest := range compositions(n - k) {
			out = append(out, append([]int{k}, rest...))
		}
	}
	return out
}

// simdPart is the type of a k-component argument of simd_make_*.
func simdPart(elem string, k int) string {
	if k == 1 {
		return elem
	}
	return elem + strconv.Itoa(k)
}

// stdlibHeader is the virtual <metal_stdlib>: the MSL names themselves
// are built in; it defines the macros that real headers provide and
// shaders use.
const stdlibHeader = "#define METAL_FUNC inline __attribute__((__always_inline__))\n" +
	// METAL_CONST_ARG(x): Apple's headers require x to be a compile-time
	// constant (an overload-selection attribute); ingot checks the
	// constant where the built-in needs it.
	"#define METAL_CONST_ARG(A)\n"

// libraryFile is the file name the MSL-written part of the library
// (libraryChunks) is read under, and libraryPreludeFile the file of
// libraryPrelude.
const (
	libraryFile        = "<metal_library>"
	libraryPreludeFile = "<metal_library_prelude>"
)

// withLibrary lists the built-in headers that bring the library along
// (libraryPrelude, and the libraryChunks the translation unit uses).
var withLibrary = map[string]bool{
	"metal_stdlib": true, "metal_tessellation": true, "metal_raytracing": true,
	"metal_rasterization_rate_map": true,
}

// virtualHeaders are the standard headers that resolve without files.
// Their content is empty (every MSL built-in is known to the parser and
// to sema) except for <simd/simd.h>, the METAL_FUNC macro of
// <metal_stdlib>, and the MSL of <metal_tensor> and
// <MetalPerformancePrimitives/MetalPerformancePrimitives.h>
// (tensorheaders.go); the headers of withLibrary also bring the library.
var virtualHeaders = map[string]string{
	"metal_stdlib": stdlibHeader, "metal_types": "", "metal_math": "", "metal_common": "", "metal_integer": "",
	"metal_relational": "", "metal_geometric": "", "metal_matrix": "", "metal_pack": "",
	"metal_graphics": "", "metal_texture": "", "metal_atomic": "", "metal_compute": "",
	"metal_raytracing": "", "metal_mesh": "", "metal_imageblocks": "", "metal_simdgroup": "",
	"metal_simdgroup_matrix": "", "metal_quadgroup": "", "metal_uniform": "", "metal_array": "",
	"metal_numeric": "", "metal_limits": "", "metal_type_traits": "", "metal_vertex_value": "",
	"metal_logging": "", "metal_command_buffer": "", "metal_tensor": metalTensorHeader, "metal_visible_function_table": "",
	"metal_interpolate": "", "metal_variant": "", "metal_initializer_list": "", "metal_utility": "",
	"metal_functional": "", "metal_config": "", "metal_tessellation": "",
	"metal_raster_order_group": "", "metal_rasterization_rate_map": "",
	"simd/simd.h": simdHeader, "simd/base.h": "", "simd/vector_types.h": simdHeader,
	"simd/matrix_types.h": simdHeader, "simd/vector.h": simdHeader, "simd/matrix.h": simdHeader,
	"simd/types.h": simdHeader, "TargetConditionals.h": targetConditionals,
	"MetalPerformancePrimitives/MetalPerformancePrimitives.h": mppHeader,
}

// IsVirtualHeader reports whether name (as written between <>) is one of
// the built-in headers that need no file, and returns its content.
func IsVirtualHeader(name string) (content string, ok bool) {
	c, ok := virtualHeaders[name]
	return c, ok
}
