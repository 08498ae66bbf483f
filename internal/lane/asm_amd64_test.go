package lane

import (
	"math"
	"math/rand/v2"
	"testing"
	"unsafe"
)

// TestAsmKernelsMatchGo runs every assembly kernel against the scalar Go
// loop it replaces, on 64 lanes of random values with NaNs, infinities,
// signed zeros and integer edge cases, and on unaligned slices.
func TestAsmKernelsMatchGo(t *testing.T) {
	if !useAsm {
		t.Skip("no AVX2")
	}
	r := rand.New(rand.NewPCG(7, 8))
	edgeF := []float32{0, float32(math.Copysign(0, -1)), 1, -1, float32(math.Inf(1)), float32(math.Inf(-1)), float32(math.NaN()), 1e-45, 3.4e38}
	edgeU := []uint32{0, 1, 2, 31, 32, 33, 0x7fffffff, 0x80000000, 0xffffffff}
	f32 := func() []float32 {
		s := make([]float32, 65)
		for i := range s {
			if r.IntN(4) == 0 {
				s[i] = edgeF[r.IntN(len(edgeF))]
			} else {
				s[i] = float32(r.NormFloat64() * 100)
			}
		}
		return s
	}
	u32 := func() []uint32 {
		s := make([]uint32, 65)
		for i := range s {
			if r.IntN(4) == 0 {
				s[i] = edgeU[r.IntN(len(edgeU))]
			} else {
				s[i] = r.Uint32()
			}
		}
		return s
	}
	fma := useAsmFMA
	run := func(f func()) {
		useAsm, useAsmFMA = false, false
		f()
		useAsm, useAsmFMA = true, fma
	}
	defer func() { useAsm, useAsmFMA = true, fma }()
	sameF := func(name string, got, want []float32) {
		t.Helper()
		for i := range got {
			if !same(got[i], want[i]) {
				t.Fatalf("%s lane %d: %v, want %v", name, i, got[i], want[i])
			}
		}
	}
	sameU := func(name string, got, want []uint32) {
		t.Helper()
		for i := range got {
			if got[i] != want[i] {
				t.Fatalf("%s lane %d: %#x, want %#x", name, i, got[i], want[i])
			}
		}
	}
	for iter := range 300 {
		off := iter % 2 // odd offsets make the slices 4-byte but not 32-byte aligned
		fa, fb, fc := f32()[off:off+64], f32()[off:off+64], f32()[off:off+64]
		ua, ub, uc := u32()[off:off+64], u32()[off:off+64], u32()[off:off+64]
		for i := range 64 {
			if r.IntN(5) == 0 {
				fb[i] = fa[i]
				ub[i] = ua[i]
			}
		}
		ia, ib := asI32(ua), asI32(ub)
		gf, wf := make([]float32, 64), make([]float32, 64)
		gu, wu := make([]uint32, 64), make([]uint32, 64)
		for _, k := range []struct {
			name string
			f    func(d, a, b []float32)
		}{{"AddF32", AddF32}, {"SubF32", SubF32}, {"MulF32", MulF32}, {"DivF32", DivF32}, {"MinF32", MinF32}, {"MaxF32", MaxF32}} {
			k.f(gf, fa, fb)
			run(func() { k.f(wf, fa, fb) })
			sameF(k.name, gf, wf)
		}
		for _, k := range []struct {
			name string
			f    func(d, a, b, c []float32)
		}{{"FmaF32", FmaF32}, {"MulAddF32", MulAddF32}, {"AddMulF32", AddMulF32}, {"MulSubF32", MulSubF32}, {"SubMulF32", SubMulF32}} {
			k.f(gf, fa, fb, fc)
			run(func() { k.f(wf, fa, fb, fc) })
			sameF(k.name, gf, wf)
		}
		SqrtF32(gf, fa)
		run(func() { SqrtF32(wf, fa) })
		sameF("SqrtF32", gf, wf)
		for _, k := range []struct {
			name string
			f    func(d []uint32, a, b []float32)
		}{{"LtF32", LtF32}, {"LeF32", LeF32}} {
			k.f(gu, fa, fb)
			run(func() { k.f(wu, fa, fb) })
			sameU(k.name, gu, wu)
		}
		for _, k := range []struct {
			name string
			f    func(d, a, b []uint32)
		}{{"SubU32", SubU32}, {"MulU32", MulU32}, {"ShrU32", ShrU32}, {"ShlU32", ShlU32}, {"AndU32", AndU32}, {"OrU32", OrU32}, {"XorU32", XorU32},
			{"XorMulU32", XorMulU32}, {"XorShrU32", XorShrU32}} {
			k.f(gu, ua, ub)
			run(func() { k.f(wu, ua, ub) })
			sameU(k.name, gu, wu)
		}
		gi, wi := make([]int32, 64), make([]int32, 64)
		AddI32(gi, ia, ib)
		run(func() { AddI32(wi, ia, ib) })
		sameU("AddI32", asU32(gi), asU32(wi))
		Select32(gu, uc, ua, ub)
		run(func() { Select32(wu, uc, ua, ub) })
		sameU("Select32", gu, wu)
		for _, k := range []struct {
			name string
			f    func(d, a []uint32)
		}{{"NegF32Bits", NegF32Bits}, {"AbsF32Bits", AbsF32Bits}, {"I32ToF32", I32ToF32}, {"U32ToF32", U32ToF32}} {
			k.f(gu, ua)
			run(func() { k.f(wu, ua) })
			sameU(k.name, gu, wu)
		}
		bl := make([]uint32, 64)
		for i := range bl {
			bl[i] = uint32(r.IntN(2))
		}
		NotBool(gu, bl)
		run(func() { NotBool(wu, bl) })
		sameU("NotBool", gu, wu)
		ReverseU32(gu, ua)
		run(func() { ReverseU32(wu, ua) })
		sameU("ReverseU32", gu, wu)
		m := Mask(r.Uint64())
		if iter%5 == 0 {
			m = Mask(r.Uint64() | 0xff00ff00ff00ff00)
		}
		copy(gu, uc)
		copy(wu, uc)
		MoveMasked32(gu, ua, m)
		run(func() { MoveMasked32(wu, ua, m) })
		sameU("MoveMasked32", gu, wu)
		for cmp := CmpLt; cmp <= CmpNe; cmp++ {
			var g, w Mask
			g = CmpMaskF32(cmp, fa, fb)
			run(func() { w = CmpMaskF32(cmp, fa, fb) })
			if g != w {
				t.Fatalf("CmpMaskF32 %d: %#x, want %#x", cmp, g, w)
			}
			g = CmpMaskI32(cmp, ia, ib)
			run(func() { w = CmpMaskI32(cmp, ia, ib) })
			if g != w {
				t.Fatalf("CmpMaskI32 %d: %#x, want %#x", cmp, g, w)
			}
			g = CmpMaskU32(cmp, ua, ub)
			run(func() { w = CmpMaskU32(cmp, ua, ub) })
			if g != w {
				t.Fatalf("CmpMaskU32 %d: %#x, want %#x", cmp, g, w)
			}
		}
		bools := make([]uint32, 64)
		for i := range bools {
			bools[i] = uint32(r.IntN(2))
		}
		var g, w Mask
		g = FromBools(bools)
		run(func() { w = FromBools(bools) })
		if g != w {
			t.Fatalf("FromBools: %#x, want %#x", g, w)
		}
	}
}

func asU32(a []int32) []uint32 {
	u := make([]uint32, len(a))
	for i, v := range a {
		u[i] = uint32(v)
	}
	return u
}

// TestDirectKernelsMatchGo: each direct 64-lane entry point computes what
// the scalar loop of its slice function computes.
func TestDirectKernelsMatchGo(t *testing.T) {
	if !Direct64 {
		t.Skip("no direct kernels (no AVX2, or the census build)")
	}
	r := rand.New(rand.NewPCG(9, 10))
	edge := []uint32{0, 1, 31, 32, 0x7fffffff, 0x80000000, 0xffffffff, 0x7fc00000, 0x7f800000, 0xff800000, 0x00000001}
	vec := func() []uint32 {
		s := make([]uint32, 64)
		for i := range s {
			switch r.IntN(3) {
			case 0:
				s[i] = edge[r.IntN(len(edge))]
			case 1:
				s[i] = math.Float32bits(float32(r.NormFloat64() * 50))
			default:
				s[i] = r.Uint32()
			}
		}
		return s
	}
	f := func(s []uint32) []float32 { return unsafe.Slice((*float32)(unsafe.Pointer(&s[0])), len(s)) }
	fma := useAsmFMA
	scalar := func(fn func()) {
		useAsm, useAsmFMA = false, false
		defer func() { useAsm, useAsmFMA = true, fma }()
		fn()
	}
	for range 100 {
		a, b, c := vec(), vec(), vec()
		got, want := make([]uint32, 64), make([]uint32, 64)
		check := func(name string) {
			t.Helper()
			for i := range got {
				if got[i] != want[i] && !(isNaN32(got[i]) && isNaN32(want[i])) {
					t.Fatalf("%s lane %d: %#x, want %#x", name, i, got[i], want[i])
				}
			}
		}
		for _, k := range []struct {
			name   string
			direct func(d, a, b *uint32)
			slice  func()
		}{
			{"AddF32x64", AddF32x64, func() { AddF32(f(want), f(a), f(b)) }},
			{"SubF32x64", SubF32x64, func() { SubF32(f(want), f(a), f(b)) }},
			{"MulF32x64", MulF32x64, func() { MulF32(f(want), f(a), f(b)) }},
			{"DivF32x64", DivF32x64, func() { DivF32(f(want), f(a), f(b)) }},
			{"MinF32x64", MinF32x64, func() { MinF32(f(want), f(a), f(b)) }},
			{"MaxF32x64", MaxF32x64, func() { MaxF32(f(want), f(a), f(b)) }},
			{"LtF32x64", LtF32x64, func() { LtF32(want, f(a), f(b)) }},
			{"LeF32x64", LeF32x64, func() { LeF32(want, f(a), f(b)) }},
			{"AddU32x64", AddU32x64, func() { Add(want, a, b) }},
			{"SubU32x64", SubU32x64, func() { SubU32(want, a, b) }},
			{"MulU32x64", MulU32x64, func() { MulU32(want, a, b) }},
			{"AndU32x64", AndU32x64, func() { AndU32(want, a, b) }},
			{"OrU32x64", OrU32x64, func() { OrU32(want, a, b) }},
			{"XorU32x64", XorU32x64, func() { XorU32(want, a, b) }},
			{"XorMulU32x64", XorMulU32x64, func() { XorMulU32(want, a, b) }},
			{"XorShrU32x64", XorShrU32x64, func() { XorShrU32(want, a, b) }},
			{"ShlU32x64", ShlU32x64, func() { ShlU32(want, a, b) }},
			{"ShrU32x64", ShrU32x64, func() { ShrU32(want, a, b) }},
		} {
			k.direct(&got[0], &a[0], &b[0])
			scalar(k.slice)
			check(k.name)
		}
		for _, k := range []struct {
			name   string
			direct func(d, a, b, c *float32)
			slice  func(d, a, b, c []float32)
		}{
			{"MulAddF32x64", MulAddF32x64, MulAddF32}, {"AddMulF32x64", AddMulF32x64, AddMulF32},
			{"MulSubF32x64", MulSubF32x64, MulSubF32}, {"SubMulF32x64", SubMulF32x64, SubMulF32},
		} {
			k.direct(&f(got)[0], &f(a)[0], &f(b)[0], &f(c)[0])
			scalar(func() { k.slice(f(want), f(a), f(b), f(c)) })
			check(k.name)
		}
		ClampF32x64(&got[0], &a[0], &b[0], &c[0])
		scalar(func() { MaxF32(f(want), f(a), f(b)); MinF32(f(want), f(want), f(c)) })
		check("ClampF32x64")
		if DirectFMA64 {
			// Against the pure-Go kernel, which rounds once as VFMADD does.
			FmaF32x64(&f(got)[0], &f(a)[0], &f(b)[0], &f(c)[0])
			fmaGo(f(want), f(a), f(b), f(c))
			check("FmaF32x64")
		}
		Select32x64(&got[0], &c[0], &a[0], &b[0])
		scalar(func() { Select32(want, c, a, b) })
		check("Select32x64")
		m := Mask(r.Uint64())
		copy(got, c)
		copy(want, c)
		MoveMasked32x64(&got[0], &a[0], m)
		scalar(func() { MoveMasked32(want, a, m) })
		check("MoveMasked32x64")
	}
}

func isNaN32(x uint32) bool { return x&0x7f800000 == 0x7f800000 && x&0x007fffff != 0 }

// TestFmaGoMatchesVFMADD checks the pure-Go fused multiply-add bit for bit
// against the VFMADD assembly kernel on every input class of TestFmaExact.
func TestFmaGoMatchesVFMADD(t *testing.T) {
	if !DirectFMA64 {
		t.Skip("no FMA assembly kernel on this CPU or build")
	}
	n := 4 * *fmaCases
	if testing.Short() {
		n /= 10
	}
	r := rand.New(rand.NewPCG(9, 10))
	var a, b, c, got, want [64]float32
	for class := range 7 {
		for range n / 64 {
			for i := range a {
				a[i], b[i], c[i] = fmaPick(r, class)
			}
			FmaF32x64(&got[0], &a[0], &b[0], &c[0])
			fmaGo(want[:], a[:], b[:], c[:])
			for i := range got {
				if !same(got[i], want[i]) {
					t.Fatalf("class %d: fma(%#x, %#x, %#x): VFMADD %#x, Go %#x", class,
						math.Float32bits(a[i]), math.Float32bits(b[i]), math.Float32bits(c[i]),
						math.Float32bits(got[i]), math.Float32bits(want[i]))
				}
			}
		}
	}
}
