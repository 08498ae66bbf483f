package fmath

import "math"

//go:generate go run gen_lanes.go

// Clamp returns fmin(fmax(x, lo), hi) (common clamp; NaN x gives lo).
func Clamp(x, lo, hi float32) float32 { return Fmin(Fmax(x, lo), hi) }

// Mix returns x + (y − x)·a, the linear blend (no fused multiply-add).
func Mix(x, y, a float32) float32 { return x + float32((y-x)*a) }

// Saturate clamps x to [0, 1]; NaN gives 0.
func Saturate(x float32) float32 { return Fmin(Fmax(x, 0), 1) }

// Sign returns 1 for x > 0, −1 for x < 0, x itself for ±0 and 0 for NaN.
func Sign(x float32) float32 {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	case x == 0:
		return x
	}
	return 0
}

// Smoothstep returns t·t·(3 − 2t) with t = clamp((x − e0)/(e1 − e0), 0, 1).
func Smoothstep(e0, e1, x float32) float32 {
	t := Clamp((x-e0)/(e1-e0), 0, 1)
	return float32(t*t) * (3 - float32(2*t))
}

// Step returns 0 if x < edge, else 1.
func Step(edge, x float32) float32 {
	if x < edge {
		return 0
	}
	return 1
}

// IsFinite reports whether x is neither infinite nor NaN.
func IsFinite(x float32) bool { return math.Float32bits(x)&0x7f800000 != 0x7f800000 }

// IsInf reports whether x is ±∞.
func IsInf(x float32) bool { return math.Float32bits(x)&0x7fffffff == 0x7f800000 }

// IsNaN reports whether x is a NaN.
func IsNaN(x float32) bool { return math.Float32bits(x)&0x7fffffff > 0x7f800000 }

// IsNormal reports whether x is a normal float32 (not zero, subnormal,
// infinite or NaN).
func IsNormal(x float32) bool {
	e := math.Float32bits(x) & 0x7f800000
	return e != 0 && e != 0x7f800000
}

// IsNormalHalf reports whether the half value x (carried as float32) is a
// normal binary16 number: 2^−14 ≤ |x| ≤ 65504.
func IsNormalHalf(x float32) bool {
	a := Fabs(x)
	return a >= 0x1p-14 && a <= 65504
}

// Signbit reports whether the sign bit of x is set (also for −0 and NaN).
func Signbit(x float32) bool { return math.Float32bits(x)>>31 != 0 }

// IsOrdered reports whether neither x nor y is NaN.
func IsOrdered(x, y float32) bool { return x == x && y == y }

// IsUnordered reports whether x or y is NaN.
func IsUnordered(x, y float32) bool { return x != x || y != y }
