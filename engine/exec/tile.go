package exec

import (
	"fmt"

	"github.com/ingot-render/ingot/internal/lane"
)

// UseThreadgroupMemory makes tg the Runner's threadgroup memory: later Run
// and RunGroup calls read and write it as it is, without clearing it, so a
// caller can keep memory alive across runs and share it between Runners
// (the persistent threadgroup memory of a render pass's tile, shared by its
// tile dispatches and fragment functions). tg must hold at least the
// function's static threadgroup memory; accesses past len(tg) fault. A nil
// tg restores the Runner's own memory (cleared before each run).
func (r *Runner) UseThreadgroupMemory(tg []byte) error {
	if r.w == nil {
		return fmt.Errorf("exec: runner %s: UseThreadgroupMemory after Close", r.pl.entry.fn.Name)
	}
	w := r.w
	if tg == nil {
		if r.own != nil {
			w.tg, r.own = r.own, nil
		}
		r.ds.tgSize = r.ds.baseTG
		return nil
	}
	if static := r.pl.entry.fn.ThreadgroupMemory; uint64(len(tg)) < uint64(static) || len(tg) > 1<<30 {
		return fmt.Errorf("exec: runner %s: %d bytes of threadgroup memory, want %d … 2^30 (the static threadgroup variables)", r.pl.entry.fn.Name, len(tg), static)
	}
	if r.own == nil {
		r.own = w.tg
	}
	w.tg = tg
	r.ds.tgSize = uint32(len(tg))
	return nil
}

// RunGroup executes one whole threadgroup of grid g: the threadgroup at
// position pos, of size threads (at most g.ThreadsPerThreadgroup in each
// dimension; positions in the grid count g.ThreadsPerThreadgroup per
// threadgroup, so a smaller size behaves as a partial threadgroup). Unlike
// Run it supports barriers, and it runs on the calling goroutine. With
// quads, and an even width and height and a depth of 1, the threads are
// arranged in 2×2 quads (Metal's tile functions): thread index l is at
// x = 2(q mod w/2) + l&1, y = 2(q div w/2) + (l>>1)&1 with q = l/4;
// otherwise row-major as in Pipeline.Run. Threadgroup memory is cleared
// first unless UseThreadgroupMemory set the caller's.
func (r *Runner) RunGroup(g Grid, pos, size [3]uint32, quads bool) (err error) {
	w := r.w
	if r.closed || w == nil {
		return fmt.Errorf("exec: runner %s: RunGroup after Close", r.pl.entry.fn.Name)
	}
	g, err = g.normalize()
	if err != nil {
		return err
	}
	for i := range 3 {
		if size[i] == 0 || size[i] > g.ThreadsPerThreadgroup[i] || pos[i] >= max(g.Threadgroups[i], 1) {
			return fmt.Errorf("exec: runner %s: threadgroup %v of %v threads outside the grid %+v", r.pl.entry.fn.Name, pos, size, g)
		}
	}
	ds := r.ds
	if err := r.startable(); err != nil {
		return err
	}
	defer func() {
		lane.LeaveSIMD()
		if p := recover(); p != nil {
			r.closed, r.w = true, nil
			err = &Fault{Kind: FaultInternal, Function: r.pl.entry.fn.Name, Detail: fmt.Sprint("executor panic: ", p)}
		}
	}()
	ds.grid = g
	ds.quad = quads && size[0]%2 == 0 && size[1]%2 == 0 && size[2] == 1
	defer func() { ds.quad = false }()
	if r.own == nil {
		clear(w.tg[:ds.tgSize])
	}
	return w.runGroup(ds, pos, size)
}
