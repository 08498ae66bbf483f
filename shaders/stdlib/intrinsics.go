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
