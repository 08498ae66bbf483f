package lane

import (
	"math/rand/v2"
	"testing"
)

// TestAddrsMatchGo: the address kernels compute the scalar loops' sums
// and products modulo 2^64, for signed and unsigned indices at the edges
// (0, 1, the sign bit, all ones) and scales up to 1<<32-1; they decline
// larger scales.
func TestAddrsMatchGo(t *testing.T) {
	if !useAsm {
		t.Skip("no AVX2")
	}
	r := rand.New(rand.NewPCG(3, 4))
	edges := []uint32{0, 1, 2, 0x7fffffff, 0x80000000, 0x80000001, 0xfffffffe, 0xffffffff}
	for trial := range 200 {
		var p, d [64]uint64
		var x [64]uint32
		for i := range x {
			if r.IntN(3) == 0 {
				x[i] = edges[r.IntN(len(edges))]
			} else {
				x[i] = r.Uint32()
			}
			p[i] = r.Uint64()
		}
		off := r.Uint64()
		scales := []uint64{0, 1, 4, 12, 48, 0xffffffff, uint64(r.Uint32())}
		scale := scales[trial%len(scales)]
		for _, signed := range []bool{false, true} {
			ext := func(v uint32) uint64 {
				if signed {
					return uint64(int64(int32(v)))
				}
				return uint64(v)
			}
			for _, pp := range []*[64]uint64{&p, nil} {
				if !Addrs64(&d, pp, &x, off, scale, signed) {
					t.Fatalf("Addrs64 declined scale %#x", scale)
				}
				for i := range d {
					want := off + ext(x[i])*scale
					if pp != nil {
						want += p[i]
					}
					if d[i] != want {
						t.Fatalf("signed=%v p=%v scale=%#x lane %d: x=%#x got %#x, want %#x", signed, pp != nil, scale, i, x[i], d[i], want)
					}
				}
			}
		}
		if !Offset64(&d, &p, off) {
			t.Fatal("Offset64 declined")
		}
		for i := range d {
			if d[i] != p[i]+off {
				t.Fatalf("Offset64 lane %d: %#x, want %#x", i, d[i], p[i]+off)
			}
		}
	}
	var d, p [64]uint64
	var x [64]uint32
	if Addrs64(&d, &p, &x, 0, 1<<32, false) {
		t.Error("Addrs64 took a scale of 1<<32")
	}
}
