// Package refexec is a plain, one-invocation-at-a-time interpreter of the
// ir used to check engine/exec: it walks the structured IR tree directly,
// keeps one value per register per thread, and implements the collective
// operations (threadgroup_barrier, simd_*) by running the threads of a
// threadgroup as goroutines that meet at rendezvous points. It is slow and
// meant to be obviously correct; tests run the same programs on both
// executors and compare memory.
//
// Limits: collective operations must be reached by every thread of the
// SIMD-group (or threadgroup) that has not finished, i.e. in uniform
// control flow; intrinsics other than the built-in ones are supplied as
// scalar Go functions in Options.Intrinsics.
package refexec

import (
	"context"
	"fmt"
	"strings"
	"sync"

	"github.com/ingot-render/ingot/engine/exec"
	"github.com/ingot-render/ingot/shaders/ir"
)

// ScalarIntrinsic implements an intrinsic for one thread.
type ScalarIntrinsic func(args []uint64) ([]uint64, error)

// Options configure Run.
type Options struct {
	// MaxSteps bounds the instructions executed per thread (0: none).
	MaxSteps int64
	// MaxCallDepth bounds recursion (default 64).
	MaxCallDepth int
	// Intrinsics implements intrinsics that are not built in.
	Intrinsics map[string]ScalarIntrinsic
}

// Run executes kernel entry of p over d.Grid, threadgroup by threadgroup,
// thread by thread (or as rendezvousing goroutines when the kernel uses
// collectives). Faults are returned as *exec.Fault.
func Run(ctx context.Context, p *ir.Program, entry string, d exec.Dispatch, opt Options) error {
	if err := ir.Verify(p); err != nil {
		return err
	}
	fn := p.Func(entry)
	if fn == nil {
		return fmt.Errorf("refexec: no function %q", entry)
	}
	if len(d.Args) != len(fn.Params) {
		return fmt.Errorf("refexec: %d arguments, want %d", len(d.Args), len(fn.Params))
	}
	if opt.MaxCallDepth == 0 {
		opt.MaxCallDepth = 64
	}
	g := d.Grid
	for i := range 3 {
		if g.Threads[i] == 0 {
			g.Threads[i] = g.Threadgroups[i] * g.ThreadsPerThreadgroup[i]
		}
	}
	mem := d.Memory
	if mem == nil {
		mem, _ = exec.NewMemory()
	}
	mem, err := mem.WithProgramData(p)
	if err != nil {
		return fmt.Errorf("refexec: %w", err)
	}
	r := &runner{p: p, opt: opt, mem: mem, grid: g, ctx: ctx, layouts: map[*ir.Function]*layout{}}
	collective := usesCollectives(p)
	tgBytes := int(fn.ThreadgroupMemory) + int(d.ThreadgroupMemory)
	for tz := uint32(0); tz < g.Threadgroups[2]; tz++ {
		for ty := uint32(0); ty < g.Threadgroups[1]; ty++ {
			for tx := uint32(0); tx < g.Threadgroups[0]; tx++ {
				if err := ctx.Err(); err != nil {
					return &exec.Fault{Kind: exec.FaultCancelled, Function: entry, Err: err}
				}
				tg := &tgroup{pos: [3]uint32{tx, ty, tz}, mem: make([]byte, tgBytes)}
				for i := range 3 {
					tg.size[i] = min(g.ThreadsPerThreadgroup[i], g.Threads[i]-tg.pos[i]*g.ThreadsPerThreadgroup[i])
				}
				if err := r.group(fn, tg, d.Args, collective); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

func usesCollectives(p *ir.Program) bool {
	for _, d := range p.Intrinsics {
		if d.Flags&ir.Barrier != 0 || strings.HasPrefix(d.Name, "simd_") {
			return true
		}
	}
	return false
}

type runner struct {
	p       *ir.Program
	opt     Options
	mem     *exec.Memory
	grid    exec.Grid
	ctx     context.Context
	mu      sync.Mutex // guards layouts and atomics
	layouts map[*ir.Function]*layout
}

type tgroup struct {
	pos, size [3]uint32
	mem       []byte
	barrier   *rendezvous
	simd      []*rendezvous
}

// group runs one threadgroup.
func (r *runner) group(fn *ir.Function, tg *tgroup, args []uint64, collective bool) error {
	n := int(tg.size[0] * tg.size[1] * tg.size[2])
	if !collective {
		for l := 0; l < n; l++ {
			if err := r.thread(fn, tg, l, args); err != nil {
				return err
			}
		}
		return nil
	}
	tg.barrier = newRendezvous(n)
	for s := 0; s < n; s += 32 {
		tg.simd = append(tg.simd, newRendezvous(min(32, n-s)))
	}
	errs := make([]error, n)
	var wg sync.WaitGroup
	for l := 0; l < n; l++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[l] = r.thread(fn, tg, l, args)
			tg.barrier.leave()
			tg.simd[l/32].leave()
		}()
	}
	wg.Wait()
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	return nil
}

// thread runs one invocation.
func (r *runner) thread(fn *ir.Function, tg *tgroup, l int, args []uint64) error {
	t := &thread{r: r, tg: tg, linear: uint32(l)}
	s := tg.size
	t.local = [3]uint32{uint32(l) % s[0], (uint32(l) / s[0]) % s[1], uint32(l) / (s[0] * s[1])}
	for i := range 3 {
		t.global[i] = tg.pos[i]*r.grid.ThreadsPerThreadgroup[i] + t.local[i]
	}
	_, err := t.call(fn, args)
	return err
}
