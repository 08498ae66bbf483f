package exec

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/bits"
	"unsafe"

	"github.com/ingot-render/ingot/internal/fmath"
	"github.com/ingot-render/ingot/internal/lane"
	"github.com/ingot-render/ingot/shaders/ir"
)

// readKind decodes one element of kind k from b into a value pattern.
func readKind(b []byte, k ir.Kind) uint64 {
	switch k {
	case ir.Bool:
		if b[0] != 0 {
			return 1
		}
		return 0
	case ir.I8:
		return uint64(int64(int8(b[0])))
	case ir.U8:
		return uint64(b[0])
	case ir.I16:
		return uint64(int64(int16(binary.LittleEndian.Uint16(b))))
	case ir.U16:
		return uint64(binary.LittleEndian.Uint16(b))
	case ir.F16:
		return uint64(math.Float32bits(fmath.HalfToFloat32(binary.LittleEndian.Uint16(b))))
	case ir.I32:
		return uint64(int64(int32(binary.LittleEndian.Uint32(b))))
	case ir.U32, ir.F32:
		return uint64(binary.LittleEndian.Uint32(b))
	}
	return binary.LittleEndian.Uint64(b)
}

// writeKind encodes value pattern v of kind k into b.
func writeKind(b []byte, k ir.Kind, v uint64) {
	switch k.Size() {
	case 1:
		b[0] = byte(v)
	case 2:
		if k == ir.F16 {
			v = uint64(fmath.Float32ToHalf(math.Float32frombits(uint32(v))))
		}
		binary.LittleEndian.PutUint16(b, uint16(v))
	case 4:
		binary.LittleEndian.PutUint32(b, uint32(v))
	default:
		binary.LittleEndian.PutUint64(b, v)
	}
}

// ReadValue decodes one element of kind k (for intrinsics and tests).
func ReadValue(b []byte, k ir.Kind) uint64 { return readKind(b, k) }

// WriteValue encodes one element of kind k (for intrinsics and tests).
func WriteValue(b []byte, k ir.Kind, v uint64) { writeKind(b, k, v) }

// locate returns the bytes of one element for lane l at address a, or a
// fault.
func (w *worker) locate(fr *frame, in *inst, a uint64, l int, store bool) ([]byte, error) {
	size := uint64(in.k.Size())
	if misaligned(a, in.align) {
		return nil, w.fault(fr, in, FaultMisaligned, l, a, fmt.Sprintf("%v address %#x is not %d-byte aligned", in.space, a, in.align))
	}
	switch in.space {
	case ir.Device, ir.Constant:
		b, ok := w.cache.resolve(w.mem, a, size)
		if !ok {
			return nil, w.fault(fr, in, FaultOutOfBounds, l, a, fmt.Sprintf("%v address %#x (+%d) is outside every buffer", in.space, a, size))
		}
		if store && w.cache.ro {
			return nil, w.fault(fr, in, FaultReadOnly, l, a, "")
		}
		return b, nil
	case ir.Threadgroup:
		if a+size > uint64(w.ds.tgSize) || a+size < a {
			return nil, w.fault(fr, in, FaultOutOfBounds, l, a, fmt.Sprintf("threadgroup offset %d (+%d) beyond %d bytes", a, size, w.ds.tgSize))
		}
		return w.tg[a:], nil
	case ir.Thread:
		depth := int(a >> ir.ThreadFrameShift)
		off := a & (1<<ir.ThreadFrameShift - 1)
		if depth > fr.depth || depth >= len(w.cur) {
			return nil, w.fault(fr, in, FaultOutOfBounds, l, a, "pointer to a thread-local variable of a finished call")
		}
		pf := w.cur[depth]
		ps := uint64(pf.cf.privSize)
		if off+size > ps {
			return nil, w.fault(fr, in, FaultOutOfBounds, l, a, fmt.Sprintf("thread offset %d (+%d) beyond the %d-byte frame", off, size, ps))
		}
		return pf.priv[uint64(l)*ps+off:], nil
	}
	return nil, w.fault(fr, in, FaultUnsupported, l, a, "unknown address space")
}

// loadOne loads one element for lane l (uniform loads use the first active
// lane).
func (w *worker) loadOne(fr *frame, in *inst, a uint64, l int) (uint64, error) {
	b, err := w.locate(fr, in, a, l, false)
	if err != nil {
		return 0, err
	}
	return readKind(b, in.k), nil
}

func bytesOf32(s []uint32) []byte {
	return unsafe.Slice((*byte)(unsafe.Pointer(&s[0])), 4*len(s))
}

func bytesOf64(s []uint64) []byte {
	return unsafe.Slice((*byte)(unsafe.Pointer(&s[0])), 8*len(s))
}

// vload loads one element per active lane. All lanes active at consecutive
// addresses inside one buffer take a single bounds check and a copy.
func (w *worker) vload(fr *frame, in *inst) error {
	m := fr.exec
	if m == 0 {
		return nil
	}
	W := w.w
	addr := fr.r64[in.ops[0].off : int(in.ops[0].off)+W]
	if in.offLoad {
		// Varying pointer [+ uniform offset] [+ ext(index)·scale]: form
		// the addresses of the active lanes here.
		var off uint64
		if in.b >= 0 {
			off = fr.uni[in.b]
		}
		a := w.addrs[:W]
		if in.a < 0 {
			offsetAddrs(a, addr, m, off)
		} else {
			offsetIndexAddrs(a, addr, fr.r32[in.a:in.a+W], m, off, in.imm, in.from == ir.I32)
		}
		addr = a
	}
	dst := in.res[0]
	size := in.k.Size()
	if (in.space == ir.Device || in.space == ir.Constant) && m&(m-1) != 0 {
		// One address on every active lane (a per-draw or per-object
		// field read through a varying index or pointer): one bounds
		// check and one read, broadcast to the active lanes.
		if l := m.First(); sameAddress(addr, m, addr[l]) {
			return w.loadBroadcast(fr, in, m, dst, addr[l], l)
		}
	}
	if n := prefixLen(m); n >= 2 && (size == 4 || size == 8) && (in.space == ir.Device || in.space == ir.Constant) {
		// Lanes 0..n-1 active (a whole batch, or a partial one): one pass
		// when their addresses are evenly strided inside one buffer.
		if b, stride, ok := w.strided(addr[:n], in); ok {
			switch {
			case stride == uint64(size) && size == 4:
				copy(bytesOf32(fr.r32[dst.off:int(dst.off)+n]), b[:4*n])
			case stride == uint64(size):
				copy(bytesOf64(fr.r64[dst.off:int(dst.off)+n]), b[:8*n])
			case size == 4:
				d := fr.r32[dst.off : int(dst.off)+n]
				if src, ok := words(b); ok && stride%4 == 0 {
					lane.GatherStrided32(d, src, int(stride/4))
				} else {
					for i := range d {
						d[i] = binary.LittleEndian.Uint32(b[uint64(i)*stride:])
					}
				}
			default:
				d := fr.r64[dst.off : int(dst.off)+n]
				for i := range d {
					d[i] = binary.LittleEndian.Uint64(b[uint64(i)*stride:])
				}
			}
			return nil
		}
	}
	if size == 4 && dst.file == file32 || size == 8 && dst.file == file64 {
		switch in.space {
		case ir.Device, ir.Constant:
			return w.gather(fr, in, m, dst, addr)
		case ir.Thread:
			m = w.threadLoad(fr, in, m, dst, addr)
		}
	}
	for ; m != 0; m &= m - 1 {
		l := m.First()
		b, err := w.locate(fr, in, addr[l], l, false)
		if err != nil {
			return err
		}
		fr.put(dst, l, readKind(b, in.k))
	}
	return nil
}

// sameAddress reports whether addr[l] == a for every lane l of m. It
// stops at the first lane that differs, so a true gather pays about one
// compare.
func sameAddress(addr []uint64, m lane.Mask, a uint64) bool {
	if m == ^lane.Mask(0) && len(addr) == 64 {
		return addr[1] == a && lane.AllEqual64(addr, a)
	}
	for ; m != 0; m &= m - 1 {
		if addr[m.First()] != a {
			return false
		}
	}
	return true
}

// loadBroadcast runs a load whose address a is the same on every lane of
// m: lane l (the first of m) locates it, as a per-lane load would, and
// the value is written to every lane of m.
func (w *worker) loadBroadcast(fr *frame, in *inst, m lane.Mask, dst operand, a uint64, l int) error {
	b, err := w.locate(fr, in, a, l, false)
	if err != nil {
		return err
	}
	v := readKind(b, in.k)
	W := w.w
	switch dst.file {
	case file32:
		d := fr.r32[dst.off : int(dst.off)+W]
		if m == lane.FirstN(W) {
			lane.Fill32(d, uint32(v))
			return nil
		}
		for ; m != 0; m &= m - 1 {
			d[m.First()] = uint32(v)
		}
	case file64:
		d := fr.r64[dst.off : int(dst.off)+W]
		if m == lane.FirstN(W) {
			lane.Broadcast(d, v)
			return nil
		}
		for ; m != 0; m &= m - 1 {
			d[m.First()] = v
		}
	default:
		for ; m != 0; m &= m - 1 {
			fr.put(dst, m.First(), v)
		}
	}
	return nil
}

// gather runs a 4-byte (into the 32-bit file) or 8-byte (into the 64-bit
// file) device or constant load for the lanes of m at addresses addr[l]:
// the lanes that hit the worker's cached buffer window load in one
// call-free pass (gatherAddr); each other lane goes
// through locate, which refills the window (the next pass serves the
// lanes in it) or reports the fault, for the first such lane in lane
// order as a lane-by-lane loop would.
func (w *worker) gather(fr *frame, in *inst, m lane.Mask, dst operand, addr []uint64) error {
	if m == 0 {
		return nil
	}
	W := w.w
	am := uint64(in.align) - 1
	if in.align == 0 {
		am = 0
	}
	c := &w.cache
	// Bring the first lane's buffer into the window (the other lanes
	// almost always read the same one); a lane it does not resolve goes
	// through locate below, which reports the fault.
	c.resolve(w.mem, addr[m.First()], uint64(in.k.Size()))
	if in.k.Size() == 4 {
		d := fr.r32[dst.off : int(dst.off)+W]
		for m != 0 {
			if hostLittleEndian {
				if m = gatherAddr(d, addr, m, c.lo, c.hi, unsafe.Pointer(unsafe.SliceData(c.data)), am); m == 0 {
					break
				}
			}
			l := m.First()
			b, err := w.locate(fr, in, addr[l], l, false)
			if err != nil {
				return err
			}
			d[l] = binary.LittleEndian.Uint32(b)
			m &= m - 1
		}
		return nil
	}
	d := fr.r64[dst.off : int(dst.off)+W]
	for m != 0 {
		if hostLittleEndian {
			if m = gatherAddr(d, addr, m, c.lo, c.hi, unsafe.Pointer(unsafe.SliceData(c.data)), am); m == 0 {
				break
			}
		}
		l := m.First()
		b, err := w.locate(fr, in, addr[l], l, false)
		if err != nil {
			return err
		}
		d[l] = binary.LittleEndian.Uint64(b)
		m &= m - 1
	}
	return nil
}

// alignMask returns the mask of the address bits that must be zero for
// alignment align, or false for an alignment that is not a power of two.
func alignMask(align uint32) (uint64, bool) {
	if align == 0 {
		return 0, true
	}
	if align&(align-1) != 0 {
		return 0, false
	}
	return uint64(align) - 1, true
}

// threadFrame returns the private memory of the frame at thread address
// a, its per-lane size, and the address range [lo, lo+1<<ThreadFrameShift)
// of that frame, when the frame is live (locate reports the others).
func (w *worker) threadFrame(fr *frame, a uint64) (priv []byte, ps, lo uint64, ok bool) {
	depth := a >> ir.ThreadFrameShift
	if depth > uint64(fr.depth) || depth >= uint64(len(w.cur)) {
		return nil, 0, 0, false
	}
	pf := w.cur[depth]
	return pf.priv, uint64(pf.cf.privSize), depth << ir.ThreadFrameShift, true
}

// threadLoad runs a 4-byte (32-bit file) or 8-byte (64-bit file)
// thread-space load for the lanes of m at addresses addr[l] without the
// general locate, and returns the lanes it left to it (those that fault,
// and those of another frame than the first lane's). A lane's element
// is at offset l*ps + off of the frame's private memory, inside it when
// off+size <= ps, as locate checks.
func (w *worker) threadLoad(fr *frame, in *inst, m lane.Mask, dst operand, addr []uint64) lane.Mask {
	W := w.w
	am, ok := alignMask(in.align)
	if !ok || !hostLittleEndian || m == 0 {
		return m
	}
	size := uint64(4)
	if dst.file != file32 {
		size = 8
	}
	priv, ps, lo, ok := w.threadFrame(fr, addr[m.First()])
	if !ok || ps < size || ps > 1<<ir.ThreadFrameShift || uint64(len(priv)) < uint64(W)*ps {
		return m
	}
	pp := unsafe.Pointer(unsafe.SliceData(priv))
	if size == 4 {
		return threadGather(fr.r32[dst.off:int(dst.off)+W], addr, m, pp, ps, lo, ps-size, am)
	}
	return threadGather(fr.r64[dst.off:int(dst.off)+W], addr, m, pp, ps, lo, ps-size, am)
}

// threadStore is threadLoad for stores of val.
func (w *worker) threadStore(fr *frame, in *inst, m lane.Mask, val operand, addr []uint64) lane.Mask {
	W := w.w
	am, ok := alignMask(in.align)
	if !ok || !hostLittleEndian || m == 0 {
		return m
	}
	size := uint64(4)
	if val.file != file32 {
		size = 8
	}
	priv, ps, lo, ok := w.threadFrame(fr, addr[m.First()])
	if !ok || ps < size || ps > 1<<ir.ThreadFrameShift || uint64(len(priv)) < uint64(W)*ps {
		return m
	}
	pp := unsafe.Pointer(unsafe.SliceData(priv))
	if size == 4 {
		return threadScatter(fr.r32[val.off:int(val.off)+W], addr, m, pp, ps, lo, ps-size, am)
	}
	return threadScatter(fr.r64[val.off:int(val.off)+W], addr, m, pp, ps, lo, ps-size, am)
}

// hostLittleEndian reports whether the host stores integers
// little-endian, as Metal buffers do (then a buffer word is read in place).
var hostLittleEndian = binary.NativeEndian.Uint16([]byte{1, 0}) == 1

// strided checks that the W addresses are a0, a0+s, a0+2s, ... (s > 0),
// all aligned, and inside one buffer; it returns the buffer bytes from a0.
// prefixLen returns n when m holds exactly lanes 0..n-1, else 0.
func prefixLen(m lane.Mask) int {
	if m&(m+1) != 0 {
		return 0
	}
	return bits.OnesCount64(uint64(m))
}

func (w *worker) strided(addr []uint64, in *inst) ([]byte, uint64, bool) {
	stride := addr[1] - addr[0]
	if !lane.Contiguous(addr, stride) {
		return nil, 0, false
	}
	b, ok := w.stridedFrom(addr[0], stride, len(addr), in)
	return b, stride, ok
}

// stridedFrom returns the bytes of n elements at a0, a0+stride, ... when
// they are aligned and inside one buffer.
func (w *worker) stridedFrom(a0, stride uint64, n int, in *inst) ([]byte, bool) {
	size := uint64(in.k.Size())
	if misaligned(a0, in.align) || misaligned(stride, in.align) || stride == 0 || stride > 1<<20 {
		return nil, false
	}
	span := uint64(n-1)*stride + size
	b, ok := w.cache.resolve(w.mem, a0, span)
	if !ok {
		return nil, false
	}
	return b[:span], true
}

// affine runs a load or store whose address is base + ext(index)*scale
// (opVLoadAff, opVStoreAff).
func (w *worker) affine(fr *frame, in *inst) error {
	store := in.op == opVStoreAff
	m := fr.exec
	if store {
		m &^= fr.noStore
	}
	if m == 0 {
		return nil
	}
	W := w.w
	idx := fr.r32[in.a : in.a+W]
	var base uint64
	if in.b >= 0 {
		base = fr.uni[in.b]
	}
	if in.c >= 0 {
		base += fr.uni[in.c]
	}
	scale := in.imm
	signed := in.from == ir.I32
	ext := func(v uint32) uint64 {
		if signed {
			return uint64(int64(int32(v)))
		}
		return uint64(v)
	}
	size := in.k.Size()
	// Lanes 0..L-1 active (a whole batch, or the first lanes of one).
	if L := prefixLen(m); L >= 2 && (size == 4 || size == 8) && in.space != ir.Thread && ((in.seqOK && fr.seq[in.a/W] && !signed) || consecutive(idx[:L], signed)) {
		a0 := base + ext(idx[0])*scale
		var b []byte
		var ok, ro bool
		if in.space == ir.Threadgroup {
			b, ok = w.tgStrided(a0, scale, L, in)
		} else {
			b, ok = w.stridedFrom(a0, scale, L, in)
			ro = w.cache.ro
		}
		if ok && !(store && (ro || scale < uint64(size))) {
			switch {
			case store && size == 4:
				v := fr.r32[in.ops[0].off : int(in.ops[0].off)+L]
				if scale == 4 {
					copy(b[:4*L], bytesOf32(v))
				} else if dst, ok := words(b); ok && scale%4 == 0 {
					lane.ScatterStrided32(dst, v, int(scale/4))
				} else {
					for i := range v {
						binary.LittleEndian.PutUint32(b[uint64(i)*scale:], v[i])
					}
				}
			case store:
				v := fr.r64[in.ops[0].off : int(in.ops[0].off)+L]
				for i := range v {
					binary.LittleEndian.PutUint64(b[uint64(i)*scale:], v[i])
				}
			case size == 4:
				d := fr.r32[in.res[0].off : int(in.res[0].off)+L]
				if scale == 4 {
					copy(bytesOf32(d), b[:4*L])
				} else if src, ok := words(b); ok && scale%4 == 0 {
					lane.GatherStrided32(d, src, int(scale/4))
				} else {
					for i := range d {
						d[i] = binary.LittleEndian.Uint32(b[uint64(i)*scale:])
					}
				}
			default:
				d := fr.r64[in.res[0].off : int(in.res[0].off)+L]
				for i := range d {
					d[i] = binary.LittleEndian.Uint64(b[uint64(i)*scale:])
				}
			}
			return nil
		}
	}
	// Some lanes of a consecutive run (helper lanes that do not store,
	// discarded or diverged lanes): one span for lanes 0..L-1, copied for
	// the active ones.
	if L := 64 - bits.LeadingZeros64(uint64(m)); L >= 2 && (size == 4 || size == 8) && (in.space == ir.Device || in.space == ir.Constant) &&
		((in.seqOK && fr.seq[in.a/W] && !signed) || consecutive(idx[:L], signed)) {
		want := uint8(file32)
		if size == 8 {
			want = file64
		}
		op := in.res
		if store {
			op = in.ops
		}
		if b, ok := w.stridedFrom(base+ext(idx[0])*scale, scale, L, in); ok && op[0].file == want && !(store && (w.cache.ro || scale < uint64(size))) {
			for mm := m; mm != 0; mm &= mm - 1 {
				l := mm.First()
				o := uint64(l) * scale
				switch {
				case store && size == 4:
					binary.LittleEndian.PutUint32(b[o:], fr.r32[int(in.ops[0].off)+l])
				case store:
					binary.LittleEndian.PutUint64(b[o:], fr.r64[int(in.ops[0].off)+l])
				case size == 4:
					fr.r32[int(in.res[0].off)+l] = binary.LittleEndian.Uint32(b[o:])
				default:
					fr.r64[int(in.res[0].off)+l] = binary.LittleEndian.Uint64(b[o:])
				}
			}
			return nil
		}
	}
	if in.space == ir.Threadgroup && size == 4 {
		// Some lanes: 32-bit threadgroup words, bounds checked per lane
		// (a lane out of bounds or misaligned goes through locate, which
		// reports the fault).
		var v []uint32
		if store && in.ops[0].file == file32 {
			v = fr.r32[in.ops[0].off : int(in.ops[0].off)+W]
		} else if !store && in.res[0].file == file32 {
			v = fr.r32[in.res[0].off : int(in.res[0].off)+W]
		}
		if v != nil {
			tg := w.tg[:w.ds.tgSize]
			for ; m != 0; m &= m - 1 {
				l := m.First()
				a := base + ext(idx[l])*scale
				if misaligned(a, in.align) || a >= uint64(len(tg)) || uint64(len(tg))-a < 4 {
					break
				}
				if store {
					binary.LittleEndian.PutUint32(tg[a:], v[l])
				} else {
					v[l] = binary.LittleEndian.Uint32(tg[a:])
				}
			}
		}
	}
	if !store && (in.space == ir.Device || in.space == ir.Constant) {
		if dst := in.res[0]; size == 4 && dst.file == file32 || size == 8 && dst.file == file64 {
			addr := w.addrs[:W]
			affineAddrs(addr, idx, m, base, scale, signed)
			return w.gather(fr, in, m, dst, addr)
		}
	}
	for ; m != 0; m &= m - 1 {
		l := m.First()
		b, err := w.locate(fr, in, base+ext(idx[l])*scale, l, store)
		if err != nil {
			return err
		}
		if store {
			writeKind(b, in.k, fr.get(in.ops[0], l))
		} else {
			fr.put(in.res[0], l, readKind(b, in.k))
		}
	}
	return nil
}

// tgStrided returns the threadgroup memory of n elements at a0, a0+stride,
// ... when they are aligned and inside the dispatch's threadgroup memory.
func (w *worker) tgStrided(a0, stride uint64, n int, in *inst) ([]byte, bool) {
	size := uint64(in.k.Size())
	if misaligned(a0, in.align) || misaligned(stride, in.align) || stride == 0 || stride > 1<<20 {
		return nil, false
	}
	span := uint64(n-1)*stride + size
	lim := uint64(w.ds.tgSize)
	if a0 >= lim || lim-a0 < span {
		return nil, false
	}
	return w.tg[a0 : a0+span], true
}

// consecutive reports whether idx[i] == idx[0]+i for every lane without
// wrapping (in the signed or unsigned sense of the index).
func consecutive(idx []uint32, signed bool) bool {
	n := uint32(len(idx) - 1)
	i0 := idx[0]
	if signed {
		if int32(i0) > int32(0x7fffffff-n) {
			return false
		}
	} else if i0 > 0xffffffff-n {
		return false
	}
	// Scattered indices (a gather) mostly fail at the second or the last
	// lane: test those before the whole run.
	if n > 0 && (idx[1] != i0+1 || idx[n] != i0+n) {
		return false
	}
	var acc uint32
	for i, x := range idx {
		acc |= x ^ (i0 + uint32(i))
	}
	return acc == 0
}

// vstore stores one element per active lane allowed to store.
func (w *worker) vstore(fr *frame, in *inst) error {
	m := fr.exec &^ fr.noStore
	if m == 0 {
		return nil
	}
	W := w.w
	addr := fr.r64[in.ops[0].off : int(in.ops[0].off)+W]
	val := in.ops[1]
	size := in.k.Size()
	if n := prefixLen(m); n >= 2 && (size == 4 || size == 8) && in.space == ir.Device {
		if b, stride, ok := w.strided(addr[:n], in); ok && !w.cache.ro && stride >= uint64(size) {
			switch {
			case stride == uint64(size) && size == 4:
				copy(b[:4*n], bytesOf32(fr.r32[val.off:int(val.off)+n]))
			case stride == uint64(size):
				copy(b[:8*n], bytesOf64(fr.r64[val.off:int(val.off)+n]))
			case size == 4:
				v := fr.r32[val.off : int(val.off)+n]
				for i := range v {
					binary.LittleEndian.PutUint32(b[uint64(i)*stride:], v[i])
				}
			default:
				v := fr.r64[val.off : int(val.off)+n]
				for i := range v {
					binary.LittleEndian.PutUint64(b[uint64(i)*stride:], v[i])
				}
			}
			return nil
		}
	}
	if in.space == ir.Thread && (size == 4 && val.file == file32 || size == 8 && val.file == file64) {
		m = w.threadStore(fr, in, m, val, addr)
	}
	for ; m != 0; m &= m - 1 {
		l := m.First()
		b, err := w.locate(fr, in, addr[l], l, true)
		if err != nil {
			return err
		}
		writeKind(b, in.k, fr.get(val, l))
	}
	return nil
}

// affineN runs a group of component loads (opVLoadAffN): with every lane
// active at consecutive indices and the whole span inside one buffer, one
// pass gathers the components of each lane; otherwise the component loads
// run one by one.
func (w *worker) affineN(fr *frame, in *inst) error {
	m := fr.exec
	if m == 0 {
		return nil
	}
	W := w.w
	if L := prefixLen(m); L >= 2 {
		if base, i0, ok := affineStart(fr, in, W, L); ok {
			n := len(in.comp)
			if src, ok := w.stridedWords(base+i0*in.imm, in.imm, L, n, in); ok {
				st := int(in.imm / 4)
				r, c := fr.r32, in.comp
				switch n {
				case 2:
					lane.GatherStrided2x32(r[c[0]:int(c[0])+L], r[c[1]:int(c[1])+L], src, st)
				case 3:
					lane.GatherStrided3x32(r[c[0]:int(c[0])+L], r[c[1]:int(c[1])+L], r[c[2]:int(c[2])+L], src, st)
				default:
					lane.GatherStrided4x32(r[c[0]:int(c[0])+L], r[c[1]:int(c[1])+L], r[c[2]:int(c[2])+L], r[c[3]:int(c[3])+L], src, st)
				}
				return nil
			}
		}
	}
	if (in.space == ir.Device || in.space == ir.Constant) && hostLittleEndian && w.gatherN(fr, in, m) {
		return nil
	}
	for i := range in.parts {
		if err := w.affine(fr, &in.parts[i]); err != nil {
			return err
		}
	}
	return nil
}

// gatherN is affineN's path for some lanes or scattered indices: one
// address and one bounds check per lane for all its components, inside the
// worker's cached buffer window. It reports false, having changed nothing
// that the component loads will not overwrite, when a lane falls outside
// the window or is misaligned: the component loads then run as they were
// (and report any fault exactly as before).
func (w *worker) gatherN(fr *frame, in *inst, m lane.Mask) bool {
	W := w.w
	idx := fr.r32[in.a : in.a+W]
	var base uint64
	if in.b >= 0 {
		base = fr.uni[in.b]
	}
	if in.c >= 0 {
		base += fr.uni[in.c]
	}
	am := uint64(in.align) - 1
	if in.align == 0 {
		am = 0
	}
	n := len(in.comp)
	span := uint64(4 * n)
	scale, signed := in.imm, in.from == ir.I32
	c := &w.cache
	// Bring the first active lane's buffer into the window (the others
	// almost always read the same one).
	l0 := m.First()
	x0 := uint64(idx[l0])
	if signed {
		x0 = uint64(int64(int32(idx[l0])))
	}
	if _, ok := c.resolve(w.mem, base+x0*scale, span); !ok {
		return false
	}
	lo, hi, p0 := c.lo, c.hi, unsafe.Pointer(unsafe.SliceData(c.data))
	lim, ok := winLimit(lo, hi, span)
	if !ok {
		return false
	}
	// The lanes of m are below W, so the lanes' words of idx and of the
	// component vectors (each W lanes inside r32) are read and written
	// without bounds checks.
	m &= lane.FirstN(W)
	r, comp := fr.r32, in.comp
	for _, o := range comp {
		_ = r[o : int(o)+W]
	}
	ip := unsafe.Pointer(unsafe.SliceData(idx))
	rp := unsafe.Pointer(unsafe.SliceData(r))
	if n == 3 && !signed {
		// The common case (a float3 or three table words per lane), with
		// the destinations located once.
		d0, d1, d2 := unsafe.Add(rp, 4*int(comp[0])), unsafe.Add(rp, 4*int(comp[1])), unsafe.Add(rp, 4*int(comp[2]))
		for mm := m; mm != 0; mm &= mm - 1 {
			l := uintptr(bits.TrailingZeros64(uint64(mm)))
			a := base + uint64(*(*uint32)(unsafe.Add(ip, 4*l)))*scale
			o := a - lo
			if a&am != 0 || o > lim {
				return false
			}
			p := unsafe.Add(p0, o)
			*(*uint32)(unsafe.Add(d0, 4*l)) = *(*uint32)(p)
			*(*uint32)(unsafe.Add(d1, 4*l)) = *(*uint32)(unsafe.Add(p, 4))
			*(*uint32)(unsafe.Add(d2, 4*l)) = *(*uint32)(unsafe.Add(p, 8))
		}
		return true
	}
	for mm := m; mm != 0; mm &= mm - 1 {
		l := uintptr(bits.TrailingZeros64(uint64(mm)))
		x := uint64(*(*uint32)(unsafe.Add(ip, 4*l)))
		if signed {
			x = uint64(int64(int32(x)))
		}
		a := base + x*scale
		o := a - lo
		if a&am != 0 || o > lim {
			return false
		}
		p := unsafe.Add(p0, o)
		for k, c := range comp {
			*(*uint32)(unsafe.Add(rp, 4*(uintptr(c)+l))) = *(*uint32)(unsafe.Add(p, 4*k))
		}
	}
	return true
}

// affineStoreN runs a group of component stores (opVStoreAffN): with
// every lane storing, consecutive indices and the span inside one
// writable buffer, each lane's components are written together; otherwise
// the component stores run one after the other, exactly as they were.
func (w *worker) affineStoreN(fr *frame, in *inst) error {
	m := fr.exec &^ fr.noStore
	if m == 0 {
		return nil
	}
	W := w.w
	n := len(in.comp)
	if L := prefixLen(m); L >= 2 && in.imm >= 4*uint64(n) {
		if base, i0, ok := affineStart(fr, in, W, L); ok {
			if dst, ok := w.stridedWords(base+i0*in.imm, in.imm, L, n, in); ok && !w.cache.ro {
				st := int(in.imm / 4)
				r, c := fr.r32, in.comp
				if n == 4 {
					v0, v1, v2, v3 := r[c[0]:int(c[0])+L], r[c[1]:int(c[1])+L], r[c[2]:int(c[2])+L], r[c[3]:int(c[3])+L]
					dst = dst[:(L-1)*st+4]
					for i := range v0 {
						d := dst[i*st : i*st+4 : i*st+4]
						d[0], d[1], d[2], d[3] = v0[i], v1[i], v2[i], v3[i]
					}
					return nil
				}
				for k := range n {
					v := r[c[k] : int(c[k])+L]
					for i, x := range v {
						dst[i*st+k] = x
					}
				}
				return nil
			}
		}
	}
	for i := range in.parts {
		if err := w.affine(fr, &in.parts[i]); err != nil {
			return err
		}
	}
	return nil
}

// stridedWords returns the memory of n lanes of n 4-byte components each
// at a0, a0+stride, ... as 32-bit words, when it is aligned and inside one
// buffer.
func (w *worker) stridedWords(a0, stride uint64, lanes, n int, in *inst) ([]uint32, bool) {
	if misaligned(a0, in.align) || misaligned(stride, in.align) || a0%4 != 0 || stride%4 != 0 || stride == 0 || stride > 1<<20 {
		return nil, false
	}
	span := uint64(lanes-1)*stride + 4*uint64(n)
	b, ok := w.cache.resolve(w.mem, a0, span)
	if !ok {
		return nil, false
	}
	return words(b[:span])
}

// misaligned reports whether a is not a multiple of align (a power of two
// in practice: a mask then, not a division).
func misaligned(a uint64, align uint32) bool {
	al := uint64(align)
	if al&(al-1) == 0 {
		return a&(al-1) != 0
	}
	return a%al != 0
}

// affineRows runs a group of row loads or stores (opVLoadRows,
// opVStoreRows): with the lanes' indices consecutive up to the last active
// lane and the span of all the rows inside one (for stores writable)
// buffer, each row is copied straight, the active lanes of it when some
// are not; otherwise the component accesses run one after the other,
// exactly as they were (and report any fault as they did).
func (w *worker) affineRows(fr *frame, in *inst, store bool) error {
	m := fr.exec
	if store {
		m &^= fr.noStore
	}
	if m == 0 {
		return nil
	}
	W := w.w
	L := 64 - bits.LeadingZeros64(uint64(m))
	if base, i0, ok := affineStart(fr, in, W, L); ok {
		a0 := base + i0*4
		offs, comp := in.rowOff, in.comp
		span := offs[len(offs)-1] + 4*uint64(L)
		if a0%4 == 0 && !misaligned(a0, in.align) {
			if b, ok := w.cache.resolve(w.mem, a0, span); ok && !(store && w.cache.ro) {
				if mem, ok := words(b[:span]); ok {
					r := fr.r32
					full := prefixLen(m) == L
					for k, o := range offs {
						row := mem[o/4 : o/4+uint64(L)]
						reg := r[comp[k] : int(comp[k])+L]
						switch {
						case full && store:
							copy(row, reg)
						case full:
							copy(reg, row)
						case store:
							for mm := m; mm != 0; mm &= mm - 1 {
								l := mm.First() & 63
								row[l] = reg[l]
							}
						default:
							for mm := m; mm != 0; mm &= mm - 1 {
								l := mm.First() & 63
								reg[l] = row[l]
							}
						}
					}
					return nil
				}
			}
		}
	}
	for i := range in.parts {
		if err := w.affine(fr, &in.parts[i]); err != nil {
			return err
		}
	}
	return nil
}

// affineStart returns the uniform base of the affine access in and the
// index of its first lane, extended as the access extends it, when the
// indices of lanes 0..L-1 are consecutive (ok false otherwise).
func affineStart(fr *frame, in *inst, W, L int) (base, i0 uint64, ok bool) {
	idx := fr.r32[in.a : in.a+L]
	signed := in.from == ir.I32
	if !((in.seqOK && fr.seq[in.a/W] && !signed) || consecutive(idx, signed)) {
		return 0, 0, false
	}
	if in.b >= 0 {
		base = fr.uni[in.b]
	}
	if in.c >= 0 {
		base += fr.uni[in.c]
	}
	i0 = uint64(idx[0])
	if signed {
		i0 = uint64(int64(int32(idx[0])))
	}
	return base, i0, true
}
