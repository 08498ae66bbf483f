package exec

import (
	"math/bits"
	"unsafe"

	"github.com/ingot-render/ingot/internal/lane"
)

// Gather kernels: the per-lane loops of the device and constant loads
// that hit the worker's cached buffer window, without calls inside, so
// that their state stays in registers. Each loads the lanes of m whose
// element lies inside the window [lo, hi) and is aligned (addr&am == 0),
// and returns the lanes it left (outside the window or misaligned) for
// locate, which refills the window or reports the fault. The loads are
// in place: the hosts they run on are little-endian (hostLittleEndian),
// as Metal buffers are.
//
// An element of size bytes at address a lies inside the window when
// a-lo <= hi-lo-size (unsigned): an address below lo wraps to more than
// that, and no address up to hi-size overflows when size is added, so it
// is exactly a >= lo && a+size <= hi && a+size > a.
//
// The destination is indexed without bounds checks: the lanes of m are
// first limited to len(d), and addr and idx hold at least len(d)
// elements (callers pass W-lane vectors).

// winLimit returns the largest offset from lo of an element of size bytes
// inside the window [lo, hi), or false when none fits.
func winLimit(lo, hi, size uint64) (uint64, bool) {
	if hi < lo || hi-lo < size {
		return 0, false
	}
	return hi - lo - size, true
}

// gatherAddr loads the elements (4 or 8 bytes: T) at addr[l] into d[l].
func gatherAddr[T uint32 | uint64](d []T, addr []uint64, m lane.Mask, lo, hi uint64, base unsafe.Pointer, am uint64) lane.Mask {
	size := unsafe.Sizeof(T(0))
	m &= lane.FirstN(len(d))
	lim, ok := winLimit(lo, hi, uint64(size))
	if !ok {
		return m
	}
	addr = addr[:len(d)]
	dp, ap := unsafe.Pointer(unsafe.SliceData(d)), unsafe.Pointer(unsafe.SliceData(addr))
	var rest lane.Mask
	for ; m != 0; m &= m - 1 {
		l := uintptr(bits.TrailingZeros64(uint64(m)))
		a := *(*uint64)(unsafe.Add(ap, 8*l))
		if r := a - lo; a&am == 0 && r <= lim {
			*(*T)(unsafe.Add(dp, size*l)) = *(*T)(unsafe.Add(base, r))
		} else {
			rest |= 1 << l
		}
	}
	return rest
}

// threadGather loads, for the lanes of m, the element (4 or 8 bytes: T)
// at offset l*ps + addr[l]-lo of a frame's private memory at pp into
// d[l], where addr[l]-lo <= lim and addr[l] is aligned (addr[l]&am == 0),
// and returns the other lanes (threadLoad).
func threadGather[T uint32 | uint64](d []T, addr []uint64, m lane.Mask, pp unsafe.Pointer, ps, lo, lim, am uint64) lane.Mask {
	size := unsafe.Sizeof(T(0))
	m &= lane.FirstN(len(d))
	addr = addr[:len(d)]
	dp, ap := unsafe.Pointer(unsafe.SliceData(d)), unsafe.Pointer(unsafe.SliceData(addr))
	var rest lane.Mask
	for ; m != 0; m &= m - 1 {
		l := uintptr(bits.TrailingZeros64(uint64(m)))
		a := *(*uint64)(unsafe.Add(ap, 8*l))
		if o := a - lo; a&am == 0 && o <= lim {
			*(*T)(unsafe.Add(dp, size*l)) = *(*T)(unsafe.Add(pp, uint64(l)*ps+o))
		} else {
			rest |= 1 << l
		}
	}
	return rest
}

// threadScatter is threadGather for stores of v[l] (threadStore).
func threadScatter[T uint32 | uint64](v []T, addr []uint64, m lane.Mask, pp unsafe.Pointer, ps, lo, lim, am uint64) lane.Mask {
	size := unsafe.Sizeof(T(0))
	m &= lane.FirstN(len(v))
	addr = addr[:len(v)]
	vp, ap := unsafe.Pointer(unsafe.SliceData(v)), unsafe.Pointer(unsafe.SliceData(addr))
	var rest lane.Mask
	for ; m != 0; m &= m - 1 {
		l := uintptr(bits.TrailingZeros64(uint64(m)))
		a := *(*uint64)(unsafe.Add(ap, 8*l))
		if o := a - lo; a&am == 0 && o <= lim {
			*(*T)(unsafe.Add(pp, uint64(l)*ps+o)) = *(*T)(unsafe.Add(vp, size*l))
		} else {
			rest |= 1 << l
		}
	}
	return rest
}

// affineAddrs sets addr[l] = base + ext(idx[l])*scale (ext sign-extends
// when signed) for the lanes of m; with most lanes of the vector active
// it sets every lane, which costs less than visiting the active ones.
func affineAddrs(addr []uint64, idx []uint32, m lane.Mask, base, scale uint64, signed bool) {
	idx = idx[:len(addr)]
	if kernelDense(m, len(addr)) && lane.Addrs64((*[64]uint64)(addr), nil, (*[64]uint32)(idx), base, scale, signed) {
		return
	}
	if dense(m, len(addr)) {
		if signed {
			for i, x := range idx {
				addr[i] = base + uint64(int64(int32(x)))*scale
			}
		} else {
			for i, x := range idx {
				addr[i] = base + uint64(x)*scale
			}
		}
		return
	}
	m &= lane.FirstN(len(addr))
	ap, ip := unsafe.Pointer(unsafe.SliceData(addr)), unsafe.Pointer(unsafe.SliceData(idx))
	for ; m != 0; m &= m - 1 {
		l := uintptr(bits.TrailingZeros64(uint64(m)))
		x := uint64(*(*uint32)(unsafe.Add(ip, 4*l)))
		if signed {
			x = uint64(int64(int32(x)))
		}
		*(*uint64)(unsafe.Add(ap, 8*l)) = base + x*scale
	}
}

// offsetAddrs sets addr[l] = ptr[l] + off for the lanes of m (all lanes
// when most are active, as affineAddrs).
func offsetAddrs(addr, ptr []uint64, m lane.Mask, off uint64) {
	ptr = ptr[:len(addr)]
	if kernelDense(m, len(addr)) && lane.Offset64((*[64]uint64)(addr), (*[64]uint64)(ptr), off) {
		return
	}
	if dense(m, len(addr)) {
		for i, p := range ptr {
			addr[i] = p + off
		}
		return
	}
	m &= lane.FirstN(len(addr))
	ap, pp := unsafe.Pointer(unsafe.SliceData(addr)), unsafe.Pointer(unsafe.SliceData(ptr))
	for ; m != 0; m &= m - 1 {
		l := uintptr(bits.TrailingZeros64(uint64(m)))
		*(*uint64)(unsafe.Add(ap, 8*l)) = *(*uint64)(unsafe.Add(pp, 8*l)) + off
	}
}

// offsetIndexAddrs sets addr[l] = ptr[l] + off + ext(idx[l])*scale for
// the lanes of m (all lanes when most are active, as affineAddrs).
func offsetIndexAddrs(addr, ptr []uint64, idx []uint32, m lane.Mask, off, scale uint64, signed bool) {
	ptr, idx = ptr[:len(addr)], idx[:len(addr)]
	if kernelDense(m, len(addr)) && lane.Addrs64((*[64]uint64)(addr), (*[64]uint64)(ptr), (*[64]uint32)(idx), off, scale, signed) {
		return
	}
	if dense(m, len(addr)) {
		if signed {
			for i, p := range ptr {
				addr[i] = p + off + uint64(int64(int32(idx[i])))*scale
			}
		} else {
			for i, p := range ptr {
				addr[i] = p + off + uint64(idx[i])*scale
			}
		}
		return
	}
	m &= lane.FirstN(len(addr))
	ap, pp, ip := unsafe.Pointer(unsafe.SliceData(addr)), unsafe.Pointer(unsafe.SliceData(ptr)), unsafe.Pointer(unsafe.SliceData(idx))
	for ; m != 0; m &= m - 1 {
		l := uintptr(bits.TrailingZeros64(uint64(m)))
		x := uint64(*(*uint32)(unsafe.Add(ip, 4*l)))
		if signed {
			x = uint64(int64(int32(x)))
		}
		*(*uint64)(unsafe.Add(ap, 8*l)) = *(*uint64)(unsafe.Add(pp, 8*l)) + off + x*scale
	}
}

// kernelDense reports whether the lane kernels of a 64-lane batch
// (lane.Addrs64, lane.Offset64: about 100 instructions for all lanes)
// cost less than a loop over the lanes of m (about 8 per lane).
func kernelDense(m lane.Mask, n int) bool {
	return n == 64 && m.Count() >= 12
}

// dense reports whether at least half of the n lanes are in m: then a
// pass over all n lanes (a 64-lane kernel, or a loop) costs less than a
// loop over the lanes of m.
func dense(m lane.Mask, n int) bool {
	return 2*m.Count() >= n
}
