package exec

import (
	"context"
	"fmt"
	"math"
	"time"

	"github.com/ingot-render/ingot/internal/lane"
)

// Runner runs single batches of a pipeline on the calling goroutine, for
// stages whose work the caller schedules itself: the fragment stage of a
// render pass runs its quads from the rasterizer's tile workers, each with
// a Runner of its own. Every Run is one threadgroup of n ≤ Width threads
// at position 0 (thread_position_in_grid 0..n-1), so a stage record array
// bound as an argument is indexed by lane.
//
// A Runner is not safe for concurrent use. Close it when done: it returns
// its worker to the pipeline and charges its steps to the budget.
type Runner struct {
	pl     *Pipeline
	w      *worker
	ds     *dispatchState
	done   func(uint64)
	closed bool
	// own is the worker's threadgroup memory while shared memory of the
	// caller's is in use (UseThreadgroupMemory).
	own []byte
}

// NewRunner prepares a Runner for the arguments, memory, environment and
// budget of d (d.Grid is ignored). d.Done, when set, is called by Close.
func (pl *Pipeline) NewRunner(ctx context.Context, d Dispatch) (*Runner, error) {
	if len(d.Args) != len(pl.entry.fn.Params) {
		return nil, fmt.Errorf("exec: runner %s: %d arguments, want %d", pl.entry.fn.Name, len(d.Args), len(pl.entry.fn.Params))
	}
	tgSize := uint64(pl.entry.fn.ThreadgroupMemory) + uint64(d.ThreadgroupMemory)
	if tgSize > MaxThreadgroupMemory {
		return nil, fmt.Errorf("exec: runner %s: %d bytes of threadgroup memory, more than %d", pl.entry.fn.Name, tgSize, MaxThreadgroupMemory)
	}
	mem := d.Memory
	if mem == nil {
		mem = &Memory{}
	}
	mem, err := mem.WithProgramData(pl.prog)
	if err != nil {
		return nil, fmt.Errorf("exec: runner %s: %w", pl.entry.fn.Name, err)
	}
	W := uint32(pl.opt.Width)
	g, err := ThreadsGrid([3]uint32{W, 1, 1}, [3]uint32{W, 1, 1}).normalize()
	if err != nil {
		return nil, err
	}
	ds := &dispatchState{id: dispatchIDs.Add(1), env: d.Env, ctx: ctx, grid: g, args: d.Args, mem: mem, budget: d.Budget, tgSize: uint32(tgSize), baseTG: uint32(tgSize), traffic: d.Traffic, trafficSkip: d.TrafficSkip}
	ds.faultTG.Store(math.MaxInt64)
	if pl.opt.Timeout > 0 {
		ds.deadline = time.Now().Add(pl.opt.Timeout)
	}
	w := pl.workers.Get().(*worker)
	w.begin(ds)
	if len(w.cur) == 0 {
		w.cur = append(w.cur, nil)
	}
	return &Runner{pl: pl, w: w, ds: ds, done: d.Done}, nil
}

// Run executes threads 0..n-1 (1 ≤ n ≤ Width) as one batch. Lanes in
// helpers run but may not store or have other side effects (helper lanes
// of a fragment quad). A fault is returned as a *Fault; cancellation of
// the Runner's context and the budget are checked as in Pipeline.Run.
func (r *Runner) Run(n int, helpers lane.Mask) (err error) {
	w := r.w
	if r.closed {
		return fmt.Errorf("exec: runner %s: Run after Close", r.pl.entry.fn.Name)
	}
	if n < 1 || n > w.w {
		return fmt.Errorf("exec: runner %s: %d threads, want 1..%d", r.pl.entry.fn.Name, n, w.w)
	}
	ds := r.ds
	if err := r.startable(); err != nil {
		return err
	}
	defer func() {
		lane.LeaveSIMD()
		if p := recover(); p != nil {
			// A worker that panicked is dropped, not pooled.
			r.closed, r.w = true, nil
			err = &Fault{Kind: FaultInternal, Function: r.pl.entry.fn.Name, Detail: fmt.Sprint("executor panic: ", p)}
		}
	}()
	if r.own == nil {
		clear(w.tg[:ds.tgSize])
	}
	fr := w.entryFrame(0)
	fr.bt = batch{g: &ds.grid, tgSize: [3]uint32{uint32(n), 1, 1}, total: uint32(n)}
	fr.bt.n = n
	fr.b = &fr.bt
	all := lane.FirstN(n)
	w.enterEntry(ds, fr, all, helpers&all)
	w.b, w.cur[0] = fr.b, fr
	lane.LeaveSIMD()
	suspended, err := w.run(fr)
	if err == nil && suspended {
		err = &Fault{Kind: FaultInternal, Function: r.pl.entry.fn.Name, Detail: "a barrier in a function run batch by batch"}
	}
	return err
}

// Steps returns the VM instructions the Runner has executed so far.
func (r *Runner) Steps() int64 {
	if r.w == nil {
		return 0
	}
	return r.w.steps
}

// Close charges the Runner's remaining steps to the budget, returns its
// worker to the pipeline and calls the dispatch's Done. It is safe to call
// twice.
func (r *Runner) Close() {
	if r.w != nil {
		w := r.w
		if opStats {
			w.flushOpStats()
		}
		if r.ds.budget != nil {
			r.ds.budget.charge(w.steps - w.flushed)
		}
		w.flushTraffic()
		w.ds, w.mem, w.b = nil, nil, nil
		w.cache = memCache{}
		if r.own != nil {
			w.tg, r.own = r.own, nil
		}
		r.pl.workers.Put(w)
		r.w = nil
	}
	if !r.closed || r.done != nil {
		r.closed = true
		if d := r.done; d != nil {
			r.done = nil
			d(r.ds.id)
		}
	}
}

// startable reports why the runner's dispatch may not run another batch:
// its context is done or its shared instruction budget is spent.
func (r *Runner) startable() error {
	ds := r.ds
	select {
	case <-ds.ctx.Done():
		return &Fault{Kind: FaultCancelled, Function: r.pl.entry.fn.Name, Err: ds.ctx.Err()}
	default:
	}
	if b := ds.budget; b != nil && b.limit > 0 && b.Used() > b.limit {
		return &Fault{Kind: FaultBudget, Function: r.pl.entry.fn.Name, Detail: "the shared instruction budget is spent"}
	}
	return nil
}
