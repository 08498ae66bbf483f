package lane

import (
	"math/rand/v2"
	"testing"
)

// TestURange checks URange (the AVX2 kernel where the CPU has it) against
// a plain loop on random streams with restart indices, at every length up
// to 70 and some longer ones.
func TestURange(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, n := range append([]int{0, 1, 7, 8, 9, 63, 64, 65, 1000, 4099}, func() []int {
		var s []int
		for k := range 70 {
			s = append(s, k)
		}
		return s
	}()...) {
		for range 20 {
			w := make([]uint32, n)
			span := uint32(1) + rng.Uint32N(1<<uint(rng.IntN(32)))
			base := rng.Uint32()
			for i := range w {
				w[i] = base + rng.Uint32N(span)
				if rng.IntN(10) == 0 {
					w[i] = 0xFFFFFFFF
				}
			}
			wantLo, wantHi := ^uint32(0), uint32(0)
			for _, v := range w {
				wantLo, wantHi = min(wantLo, v), max(wantHi, v+1)
			}
			if lo, hi := URange(w); lo != wantLo || hi != wantHi {
				t.Fatalf("URange(%d words) = %#x, %#x, want %#x, %#x", n, lo, hi, wantLo, wantHi)
			}
		}
	}
}
