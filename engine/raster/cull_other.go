//go:build !amd64

package raster

var useCullAsm = false

func cullListAVX2(ix *uint32, vc *vpos, groups int, nv int, keepPos, keepNeg uint32, out *uint16) int {
	return 0
}
