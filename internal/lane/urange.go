package lane

// URange returns the least of w and the greatest of w[i]+1 with
// wrap-around (0xFFFFFFFF, a restart index, counts as 0): an index
// stream's range [lo, hi) with restarts left out of hi. An empty w gives
// (0xFFFFFFFF, 0).
func URange(w []uint32) (lo, hi uint32) {
	lo = ^uint32(0)
	i := urangeAsm(w, &lo, &hi)
	l1, l2, l3 := lo, lo, lo
	h1, h2, h3 := hi, hi, hi
	for ; i+4 <= len(w); i += 4 {
		q := w[i : i+4 : i+4]
		lo, l1, l2, l3 = min(lo, q[0]), min(l1, q[1]), min(l2, q[2]), min(l3, q[3])
		hi, h1, h2, h3 = max(hi, q[0]+1), max(h1, q[1]+1), max(h2, q[2]+1), max(h3, q[3]+1)
	}
	for _, v := range w[i:] {
		lo, hi = min(lo, v), max(hi, v+1)
	}
	return min(lo, l1, l2, l3), max(hi, h1, h2, h3)
}
