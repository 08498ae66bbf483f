//go:build !(goexperiment.simd && amd64)

package texel

// bilinear8 is the AVX2 kernel of GOEXPERIMENT=simd builds on amd64; here
// it does nothing, and the scalar loop samples every lane.
func (k *bilinearRGBA8) bilinear8(int) bool { return false }
