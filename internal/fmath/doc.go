// Package fmath is the numeric core of the Metal Shading Language standard
// library: IEEE binary16 (half) and bfloat16 conversions, float32 math
// functions in precise:: and fast:: flavours, common, integer, relational and
// packing functions, saturated conversions, and sRGB transfer functions.
//
// It is shared by the SIMD-lane executor, the reference interpreter, the
// texture sampler and the rasterizer, and imports nothing of the project.
//
// # Naming
//
//   - Scalar precise:: functions carry the MSL name: [Sin], [Exp2], [Fma], …
//   - Scalar fast:: functions add a Fast prefix: [FastSin], [FastExp2], …
//     Functions whose fast:: and precise:: versions coincide in Table 8.2
//     (ceil, floor, fma, fmax, fract, …) have only the precise name.
//   - Lane loops add a Lanes suffix and write len(dst) results:
//     SinLanes(dst, x), FastPowLanes(dst, x, y), FmaLanes(dst, a, b, c),
//     SincosLanes(s, c, x), FrexpLanes(frac, exp, x). They never allocate
//     and call the scalar function directly (no function values).
//   - In GOEXPERIMENT=simd builds on AVX2 CPUs ([HasSIMD]) the lane loops of
//     FastExp, FastExp2, FastLog, FastLog2, FastPow, FastPowr, FastSin,
//     FastCos, FastSincos, FastSqrt, FastRsqrt and Sqrt process groups of 8
//     lanes with archsimd kernels (accel_simd_amd64.go). They perform the
//     scalar function's float32 operations in the same order without FMA, so
//     results are bit-identical to the pure-Go build (tested); groups with
//     special inputs fall back to the scalar code.
//   - Integer functions are generic over [Integer] (8–64-bit, signed and
//     unsigned): [AddSat], [Clz], [Mulhi], [ExtractBits], …; the integer
//     forms of abs and clamp are [AbsInt] and [ClampInt].
//
// # Determinism
//
// Every function gives the same bits on every platform and for any number of
// workers. Go may fuse x*y+z into an FMA on some architectures; every product
// that feeds an addition here is wrapped in an explicit float32 (or float64)
// conversion, which the Go specification says prevents fusion. Conversions
// from float to integer go through [FloatToInt], because Go's own conversion
// of out-of-range values differs between platforms.
//
// # Half precision
//
// Half values are carried as uint16 bit patterns ([Half]) or as float32
// values already rounded to half ([RoundHalf]). A single +, −, ×, ÷ or sqrt
// computed in float32 and then rounded to half is correctly rounded: float32
// has 24 significand bits ≥ 2·11+2, so double rounding is harmless. A float32
// math function with ≤ 3 float32 ulp of error followed by RoundHalf stays
// within Table 8.3's 1 half ulp. [FractHalf] and [NextafterHalf] are the two
// functions that need a half-specific version.
//
// # Measured accuracy
//
// Errors are measured by the tests against float64 references over random
// and edge inputs (200 000 draws per input class; domains in ulp_test.go and
// math_test.go), in float32 ulps as §8.4 defines them. The asserted bound of
// each function is its measured maximum rounded up. Spec bounds are those of
// MSL Table 8.1 (precise) and Table 8.2 (fast).
//
//	function          precise measured  spec | fast measured               spec
//	acos              0.50              4    | 1.24                        5
//	acosh             0.50              4    | 2.07                        log formula
//	asin              0.50              4    | 2.32                        5
//	asinh             0.50              4    | 3.27                        log formula
//	atan              0.50              5    | 2.67                        5
//	atan2             0.50              6    | 2.50                        atan formula
//	atanh             0.50              5    | 1.29                        log formula
//	cos, sin          0.50              4    | 1.47, 1.32 on [−π,π]        abs 2^-13 on [−π,π]
//	                                         | abs ≤ 2^-23.7 on [−8192,8192]
//	cospi, sinpi      0.50              4    | abs ≤ 2^-23.4               abs 2^-13 on [−1,1]
//	cosh, sinh        0.50              4    | 1.32, 1.58                  exp formula
//	exp               0.50              4    | 0.95                        3+⌊|2x|⌋
//	exp2              0.50              4    | 1.18                        3+⌊|2x|⌋
//	exp10             0.50              4    | 1.49                        exp2 formula
//	log               0.50              4    | 0.80 (abs 2^-24.6 on [½,2]) 3 (abs 2^-21)
//	log2              0.50              4    | 1.16 (abs 2^-24.0 on [½,2]) 2 (abs 2^-22)
//	log10             0.50              4    | 2.16                        log2 formula
//	pow, powr         0.50              16   | exp2(y·log2 x), checked     formula
//	rsqrt             correctly rounded cr   | 1.47                        2
//	sqrt              correctly rounded cr   | correctly rounded           x·rsqrt(x)
//	tan               0.50              6    | 2.99 (|x| < π/2−0.01)       sin·(1/cos)
//	tanpi             0.50              6    | 4.03 (|x| < 0.49)           tan formula
//	tanh              0.50              5    | 1.26                        exp formula
//	fma               correctly rounded (exact check vs math/big)
//	divide            correctly rounded      | correctly rounded           2.5
//	ceil floor trunc round rint fract fmod fdim fmax fmin copysign frexp
//	ilogb ldexp modf nextafter: exact (0 ulp)
//
// The precise exp, exp2, exp10, log, log2, log10, sin, cos, sincos, tan, pow
// and powr evaluate float64 series kernels (kernels64.go, relative error
// < 2^-40) and round once; they are measured against Go's float64 math, an
// independent implementation: ≤ 0.50000 ulp on the random classes and on a
// scan of every 61st float32 bit pattern (70 M inputs per function; pow with
// eight fixed exponents over every 127th pattern). The other precise
// transcendental functions call Go's float64 math and round once; for them
// the tests verify the wrappers (special values, domains, rounding) against
// the same float64 functions, so their accuracy claim (½ ulp plus Go's
// ≈2^-29 ulp) rests on Go's math. sinpi, cospi and tanpi reduce their
// argument exactly and are checked against independent references. The
// fast:: functions are float32 polynomials (Cephes-style kernels) with a
// float32 Cody–Waite reduction for |x| ≤ 8192 (larger arguments take the
// precise path); they are measured against independent float64 references.
//
// Where Table 8.2 defines a fast function as a formula, that formula is used
// (pow = exp2(y·log2 x), tan = sin·(1/cos), atan2 via atan(y/x)) with two
// deliberate improvements: fast::exp10 splits x·log2(10) exactly (the plain
// formula loses up to 70 ulp at |x| ≈ 37) and the hyperbolic functions use
// short polynomials near 0 where the formulas cancel. NaN and ±∞ inputs give
// IEEE results in both flavours wherever that is free.
package fmath
