package fmath

import "math"

// FloatToInt converts f to the integer type T rounding toward zero and
// saturating to T's range; NaN gives 0 (MSL §8.6 and convert_T_sat).
//
// Plain MSL float→int conversions have undefined results out of range; Go's
// own conversion then differs between platforms, so the executor should use
// this function for them too, keeping results deterministic.
func FloatToInt[T Integer](f float32) T {
	x := f64(f)
	switch {
	case x != x:
		return 0
	case x <= float64(minOf[T]()):
		return minOf[T]()
	case x >= float64(maxOf[T]()):
		// float64(max) rounds up to 2^w (or 2^(w−1)) for 64-bit types, so ≥ is right.
		return maxOf[T]()
	}
	return T(x) // in range: Go truncates toward zero
}

// Float64ToInt is FloatToInt for a float64 source (used for constant folding
// and double-precision intermediates).
func Float64ToInt[T Integer](x float64) T {
	switch {
	case x != x:
		return 0
	case x <= float64(minOf[T]()):
		return minOf[T]()
	case x >= float64(maxOf[T]()):
		return maxOf[T]()
	}
	return T(x)
}

// IntToIntSat converts x to D saturating to D's range (convert_D_sat).
func IntToIntSat[D, S Integer](x S) D {
	if isSigned[S]() {
		v := int64(x)
		if isSigned[D]() {
			return D(max(min(v, int64(maxOf[D]())), int64(minOf[D]())))
		}
		if v < 0 {
			return 0
		}
		return D(min(uint64(v), uint64(maxOf[D]())))
	}
	v := uint64(x)
	if isSigned[D]() {
		return D(min(v, uint64(maxOf[D]())))
	}
	return D(min(v, uint64(maxOf[D]())))
}

// FloatToIntLanes sets dst[i] = FloatToInt[T](x[i]) for i < len(dst).
func FloatToIntLanes[T Integer](dst []T, x []float32) {
	x = x[:len(dst)]
	for i, v := range x {
		dst[i] = FloatToInt[T](v)
	}
}

// IntToFloat converts x to float32 rounding to nearest even (exact for
// |x| ≤ 2^24), identical on every platform.
func IntToFloat[T Integer](x T) float32 {
	if isSigned[T]() {
		return float32(int64(x))
	}
	return float32(uint64(x))
}

// FloatToIntRTNE rounds f to the nearest integer (ties to even) and
// saturates to T; NaN gives 0. Used by normalized-integer encoders.
func FloatToIntRTNE[T Integer](f float32) T {
	return Float64ToInt[T](math.RoundToEven(f64(f)))
}
