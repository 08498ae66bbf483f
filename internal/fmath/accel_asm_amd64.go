//go:build amd64 && !goexperiment.simd

package fmath

import "golang.org/x/sys/cpu"

// Builds without GOEXPERIMENT=simd on amd64: the square-root kernels and
// fast::exp2 and fast::log2 (the two halves of fast::pow as the executor
// runs it) run in assembly on AVX2 CPUs (accel_amd64.s: VSQRTPS and VDIVPS
// round as the scalar code does, a float64 square root rounded to float32
// being the correctly rounded float32 one; exp2 and log2 are the scalar
// operations in the scalar order, bit for bit); every other accel function
// writes nothing and returns 0, and the lane loops compute those lanes with
// the scalar code.

func accelFastExp(dst, x []float32) int     { return 0 }
func accelFastLog(dst, x []float32) int     { return 0 }
func accelFastSin(dst, x []float32) int     { return 0 }
func accelFastCos(dst, x []float32) int     { return 0 }
func accelFastSincos(s, c, x []float32) int { return 0 }
func accelRoundHalf(dst, x []float32) int   { return 0 }
func accelFastPow(dst, x, y []float32) int  { return 0 }
func accelFastPowr(dst, x, y []float32) int { return 0 }

// HasSIMD reports whether the lane loops use SIMD kernels in this build
// (the assembly of the square roots, exp2 and log2 does not count).
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

//go:noescape
func exp2x8(dst, x *float32, n int)

//go:noescape
func log2x8(dst, x *float32, n int) int

// accelFastExp2 computes every whole group of 8 lanes in assembly
// (exp2x8), special inputs included.
func accelFastExp2(dst, x []float32) int {
	n := len(dst) &^ 7
	if !useAVX || n == 0 || len(x) < n {
		return 0
	}
	exp2x8(&dst[0], &x[0], n)
	return n
}

// accelFastLog2 computes the whole groups of 8 lanes in assembly
// (log2x8), each group holding a positive subnormal with the scalar code.
func accelFastLog2(dst, x []float32) int {
	n := len(dst) &^ 7
	if !useAVX || n == 0 || len(x) < n {
		return 0
	}
	for i := 0; i < n; {
		i += log2x8(&dst[i], &x[i], n-i)
		if i < n {
			for j := i; j < i+8; j++ {
				dst[j] = FastLog2(x[j])
			}
			i += 8
		}
	}
	return n
}
