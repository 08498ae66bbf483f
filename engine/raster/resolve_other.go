//go:build !amd64

package raster

var useResolveAsm = false

func resolveF32AVX(dst *byte, src *float32, n, ns int, inv float32) { panic("unreachable") }
