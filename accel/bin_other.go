//go:build !amd64

package accel

// simdBin is binRefs' bin (bin_amd64.go); unused off amd64.
type simdBin struct {
	mn, mx [8]int32
	n      int
}

// binRefs is never called off amd64 (useBinAsm is false).
func binRefs(refs *primRef, n, k int, c, s float32, nb int, out *[2][32]simdBin) {}

// partitionRefs is never called off amd64 (useBinAsm is false).
func partitionRefs(src, tmp *primRef, n, k int, c, s float32, nb, split int) int { return 0 }

// useBinAsm is false off amd64.
const useBinAsm = false

// binAsmMin is bin_amd64.go's.
const binAsmMin = 16
