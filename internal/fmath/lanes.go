package fmath

// Lane loops for the functions with several results or integer operands.
// The generated single-result loops are in lanes_gen.go. Every loop writes
// len(dst) (or len of the first result) elements; the inputs must be at least
// that long.

// SincosLanes sets s[i], c[i] = Sincos(x[i]); len(c) must be ≥ len(s).
func SincosLanes(s, c, x []float32) {
	x, c = x[:len(s)], c[:len(s)]
	for i, v := range x {
		s[i], c[i] = Sincos(v)
	}
}

// FastSincosLanes sets s[i], c[i] = FastSincos(x[i]); len(c) must be ≥ len(s).
func FastSincosLanes(s, c, x []float32) {
	x, c = x[:len(s)], c[:len(s)]
	for i := accelFastSincos(s, c, x); i < len(s); i++ {
		s[i], c[i] = FastSincos(x[i])
	}
}

// FrexpLanes sets frac[i], exp[i] = Frexp(x[i]).
func FrexpLanes(frac []float32, exp []int32, x []float32) {
	x, exp = x[:len(frac)], exp[:len(frac)]
	for i, v := range x {
		frac[i], exp[i] = Frexp(v)
	}
}

// ModfLanes sets frac[i], ip[i] = Modf(x[i]).
func ModfLanes(frac, ip, x []float32) {
	x, ip = x[:len(frac)], ip[:len(frac)]
	for i, v := range x {
		frac[i], ip[i] = Modf(v)
	}
}

// LdexpLanes sets dst[i] = Ldexp(x[i], k[i]).
func LdexpLanes(dst, x []float32, k []int32) {
	x, k = x[:len(dst)], k[:len(dst)]
	for i, v := range x {
		dst[i] = Ldexp(v, k[i])
	}
}

// IlogbLanes sets dst[i] = Ilogb(x[i]).
func IlogbLanes(dst []int32, x []float32) {
	x = x[:len(dst)]
	for i, v := range x {
		dst[i] = Ilogb(v)
	}
}

// AddSatLanes sets dst[i] = AddSat(x[i], y[i]).
func AddSatLanes[T Integer](dst, x, y []T) {
	x, y = x[:len(dst)], y[:len(dst)]
	for i := range dst {
		dst[i] = AddSat(x[i], y[i])
	}
}

// SubSatLanes sets dst[i] = SubSat(x[i], y[i]).
func SubSatLanes[T Integer](dst, x, y []T) {
	x, y = x[:len(dst)], y[:len(dst)]
	for i := range dst {
		dst[i] = SubSat(x[i], y[i])
	}
}

// MulhiLanes sets dst[i] = Mulhi(x[i], y[i]).
func MulhiLanes[T Integer](dst, x, y []T) {
	x, y = x[:len(dst)], y[:len(dst)]
	for i := range dst {
		dst[i] = Mulhi(x[i], y[i])
	}
}

// ClzLanes sets dst[i] = Clz(x[i]).
func ClzLanes[T Integer](dst, x []T) {
	x = x[:len(dst)]
	for i, v := range x {
		dst[i] = Clz(v)
	}
}

// CtzLanes sets dst[i] = Ctz(x[i]).
func CtzLanes[T Integer](dst, x []T) {
	x = x[:len(dst)]
	for i, v := range x {
		dst[i] = Ctz(v)
	}
}

// PopcountLanes sets dst[i] = Popcount(x[i]).
func PopcountLanes[T Integer](dst, x []T) {
	x = x[:len(dst)]
	for i, v := range x {
		dst[i] = Popcount(v)
	}
}

// ReverseBitsLanes sets dst[i] = ReverseBits(x[i]).
func ReverseBitsLanes[T Integer](dst, x []T) {
	x = x[:len(dst)]
	for i, v := range x {
		dst[i] = ReverseBits(v)
	}
}
