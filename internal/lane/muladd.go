package lane

// Unfused multiply-add kernels: the product is rounded to float32 before
// the add or subtract (two roundings, as two separate operations; FmaF32
// is the fused one). The explicit float32 conversion keeps the Go compiler
// from contracting them into a fused multiply-add on targets that have one.

// MulAddF32 sets d[i] = float32(a[i]*b[i]) + c[i].
func MulAddF32(d, a, b, c []float32) {
	if censusOn {
		census3(cMulAdd, len(d), a, b, c)
	}
	if useAsm && len(d) == 64 && len(a) >= 64 && len(b) >= 64 && len(c) >= 64 {
		mulAddF32x64(&d[0], &a[0], &b[0], &c[0])
		return
	}
	if useAVX2 {
		mulAddF32AVX2(d, a, b, c)
		return
	}
	a, b, c = a[:len(d)], b[:len(d)], c[:len(d)]
	for i := range d {
		d[i] = float32(a[i]*b[i]) + c[i]
	}
}

// AddMulF32 sets d[i] = c[i] + float32(a[i]*b[i]).
func AddMulF32(d, a, b, c []float32) {
	if censusOn {
		census3(cAddMul, len(d), a, b, c)
	}
	if useAsm && len(d) == 64 && len(a) >= 64 && len(b) >= 64 && len(c) >= 64 {
		addMulF32x64(&d[0], &a[0], &b[0], &c[0])
		return
	}
	if useAVX2 {
		addMulF32AVX2(d, a, b, c)
		return
	}
	a, b, c = a[:len(d)], b[:len(d)], c[:len(d)]
	for i := range d {
		d[i] = c[i] + float32(a[i]*b[i])
	}
}

// MulSubF32 sets d[i] = float32(a[i]*b[i]) - c[i].
func MulSubF32(d, a, b, c []float32) {
	if censusOn {
		census3(cMulSub, len(d), a, b, c)
	}
	if useAsm && len(d) == 64 && len(a) >= 64 && len(b) >= 64 && len(c) >= 64 {
		mulSubF32x64(&d[0], &a[0], &b[0], &c[0])
		return
	}
	if useAVX2 {
		mulSubF32AVX2(d, a, b, c)
		return
	}
	a, b, c = a[:len(d)], b[:len(d)], c[:len(d)]
	for i := range d {
		d[i] = float32(a[i]*b[i]) - c[i]
	}
}

// SubMulF32 sets d[i] = c[i] - float32(a[i]*b[i]).
func SubMulF32(d, a, b, c []float32) {
	if censusOn {
		census3(cSubMul, len(d), a, b, c)
	}
	if useAsm && len(d) == 64 && len(a) >= 64 && len(b) >= 64 && len(c) >= 64 {
		subMulF32x64(&d[0], &a[0], &b[0], &c[0])
		return
	}
	if useAVX2 {
		subMulF32AVX2(d, a, b, c)
		return
	}
	a, b, c = a[:len(d)], b[:len(d)], c[:len(d)]
	for i := range d {
		d[i] = c[i] - float32(a[i]*b[i])
	}
}
