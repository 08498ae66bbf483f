package fmath

import (
	"math/bits"
	"unsafe"
)

// Signed is the set of MSL signed integer types (char, short, int, long).
type Signed interface {
	~int8 | ~int16 | ~int32 | ~int64
}

// Unsigned is the set of MSL unsigned integer types (uchar, ushort, uint, ulong).
type Unsigned interface {
	~uint8 | ~uint16 | ~uint32 | ~uint64
}

// Integer is every MSL integer type.
type Integer interface {
	Signed | Unsigned
}

// width returns the bit width of T.
func width[T Integer]() uint { var z T; return uint(unsafe.Sizeof(z)) * 8 }

// isSigned reports whether T is a signed type.
func isSigned[T Integer]() bool { var z T; return z-1 < 0 }

// maxOf returns the largest value of T.
func maxOf[T Integer]() T {
	if isSigned[T]() {
		return T(1)<<(width[T]()-1) - 1
	}
	var z T
	return ^z
}

// minOf returns the smallest value of T.
func minOf[T Integer]() T {
	if isSigned[T]() {
		return ^maxOf[T]()
	}
	return 0
}

// ubits returns x's bit pattern zero-extended to 64 bits.
func ubits[T Integer](x T) uint64 {
	w := width[T]()
	if w == 64 {
		return uint64(x)
	}
	return uint64(x) & (1<<w - 1)
}

// AbsInt returns |x|; abs of the most negative value wraps to itself.
func AbsInt[T Integer](x T) T {
	if x < 0 {
		return -x
	}
	return x
}

// Absdiff returns |x − y| without overflow. The result's bit pattern is the
// unsigned difference (MSL returns the unsigned type; reinterpret it).
func Absdiff[T Integer](x, y T) T {
	if x > y {
		return x - y
	}
	return y - x
}

// AddSat returns x + y saturated to the range of T.
func AddSat[T Integer](x, y T) T {
	s := x + y
	if isSigned[T]() {
		if (x < 0) == (y < 0) && (s < 0) != (x < 0) {
			if x < 0 {
				return minOf[T]()
			}
			return maxOf[T]()
		}
		return s
	}
	if s < x {
		return maxOf[T]()
	}
	return s
}

// SubSat returns x − y saturated to the range of T.
func SubSat[T Integer](x, y T) T {
	d := x - y
	if isSigned[T]() {
		if (x < 0) != (y < 0) && (d < 0) != (x < 0) {
			if x < 0 {
				return minOf[T]()
			}
			return maxOf[T]()
		}
		return d
	}
	if y > x {
		return 0
	}
	return d
}

// ClampInt returns min(max(x, lo), hi).
func ClampInt[T Integer](x, lo, hi T) T { return min(max(x, lo), hi) }

// Clz returns the number of leading zero bits of x (the width for 0).
func Clz[T Integer](x T) T {
	return T(bits.LeadingZeros64(ubits(x)) - (64 - int(width[T]())))
}

// Ctz returns the number of trailing zero bits of x (the width for 0).
func Ctz[T Integer](x T) T {
	u := ubits(x)
	if u == 0 {
		return T(width[T]())
	}
	return T(bits.TrailingZeros64(u))
}

// Popcount returns the number of set bits of x.
func Popcount[T Integer](x T) T { return T(bits.OnesCount64(ubits(x))) }

// ExtractBits returns bits [off, off+n−1] of x moved to the least
// significant end, zero-extended for unsigned T and sign-extended for signed
// T. n == 0 gives 0. off+n beyond the width is undefined in MSL; here the
// bits beyond the top read as the sign (signed) or zero (unsigned).
func ExtractBits[T Integer](x T, off, n uint) T {
	w := width[T]()
	if n == 0 || off >= w {
		return 0
	}
	n = min(n, w-off)
	v := x >> off // arithmetic for signed
	if n == w {
		return v
	}
	sh := w - n
	return v << sh >> sh // sign- or zero-extends from bit n−1
}

// InsertBits returns base with bits [off, off+n−1] replaced by the low n
// bits of ins. n == 0 gives base.
func InsertBits[T Integer](base, ins T, off, n uint) T {
	w := width[T]()
	if n == 0 || off >= w {
		return base
	}
	n = min(n, w-off)
	var mask uint64
	if n == 64 {
		mask = ^uint64(0)
	} else {
		mask = (1<<n - 1) << off
	}
	return T(ubits(base)&^mask | ubits(ins)<<off&mask)
}

// Hadd returns (x + y) >> 1 without intermediate overflow.
func Hadd[T Integer](x, y T) T { return x>>1 + y>>1 + x&y&1 }

// Rhadd returns (x + y + 1) >> 1 without intermediate overflow.
func Rhadd[T Integer](x, y T) T { return x>>1 + y>>1 + (x|y)&1 }

// Mulhi returns the high half of the full 2·width-bit product x·y.
func Mulhi[T Integer](x, y T) T {
	w := width[T]()
	if w < 64 {
		if isSigned[T]() {
			return T((int64(x) * int64(y)) >> w)
		}
		return T((uint64(x) * uint64(y)) >> w)
	}
	hi, _ := bits.Mul64(uint64(x), uint64(y))
	if isSigned[T]() {
		// signed correction of the unsigned high word
		if x < 0 {
			hi -= uint64(y)
		}
		if y < 0 {
			hi -= uint64(x)
		}
	}
	return T(hi)
}

// Madhi returns Mulhi(a, b) + c (wrapping).
func Madhi[T Integer](a, b, c T) T { return Mulhi(a, b) + c }

// Madsat returns a·b + c saturated to the range of T.
func Madsat[T Integer](a, b, c T) T {
	w := width[T]()
	if w < 32 || (w == 32 && isSigned[T]()) {
		// exact in int64: |a·b| < 2^62, + |c| < 2^31
		v := int64(a)*int64(b) + int64(c)
		return T(max(min(v, int64(maxOf[T]())), int64(minOf[T]())))
	}
	if w == 32 { // unsigned 32: a·b + c ≤ 2^64 − 2^32, fits uint64
		v := uint64(a)*uint64(b) + uint64(c)
		return T(min(v, uint64(maxOf[T]())))
	}
	if !isSigned[T]() {
		hi, lo := bits.Mul64(uint64(a), uint64(b))
		lo, carry := bits.Add64(lo, uint64(c), 0)
		if hi != 0 || carry != 0 {
			return maxOf[T]()
		}
		return T(lo)
	}
	// signed 64: sign-magnitude 128-bit product plus c.
	neg := (a < 0) != (b < 0)
	ua, ub := uint64(a), uint64(b)
	if a < 0 {
		ua = -ua
	}
	if b < 0 {
		ub = -ub
	}
	hi, lo := bits.Mul64(ua, ub)
	if neg { // two's complement negate the 128-bit value
		lo = ^lo + 1
		hi = ^hi
		if lo == 0 {
			hi++
		}
	}
	// add sign-extended c
	ch := uint64(0)
	if c < 0 {
		ch = ^uint64(0)
	}
	var carry uint64
	lo, carry = bits.Add64(lo, uint64(c), 0)
	hi, _ = bits.Add64(hi, ch, carry)
	// the 128-bit value fits int64 iff hi is the sign extension of lo
	if int64(hi) != int64(lo)>>63 {
		if int64(hi) < 0 {
			return minOf[T]()
		}
		return maxOf[T]()
	}
	return T(lo)
}

// Mul24 multiplies the low 24 bits of x and y (sign-extended from bit 23 for
// signed types), the behaviour MSL defines when both fit in 24 bits.
func Mul24[T ~int32 | ~uint32](x, y T) T { return low24(x) * low24(y) }

// Mad24 returns Mul24(x, y) + z.
func Mad24[T ~int32 | ~uint32](x, y, z T) T { return low24(x)*low24(y) + z }

func low24[T ~int32 | ~uint32](x T) T { return x << 8 >> 8 }

// Max3 returns the largest of x, y, z.
func Max3[T Integer](x, y, z T) T { return max(x, y, z) }

// Min3 returns the smallest of x, y, z.
func Min3[T Integer](x, y, z T) T { return min(x, y, z) }

// Median3 returns the middle value of x, y, z.
func Median3[T Integer](x, y, z T) T { return max(min(x, y), min(max(x, y), z)) }

// ReverseBits reverses the bit order of x within its width.
func ReverseBits[T Integer](x T) T {
	return T(bits.Reverse64(ubits(x)) >> (64 - width[T]()))
}

// Rotate rotates x left by i bits (i taken modulo the width; negative i
// rotates right).
func Rotate[T Integer](x, i T) T {
	w := width[T]()
	s := uint(ubits(i)) % w // width is a power of two: modulo of the bit pattern
	if s == 0 {
		return x
	}
	u := ubits(x)
	return T(u<<s | u>>(w-s))
}
