package engine

import (
	"math"
	"math/bits"
	"unsafe"

	"github.com/ingot-render/ingot/engine/raster"
	"github.com/ingot-render/ingot/shaders/sema"
)

// stageLanes is the block size of lane-major stage records: the batch
// width of the executor's default pipelines and of the rasterizer's
// fragment batches, so that one batch's records are one block and each
// input and output of the batch one contiguous row of words.
const stageLanes = raster.MaxBatch

// usesImageblockData reports whether fragment function fn reads or
// writes explicit imageblock data ([[imageblock_data]] arguments or
// result members), whose byte-range copies (tile_imageblock.go) need
// record-major records.
func usesImageblockData(fn *sema.Function) bool {
	if fn == nil {
		return false
	}
	for _, prm := range fn.Params {
		if prm.Bind == sema.BindImageblockData {
			return true
		}
	}
	if t := fn.Result; t != nil {
		if t = t.Unqualified(); t.Kind == sema.KStruct && t.Struct != nil {
			for _, m := range t.Struct.Fields {
				if m.Attr("imageblock_data") != nil {
					return true
				}
			}
		}
	}
	return false
}

// laneRow is the byte of lane-major record 0 (blocks of lanes records)
// that holds byte off of the record-major layout; record i's is 4i further
// (lower.WrapperLayout.RecordOffset).
func laneRow(off, lanes int) int { return off/4*4*lanes + off%4 }

// at returns the byte of record i in rec that holds component c of slot
// sl.
func (l *fragmentLayout) at(sl ioSlot, c, i int) int {
	o := sl.off + c*scalarSize(sl.kind)
	if l.lanes > 0 {
		return laneRow(o, l.lanes) + 4*i
	}
	return o + i*l.record
}

// row returns the n words of component c of slot sl of records 0..n-1
// of a lane-major block rec, or false when they are not a word row
// (sub-word components) or rec cannot be viewed as words.
func (l *fragmentLayout) row(rec []byte, sl ioSlot, c, n int) ([]uint32, bool) {
	o := sl.off + c*scalarSize(sl.kind)
	if l.lanes <= 0 || scalarSize(sl.kind) != 4 || o%4 != 0 || n <= 0 {
		return nil, false
	}
	w, ok := recWords(rec, 4)
	k := laneRow(o, l.lanes) / 4
	if !ok || k+n > len(w) {
		return nil, false
	}
	return w[k : k+n : k+n], true
}

// putF writes component c of slot sl of the first n records from v;
// nothing when the slot is absent.
func (l *fragmentLayout) putF(rec []byte, n int, sl ioSlot, c int, v []float32) {
	if l.lanes <= 0 {
		putF(rec, l.record, n, sl, c, v)
		return
	}
	if !sl.ok() || c >= sl.n || v == nil {
		return
	}
	if w, ok := l.row(rec, sl, c, n); ok && sl.kind == sema.KFloat {
		copy(w, unsafe.Slice((*uint32)(unsafe.Pointer(unsafe.SliceData(v))), n))
		return
	}
	for i := range n {
		sl.put32At(rec, l.at(sl, c, i), math.Float32bits(v[i]))
	}
}

// putU is putF for 32-bit integer inputs.
func (l *fragmentLayout) putU(rec []byte, n int, sl ioSlot, c int, v []uint32) {
	if l.lanes <= 0 {
		putU(rec, l.record, n, sl, c, v)
		return
	}
	if !sl.ok() || c >= sl.n || v == nil {
		return
	}
	if w, ok := l.row(rec, sl, c, n); ok {
		copy(w, v[:n])
		return
	}
	for i := range n {
		sl.put32At(rec, l.at(sl, c, i), v[i])
	}
}

// get32 reads component c of slot sl of record i as ioSlot.get32 does.
func (l *fragmentLayout) get32(rec []byte, sl ioSlot, c, i int) uint32 {
	return sl.get32At(rec, l.at(sl, c, i))
}

// clearAlive zeroes the alive word of the first n records.
func (l *fragmentLayout) clearAlive(rec []byte, n int) {
	if n <= 0 {
		return
	}
	if l.lanes > 0 {
		if w, ok := l.row(rec, ioSlot{off: l.alive, kind: sema.KUInt, n: 1}, 0, n); ok {
			clear(w)
			return
		}
		for i := range n {
			putU32(rec[laneRow(l.alive, l.lanes)+4*i:], 0)
		}
		return
	}
	if w, ok := recWords(rec, l.record); ok && l.alive%4 == 0 {
		step, o := l.record/4, l.alive/4
		w = w[o : o+(n-1)*step+1]
		for i := range n {
			w[i*step] = 0
		}
		return
	}
	for i := range n {
		putU32(rec[i*l.record+l.alive:], 0)
	}
}

// liveLanes returns the lanes of covered (of the first n records) whose
// alive word is set.
func (l *fragmentLayout) liveLanes(rec []byte, n int, covered uint64) uint64 {
	if n <= 0 {
		return 0
	}
	live := uint64(0)
	alive := ioSlot{off: l.alive, kind: sema.KUInt, n: 1}
	if w, ok := l.row(rec, alive, 0, n); ok {
		for i, x := range w {
			live |= uint64((x|-x)>>31) << i // bit i: x != 0, without a branch
		}
		return live & covered
	}
	if l.lanes <= 0 {
		if words, ok := recWords(rec, l.record); ok && l.alive%4 == 0 {
			step, o := l.record/4, l.alive/4
			words = words[o : o+(n-1)*step+1]
			for i := range n {
				if words[i*step] != 0 {
					live |= 1 << i
				}
			}
			return live & covered
		}
	}
	for i := range n {
		if covered&(1<<i) != 0 && alive.get32At(rec, l.at(alive, 0, i)) != 0 {
			live |= 1 << i
		}
	}
	return live
}

// readColors reads colour slot sl of the live lanes' records (the first
// n) into dst; missing components as readColor gives them.
func (l *fragmentLayout) readColors(sl ioSlot, rec []byte, n int, live uint64, dst [4][]float32) {
	if l.lanes <= 0 {
		readColors(sl, rec, l.record, live, dst)
		return
	}
	all := live == 1<<n-1 || n == 64 && live == ^uint64(0)
	for c := range 4 {
		d := dst[c]
		if c >= sl.n {
			v := float32(0)
			switch {
			case c == 3 && isIntKind(sl.kind):
				v = math.Float32frombits(1)
			case c == 3:
				v = 1
			}
			for m := live; m != 0; m &= m - 1 {
				d[bits.TrailingZeros64(m)] = v
			}
			continue
		}
		if w, ok := l.row(rec, sl, c, n); ok && all && len(d) >= n {
			copy(unsafe.Slice((*uint32)(unsafe.Pointer(unsafe.SliceData(d))), n), w)
			continue
		}
		for m := live; m != 0; m &= m - 1 {
			i := bits.TrailingZeros64(m)
			d[i] = math.Float32frombits(l.get32(rec, sl, c, i))
		}
	}
}

// at returns the byte of record i of rec (a lane-major block, or records
// of l.record bytes) that holds component c of slot sl.
func (l *vertexLayout) at(sl ioSlot, c, i int) int {
	o := sl.off + c*scalarSize(sl.kind)
	if l.lanes > 0 {
		return laneRow(o, l.lanes) + 4*i
	}
	return o + i*l.record
}

// put32 writes v to the first component of slot sl of record i of rec as
// ioSlot.put32 does.
func (l *vertexLayout) put32(rec []byte, sl ioSlot, i int, v uint32) {
	sl.put32At(rec, l.at(sl, 0, i), v)
}

// get32 reads component c of slot sl of record i of rec as ioSlot.get32
// does.
func (l *vertexLayout) get32(rec []byte, sl ioSlot, c, i int) uint32 {
	return sl.get32At(rec, l.at(sl, c, i))
}

// wordRow returns the n words from byte o of lane-major record 0 of rec
// on (records 0..n-1's words at record-major byte o), or false when o is
// not word-aligned or the row does not fit.
func wordRow(rec []byte, o, lanes, n int) ([]uint32, bool) {
	if o%4 != 0 || n <= 0 {
		return nil, false
	}
	w, ok := recWords(rec, 4)
	k := laneRow(o, lanes) / 4
	if !ok || k+n > len(w) {
		return nil, false
	}
	return w[k : k+n : k+n], true
}

// gatherLanesPlain is gatherLanes for float positions and varyings that
// are whole word rows of the block and nothing else per vertex: vertex by
// vertex, its position and varyings from the rows. It reports false,
// doing nothing, when some row is not a word row.
func (p *RenderPipelineState) gatherLanesPlain(vo *raster.VertexOutputs, rec []byte, base, lo, hi int, ids []uint32) bool {
	vl := &p.vout
	n, stride := hi-lo, vo.Stride
	if n <= 0 || stride > maxWordVaryings || stride != len(p.varyings) || vo.PointSize != nil || vo.ClipCount != 0 || vo.Layer != nil || vo.ViewportIndex != nil {
		return false
	}
	var rows [4 + maxWordVaryings]unsafe.Pointer
	for c := range 4 {
		w, ok := wordRow(rec, vl.position.off+4*c, vl.lanes, hi-base)
		if !ok {
			return false
		}
		rows[c] = unsafe.Pointer(&w[lo-base])
	}
	for k, v := range p.varyings[:stride] {
		w, ok := wordRow(rec, v.vert.off, vl.lanes, hi-base)
		if !ok {
			return false
		}
		rows[4+k] = unsafe.Pointer(&w[lo-base])
	}
	// wordRow has checked that every row holds the n words read.
	pos := unsafe.Slice((*uint32)(unsafe.Pointer(unsafe.SliceData(vo.Position))), len(vo.Position))
	vary := unsafe.Slice((*uint32)(unsafe.Pointer(unsafe.SliceData(vo.Varyings))), len(vo.Varyings))
	vr := rows[4 : 4+stride]
	for r := range n {
		i := lo + r
		if ids != nil {
			i = int(ids[i] - ids[0])
		}
		d := pos[4*i : 4*i+4 : 4*i+4]
		o := uintptr(4 * r)
		d[0], d[1], d[2], d[3] = *(*uint32)(unsafe.Add(rows[0], o)), *(*uint32)(unsafe.Add(rows[1], o)), *(*uint32)(unsafe.Add(rows[2], o)), *(*uint32)(unsafe.Add(rows[3], o))
		dv := vary[i*stride : i*stride+stride : i*stride+stride]
		for k, rp := range vr {
			dv[k] = *(*uint32)(unsafe.Add(rp, o))
		}
	}
	return true
}

// fetchPlainLanes is fetchPlain for a lane-major block rec (blocks of
// lanes records, record i of the draw being record i-base of the block):
// the nb/4 float words of each vertex go to nb/4 rows. It reports false,
// leaving the reporting to the general loop, when some vertex reads past
// src or the member is not whole words.
func fetchPlainLanes(rec []byte, lanes, base, dst int, src []byte, stride, off, nb int, vids []uint32, lo, hi int) bool {
	nc, n := nb/4, hi-lo
	if nb%4 != 0 || nc < 1 || nc > 4 || lo < base || n <= 0 {
		return n <= 0
	}
	var rows [4][]uint32
	for c := range nc {
		w, ok := wordRow(rec, dst+4*c, lanes, hi-base)
		if !ok {
			return false
		}
		rows[c] = w[lo-base:]
	}
	nv := len(vids)
	j := lo % nv
	if nc == 3 && n <= nv-j {
		// A float3 of one instance (no wrap of vids), the commonest.
		x0, x1, x2 := rows[0][:n], rows[1][:n], rows[2][:n]
		for r, v := range vids[j : j+n] {
			at := int(v)*stride + off
			if at < 0 || at+12 > len(src) {
				return false
			}
			s := (*[3][4]byte)(unsafe.Pointer(&src[at]))
			*(*[4]byte)(unsafe.Pointer(&x0[r])), *(*[4]byte)(unsafe.Pointer(&x1[r])), *(*[4]byte)(unsafe.Pointer(&x2[r])) = s[0], s[1], s[2]
		}
		return true
	}
	for r := range n {
		at := int(vids[j])*stride + off
		if j++; j == nv {
			j = 0
		}
		if at < 0 || at+nb > len(src) {
			return false
		}
		s := unsafe.Pointer(&src[at])
		// The bytes as they are: host-order words in, host-order words
		// out, read as bytes (the source need not be word-aligned).
		switch nc {
		case 3:
			v := (*[3][4]byte)(s)
			x0, x1, x2 := rows[0][:n], rows[1][:n], rows[2][:n]
			*(*[4]byte)(unsafe.Pointer(&x0[r])), *(*[4]byte)(unsafe.Pointer(&x1[r])), *(*[4]byte)(unsafe.Pointer(&x2[r])) = v[0], v[1], v[2]
		case 4:
			v := (*[4][4]byte)(s)
			x0, x1, x2, x3 := rows[0][:n], rows[1][:n], rows[2][:n], rows[3][:n]
			*(*[4]byte)(unsafe.Pointer(&x0[r])), *(*[4]byte)(unsafe.Pointer(&x1[r])), *(*[4]byte)(unsafe.Pointer(&x2[r])), *(*[4]byte)(unsafe.Pointer(&x3[r])) = v[0], v[1], v[2], v[3]
		default:
			for c := range nc {
				*(*[4]byte)(unsafe.Pointer(&rows[c][r])) = *(*[4]byte)(unsafe.Add(s, 4*c))
			}
		}
	}
	return true
}

// writeMemberLanes is writeMember for record r of a lane-major block rec
// (blocks of lanes records): the member's components, decoded and
// converted as writeMember does, each go to their own row.
func writeMemberLanes(rec []byte, lanes, r int, m *memberFetch, af attrFormat, src []byte) {
	var tmp [16]byte // at most four components of at most 4 bytes
	writeMember(tmp[:], m, af, src)
	sz := scalarSize(m.scalar)
	for c := range m.comps {
		copy(rec[laneRow(m.dst+c*sz, lanes)+4*r:][:sz], tmp[c*sz:][:sz])
	}
}

// gatherLanes is gatherOutputsAt for a lane-major block rec: record j of
// the draw is record j-base of the block. plain says the position and
// every varying are floats.
func (p *RenderPipelineState) gatherLanes(vo *raster.VertexOutputs, rec []byte, base, lo, hi int, ids []uint32, plain bool) {
	vl := &p.vout
	n := hi - lo
	if n <= 0 || lo < base {
		return
	}
	r0 := lo - base
	dst := func(j int) int {
		if ids != nil {
			return int(ids[j] - ids[0])
		}
		return j
	}
	if plain && p.gatherLanesPlain(vo, rec, base, lo, hi, ids) {
		return
	}
	pos := vo.Position
	done := false
	if plain {
		var rows [4][]uint32
		ok := true
		for c := range 4 {
			w, fits := wordRow(rec, vl.position.off+4*c, vl.lanes, hi-base)
			if ok = ok && fits; ok {
				rows[c] = w[r0:]
			}
		}
		if ok {
			x, y, z, w := rows[0], rows[1][:len(rows[0])], rows[2][:len(rows[0])], rows[3][:len(rows[0])]
			if ids == nil {
				pf := pos[4*lo : 4*hi]
				d := unsafe.Slice((*uint32)(unsafe.Pointer(unsafe.SliceData(pf))), len(pf))[:4*len(x)]
				for r := range x {
					q := d[4*r : 4*r+4 : 4*r+4]
					q[0], q[1], q[2], q[3] = x[r], y[r], z[r], w[r]
				}
			} else {
				for r := range x {
					i := int(ids[lo+r] - ids[0])
					d := pos[4*i : 4*i+4 : 4*i+4]
					d[0], d[1], d[2], d[3] = math.Float32frombits(x[r]), math.Float32frombits(y[r]), math.Float32frombits(z[r]), math.Float32frombits(w[r])
				}
			}
			done = true
		}
	}
	if !done {
		for j := lo; j < hi; j++ {
			i := dst(j)
			for c := range 4 {
				pos[4*i+c] = math.Float32frombits(vl.get32(rec, vl.position, c, j-base))
			}
		}
	}
	stride, vary := vo.Stride, vo.Varyings
	for k, v := range p.varyings[:stride] {
		if w, ok := wordRow(rec, v.vert.off, vl.lanes, hi-base); ok && plain {
			w = w[r0:]
			if ids == nil {
				d := vary[lo*stride+k:]
				_ = d[(n-1)*stride]
				for r, x := range w {
					d[r*stride] = math.Float32frombits(x)
				}
				continue
			}
			for r, x := range w {
				vary[dst(lo+r)*stride+k] = math.Float32frombits(x)
			}
			continue
		}
		for j := lo; j < hi; j++ {
			vary[dst(j)*stride+k] = math.Float32frombits(vl.get32(rec, v.vert, 0, j-base))
		}
	}
	for j := lo; j < hi; j++ {
		i, r := dst(j), j-base
		if vo.PointSize != nil {
			vo.PointSize[i] = math.Float32frombits(vl.get32(rec, vl.pointSize, 0, r))
		}
		for c := range vo.ClipCount {
			vo.ClipDistances[i*vo.ClipCount+c] = math.Float32frombits(vl.get32(rec, vl.clip, c, r))
		}
		if vo.Layer != nil {
			vo.Layer[i] = vl.get32(rec, vl.layer, 0, r)
		}
		if vo.ViewportIndex != nil {
			vo.ViewportIndex[i] = vl.get32(rec, vl.viewport, 0, r)
		}
	}
}
