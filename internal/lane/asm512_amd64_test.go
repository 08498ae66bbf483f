package lane

import (
	"math"
	"math/rand/v2"
	"testing"
	"unsafe"
)

// TestAVX512KernelsMatchAVX2 runs every kernel that has an AVX-512 body
// with it and with the AVX2 body on the same random operands (NaNs,
// infinities, subnormals and signed zeros among them) and requires the
// same bits: the kernel set a CPU picks must not change an image.
func TestAVX512KernelsMatchAVX2(t *testing.T) {
	if !useAVX512 {
		t.Skip("no AVX-512F")
	}
	defer func() { useAVX512 = true }()
	r := rand.New(rand.NewPCG(11, 12))
	edge := []float32{0, float32(math.Copysign(0, -1)), 1, -1, float32(math.Inf(1)), float32(math.Inf(-1)),
		float32(math.NaN()), 1e-45, 1e-40, 3.4e38, math.Float32frombits(5)}
	vec := func() []float32 {
		s := make([]float32, 64)
		for i := range s {
			if r.IntN(4) == 0 {
				s[i] = edge[r.IntN(len(edge))]
			} else {
				s[i] = float32(r.NormFloat64() * 100)
			}
		}
		return s
	}
	u := func(s []float32) *uint32 { return (*uint32)(unsafe.Pointer(&s[0])) }
	type kernel struct {
		name string
		run  func(d, a, b, c []float32)
	}
	bin := func(name string, f func(d, a, b *uint32)) kernel {
		return kernel{name, func(d, a, b, _ []float32) { f(u(d), u(a), u(b)) }}
	}
	tern := func(name string, f func(d, a, b, c *float32)) kernel {
		return kernel{name, func(d, a, b, c []float32) { f(&d[0], &a[0], &b[0], &c[0]) }}
	}
	kernels := []kernel{
		bin("add", addF32x64), bin("sub", subF32x64), bin("mul", mulF32x64), bin("div", divF32x64),
		bin("addI", addI32x64), bin("subI", subI32x64), bin("mulI", mulI32x64),
		bin("andI", andI32x64), bin("orI", orI32x64), bin("xorI", xorI32x64),
		tern("muladd", mulAddF32x64), tern("addmul", addMulF32x64), tern("mulsub", mulSubF32x64),
		tern("submul", subMulF32x64), tern("fma", fmaF32x64),
		{"sqrt", func(d, a, _, _ []float32) { sqrtF32x64(&d[0], &a[0]) }},
	}
	for _, k := range kernels {
		for trial := range 200 {
			a, b, c := vec(), vec(), vec()
			got, want := make([]float32, 64), make([]float32, 64)
			useAVX512 = true
			k.run(got, a, b, c)
			useAVX512 = false
			k.run(want, a, b, c)
			for i := range got {
				if math.Float32bits(got[i]) != math.Float32bits(want[i]) {
					t.Fatalf("%s trial %d lane %d: AVX-512 %#x, AVX2 %#x (operands %v %v %v)", k.name, trial, i,
						math.Float32bits(got[i]), math.Float32bits(want[i]), a[i], b[i], c[i])
				}
			}
		}
	}
}
