package lane

import "testing"

// BenchmarkMoveMasked32 times the masked 64-lane move with a full, a
// partial and a sparse mask. The partial groups once took 50 times the
// full ones: the GPR-to-XMM move that builds the group mask was an SSE
// encoding, run with the upper YMM state dirty (an SSE/AVX transition per
// group). Every XMM instruction of the kernels is VEX-encoded now.
func BenchmarkMoveMasked32(b *testing.B) {
	d, s := make([]uint32, 64), make([]uint32, 64)
	for _, c := range []struct {
		name string
		m    Mask
	}{{"full", ^Mask(0)}, {"partial", 0x5a5a5a5a5a5a5a5a}, {"sparse", 0x0101010101010101}} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				MoveMasked32(d, s, c.m)
			}
		})
	}
}
