//go:build amd64 && !goexperiment.simd

package fmath

import "golang.org/x/sys/cpu"

// Builds without GOEXPERIMENT=simd on amd64: the square-root kernels run
// in assembly on AVX CPUs (accel_amd64.s: VSQRTPS and VDIVPS round as the
// scalar code does; a float64 square root rounded to float32 is the
// correctly rounded float32 one); every other accel function writes nothing
// and returns 0, and the lane loops compute those lanes with the scalar
// code.

func accelFastExp2(dst, x []float32) int    { return 0 }
func accelFastLog2(dst, x []float32) int    { return 0 }
func accelFastExp(dst, x []float32) int     { return 0 }
func accelFastLog(dst, x []float32) int     { return 0 }
func accelFastSin(dst, x []float32) int     { return 0 }
func accelFastCos(dst, x []float32) int     { return 0 }
func accelFastSincos(s, c, x []float32) int { return 0 }
func accelRoundHalf(dst, x []float32) int   { return 0 }
func accelFastPow(dst, x, y []float32) int  { return 0 }
func accelFastPowr(dst, x, y []float32) int { return 0 }

// HasSIMD reports whether the lane loops use SIMD kernels in this build
// (the square roots' assembly does not count).
func HasSIMD() bool { return false }

// useAVX says the square-root kernels can run (AVX2: a register broadcast).
var useAVX = cpu.X86.HasAVX2

//go:noescape
func sqrt8(dst, x *float32, n int)

//go:noescape
func rsqrt8(dst, x *float32, n int)

func accelSqrt(dst, x []float32) int {
	n := len(dst) &^ 7
	if !useAVX || n == 0 || len(x) < n {
		return 0
	}
	sqrt8(&dst[0], &x[0], n)
	return n
}

func accelFastSqrt(dst, x []float32) int { return accelSqrt(dst, x) }

// accelFastRsqrt: 1 / sqrt(x) with a correctly rounded sqrt and divide, as
// the scalar FastRsqrt.
func accelFastRsqrt(dst, x []float32) int {
	n := len(dst) &^ 7
	if !useAVX || n == 0 || len(x) < n {
		return 0
	}
	rsqrt8(&dst[0], &x[0], n)
	return n
}
