package raster

import "golang.org/x/sys/cpu"

// useInterpAsm selects the AVX2 kernel of interpGather.
var useInterpAsm = cpu.X86.HasAVX2

// interpGatherAVX2 is interpGatherGo over the first n&^7 lanes, eight at a
// time with masked gathers: the same float32 products and sums in the same
// order, so the same bits. src points at the component's word in the
// varyings of vertex 0; every offset of a lane with o0 ≥ 0 must index
// inside them.
//
//go:noescape
func interpGatherAVX2(dst, w0, w1, w2 *float32, o0, o1, o2 *int32, src *float32, n int)

// interpGather sets dst[L] = w0·v0 + w1·v1 + w2·v2 for the lanes L with
// o0[L] ≥ 0, v_k being component 0 of src at offset o_k[L]; other lanes
// keep their value. All slices have len(dst) elements.
func interpGather(dst, w0, w1, w2 []float32, o0, o1, o2 []int32, src []float32) {
	n := len(dst)
	i := 0
	if useInterpAsm && n >= 8 {
		i = n &^ 7
		interpGatherAVX2(&dst[0], &w0[0], &w1[0], &w2[0], &o0[0], &o1[0], &o2[0], &src[0], i)
	}
	interpGatherGo(dst[i:], w0[i:n], w1[i:n], w2[i:n], o0[i:n], o1[i:n], o2[i:n], src)
}
