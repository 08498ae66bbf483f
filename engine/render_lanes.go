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
