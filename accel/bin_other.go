//go:build !amd64

package accel

// binRefs is never called off amd64 (useBinAsm is false).
func binRefs(refs *primRef, n, k int, c, s float32, nb int, out, spare *[32]bin) {}

// partitionRefs is never called off amd64 (useBinAsm is false).
func partitionRefs(src, tmp *primRef, n, k int, c, s float32, nb, split int) int { return 0 }

// useBinAsm is false off amd64.
const useBinAsm = false

// binAsmMin is bin_amd64.go's.
const binAsmMin = 8
