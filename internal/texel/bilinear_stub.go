//go:build !(goexperiment.simd && amd64)

package texel

// leaveSIMD is a no-op without GOEXPERIMENT=simd.
func leaveSIMD() {}
