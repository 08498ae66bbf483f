package exec

import (
	"sync/atomic"

	"github.com/ingot-render/ingot/internal/lane"
	"github.com/ingot-render/ingot/shaders/ir"
)

// Traffic counts the device-memory bytes a dispatch's (or Runner's)
// shader code moved when Dispatch.Traffic points at it: loads and stores
// in the device and constant address spaces, each executed memory
// instruction adding its active lanes × element size (stores: lanes that
// may store), and what intrinsics report through Call.CountTraffic
// (texture reads and writes), and device-memory atomics per active lane:
// the element read by every atomic that returns a value (loads,
// read-modify-writes, compare-exchanges) and written by every one that
// stores (stores, read-modify-writes, compare-exchanges that swap).
// Workers count privately and add their totals when they leave the
// dispatch (a Runner when it closes), so several dispatches may share one
// Traffic.
type Traffic struct {
	read, written atomic.Int64
}

// Bytes returns the bytes read and written so far.
func (t *Traffic) Bytes() (read, written int64) { return t.read.Load(), t.written.Load() }

// Add adds bytes read and written outside the executor's memory
// instructions (a stage's fixed-function fetch of its inputs) to t.
func (t *Traffic) Add(read, written int64) {
	t.read.Add(read)
	t.written.Add(written)
}

// trafficCount is a worker's private count for its dispatch.
type trafficCount struct {
	on     bool
	rd, wr int64
}

// countMem counts one load or store instruction of frame fr for the lanes
// of m, unless its first active lane's address lies in the dispatch's
// TrafficSkip range (the stage records).
func (w *worker) countMem(fr *frame, in *inst, m lane.Mask, store bool) {
	if m == 0 || in.space != ir.Device && in.space != ir.Constant {
		return
	}
	if sk := w.ds.trafficSkip; sk[1] > sk[0] {
		if a := firstAddr(fr, in, m); a >= sk[0] && a < sk[1] {
			return
		}
	}
	c := &w.tr
	n := int64(m.Count())
	size := int64(in.k.Size())
	if in.instExt != nil && len(in.comp) > 0 {
		size *= int64(len(in.comp)) // opVLoadAffN/opVStoreAffN: one element per component
	}
	if store {
		c.wr += n * size
	} else {
		c.rd += n * size
	}
}

// firstAddr is the address of the first active lane of a memory
// instruction (vector loads with a uniform offset: before the offset).
func firstAddr(fr *frame, in *inst, m lane.Mask) uint64 {
	l := m.First()
	switch in.op {
	case opULoad:
		return fr.uni[in.a] + in.imm
	case opVLoad, opVStore:
		return fr.r64[int(in.ops[0].off)+l]
	}
	var base uint64
	if in.b >= 0 {
		base = fr.uni[in.b]
	}
	if in.c >= 0 {
		base += fr.uni[in.c]
	}
	x := uint64(fr.r32[in.a+l])
	if in.from == ir.I32 {
		x = uint64(int64(int32(fr.r32[in.a+l])))
	}
	return base + x*in.imm
}

// flushTraffic adds the worker's count to its dispatch's Traffic.
func (w *worker) flushTraffic() {
	if !w.tr.on || w.ds == nil || w.ds.traffic == nil {
		return
	}
	w.ds.traffic.read.Add(w.tr.rd)
	w.ds.traffic.written.Add(w.tr.wr)
	w.tr = trafficCount{on: true}
}

// CountTraffic adds device-memory bytes an intrinsic read and wrote (a
// texture access) to the dispatch's Traffic, when it counts.
func (c *Call) CountTraffic(read, written int64) {
	if c.w != nil && c.w.tr.on {
		c.w.tr.rd += read
		c.w.tr.wr += written
	}
}

// Counting reports whether the dispatch counts traffic (Call.CountTraffic
// does something).
func (c *Call) Counting() bool { return c.w != nil && c.w.tr.on }

// noStoreIf is the frame's no-store lanes for a store, none for a load.
func (fr *frame) noStoreIf(store bool) lane.Mask {
	if store {
		return fr.noStore
	}
	return 0
}

// countAtomic counts one lane's device atomic on a size-byte element: read
// when the atomic returns the old value, written when it stored.
func (c *Call) countAtomic(size uint64, read, wrote bool) {
	if read {
		c.w.tr.rd += int64(size)
	}
	if wrote {
		c.w.tr.wr += int64(size)
	}
}
