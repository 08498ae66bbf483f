package raster

import "golang.org/x/sys/cpu"

// useQuantAsm selects the AVX2 kernel of unorm8Lin.
var useQuantAsm = cpu.X86.HasAVX2

// unorm8LinAVX2 is unorm8LinGo over n values, n a multiple of 4.
//
//go:noescape
func unorm8LinAVX2(dst, src *float32, n int)

// unorm8Lin sets dst[i] to the value an RGBA8Unorm texel stores for
// src[i]: float32(unorm8(src[i])) / 255.
func unorm8Lin(dst, src []float32) {
	n := len(src)
	dst = dst[:n]
	i := 0
	if useQuantAsm && n >= 4 {
		i = n &^ 3
		unorm8LinAVX2(&dst[0], &src[0], i)
	}
	unorm8LinGo(dst[i:], src[i:])
}
