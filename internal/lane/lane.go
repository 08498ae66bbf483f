// Package lane holds the lane-width constants, the execution Mask and the hot
// loops over lane vectors shared by the SIMD-lane executor, the rasterizer
// and the ray traversal.
//
// A lane vector is a Go slice with one element per lane of a batch. Batches
// are W lanes wide (DefaultWidth = 64, at most MaxWidth = 64, a multiple of
// 8), made of SIMD-groups of SIMDWidth = 32 lanes as MSL assumes. Kernels run
// over len(dst) lanes; every source slice must be at least that long.
//
// The default build uses plain Go loops. A build with GOEXPERIMENT=simd on
// amd64 swaps in simd/archsimd AVX2 versions of the hottest kernels, chosen at
// run time only when the CPU has AVX2 and FMA (see HasAVX2). Both builds give
// bit-identical results: fused multiply-add is only used where the operation
// itself is defined as fused (FmaF32).
//
// Built with the tag ingot_denormcensus, every float kernel first counts
// the denormal values among its operands and whether it was entered with
// a dirty AVX upper state (CensusReport, CensusTotals, CensusDirtyUpper);
// TestCensusCornell prints the census of a path-traced Cornell box. The
// ordinary builds compile the census away. testdata/denormtrap.py is the
// hardware form of the same census for any binary (gdb, MXCSR traps).
package lane

import "math/bits"

// Lane-width constants.
const (
	SIMDWidth    = 32 // threads per SIMD-group (threads_per_simdgroup)
	DefaultWidth = 64 // lanes per executor batch
	MaxWidth     = 64 // largest batch; a Mask holds one bit per lane
)

// Mask has one bit per lane of a batch: bit i set means lane i is active.
type Mask uint64

// FirstN returns the mask of lanes 0..n-1.
func FirstN(n int) Mask {
	if n >= 64 {
		return ^Mask(0)
	}
	if n <= 0 {
		return 0
	}
	return Mask(1)<<uint(n) - 1
}

// Has reports whether lane i is active.
func (m Mask) Has(i int) bool { return m>>uint(i)&1 != 0 }

// Count returns the number of active lanes.
func (m Mask) Count() int { return bits.OnesCount64(uint64(m)) }

// First returns the lowest active lane, or -1.
func (m Mask) First() int {
	if m == 0 {
		return -1
	}
	return bits.TrailingZeros64(uint64(m))
}

// FromBools returns the mask of lanes whose bool lane (0 or 1) is nonzero,
// for the first n lanes of c.
func FromBools(c []uint32) Mask {
	i := 0
	var m Mask
	if useAVX2 && len(c) >= 8 {
		i = len(c) &^ 7
		m = fromBoolsAVX2(c[:i])
	} else if useAsm && len(c) == 64 {
		return Mask(fromBools32x64(&c[0]))
	}
	// Groups of 8 lanes: independent shifts the CPU overlaps.
	for ; i+8 <= len(c); i += 8 {
		g := c[i : i+8 : i+8]
		b := nz(g[0]) | nz(g[1])<<1 | nz(g[2])<<2 | nz(g[3])<<3 |
			nz(g[4])<<4 | nz(g[5])<<5 | nz(g[6])<<6 | nz(g[7])<<7
		m |= Mask(b) << uint(i)
	}
	for ; i < len(c); i++ {
		m |= Mask(nz(c[i])) << uint(i)
	}
	return m
}

// nz is 1 when v is nonzero, else 0.
func nz(v uint32) uint32 { return (v | -v) >> 31 }

// Expand writes -1 into d[i] for active lanes and 0 elsewhere.
func (m Mask) Expand(d []int32) {
	for i := range d {
		d[i] = -int32(m >> uint(i) & 1)
	}
}
