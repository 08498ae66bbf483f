//go:build !amd64

package raster

// cachePositionsAsm returns lo: there is no assembly kernel.
func cachePositionsAsm(vxy []vpos, vc []vcache, voc []uint32, vi *vpInfo, pos []float32, lo, hi int) int {
	return lo
}
