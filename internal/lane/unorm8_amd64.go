package lane

//go:noescape
func packUnorm8x8(dst *byte, src *float32, n int, bgra bool)

// packUnorm8Asm packs the whole groups of 8 pixels of PackUnorm8 in
// assembly on AVX2 CPUs and returns how many pixels it packed.
func packUnorm8Asm(dst []byte, src []float32, n int, bgra bool) int {
	n &^= 7
	if !useAsm || n == 0 {
		return 0
	}
	packUnorm8x8(&dst[0], &src[0], n, bgra)
	return n
}
