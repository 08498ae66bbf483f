//go:build !amd64

package raster

// interpGather sets dst[L] = w0·v0 + w1·v1 + w2·v2 for the lanes L with
// o0[L] ≥ 0, v_k being component 0 of src at offset o_k[L]; other lanes
// keep their value. All slices have len(dst) elements.
func interpGather(dst, w0, w1, w2 []float32, o0, o1, o2 []int32, src []float32) {
	interpGatherGo(dst, w0, w1, w2, o0, o1, o2, src)
}
