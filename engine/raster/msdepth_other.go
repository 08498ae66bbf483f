//go:build !amd64

package raster

var useDepthAsm = false

func depthRowsAVX2(k *depthKern, c *depthConsts, z *float32, masks *uint64, h int) uint64 {
	panic("unreachable")
}
