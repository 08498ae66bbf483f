package accel

import "golang.org/x/sys/cpu"

// simdBin is a bin as binRefs keeps it (bin_amd64.s): mins of the bounds'
// lo keys and of the centroid keys in lanes 0-2 and 4-6 of mn, maxes of
// the hi keys and centroid keys in mx, and the count.
type simdBin struct {
	mn, mx [8]int32
	n      int
}

// binRefs bins refs[0:n) along axis k into the two sets of out (see
// bin_amd64.s).
//
//go:noescape
func binRefs(refs *primRef, n, k int, c, s float32, nb int, out *[2][32]simdBin)

// partitionRefs partitions src[0:n) into tmp by bin along axis k (see
// bin_amd64.s) and returns the number of refs below bin split.
//
//go:noescape
func partitionRefs(src, tmp *primRef, n, k int, c, s float32, nb, split int) int

// useBinAsm selects binRefs for builder.bin's one-axis loop and
// partitionRefs for builder.splitSides' partition.
var useBinAsm = cpu.X86.HasAVX2

// binAsmMin is the smallest range binRefs takes (below it merging its two
// sets costs more than it saves).
const binAsmMin = 16
