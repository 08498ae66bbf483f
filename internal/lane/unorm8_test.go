package lane

import (
	"math/rand/v2"
	"testing"
)

// TestPackUnorm8 checks PackUnorm8 against the scalar conversion for every
// 8-bit value in every channel position, both channel orders and lengths
// that leave a remainder for the Go loop.
func TestPackUnorm8(t *testing.T) {
	r := rand.New(rand.NewPCG(2, 4))
	for _, n := range []int{0, 1, 7, 8, 9, 32, 100, 1027} {
		src := make([]float32, 4*n)
		for i := range src {
			src[i] = float32(r.IntN(256)) / 255
			if i < 4*256 {
				src[i] = float32((i/4+i%4*61)%256) / 255 // every value in every channel
			}
		}
		for _, bgra := range []bool{false, true} {
			dst := make([]byte, 4*n+3)
			PackUnorm8(dst, src, bgra)
			for p := range n {
				for c := range 4 {
					sc := c
					if bgra && c != 1 && c != 3 {
						sc = 2 - c
					}
					if want := byte(src[4*p+sc]*255 + 0.5); dst[4*p+c] != want {
						t.Fatalf("n %d, bgra %v: pixel %d byte %d is %d, want %d", n, bgra, p, c, dst[4*p+c], want)
					}
				}
			}
			for _, b := range dst[4*n:] {
				if b != 0 {
					t.Fatalf("n %d: wrote past the pixels", n)
				}
			}
		}
	}
}
