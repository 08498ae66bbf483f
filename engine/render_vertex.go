package engine

import (
	"errors"
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/ingot-render/ingot/engine/exec"
	"github.com/ingot-render/ingot/engine/raster"
)

// vertexStage runs a draw's vertex function over its n stage records
// (amplification-major, then instance, then vertex: record i is vertex
// vids[i mod len(vids)] of instance (i mod per) / len(vids)) in batches of
// one SIMD-group. Each batch's records are made, shaded and read back in a
// block of the worker's own that stays in its cache: builtins and
// attributes are written into the block, the function runs on it through
// an exec.Runner, and the positions and varyings go to vo (nil: nothing to
// rasterize). The batches are the SIMD-groups of one dispatch of n
// threads, so a shader sees the same lanes together as in a dispatch.
type vertexStage struct {
	r                        *passRun
	d                        *drawCmd
	vids                     []uint32
	per, n                   int
	baseInstance, baseVertex int
	vo                       *raster.VertexOutputs
	// outIDs, when not nil (vids, one instance laid out by index:
	// drawCmd.assembleSlots), sends record i's outputs to vertex
	// outIDs[i]-outIDs[0] of vo instead of vertex i.
	outIDs []uint32
}

// run shades every batch on up to the pass's workers. A failing batch
// stops the batches after it; those before it still run, so the error
// returned, the lowest batch's, does not depend on the worker count.
func (vs *vertexStage) run() error {
	r, p := vs.r, vs.d.p
	W := p.vert.pl.Width()
	batches := (vs.n + W - 1) / W
	workers := min(r.workers, batches)
	size := W * p.vout.record
	blocks := make([]exec.Buffer, workers)
	bufs := append([]exec.Buffer(nil), vs.d.vbound.transient...)
	for i := range blocks {
		data := r.scratch.bytesN(size)
		blocks[i] = exec.Buffer{Addr: r.pass.dev.reserveAddr(size), Data: data, Name: "vertex records"}
		bufs = append(bufs, blocks[i])
	}
	mem, err := r.memory(bufs...)
	if err != nil {
		return fmt.Errorf("%s: %w", p.vert.name, err)
	}
	if workers <= 1 {
		b := 0
		_, err := vs.shade(mem, blocks[0], batches, func() int { b++; return b - 1 })
		return err
	}
	var next atomic.Int64
	var failed atomic.Int64 // the lowest failing batch
	failed.Store(int64(batches))
	errs := make([]error, workers)
	at := make([]int, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			at[w], errs[w] = vs.shade(mem, blocks[w], batches, func() int {
				b := next.Add(1) - 1
				if b >= failed.Load() {
					return batches
				}
				return int(b)
			})
			if errs[w] != nil {
				for {
					f := failed.Load()
					if int64(at[w]) >= f || failed.CompareAndSwap(f, int64(at[w])) {
						break
					}
				}
			}
		}()
	}
	wg.Wait()
	err = nil
	low := batches
	for w, e := range errs {
		if e != nil && at[w] < low {
			low, err = at[w], e
		}
	}
	return err
}

// shade runs batches on one worker with block as its records: the batches
// next hands out, until it returns end or more. It returns the failing
// batch with its error.
func (vs *vertexStage) shade(mem *exec.Memory, block exec.Buffer, end int, next func() int) (int, error) {
	r, d := vs.r, vs.d
	p := d.p
	args := append([]uint64(nil), d.vargs...)
	if d.vrec >= 0 {
		args[d.vrec] = block.Addr
	}
	run, err := p.vert.pl.NewRunner(r.ctx, exec.Dispatch{Args: args, Memory: mem, Env: r.snap.res, Budget: stepBudgetFrom(r.ctx),
		Done: r.pass.dev.releaseDispatch, Traffic: r.traffic, TrafficSkip: skipOf(block)})
	if err != nil {
		return 0, fmt.Errorf("%s: %w", p.vert.name, err)
	}
	defer run.Close()
	W := p.vert.pl.Width()
	for {
		b := next()
		if b >= end {
			return end, nil
		}
		lo, hi := b*W, min(vs.n, (b+1)*W)
		if err := vs.batch(run, block.Data, lo, hi); err != nil {
			return b, err
		}
	}
}

// batch makes, shades and reads back records lo..hi-1 in rec.
func (vs *vertexStage) batch(run *exec.Runner, rec []byte, lo, hi int) error {
	d := vs.d
	p := d.p
	vl := &p.vout
	if vl.lanes > 0 {
		clear(rec[:vl.lanes*vl.record]) // a block's rows span the whole block
	} else {
		clear(rec[:(hi-lo)*vl.record])
	}
	if vl.vid.ok() || vl.amp.ok() || vl.ampCount.ok() || vl.iid.ok() || vl.baseVertex.ok() || vl.baseInstance.ok() {
		nv := len(vs.vids)
		for i := lo; i < hi; i++ {
			k, vid, r := (i%vs.per)/nv, vs.vids[i%nv], i-lo
			if vl.vid.ok() {
				vl.put32(rec, vl.vid, r, vid)
			}
			if vl.amp.ok() {
				vl.put32(rec, vl.amp, r, uint32(i/vs.per))
			}
			if vl.ampCount.ok() {
				vl.put32(rec, vl.ampCount, r, uint32(d.amp))
			}
			if vl.iid.ok() {
				vl.put32(rec, vl.iid, r, uint32(vs.baseInstance+k))
			}
			if vl.baseVertex.ok() {
				vl.put32(rec, vl.baseVertex, r, uint32(int32(vs.baseVertex)))
			}
			if vl.baseInstance.ok() {
				vl.put32(rec, vl.baseInstance, r, uint32(vs.baseInstance))
			}
		}
	}
	if f := p.fetch; f != nil {
		if err := fetchVertices(f, d.sources, rec, vl.record, vl.lanes, lo, vs.vids, vs.per, lo, hi, vs.baseInstance, p.vert.name); err != nil {
			return err
		}
	}
	if err := run.Run(hi-lo, 0); err != nil {
		if f := (*exec.Fault)(nil); errors.As(err, &f) {
			// The thread is the record's index in the draw, as in one
			// dispatch over all records.
			f.Thread[0] += uint32(lo)
			return err
		}
		return fmt.Errorf("%s: %w", p.vert.name, err)
	}
	if vs.vo != nil {
		p.gatherOutputsAt(vs.vo, rec, lo, lo, hi, vs.outIDs)
	}
	return nil
}
