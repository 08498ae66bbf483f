// sampler.h — low-discrepancy sampling for the path tracer.
//
// Sobol (0,2)-sequence dimensions 0..3 (Joe–Kuo direction numbers) with
// hash-based Owen scrambling and index shuffling (Burley 2020, "Practical
// Hash-based Owen Scrambling"). A pixel's seed depends only on (x, y, the
// render seed), so any tiling, thread count or rerun gives the same
// numbers. Dimensions beyond 4 are padded: each 4-D "group" (camera, time,
// then two per bounce) uses its own seed. The Go reference is
// scenes/render/sobol.go (same bits; tests compare).
#pragma once
#include <metal_stdlib>
using namespace metal;

// Dimension groups (sobol.go DimGroup*).
#define DIM_CAMERA 0u      // film x, film y, lens u, lens v
#define DIM_TIME 1u        // shutter time, spare x3
#define DIM_BOUNCE0 2u     // bounce b uses DIM_BOUNCE0 + 2b (BSDF: lobe, u, v, roulette)
                           //           and DIM_BOUNCE0 + 2b + 1 (light: pick, u, v, spare)

// kSobolDirections[d][i]: bit i of the index contributes this value to
// dimension d (most significant bit first).
constant uint kSobolDirections[4][32] = {
    {0x80000000u, 0x40000000u, 0x20000000u, 0x10000000u, 0x08000000u, 0x04000000u, 0x02000000u, 0x01000000u,
     0x00800000u, 0x00400000u, 0x00200000u, 0x00100000u, 0x00080000u, 0x00040000u, 0x00020000u, 0x00010000u,
     0x00008000u, 0x00004000u, 0x00002000u, 0x00001000u, 0x00000800u, 0x00000400u, 0x00000200u, 0x00000100u,
     0x00000080u, 0x00000040u, 0x00000020u, 0x00000010u, 0x00000008u, 0x00000004u, 0x00000002u, 0x00000001u},
    {0x80000000u, 0xc0000000u, 0xa0000000u, 0xf0000000u, 0x88000000u, 0xcc000000u, 0xaa000000u, 0xff000000u,
     0x80800000u, 0xc0c00000u, 0xa0a00000u, 0xf0f00000u, 0x88880000u, 0xcccc0000u, 0xaaaa0000u, 0xffff0000u,
     0x80008000u, 0xc000c000u, 0xa000a000u, 0xf000f000u, 0x88008800u, 0xcc00cc00u, 0xaa00aa00u, 0xff00ff00u,
     0x80808080u, 0xc0c0c0c0u, 0xa0a0a0a0u, 0xf0f0f0f0u, 0x88888888u, 0xccccccccu, 0xaaaaaaaau, 0xffffffffu},
    {0x80000000u, 0xc0000000u, 0x60000000u, 0x90000000u, 0xe8000000u, 0x5c000000u, 0x8e000000u, 0xc5000000u,
     0x68800000u, 0x9cc00000u, 0xee600000u, 0x55900000u, 0x80680000u, 0xc09c0000u, 0x60ee0000u, 0x90550000u,
     0xe8808000u, 0x5cc0c000u, 0x8e606000u, 0xc5909000u, 0x6868e800u, 0x9c9c5c00u, 0xeeee8e00u, 0x5555c500u,
     0x8000e880u, 0xc0005cc0u, 0x60008e60u, 0x9000c590u, 0xe8006868u, 0x5c009c9cu, 0x8e00eeeeu, 0xc5005555u},
    {0x80000000u, 0xc0000000u, 0x20000000u, 0x50000000u, 0xf8000000u, 0x74000000u, 0xa2000000u, 0x93000000u,
     0xd8800000u, 0x25400000u, 0x59e00000u, 0xe6d00000u, 0x78080000u, 0xb40c0000u, 0x82020000u, 0xc3050000u,
     0x208f8000u, 0x51474000u, 0xfbea2000u, 0x75d93000u, 0xa0858800u, 0x914e5400u, 0xdbe79e00u, 0x25db6d00u,
     0x58800080u, 0xe54000c0u, 0x79e00020u, 0xb6d00050u, 0x800800f8u, 0xc00c0074u, 0x200200a2u, 0x50050093u},
};

// sobol returns dimension dim (0..3) of point index as 32-bit fixed point.
inline uint sobol(uint index, uint dim) {
    uint x = 0u;
    for (uint i = 0u; index != 0u; i++, index >>= 1u) {
        if ((index & 1u) != 0u) {
            x ^= kSobolDirections[dim][i];
        }
    }
    return x;
}

// laine_karras is the nested-uniform permutation of a bit-reversed value
// (Vegdahl's improved constants).
inline uint laine_karras(uint x, uint seed) {
    x ^= x * 0x3d20adeau;
    x += seed;
    x *= (seed >> 16u) | 1u;
    x ^= x * 0x05526c56u;
    x ^= x * 0x53a22864u;
    return x;
}

// owen_scramble: hash-based Owen scrambling of a 32-bit fixed-point value.
inline uint owen_scramble(uint x, uint seed) {
    return reverse_bits(laine_karras(reverse_bits(x), seed));
}

inline uint hash_combine(uint seed, uint v) {
    // seed ^ (v + 0x9e3779b9 + (seed << 6) + (seed >> 2)), summed in the
    // order that lets calls with one seed share everything but "+ v"
    // (integer addition is associative: the same bits).
    return seed ^ (((seed << 6u) + (seed >> 2u) + 0x9e3779b9u) + v);
}

// hash32 is the lowbias32 integer finaliser.
inline uint hash32(uint x) {
    x ^= x >> 16u;
    x *= 0x7feb352du;
    x ^= x >> 15u;
    x *= 0x846ca68bu;
    x ^= x >> 16u;
    return x;
}

inline uint pixel_seed(uint x, uint y, uint seed) {
    return hash32(hash_combine(hash_combine(hash32(seed), x), y));
}

// to_unit maps 32-bit fixed point to [0, 1) exactly (top 24 bits).
inline float to_unit(uint x) {
    return float(x >> 8u) * (1.0f / 16777216.0f);
}

// sample4 returns the 4-D point of sample `index` of dimension group
// `group` for a pixel seed.
inline float4 sample4(uint pixelSeed, uint index, uint group) {
    uint seed = hash_combine(pixelSeed, hash32(group));
    uint i = owen_scramble(index, seed);
    // Dimension 0 is the bit reversal of the index; 1..3 share one pass
    // over the index bits.
    uint x0 = reverse_bits(i);
    // Straight-line XOR of kSobolDirections[1..3][b] for the set bits b of
    // i: no loop, no branch, no table (the CPU lowering would copy a
    // program-scope array into thread memory on every call).
    uint x1 = 0u;
    uint x2 = 0u;
    uint x3 = 0u;
#define SOBOL_STEP(b, v1, v2, v3) { uint m = 0u - ((i >> b) & 1u); x1 ^= m & v1; x2 ^= m & v2; x3 ^= m & v3; }
    SOBOL_STEP(0u, 0x80000000u, 0x80000000u, 0x80000000u);
    SOBOL_STEP(1u, 0xc0000000u, 0xc0000000u, 0xc0000000u);
    SOBOL_STEP(2u, 0xa0000000u, 0x60000000u, 0x20000000u);
    SOBOL_STEP(3u, 0xf0000000u, 0x90000000u, 0x50000000u);
    SOBOL_STEP(4u, 0x88000000u, 0xe8000000u, 0xf8000000u);
    SOBOL_STEP(5u, 0xcc000000u, 0x5c000000u, 0x74000000u);
    SOBOL_STEP(6u, 0xaa000000u, 0x8e000000u, 0xa2000000u);
    SOBOL_STEP(7u, 0xff000000u, 0xc5000000u, 0x93000000u);
    SOBOL_STEP(8u, 0x80800000u, 0x68800000u, 0xd8800000u);
    SOBOL_STEP(9u, 0xc0c00000u, 0x9cc00000u, 0x25400000u);
    SOBOL_STEP(10u, 0xa0a00000u, 0xee600000u, 0x59e00000u);
    SOBOL_STEP(11u, 0xf0f00000u, 0x55900000u, 0xe6d00000u);
    SOBOL_STEP(12u, 0x88880000u, 0x80680000u, 0x78080000u);
    SOBOL_STEP(13u, 0xcccc0000u, 0xc09c0000u, 0xb40c0000u);
    SOBOL_STEP(14u, 0xaaaa0000u, 0x60ee0000u, 0x82020000u);
    SOBOL_STEP(15u, 0xffff0000u, 0x90550000u, 0xc3050000u);
    SOBOL_STEP(16u, 0x80008000u, 0xe8808000u, 0x208f8000u);
    SOBOL_STEP(17u, 0xc000c000u, 0x5cc0c000u, 0x51474000u);
    SOBOL_STEP(18u, 0xa000a000u, 0x8e606000u, 0xfbea2000u);
    SOBOL_STEP(19u, 0xf000f000u, 0xc5909000u, 0x75d93000u);
    SOBOL_STEP(20u, 0x88008800u, 0x6868e800u, 0xa0858800u);
    SOBOL_STEP(21u, 0xcc00cc00u, 0x9c9c5c00u, 0x914e5400u);
    SOBOL_STEP(22u, 0xaa00aa00u, 0xeeee8e00u, 0xdbe79e00u);
    SOBOL_STEP(23u, 0xff00ff00u, 0x5555c500u, 0x25db6d00u);
    SOBOL_STEP(24u, 0x80808080u, 0x8000e880u, 0x58800080u);
    SOBOL_STEP(25u, 0xc0c0c0c0u, 0xc0005cc0u, 0xe54000c0u);
    SOBOL_STEP(26u, 0xa0a0a0a0u, 0x60008e60u, 0x79e00020u);
    SOBOL_STEP(27u, 0xf0f0f0f0u, 0x9000c590u, 0xb6d00050u);
    SOBOL_STEP(28u, 0x88888888u, 0xe8006868u, 0x800800f8u);
    SOBOL_STEP(29u, 0xccccccccu, 0x5c009c9cu, 0xc00c0074u);
    SOBOL_STEP(30u, 0xaaaaaaaau, 0x8e00eeeeu, 0x200200a2u);
    SOBOL_STEP(31u, 0xffffffffu, 0xc5005555u, 0x50050093u);
#undef SOBOL_STEP
    float4 r;
    r.x = to_unit(owen_scramble(x0, hash_combine(seed, 1u)));
    r.y = to_unit(owen_scramble(x1, hash_combine(seed, 2u)));
    r.z = to_unit(owen_scramble(x2, hash_combine(seed, 3u)));
    r.w = to_unit(owen_scramble(x3, hash_combine(seed, 4u)));
    return r;
}

// hash_mix is the part of hash_combine(seed, v) that does not depend on
// v: hash_combine(seed, v) == seed ^ (hash_mix(seed) + v).
inline uint hash_mix(uint seed) {
    return (seed << 6u) + (seed >> 2u) + 0x9e3779b9u;
}

// sample_keyed_seed is the seed of dimension group `group` from a pixel
// seed and its hash_mix: hash_combine(pixelSeed, hash32(group)).
inline uint sample_keyed_seed(uint pixelSeed, uint pixelMix, uint group) {
    return pixelSeed ^ (pixelMix + hash32(group));
}

// sample_keyed_dim is dimension k (1..4) of a sample from its scrambled
// dimension value x, bit-reversed: owen_scramble without the bit reversal
// its caller has done.
inline float sample_keyed_dim(uint x, uint seed, uint k) {
    return to_unit(reverse_bits(laine_karras(x, hash_combine(seed, k))));
}

// sample4_keyed is sample4_table with what the calls of one pixel and
// sample share computed once: pixelMix = hash_mix(pixelSeed) and
// revIndex = reverse_bits(index). The same bits.
inline float4 sample4_keyed(const device uint4* sobol, uint pixelSeed, uint pixelMix, uint revIndex, uint group) {
    uint seed = sample_keyed_seed(pixelSeed, pixelMix, group);
    uint i = reverse_bits(laine_karras(revIndex, seed));
    uint3 x = sobol[i & 255u].xyz ^ sobol[256u + ((i >> 8u) & 255u)].xyz ^
              sobol[512u + ((i >> 16u) & 255u)].xyz ^ sobol[768u + (i >> 24u)].xyz;
    float4 r;
    // owen_scramble(reverse_bits(i), s) without its two bit reversals that
    // cancel.
    r.x = sample_keyed_dim(i, seed, 1u);
    // The table holds dimensions 1..3 bit-reversed: owen_scramble's first
    // reversal is done.
    r.y = sample_keyed_dim(x.x, seed, 2u);
    r.z = sample_keyed_dim(x.y, seed, 3u);
    r.w = sample_keyed_dim(x.z, seed, 4u);
    return r;
}

// sample1_keyed is sample4_keyed(...).x: the same bits without a table
// read. (Two- and three-dimension prefixes that read fewer table words
// measured more host instructions than sample4_keyed on the engine, not
// fewer: narrower gathers take a slower load path.)
inline float sample1_keyed(uint pixelSeed, uint pixelMix, uint revIndex, uint group) {
    uint seed = sample_keyed_seed(pixelSeed, pixelMix, group);
    return sample_keyed_dim(reverse_bits(laine_karras(revIndex, seed)), seed, 1u);
}

// sample4_table is sample4 with dimensions 1..3 read from the byte table
// of SceneResources.sobolTables (kernel.SobolByteTable: entry 256·b + v is
// the bit-reversed XOR of the direction numbers of the set bits of byte
// value v at byte b of the index): the same bits in four loads instead of
// 32 steps.
inline float4 sample4_table(const device uint4* sobol, uint pixelSeed, uint index, uint group) {
    return sample4_keyed(sobol, pixelSeed, hash_mix(pixelSeed), reverse_bits(index), group);
}
