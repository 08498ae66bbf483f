package lane

// PackUnorm8 converts min(len(dst)/4, len(src)/4) pixels of four float32
// channels (each a value in [0, 1], as an 8-bit unorm target stores them)
// into four bytes each, byte(v·255 + 0.5) per channel in memory order, red
// and blue swapped when bgra is set. Groups of 8 pixels run in AVX2
// assembly where available (the same two float32 roundings and the same
// truncation, so the same bytes); the rest in Go.
func PackUnorm8(dst []byte, src []float32, bgra bool) {
	n := min(len(dst), len(src)) / 4
	i := packUnorm8Asm(dst, src, n, bgra)
	for ; i < n; i++ {
		v := src[4*i : 4*i+4 : 4*i+4]
		r, g, b, a := unorm8(v[0]), unorm8(v[1]), unorm8(v[2]), unorm8(v[3])
		if bgra {
			r, b = b, r
		}
		d := dst[4*i : 4*i+4 : 4*i+4]
		d[0], d[1], d[2], d[3] = r, g, b, a
	}
}

func unorm8(v float32) byte { return byte(v*255 + 0.5) }
