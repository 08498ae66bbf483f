package lane

//go:noescape
func urange8(w *uint32, n int, lo, hi *uint32)

// urangeAsm folds the whole groups of 8 words of w into *lo and *hi (as
// URange) in assembly on AVX2 CPUs and returns how many words it took.
func urangeAsm(w []uint32, lo, hi *uint32) int {
	n := len(w) &^ 7
	if !useAsm || n == 0 {
		return 0
	}
	urange8(&w[0], n, lo, hi)
	return n
}
