package stdlib

import "github.com/ingot-render/ingot/shaders/ir"

// This file copies engine/exec's naming scheme for the intrinsics it
// provides itself (a test in shaders/lower checks every name against
// exec.BuiltinNames), so that the lowering need not import the executor.

// AtomicDecl returns the declaration of atomic operation op
// ("atomic_fetch_add_explicit", "atomic_load_explicit", ...) on an element
// of kind k in space sp: "<op>.<space>.<kind>". Parameters are the U64
// address then the operands; results the old value (and a Bool for
// compare-exchange).
func AtomicDecl(op string, sp ir.Space, k ir.Kind) ir.IntrinsicDecl {
	d := ir.IntrinsicDecl{Name: op + "." + sp.String() + "." + k.String(), Flags: ir.SideEffects}
	switch op {
	case "atomic_load_explicit":
		d.Params, d.Results = []ir.Kind{ir.U64}, []ir.Kind{k}
	case "atomic_store_explicit":
		d.Params = []ir.Kind{ir.U64, k}
	case "atomic_compare_exchange_weak_explicit":
		d.Params, d.Results = []ir.Kind{ir.U64, k, k}, []ir.Kind{k, ir.Bool}
	default:
		d.Params, d.Results = []ir.Kind{ir.U64, k}, []ir.Kind{k}
	}
	return d
}

// AtomicKinds are the element kinds the executor supports atomics on.
var AtomicKinds = []ir.Kind{ir.I32, ir.U32, ir.F32, ir.U64, ir.I64}

// SimdDecl returns the declaration of SIMD-group function name
// ("simd_sum", "simd_shuffle_xor", "simd_broadcast_first", ...) on kind k:
// "<name>.<kind>". Shuffles and broadcasts take a U32 lane operand.
func SimdDecl(name string, k ir.Kind) ir.IntrinsicDecl {
	d := ir.IntrinsicDecl{Name: name + "." + k.String(), Params: []ir.Kind{k}, Results: []ir.Kind{k}, Flags: ir.Convergent}
	switch name {
	case "simd_shuffle", "simd_broadcast", "simd_shuffle_down", "simd_shuffle_up", "simd_shuffle_xor",
		"simd_shuffle_rotate_down", "simd_shuffle_rotate_up":
		d.Params = []ir.Kind{k, ir.U32}
	}
	return d
}

// VoteDecl returns the declaration of simd_ballot, simd_any, simd_all,
// simd_active_threads_mask or simd_is_first.
func VoteDecl(name string) ir.IntrinsicDecl {
	d := ir.IntrinsicDecl{Name: name, Flags: ir.Convergent}
	switch name {
	case "simd_ballot":
		d.Params, d.Results = []ir.Kind{ir.Bool}, []ir.Kind{ir.U64}
	case "simd_any", "simd_all":
		d.Params, d.Results = []ir.Kind{ir.Bool}, []ir.Kind{ir.Bool}
	case "simd_active_threads_mask":
		d.Results = []ir.Kind{ir.U64}
	case "simd_is_first":
		d.Results = []ir.Kind{ir.Bool}
	}
	return d
}

// BarrierDecl returns threadgroup_barrier or simdgroup_barrier (one U32
// mem_flags operand).
func BarrierDecl(name string) ir.IntrinsicDecl {
	d := ir.IntrinsicDecl{Name: name, Params: []ir.Kind{ir.U32}, Flags: ir.Convergent | ir.SideEffects}
	if name == "threadgroup_barrier" {
		d.Flags |= ir.Barrier
	}
	return d
}

// Fragment-stage intrinsics the engine implements (they need the
// rasterizer's per-lane state).
const (
	// FragIsHelper () → Bool: the lane is a helper lane of its 2×2 quad
	// (simd_is_helper_thread, quad_is_helper_thread).
	FragIsHelper = "fragment.is_helper_thread"
	// FragNumSamples () → U32: samples per pixel of the render target
	// (get_num_samples).
	FragNumSamples = "fragment.get_num_samples"
	// FragSamplePosition (index U32) → x, y F32: the sample's position in
	// the pixel, in [0, 1) (get_sample_position).
	FragSamplePosition = "fragment.get_sample_position"
)

// FragmentIntrinsics lists the fragment-stage intrinsics.
var FragmentIntrinsics = []ir.IntrinsicDecl{
	{Name: FragIsHelper, Results: []ir.Kind{ir.Bool}},
	{Name: FragNumSamples, Results: []ir.Kind{ir.U32}, Flags: ir.UniformResult},
	{Name: FragSamplePosition, Params: []ir.Kind{ir.U32}, Results: []ir.Kind{ir.F32, ir.F32}, Flags: ir.UniformResult},
}

// Function-table intrinsics the engine implements.
const (
	// FuncTableGet (table U64, index U32) → U64: the function id stored at
	// index of a visible_function_table (lower.Result.FunctionIDs gives the
	// id of each [[visible]] function); a call through it dispatches on
	// the id.
	FuncTableGet = "function_table.get"
	// FuncTableSize (table U64) → U32: the table's size().
	FuncTableSize = "function_table.size"
)

// FunctionTableIntrinsics lists the function-table intrinsics.
var FunctionTableIntrinsics = []ir.IntrinsicDecl{
	{Name: FuncTableGet, Params: []ir.Kind{ir.U64, ir.U32}, Results: []ir.Kind{ir.U64}, Flags: ir.UniformResult},
	{Name: FuncTableSize, Params: []ir.Kind{ir.U64}, Results: []ir.Kind{ir.U32}, Flags: ir.UniformResult},
}
