package lower_test

import (
	"testing"

	"github.com/ingot-render/ingot/engine/exec"
	"github.com/ingot-render/ingot/shaders/ir"
	"github.com/ingot-render/ingot/shaders/stdlib"
)

func sameDecl(a, b ir.IntrinsicDecl) bool {
	if a.Name != b.Name || a.Flags != b.Flags || len(a.Params) != len(b.Params) || len(a.Results) != len(b.Results) {
		return false
	}
	for i := range a.Params {
		if a.Params[i] != b.Params[i] {
			return false
		}
	}
	for i := range a.Results {
		if a.Results[i] != b.Results[i] {
			return false
		}
	}
	return true
}

// TestIntrinsicNamesMatchExec checks that every executor intrinsic the
// lowering may emit exists in engine/exec with the same declaration.
func TestIntrinsicNamesMatchExec(t *testing.T) {
	var decls []ir.IntrinsicDecl
	for _, sp := range []ir.Space{ir.Device, ir.Threadgroup} {
		for _, k := range stdlib.AtomicKinds {
			for _, op := range []string{"atomic_fetch_add_explicit", "atomic_fetch_sub_explicit", "atomic_exchange_explicit",
				"atomic_load_explicit", "atomic_store_explicit", "atomic_compare_exchange_weak_explicit"} {
				decls = append(decls, stdlib.AtomicDecl(op, sp, k))
			}
			if k != ir.F32 {
				for _, op := range []string{"atomic_fetch_min_explicit", "atomic_fetch_max_explicit", "atomic_fetch_and_explicit",
					"atomic_fetch_or_explicit", "atomic_fetch_xor_explicit"} {
					decls = append(decls, stdlib.AtomicDecl(op, sp, k))
				}
			}
		}
	}
	for _, k := range []ir.Kind{ir.F32, ir.F16, ir.I32, ir.U32, ir.I16, ir.U16, ir.I8, ir.U8} {
		for _, n := range []string{"simd_sum", "simd_product", "simd_min", "simd_max", "simd_prefix_inclusive_sum",
			"simd_prefix_exclusive_sum", "simd_prefix_inclusive_product", "simd_prefix_exclusive_product",
			"simd_shuffle", "simd_broadcast", "simd_shuffle_down", "simd_shuffle_up", "simd_shuffle_xor",
			"simd_shuffle_rotate_down", "simd_shuffle_rotate_up", "simd_broadcast_first"} {
			decls = append(decls, stdlib.SimdDecl(n, k))
		}
		if k.IsInt() {
			for _, n := range []string{"simd_and", "simd_or", "simd_xor"} {
				decls = append(decls, stdlib.SimdDecl(n, k))
			}
		}
	}
	for _, n := range []string{"simd_ballot", "simd_any", "simd_all", "simd_active_threads_mask", "simd_is_first"} {
		decls = append(decls, stdlib.VoteDecl(n))
	}
	decls = append(decls, stdlib.BarrierDecl("threadgroup_barrier"), stdlib.BarrierDecl("simdgroup_barrier"))
	for _, d := range decls {
		e, ok := exec.BuiltinDecl(d.Name)
		if !ok {
			t.Errorf("exec lacks intrinsic %s", d.Name)
			continue
		}
		if !sameDecl(d, e) {
			t.Errorf("%s: lowering declares %+v, exec %+v", d.Name, d, e)
		}
	}
}
