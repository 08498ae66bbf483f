//go:build !amd64

package raster

// unorm8Lin sets dst[i] to the value an RGBA8Unorm texel stores for
// src[i]: float32(unorm8(src[i])) / 255.
func unorm8Lin(dst, src []float32) { unorm8LinGo(dst, src) }
