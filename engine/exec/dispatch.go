package exec

import (
	"context"
	"fmt"
	"math"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ingot-render/ingot/internal/lane"
)

// Dispatch is one run of a pipeline over a grid.
type Dispatch struct {
	Grid Grid
	// Args holds one value pattern (see ir.Normalize) per parameter of the
	// kernel function: buffer addresses, constants.
	Args []uint64
	// Memory resolves device and constant addresses; nil means no buffers.
	Memory *Memory
	// ThreadgroupMemory is the dynamic threadgroup memory in bytes, after
	// the kernel's static threadgroup variables.
	ThreadgroupMemory uint32
	// Env is passed untouched to intrinsics (Call.Env): the per-dispatch
	// resource tables (textures, samplers, acceleration structures by
	// resource ID) that their implementations look handles up in.
	Env any
	// Done, when not nil, is called once when the dispatch has ended
	// (every worker stopped, after a fault or cancellation too) with its
	// ID (Call.DispatchID), so that intrinsics can release per-dispatch
	// state the shader did not release.
	Done func(id uint64)
	// Budget, when not nil, is an instruction budget shared with other
	// dispatches (a command buffer's): the dispatch charges its steps to
	// it and faults with FaultBudget once the total passes its limit.
	Budget *StepBudget
	// Traffic, when not nil, counts the device-memory bytes the shader
	// code moves (traffic.go).
	Traffic *Traffic
	// TrafficSkip, when Hi > Lo, is an address range [Lo, Hi) whose
	// accesses Traffic leaves out (a stage's record buffer): an
	// instruction is left out when its first active lane's address is in it.
	TrafficSkip [2]uint64
}

// StepBudget is an instruction budget shared by several dispatches, e.g.
// every dispatch of one command buffer. Steps are counted as for
// Options.MaxSteps (executed VM instructions per batch; loop bodies and
// calls charged their static length). It is safe for concurrent use.
type StepBudget struct {
	limit int64
	used  atomic.Int64
}

// NewStepBudget returns a budget of limit steps (limit ≤ 0: none, the
// budget only counts).
func NewStepBudget(limit int64) *StepBudget { return &StepBudget{limit: limit} }

// Limit returns the budget's limit (≤ 0: none).
func (b *StepBudget) Limit() int64 { return b.limit }

// Used returns the steps charged so far.
func (b *StepBudget) Used() int64 { return b.used.Load() }

// charge adds n steps and reports whether the budget is exceeded.
func (b *StepBudget) charge(n int64) bool {
	u := b.used.Add(n)
	return b.limit > 0 && u > b.limit
}

var dispatchIDs atomic.Uint64

type dispatchState struct {
	traffic     *Traffic  // Dispatch.Traffic (traffic.go)
	trafficSkip [2]uint64 // Dispatch.TrafficSkip
	id          uint64    // unique per dispatch
	env         any
	ctx         context.Context
	grid        Grid
	args        []uint64
	mem         *Memory
	budget      *StepBudget
	tgSize      uint32
	quad        bool   // RunGroup: threads in 2×2 quads
	baseTG      uint32 // Runner: tgSize of its own memory
	deadline    time.Time
	next        atomic.Int64
	steps       atomic.Int64
	faultTG     atomic.Int64
	mu          sync.Mutex
	err         error
}

// Run executes the pipeline over d.Grid: threadgroups are spread over the
// workers, each threadgroup runs on one worker as batches of Width lanes.
// The result is the same for any number of workers. A shader fault stops
// the dispatch and is returned as a *Fault (the one of the lowest-numbered
// faulting threadgroup); ctx cancellation stops it too.
func (pl *Pipeline) Run(ctx context.Context, d Dispatch) error {
	g, err := d.Grid.normalize()
	if err != nil {
		return err
	}
	if len(d.Args) != len(pl.entry.fn.Params) {
		return fmt.Errorf("exec: dispatch %s: %d arguments, want %d", pl.entry.fn.Name, len(d.Args), len(pl.entry.fn.Params))
	}
	tgSize := uint64(pl.entry.fn.ThreadgroupMemory) + uint64(d.ThreadgroupMemory)
	if tgSize > MaxThreadgroupMemory {
		return fmt.Errorf("exec: dispatch %s: %d bytes of threadgroup memory, more than %d", pl.entry.fn.Name, tgSize, MaxThreadgroupMemory)
	}
	mem := d.Memory
	if mem == nil {
		mem = &Memory{}
	}
	if mem, err = mem.WithProgramData(pl.prog); err != nil {
		return fmt.Errorf("exec: dispatch %s: %w", pl.entry.fn.Name, err)
	}
	ds := &dispatchState{id: dispatchIDs.Add(1), env: d.Env, ctx: ctx, grid: g, args: d.Args, mem: mem, budget: d.Budget, tgSize: uint32(tgSize), traffic: d.Traffic, trafficSkip: d.TrafficSkip}
	if d.Budget != nil && d.Budget.limit > 0 && d.Budget.Used() > d.Budget.limit {
		return &Fault{Kind: FaultBudget, Function: pl.entry.fn.Name, Detail: "the shared instruction budget was spent by earlier dispatches"}
	}
	ds.faultTG.Store(math.MaxInt64)
	if d.Done != nil {
		defer d.Done(ds.id)
	}
	if pl.opt.Timeout > 0 {
		ds.deadline = time.Now().Add(pl.opt.Timeout)
	}
	n := g.numGroups()
	if n == 0 {
		return nil
	}
	workers := pl.opt.Workers
	if workers > n {
		workers = n
	}
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := pl.workers.Get().(*worker)
			if w.work(ds, n) {
				// The worker survived; a worker that panicked is dropped.
				w.ds, w.mem, w.b = nil, nil, nil
				w.cache = memCache{}
				pl.workers.Put(w)
			}
		}()
	}
	wg.Wait()
	return ds.err
}

func (ds *dispatchState) record(t int64, err error) {
	ds.mu.Lock()
	defer ds.mu.Unlock()
	if t < ds.faultTG.Load() || ds.err == nil {
		ds.err = err
		ds.faultTG.Store(t)
	}
}

// work runs threadgroups handed out by the dispatch's counter. A panic
// (a bug in the executor or in an intrinsic) is turned into a fault of the
// threadgroup being run; work then reports false.
func (w *worker) work(ds *dispatchState, n int) (ok bool) {
	var t int64
	defer func() {
		// Leave no dirty AVX state to the scalar code that runs next on
		// this thread (SIMD builds).
		lane.LeaveSIMD()
		if opStats {
			w.flushOpStats()
		}
		if r := recover(); r != nil {
			ds.record(t, &Fault{Kind: FaultInternal, Function: w.pl.entry.fn.Name, Detail: fmt.Sprint("executor panic: ", r)})
			ok = false
		}
	}()
	w.begin(ds)
	defer w.flushTraffic()
	if ds.budget != nil {
		// Charge the steps since the last check when the worker leaves.
		defer func() { ds.budget.charge(w.steps - w.flushed) }()
	}
	for {
		t = ds.next.Add(1) - 1
		if t >= int64(n) || t > ds.faultTG.Load() {
			return true
		}
		select {
		case <-ds.ctx.Done():
			ds.record(t, &Fault{Kind: FaultCancelled, Function: w.pl.entry.fn.Name, Err: ds.ctx.Err()})
			return true
		default:
		}
		if err := w.group(ds, int(t)); err != nil {
			ds.record(t, err)
			return true
		}
	}
}

// begin attaches w to dispatch ds: its memory, and the step interval
// between budget and cancellation checks.
func (w *worker) begin(ds *dispatchState) {
	w.ds, w.mem = ds, ds.mem
	w.interval = checkEvery
	if m := w.pl.opt.MaxSteps; m > 0 && m/4 < w.interval {
		w.interval = max(m/4, 1)
	}
	if b := ds.budget; b != nil && b.limit > 0 && b.limit/4 < w.interval {
		w.interval = max(b.limit/4, 1)
	}
	w.steps, w.flushed, w.nextCheck = 0, 0, w.interval
	w.tr = trafficCount{on: ds.traffic != nil}
}

// group runs threadgroup t.
func (w *worker) group(ds *dispatchState, t int) error {
	pos, size := ds.grid.group(t)
	clear(w.tg[:ds.tgSize])
	return w.runGroup(ds, pos, size)
}

// runGroup runs the threadgroup at pos of size threads, its threadgroup
// memory as it is.
func (w *worker) runGroup(ds *dispatchState, pos, size [3]uint32) error {
	total := size[0] * size[1] * size[2]
	W := uint32(w.w)
	nb := int((total + W - 1) / W)
	cf := w.pl.entry
	if len(w.cur) == 0 {
		w.cur = append(w.cur, nil)
	}
	if !cf.hasBarrier {
		fr := w.entryFrame(0)
		for i := 0; i < nb; i++ {
			w.setup(ds, fr, pos, size, total, i)
			w.b, w.cur[0] = fr.b, fr
			// Asynchronous preemption restores the AVX registers with their
			// upper halves dirty (SIMD builds), which slows every scalar
			// float instruction after it ~2×: start each batch clean.
			lane.LeaveSIMD()
			if _, err := w.run(fr); err != nil {
				return err
			}
		}
		return nil
	}
	pending := w.pending[:0]
	for i := 0; i < nb; i++ {
		fr := w.entryFrame(i)
		w.setup(ds, fr, pos, size, total, i)
		pending = append(pending, fr)
	}
	for len(pending) > 0 {
		next := pending[:0]
		for _, fr := range pending {
			w.b, w.cur[0] = fr.b, fr
			lane.LeaveSIMD()
			suspended, err := w.run(fr)
			if err != nil {
				return err
			}
			if suspended {
				next = append(next, fr)
			}
		}
		pending = next
	}
	w.pending = pending[:0]
	return nil
}

// setup prepares entry frame fr for batch i of a threadgroup. Kernel
// parameters are stored once per dispatch (they are never written).
func (w *worker) setup(ds *dispatchState, fr *frame, pos, size [3]uint32, total uint32, i int) {
	W := uint32(w.w)
	fr.bt = batch{g: &ds.grid, tgPos: pos, tgSize: size, total: total, base: uint32(i) * W, quad: ds.quad}
	fr.bt.n = int(min(W, total-fr.bt.base))
	fr.b = &fr.bt
	w.enterEntry(ds, fr, lane.FirstN(fr.bt.n), 0)
}

// enterEntry starts entry frame fr for the lanes in exec (noStore: those
// that may not store) with the dispatch's arguments, which are stored once
// per dispatch (they are never written).
func (w *worker) enterEntry(ds *dispatchState, fr *frame, exec, noStore lane.Mask) {
	fr.enter(exec, noStore, w.w)
	if fr.argsOf != ds.id {
		fr.argsOf = ds.id
		for j, v := range ds.args {
			fr.setParam(j, v, w.w)
		}
	}
	if pe := fr.cf.prologueEnd; pe > 0 {
		// The invariant prologue's values are still in the frame's
		// dedicated uniform slots from an earlier batch of this dispatch.
		if fr.prologueOf == ds.id {
			fr.pc = pe
			if w.tr.on && fr.exec != 0 {
				// Traffic as if the batch had run the loads.
				for _, pc := range fr.cf.prologueLoads {
					in := &fr.cf.code[pc]
					if in.op != opURun {
						w.countMem(fr, in, 1, false)
						continue
					}
					for i := range in.parts {
						if p := &in.parts[i]; p.op == opULoad {
							w.countMem(fr, p, 1, false)
						}
					}
				}
			}
		} else {
			fr.prologueOf = ds.id
		}
	}
}
