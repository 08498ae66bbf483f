package exec

import (
	"errors"
	"time"
	"unsafe"

	"github.com/ingot-render/ingot/internal/lane"
	"github.com/ingot-render/ingot/shaders/ir"
)

// batch is the position of one batch of lanes in the dispatch: which
// threadgroup, and which of its threads (linear indices base..base+n-1).
type batch struct {
	g      *Grid
	tgPos  [3]uint32
	tgSize [3]uint32 // actual threads_per_threadgroup
	total  uint32    // threads in the threadgroup
	base   uint32
	n      int
	// quad arranges the threads in 2×2 quads, quads row-major (tile
	// functions, see Runner.RunGroup): thread l is at (2(q mod qx) + l&1,
	// 2(q div qx) + (l>>1)&1) with q = l/4 and qx = width/2.
	quad bool
}

// local returns thread_position_in_threadgroup of lane i.
func (b *batch) local(i int) [3]uint32 {
	l := b.base + uint32(i)
	if b.quad {
		q, qx := l>>2, b.tgSize[0]/2
		return [3]uint32{2*(q%qx) + l&1, 2*(q/qx) + (l>>1)&1, 0}
	}
	return [3]uint32{l % b.tgSize[0], (l / b.tgSize[0]) % b.tgSize[1], l / (b.tgSize[0] * b.tgSize[1])}
}

// threadPos returns thread_position_in_grid of lane i.
func (b *batch) threadPos(i int) [3]uint32 {
	p := b.local(i)
	for k := range 3 {
		p[k] += b.tgPos[k] * b.g.ThreadsPerThreadgroup[k]
	}
	return p
}

func (b *batch) uniformBuiltin(id ir.BuiltinID) uint32 {
	g := b.g
	switch {
	case id < ir.ThreadIndexInThreadgroup:
		c := id % 3
		switch id - c {
		case ir.ThreadgroupPositionInGrid:
			return b.tgPos[c]
		case ir.ThreadsPerThreadgroup:
			return b.tgSize[c]
		case ir.DispatchThreadsPerThreadgroup:
			return g.ThreadsPerThreadgroup[c]
		case ir.ThreadsPerGrid:
			return g.Threads[c]
		case ir.ThreadgroupsPerGrid:
			return g.Threadgroups[c]
		}
	case id == ir.ThreadsPerSimdgroup:
		return lane.SIMDWidth
	case id == ir.SimdgroupsPerThreadgroup:
		return (b.total + lane.SIMDWidth - 1) / lane.SIMDWidth
	case id == ir.DispatchSimdgroupsPerThreadgroup:
		t := g.ThreadsPerThreadgroup[0] * g.ThreadsPerThreadgroup[1] * g.ThreadsPerThreadgroup[2]
		return (t + lane.SIMDWidth - 1) / lane.SIMDWidth
	}
	return 0
}

// varyingBuiltin fills d with built-in id for every lane (lanes past the
// end of the threadgroup get values too; they are inactive). It reports
// whether the lanes hold consecutive values v0, v0+1, ... (without
// wrapping), which lets indexed loads skip their contiguity check.
func (b *batch) varyingBuiltin(id ir.BuiltinID, d []uint32) bool {
	if ir.UniformBuiltin(id) {
		lane.Fill32(d, b.uniformBuiltin(id))
		return false
	}
	l := b.base // a multiple of the batch width, so of 32
	switch id {
	case ir.ThreadIndexInThreadgroup:
		lane.Iota32(d, l)
		return true
	case ir.SimdgroupIndexInThreadgroup:
		for g := 0; g < len(d); g += lane.SIMDWidth {
			lane.Fill32(d[g:min(g+lane.SIMDWidth, len(d))], (l+uint32(g))/lane.SIMDWidth)
		}
		return false
	case ir.ThreadIndexInSimdgroup:
		for g := 0; g < len(d); g += lane.SIMDWidth {
			lane.Iota32(d[g:min(g+lane.SIMDWidth, len(d))], 0)
		}
		return false
	case ir.QuadgroupIndexInThreadgroup:
		for i := range d {
			d[i] = (l + uint32(i)) / 4
		}
		return false
	case ir.ThreadIndexInQuadgroup:
		for i := range d {
			d[i] = (l + uint32(i)) % 4
		}
		return false
	}
	// Positions: walk the threadgroup's x, y, z counters from lane 0.
	c := int(id % 3)
	var add uint32
	if id-ir.BuiltinID(c) == ir.ThreadPositionInGrid {
		add = b.tgPos[c] * b.g.ThreadsPerThreadgroup[c]
	}
	if b.quad {
		for i := range d {
			d[i] = b.local(i)[c] + add
		}
		return false
	}
	sx, sy := b.tgSize[0], b.tgSize[1]
	p := [3]uint32{l % sx, (l / sx) % sy, l / (sx * sy)}
	if c == 0 && sx >= uint32(len(d)) && p[0]+uint32(len(d)) <= sx {
		start := p[0] + add
		lane.Iota32(d, start)
		return start <= ^uint32(0)-uint32(len(d))
	}
	for i := range d {
		d[i] = p[c] + add
		p[0]++
		if p[0] == sx {
			p[0] = 0
			p[1]++
			if p[1] == sy {
				p[1] = 0
				p[2]++
			}
		}
	}
	return false
}

// worker is the per-goroutine state of a dispatch: register frames,
// threadgroup memory, the memory cache and the step counter. Workers are
// pooled per pipeline, so steady-state dispatches allocate nothing per
// batch.
type worker struct {
	stats     workerStats // ingot_opstats builds only
	pl        *Pipeline
	w         int
	full      lane.Mask
	mem       *Memory
	cache     memCache
	addrs     [64]uint64 // scratch: per-lane addresses of a gather
	tg        []byte
	entries   []*frame   // entry frames, one per batch of a threadgroup
	stack     [][]*frame // [depth][function index], depth >= 1
	cur       []*frame   // frames by call depth for the running batch
	ds        *dispatchState
	b         *batch // batch being run
	steps     int64
	flushed   int64
	nextCheck int64
	interval  int64 // steps between budget and cancellation checks
	ic        Call
	pending   []*frame
	tr        trafficCount // Dispatch.Traffic's private count (traffic.go)
}

func newWorker(pl *Pipeline) any {
	w := &worker{pl: pl, w: pl.opt.Width, full: lane.FirstN(pl.opt.Width)}
	w.tg = make([]byte, MaxThreadgroupMemory)
	return w
}

func (w *worker) entryFrame(i int) *frame {
	for len(w.entries) <= i {
		w.entries = append(w.entries, newFrame(w.pl.entry, 0))
	}
	return w.entries[i]
}

func (w *worker) frameFor(cf *cfunc, depth int) *frame {
	for len(w.stack) <= depth {
		w.stack = append(w.stack, make([]*frame, len(w.pl.funcs)))
	}
	idx := cf.idx
	if w.stack[depth][idx] == nil {
		w.stack[depth][idx] = newFrame(cf, depth)
	}
	return w.stack[depth][idx]
}

// enter prepares fr for a call with the given active lanes.
func (fr *frame) enter(exec, noStore lane.Mask, w int) {
	cf := fr.cf
	fr.exec, fr.entry, fr.noStore, fr.pc = exec, exec, noStore, 0
	fr.masks[slotRet], fr.masks[slotDisc] = 0, 0
	for _, o := range cf.zero32 {
		clear(fr.r32[o : int(o)+w])
	}
	for _, o := range cf.zero64 {
		clear(fr.r64[o : int(o)+w])
	}
	for _, o := range cf.zeroUni {
		fr.uni[o] = 0
	}
	clear(fr.priv)
}

// setParam stores value pattern v into parameter i of fr for every lane.
func (fr *frame) setParam(i int, v uint64, w int) {
	p := fr.cf.params[i]
	if p.file == fileUni {
		fr.uni[p.off] = v
		if sh := fr.cf.paramSh[i]; sh >= 0 {
			if p.kind.Wide() {
				lane.Broadcast(fr.r64[sh:int(sh)+w], v)
			} else {
				lane.Broadcast(fr.r32[sh:int(sh)+w], uint32(v))
			}
		}
		return
	}
	if p.file == file64 {
		lane.Broadcast(fr.r64[p.off:int(p.off)+w], v)
	} else {
		lane.Broadcast(fr.r32[p.off:int(p.off)+w], uint32(v))
	}
}

// call runs a user function for the active lanes of fr.
func (w *worker) call(fr *frame, in *inst) error {
	if fr.exec == 0 {
		return nil
	}
	depth := fr.depth + 1
	if depth > w.pl.opt.MaxCallDepth {
		return w.fault(fr, in, FaultStack, fr.exec.First(), 0, "recursion deeper than MaxCallDepth")
	}
	cf := in.callee
	callee := w.frameFor(cf, depth)
	W := w.w
	callee.enter(fr.exec, fr.noStore, W)
	direct := W == 64 && lane.Direct64
	for i, o := range in.ops {
		p := cf.params[i]
		if p.file == fileUni {
			callee.setParam(i, fr.get(o, fr.exec.First()), W)
			continue
		}
		if o.file == file64 {
			copy64(callee.r64[p.off:int(p.off)+W], fr.r64[o.off:int(o.off)+W])
		} else if d, s := callee.r32[p.off:int(p.off)+W], fr.r32[o.off:int(o.off)+W]; direct {
			lane.Copy32x64(&d[0], &s[0]) // d and s hold W = 64 lanes
		} else {
			copy(d, s)
		}
	}
	for len(w.cur) <= depth {
		w.cur = append(w.cur, nil)
	}
	w.cur[depth] = callee
	w.steps += int64(len(cf.code))
	if w.steps >= w.nextCheck {
		if err := w.check(fr, in); err != nil {
			return err
		}
	}
	if _, err := w.run(callee); err != nil {
		return err
	}
	for i, o := range in.res {
		r := cf.results[i]
		if in.maskRes != nil && in.maskRes[i] {
			// A variable: only the calling lanes change.
			if o.file == file64 {
				lane.MoveMasked(fr.r64[o.off:int(o.off)+W], callee.r64[r.off:int(r.off)+W], fr.exec)
			} else {
				lane.MoveMasked32(fr.r32[o.off:int(o.off)+W], callee.r32[r.off:int(r.off)+W], fr.exec)
			}
			continue
		}
		if o.file == file64 {
			copy64(fr.r64[o.off:int(o.off)+W], callee.r64[r.off:int(r.off)+W])
		} else {
			copy32(fr.r32[o.off:int(o.off)+W], callee.r32[r.off:int(r.off)+W])
		}
	}
	if d := callee.masks[slotDisc]; d != 0 {
		// Lanes that discarded in the callee go on as helpers.
		fr.masks[slotDisc] |= d
		fr.noStore |= d
	}
	return nil
}

// copy32 copies lane vector s to d, with the 64-lane kernel when both hold
// 64 lanes (a call's arguments and results).
func copy32(d, s []uint32) {
	if len(d) == 64 && len(s) == 64 && lane.Direct64 {
		lane.Copy32x64(unsafe.SliceData(d), unsafe.SliceData(s))
		return
	}
	copy(d, s)
}

// copy64 is copy32 for 64-bit lanes.
func copy64(d, s []uint64) {
	if len(d) == 64 && len(s) == 64 && lane.Direct64 {
		lane.Copy64x64(unsafe.SliceData(d), unsafe.SliceData(s))
		return
	}
	copy(d, s)
}

// intrinsic runs a native lane function.
func (w *worker) intrinsic(fr *frame, in *inst) error {
	c := &w.ic
	*c = Call{W: w.w, Mask: fr.exec, StoreMask: fr.exec &^ fr.noStore, args: in.ops, results: in.res, w: w, fr: fr, in: in}
	if err := in.intr(c); err != nil {
		var f *Fault
		if errors.As(err, &f) {
			return err
		}
		return w.fault(fr, in, FaultIntrinsic, fr.exec.First(), 0, "")
	}
	first := fr.exec.First()
	for j, u := range in.uniRes {
		if u >= 0 {
			fr.uni[u] = fr.get(in.res[j], first)
		}
	}
	return nil
}

const checkEvery = 1 << 16

// check enforces the step budget, the timeout and cancellation.
func (w *worker) check(fr *frame, in *inst) error {
	w.nextCheck = w.steps + w.interval
	ds := w.ds
	delta := w.steps - w.flushed
	total := ds.steps.Add(delta)
	w.flushed = w.steps
	l := fr.exec.First()
	if max := w.pl.opt.MaxSteps; max > 0 && total > max {
		return w.fault(fr, in, FaultBudget, l, 0, "")
	}
	if ds.budget != nil && ds.budget.charge(delta) {
		return w.fault(fr, in, FaultBudget, l, 0, "")
	}
	select {
	case <-ds.ctx.Done():
		f := w.fault(fr, in, FaultCancelled, l, 0, "").(*Fault)
		f.Err = ds.ctx.Err()
		return f
	default:
	}
	if !ds.deadline.IsZero() && time.Now().After(ds.deadline) {
		return w.fault(fr, in, FaultTimeout, l, 0, "")
	}
	return nil
}

// fault builds a Fault for lane l of the running batch at instruction in.
func (w *worker) fault(fr *frame, in *inst, kind FaultKind, l int, addr uint64, detail string) error {
	f := &Fault{Kind: kind, Function: fr.cf.fn.Name, Addr: addr, Detail: detail}
	if in != nil && in.src != nil && w.pl.prog.Fset != nil {
		f.Pos = w.pl.prog.Fset.Position(in.src.Pos)
	}
	if l < 0 {
		l = 0
	}
	if w.b != nil {
		f.Thread = w.b.threadPos(l)
	}
	return f
}
