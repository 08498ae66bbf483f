//go:build !amd64

package fmath

// Pure-Go builds have no SIMD kernels: every accel function writes nothing
// and returns 0, and the lane loops compute every lane with the scalar code.

func accelFastExp2(dst, x []float32) int    { return 0 }
func accelFastLog2(dst, x []float32) int    { return 0 }
func accelFastExp(dst, x []float32) int     { return 0 }
func accelFastLog(dst, x []float32) int     { return 0 }
func accelFastSin(dst, x []float32) int     { return 0 }
func accelFastCos(dst, x []float32) int     { return 0 }
func accelFastSincos(s, c, x []float32) int { return 0 }
func accelFastRsqrt(dst, x []float32) int   { return 0 }
func accelFastSqrt(dst, x []float32) int    { return 0 }
func accelSqrt(dst, x []float32) int        { return 0 }
func accelRoundHalf(dst, x []float32) int   { return 0 }
func accelFastPow(dst, x, y []float32) int  { return 0 }
func accelFastPowr(dst, x, y []float32) int { return 0 }

// HasSIMD reports whether the lane loops use SIMD kernels in this build.
func HasSIMD() bool { return false }
