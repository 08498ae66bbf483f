package lane

// Direct entry points to the 64-lane assembly kernels, for an executor's
// run loop: one call per op straight into the kernel, without the slice
// headers, length checks and kernel choice of the slice functions (about
// 2.5 ns per op on the AMD host). Each pointer is the first of 64 lanes
// that the caller guarantees lie inside one allocation; they compute what
// the slice functions of the same name compute, bit for bit (they are the
// kernels those use). Call them only while Direct64 is true.

// Direct64 reports whether the direct kernels may be called: an AVX2 CPU
// (the assembly kernels) and not the census build, whose float ops go
// through the slice functions to be counted.
var Direct64 = useAsm && !censusOn

// DirectFMA64 reports whether FmaF32x64 may be called (Direct64 and the
// FMA extension).
var DirectFMA64 = useAsmFMA && !censusOn

// AddF32x64 is AddF32 on 64 lanes of float32 bits.
func AddF32x64(d, a, b *uint32) { addF32x64(d, a, b) }

// SubF32x64 is SubF32 on 64 lanes of float32 bits.
func SubF32x64(d, a, b *uint32) { subF32x64(d, a, b) }

// MulF32x64 is MulF32 on 64 lanes of float32 bits.
func MulF32x64(d, a, b *uint32) { mulF32x64(d, a, b) }

// DivF32x64 is DivF32 on 64 lanes of float32 bits.
func DivF32x64(d, a, b *uint32) { divF32x64(d, a, b) }

// MinF32x64 is MinF32 on 64 lanes of float32 bits.
func MinF32x64(d, a, b *uint32) { minF32x64(d, a, b) }

// MaxF32x64 is MaxF32 on 64 lanes of float32 bits.
func MaxF32x64(d, a, b *uint32) { maxF32x64(d, a, b) }

// ClampF32x64 is ClampF32 on 64 lanes of float32 bits.
func ClampF32x64(d, a, b, c *uint32) { clampF32x64(d, a, b, c) }

// LtF32x64 is LtF32 on 64 lanes of float32 bits.
func LtF32x64(d, a, b *uint32) { ltF32x64(d, a, b) }

// LeF32x64 is LeF32 on 64 lanes of float32 bits.
func LeF32x64(d, a, b *uint32) { leF32x64(d, a, b) }

// FmaF32x64 is FmaF32 on 64 lanes (only while DirectFMA64).
func FmaF32x64(d, a, b, c *float32) { fmaF32x64(d, a, b, c) }

// MulAddF32x64 is MulAddF32 on 64 lanes.
func MulAddF32x64(d, a, b, c *float32) { mulAddF32x64(d, a, b, c) }

// AddMulF32x64 is AddMulF32 on 64 lanes.
func AddMulF32x64(d, a, b, c *float32) { addMulF32x64(d, a, b, c) }

// MulSubF32x64 is MulSubF32 on 64 lanes.
func MulSubF32x64(d, a, b, c *float32) { mulSubF32x64(d, a, b, c) }

// SubMulF32x64 is SubMulF32 on 64 lanes.
func SubMulF32x64(d, a, b, c *float32) { subMulF32x64(d, a, b, c) }

// AddU32x64 is AddU32 (and AddI32) on 64 lanes.
func AddU32x64(d, a, b *uint32) { addI32x64(d, a, b) }

// SubU32x64 is SubU32 on 64 lanes.
func SubU32x64(d, a, b *uint32) { subI32x64(d, a, b) }

// MulU32x64 is MulU32 on 64 lanes.
func MulU32x64(d, a, b *uint32) { mulI32x64(d, a, b) }

// AndU32x64 is AndU32 on 64 lanes.
func AndU32x64(d, a, b *uint32) { andI32x64(d, a, b) }

// OrU32x64 is OrU32 on 64 lanes.
func OrU32x64(d, a, b *uint32) { orI32x64(d, a, b) }

// XorU32x64 is XorU32 on 64 lanes.
func XorU32x64(d, a, b *uint32) { xorI32x64(d, a, b) }

// XorMulU32x64 is XorMulU32 on 64 lanes.
func XorMulU32x64(d, a, b *uint32) { xorMulI32x64(d, a, b) }

// XorShrU32x64 is XorShrU32 on 64 lanes.
func XorShrU32x64(d, a, b *uint32) { xorShrU32x64(d, a, b) }

// ShlU32x64 is ShlU32 on 64 lanes.
func ShlU32x64(d, a, b *uint32) { shlI32x64(d, a, b) }

// ShrU32x64 is ShrU32 on 64 lanes.
func ShrU32x64(d, a, b *uint32) { shrU32x64(d, a, b) }

// Select32x64 is Select32 on 64 lanes.
func Select32x64(d, c, a, b *uint32) { select32x64(d, c, a, b) }

// MoveMasked32x64 is MoveMasked32 on 64 lanes.
func MoveMasked32x64(d, s *uint32, m Mask) { moveMasked32x64(d, s, uint64(m)) }

// MinI32x64 sets d[i] = min(a[i], b[i]) on 64 lanes of int32 bits.
func MinI32x64(d, a, b *uint32) { minI32x64(d, a, b) }

// MaxI32x64 sets d[i] = max(a[i], b[i]) on 64 lanes of int32 bits.
func MaxI32x64(d, a, b *uint32) { maxI32x64(d, a, b) }

// MinU32x64 sets d[i] = min(a[i], b[i]) on 64 lanes of uint32.
func MinU32x64(d, a, b *uint32) { minU32x64(d, a, b) }

// MaxU32x64 sets d[i] = max(a[i], b[i]) on 64 lanes of uint32.
func MaxU32x64(d, a, b *uint32) { maxU32x64(d, a, b) }

// EqF32x64 is Eq on 64 lanes of float32 bits (0 with a NaN).
func EqF32x64(d, a, b *uint32) { eqF32x64(d, a, b) }

// NeF32x64 is Ne on 64 lanes of float32 bits (1 with a NaN).
func NeF32x64(d, a, b *uint32) { neF32x64(d, a, b) }

// EqU32x64 is Eq on 64 lanes of 32-bit integers.
func EqU32x64(d, a, b *uint32) { eqU32x64(d, a, b) }

// NeU32x64 is Ne on 64 lanes of 32-bit integers.
func NeU32x64(d, a, b *uint32) { neU32x64(d, a, b) }

// SextI32x64 sets d[i] = uint64(int64(int32(a[i]))) on 64 lanes.
func SextI32x64(d *uint64, a *uint32) { sext64x64(d, a) }

// FtoI32x64 converts 64 lanes of float32 bits to int32 as the executor
// does: NaN to 0, x >= 2^31 to MaxInt32, x <= -2^31 to MinInt32, others
// truncated toward zero.
func FtoI32x64(d, a *uint32) { ftoI32x64(d, a) }

// Copy32x64 copies 64 lanes of 32 bits from s to d (the same vector or
// disjoint ones).
func Copy32x64(d, s *uint32) { copy32x64(d, s) }

// Copy64x64 copies 64 lanes of 64 bits from s to d (the same vector or
// disjoint ones).
func Copy64x64(d, s *uint64) { copy64x64(d, s) }

// LtI32x64 is LtI32 (bool lanes) on 64 lanes of int32 bits.
func LtI32x64(d, a, b *uint32) { ltI32x64(d, a, b) }

// LeI32x64 is LeI32 (bool lanes) on 64 lanes of int32 bits.
func LeI32x64(d, a, b *uint32) { leI32x64(d, a, b) }

// LtU32x64 is LtU32 (bool lanes) on 64 lanes.
func LtU32x64(d, a, b *uint32) { ltU32x64(d, a, b) }

// LeU32x64 is LeU32 (bool lanes) on 64 lanes.
func LeU32x64(d, a, b *uint32) { leU32x64(d, a, b) }
