package accel

import "golang.org/x/sys/cpu"

// binRefs sets out[:nb] to the one-axis binning of refs[0:n) along axis
// k (builder.bin's one-axis loop: ref i to bin min(max(int((c_k-c)*s),
// 0), nb-1)), with spare[:nb] as a second set of bins merged into out at
// the end (see bin_amd64.s).
//
//go:noescape
func binRefs(refs *primRef, n, k int, c, s float32, nb int, out, spare *[32]bin)

// partitionRefs partitions src[0:n) into tmp by bin along axis k (see
// bin_amd64.s) and returns the number of refs below bin split.
//
//go:noescape
func partitionRefs(src, tmp *primRef, n, k int, c, s float32, nb, split int) int

// useBinAsm selects binRefs for builder.bin's one-axis loop and
// partitionRefs for builder.splitSides' partition.
var useBinAsm = cpu.X86.HasAVX2

// binAsmMin is the smallest range binRefs and partitionRefs take (below
// it initializing and merging binRefs' second set of bins costs about
// what the assembly saves: under cachegrind, 8 ran 4.4 % fewer
// instructions than 16 in BenchmarkMicroBuild's process, 5 0.7 % fewer
// again).
const binAsmMin = 8
