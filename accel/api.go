package accel

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
)

// (Traverser.Intersect is in trace_amd64.go, where its path to the
// assembly kernel is one Go frame, and in fast_nosimd.go.)

// intersect is Intersect after a change of structure or options, or off
// the direct path.
func (tr *Traverser) intersect(s *Structure, o *Options, r *Ray, fn IntersectionFunc, h *Hit) {
	tr.setup(s, o)
	if cull, ok := tr.directFast(s); ok {
		if o != nil {
			tr.directOpts, tr.directCull, tr.directOK = *o, cull, true
		}
		tr.running, tr.waiting = 0, 0
		tr.lanes[0].state = laneIdle
		tr.traceDirect(s, cull, r, h)
		return
	}
	l := &tr.lanes[0]
	tr.startLane(l, r.Origin, r.Direction, r.MinDistance, r.MaxDistance, r.Time, r.Mask)
	tr.running, tr.waiting = 0, 0
	if l.state == laneRunning {
		tr.running = 1
	}
	for l.state == laneRunning {
		if tr.run(l) != runWait {
			break
		}
		tr.waiting = 1
		tr.Decide(0, decideDefault(fn, &l.cand))
	}
	tr.running = 0
	tr.result(l, h)
}

func decideDefault(fn IntersectionFunc, c *Candidate) Decision {
	if fn != nil {
		return fn(c)
	}
	return Decision{Accept: c.Type == HitTriangle, Continue: true}
}

var traverserPool = sync.Pool{New: func() any { return NewTraverser() }}

// Intersect traces one ray through s (see Traverser.Intersect). It takes a
// Traverser from a pool; hot loops should keep their own Traverser.
func (s *Structure) Intersect(r Ray, o *Options, fn IntersectionFunc) Hit {
	tr := traverserPool.Get().(*Traverser)
	var h Hit
	tr.Intersect(s, o, &r, fn, &h)
	traverserPool.Put(tr)
	return h
}

// BatchFunc runs the intersection function of group g for its lanes and
// must call tr.Decide for each lane in g.Lanes (undecided lanes are
// rejected).
type BatchFunc func(tr *Traverser, g Group)

// IntersectBatch traces the active lanes of rb through s, calling fn once
// per group of lanes that wait on the same function, until every lane is
// done, and writes the results to hits (inactive lanes get HitNone). With a
// nil fn non-opaque triangles are accepted and boxes rejected.
func (tr *Traverser) IntersectBatch(s *Structure, o *Options, rb *RayBatch, fn BatchFunc, hits *[BatchSize]Hit) {
	tr.setup(s, o)
	stream := s != nil && streams(s, rb)
	if cull, ok := tr.directFast(s); ok && !stream {
		// One ray at a time, each hit written straight from the kernel
		// (TraceBatch would do the same and then read the lanes back).
		tr.running, tr.waiting = 0, 0
		for i := 0; i < BatchSize; i++ {
			if rb.Active&(1<<uint(i)) == 0 {
				clearHit(&hits[i])
				continue
			}
			r := Ray{Origin: [3]float32{rb.OX[i], rb.OY[i], rb.OZ[i]}, Direction: [3]float32{rb.DX[i], rb.DY[i], rb.DZ[i]},
				MinDistance: rb.MinDistance[i], MaxDistance: rb.MaxDistance[i]}
			tr.traceDirect(s, cull, &r, &hits[i])
		}
		return
	}
	if !disableBatch && s != nil && batchOptions(s, o) {
		tr.traceBatch(s, o, rb, stream)
		for i := 0; i < BatchSize; i++ {
			tr.result(&tr.lanes[i], &hits[i])
		}
		return
	}
	tr.Begin(s, o, rb)
	var gbuf [BatchSize]Group
	for tr.Step() != 0 {
		for _, g := range tr.Groups(gbuf[:0]) {
			if fn != nil {
				fn(tr, g)
			}
			for m := g.Lanes & tr.waiting; m != 0; m &= m - 1 {
				i := trailing(m)
				if fn != nil {
					tr.Decide(i, Decision{})
				} else {
					tr.Decide(i, decideDefault(nil, &tr.lanes[i].cand))
				}
			}
		}
	}
	for i := 0; i < BatchSize; i++ {
		if rb.Active&(1<<uint(i)) != 0 {
			tr.result(&tr.lanes[i], &hits[i])
		} else {
			clearHit(&hits[i])
		}
	}
}

// IntersectRays traces rays through s on up to workers goroutines (0 means
// GOMAXPROCS) in batches of BatchSize and stores hits[i] for rays[i]. fn,
// if non-nil, must be safe for concurrent use. Results do not depend on the
// worker count.
func IntersectRays(ctx context.Context, s *Structure, o *Options, rays []Ray, hits []Hit, workers int, fn IntersectionFunc) error {
	if len(hits) < len(rays) {
		return fmt.Errorf("accel: hits: length %d below %d rays", len(hits), len(rays))
	}
	if s == nil {
		return errors.New("accel: nil Structure")
	}
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	nb := (len(rays) + BatchSize - 1) / BatchSize
	workers = min(workers, nb)
	var next atomic.Int64
	var wg sync.WaitGroup
	var bf BatchFunc
	if fn != nil {
		bf = func(tr *Traverser, g Group) {
			for m := g.Lanes; m != 0; m &= m - 1 {
				i := trailing(m)
				tr.Decide(i, fn(tr.Candidate(i)))
			}
		}
	}
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			tr := traverserPool.Get().(*Traverser)
			defer traverserPool.Put(tr)
			var rb RayBatch
			var hb [BatchSize]Hit
			for {
				b := int(next.Add(1) - 1)
				if b >= nb || ctx.Err() != nil {
					return
				}
				lo := b * BatchSize
				hi := min(lo+BatchSize, len(rays))
				rb.Active = 0
				for i := lo; i < hi; i++ {
					rb.Set(i-lo, &rays[i])
				}
				if hi-lo == BatchSize {
					// straight into hits: no copy of 64 Hits per batch
					tr.IntersectBatch(s, o, &rb, bf, (*[BatchSize]Hit)(hits[lo:hi]))
					continue
				}
				tr.IntersectBatch(s, o, &rb, bf, &hb)
				copy(hits[lo:hi], hb[:hi-lo])
			}
		}()
	}
	wg.Wait()
	return ctx.Err()
}
