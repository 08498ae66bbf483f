package lane

// Lane addresses of an executor's gathers: 64 lanes of 64-bit addresses
// formed from a 64-bit pointer vector and/or a 32-bit index vector, the
// index zero- or sign-extended (signed) and scaled modulo 2^64. The
// kernels run on AVX2 CPUs for scales below 1<<32 (the product is then
// one 32×32-bit multiply per lane); elsewhere they report false and
// change nothing, and the caller runs its own loop.

// Addrs64 sets d[i] = p[i] + off + ext(x[i])*scale, or off +
// ext(x[i])*scale when p is nil, on 64 lanes.
func Addrs64(d, p *[64]uint64, x *[64]uint32, off, scale uint64, signed bool) bool {
	if !useAsm || scale >= 1<<32 {
		return false
	}
	switch {
	case p == nil && signed:
		affineI64x64(&d[0], &x[0], off, scale)
	case p == nil:
		affineU64x64(&d[0], &x[0], off, scale)
	case signed:
		addrsI64x64(&d[0], &p[0], &x[0], off, scale)
	default:
		addrsU64x64(&d[0], &p[0], &x[0], off, scale)
	}
	return true
}

// Offset64 sets d[i] = p[i] + off on 64 lanes.
func Offset64(d, p *[64]uint64, off uint64) bool {
	if !useAsm {
		return false
	}
	offset64x64(&d[0], &p[0], off)
	return true
}
