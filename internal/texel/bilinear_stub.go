//go:build !(goexperiment.simd && amd64)

package texel

// simdBilinear reports that bilinear64 is the AVX2 kernel (not in this
// build).
const simdBilinear = false

// bilinear64 is the AVX2 kernel of GOEXPERIMENT=simd builds on amd64; here
// it does nothing, and the scalar loop samples every lane.
func (k *bilinearRGBA8) bilinear64(int, uint8) uint8 { return 0 }

// nearest64 is the AVX2 nearest kernel of GOEXPERIMENT=simd builds on
// amd64; here it does nothing.
func (k *nearestRGBA8) nearest64(int, uint8, []float32, []float32) uint8 { return 0 }

// decodeUnorm8SIMD is the vector byte decode of GOEXPERIMENT=simd builds;
// here it reports false.
func decodeUnorm8SIMD(*[8]uint32, *[8]float32) bool { return false }

// leaveSIMD is a no-op without GOEXPERIMENT=simd.
func leaveSIMD() {}
