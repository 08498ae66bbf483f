package kernel

import "math/bits"

// SobolDims is the number of Sobol dimensions the sampler generates
// directly; longer paths pad with independently scrambled 4-D groups
// (Burley 2020, "Practical Hash-based Owen Scrambling").
const SobolDims = 4

// sobolParams are the Joe–Kuo (new-joe-kuo-6.21201) primitive polynomials
// of dimensions 2..4: degree s, coefficients a and initial m values.
// Dimension 1 is the van der Corput sequence.
var sobolParams = [SobolDims - 1]struct {
	s, a uint32
	m    []uint32
}{
	{1, 0, []uint32{1}},
	{2, 1, []uint32{1, 3}},
	{3, 1, []uint32{1, 3, 1}},
}

// SobolDirections returns the 32 direction numbers of each of the first
// SobolDims Sobol dimensions, most significant bit first: bit i of the
// index contributes directions[d][i]. shaders/sampler.h holds the same
// table as constants (a test checks).
func SobolDirections() [SobolDims][32]uint32 {
	var v [SobolDims][32]uint32
	for i := range 32 {
		v[0][i] = 1 << (31 - i)
	}
	for d, p := range sobolParams {
		dv := &v[d+1]
		for i := range 32 {
			if i < int(p.s) {
				dv[i] = p.m[i] << (31 - i)
				continue
			}
			x := dv[i-int(p.s)] ^ dv[i-int(p.s)]>>p.s
			for k := uint32(1); k < p.s; k++ {
				if (p.a>>(p.s-1-k))&1 != 0 {
					x ^= dv[i-int(k)]
				}
			}
			dv[i] = x
		}
	}
	return v
}

var sobolDirs = SobolDirections()

// Sobol returns dimension dim (< SobolDims) of Sobol point index as a
// 32-bit fixed-point fraction.
func Sobol(index, dim uint32) uint32 {
	var x uint32
	for i := 0; index != 0; i, index = i+1, index>>1 {
		if index&1 != 0 {
			x ^= sobolDirs[dim][i]
		}
	}
	return x
}

// laineKarras is the hash-based nested-uniform permutation of a
// bit-reversed value (Vegdahl's improved constants), as in sampler.h.
func laineKarras(x, seed uint32) uint32 {
	x ^= x * 0x3d20adea
	x += seed
	x *= (seed >> 16) | 1
	x ^= x * 0x05526c56
	x ^= x * 0x53a22864
	return x
}

// OwenScramble applies a hash-based Owen (nested uniform) scramble keyed
// by seed to a 32-bit fixed-point value: each bit is flipped by a hash of
// the bits above it, so stratification of the input is preserved.
func OwenScramble(x, seed uint32) uint32 {
	return bits.Reverse32(laineKarras(bits.Reverse32(x), seed))
}

// HashCombine mixes v into seed (as sampler.h hash_combine).
func HashCombine(seed, v uint32) uint32 {
	return seed ^ (v + 0x9e3779b9 + (seed << 6) + (seed >> 2))
}

// Hash32 is a 32-bit integer finaliser (lowbias32, Chris Wellons).
func Hash32(x uint32) uint32 {
	x ^= x >> 16
	x *= 0x7feb352d
	x ^= x >> 15
	x *= 0x846ca68b
	x ^= x >> 16
	return x
}

// PixelSeed is the scrambling seed of pixel (x, y) for a render seed: it
// depends only on these, so tiles, thread counts and reruns reproduce.
func PixelSeed(x, y, seed uint32) uint32 {
	return Hash32(HashCombine(HashCombine(Hash32(seed), x), y))
}

// Sample4 returns the 4-D point of sample index of dimension group group
// (0: film and lens, 1: time and spare, then two groups per bounce) for a
// pixel seed, each component in [0, 1). It is sampler.h's sample4.
func Sample4(pixelSeed, index, group uint32) [4]float32 {
	seed := HashCombine(pixelSeed, Hash32(group))
	i := OwenScramble(index, seed)
	// Dimension 0 is the bit reversal of the index; 1..3 share one pass
	// over the index bits (sobol4 in sampler.h).
	x0 := bits.Reverse32(i)
	var x1, x2, x3 uint32
	for b := 0; i != 0; b, i = b+1, i>>1 {
		if i&1 != 0 {
			x1 ^= sobolDirs[1][b]
			x2 ^= sobolDirs[2][b]
			x3 ^= sobolDirs[3][b]
		}
	}
	return [4]float32{
		ToUnit(OwenScramble(x0, HashCombine(seed, 1))),
		ToUnit(OwenScramble(x1, HashCombine(seed, 2))),
		ToUnit(OwenScramble(x2, HashCombine(seed, 3))),
		ToUnit(OwenScramble(x3, HashCombine(seed, 4))),
	}
}

// ToUnit converts a 32-bit fixed-point fraction to a float32 in [0, 1):
// the top 24 bits times 2^-24, exactly representable.
func ToUnit(x uint32) float32 { return float32(x>>8) * (1.0 / (1 << 24)) }

// Dimension groups of Sample4 (sampler.h DIM_*): the camera group (film
// x, y, lens u, v), the time group (shutter time, spare), then for bounce
// b the BSDF group DimBounce0+2b (lobe, u, v, roulette) and the light
// group DimBounce0+2b+1 (pick, u, v, spare).
const (
	DimCamera  = 0
	DimTime    = 1
	DimBounce0 = 2
)

// SobolTableEntries is the number of uint4 entries of SobolByteTable.
const SobolTableEntries = 4 * 256

// SobolByteTable returns the byte-indexed form of Sobol dimensions 1..3
// the path tracer reads from SceneResources.sobolTables (sampler.h
// sample4_table): entry 256·b + v holds, in its x, y, z, the bit reversal
// of the XOR of the direction numbers of dimensions 1, 2, 3 for the set
// bits of byte value v at byte b of the index (w is 0). Four loads and
// three XORs then give all three dimensions of any index, bit-reversed
// (reversal distributes over XOR), which is the form Owen scrambling
// starts from: reverse_bits(x) of Sobol's bits.
func SobolByteTable() [SobolTableEntries][4]uint32 {
	var t [SobolTableEntries][4]uint32
	for b := range 4 {
		for v := range 256 {
			e := &t[256*b+v]
			for k := range 8 {
				if v>>k&1 != 0 {
					for d := 1; d < SobolDims; d++ {
						e[d-1] ^= bits.Reverse32(sobolDirs[d][8*b+k])
					}
				}
			}
		}
	}
	return t
}
