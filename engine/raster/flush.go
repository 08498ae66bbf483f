package raster

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
)

// Flush runs every tile's command list on the workers: per tile, in
// submission order, coverage → early depth/stencil → fragment batches → late
// depth/stencil → blending. It returns the error of the lowest-numbered
// failing tile (tiles are numbered layer-major, then row-major), or ctx.Err()
// when ctx is cancelled (checked between batches). Results are identical for
// any worker count.
func (p *Pass) Flush(ctx context.Context) error {
	if ctx == nil {
		ctx = context.Background()
	}
	nt := p.tiles()
	for i := range p.draws { // re-point after the appends of Draw
		p.draws[i].State = &p.states[i]
	}
	for len(p.ws) < p.workers {
		p.ws = append(p.ws, newWorker(p, len(p.ws)))
	}
	clear(p.errs)
	for _, c := range p.t.Color {
		if c != nil {
			c.settle() // a tile may draw where an earlier Flush deferred
		}
	}
	if p.t.Depth != nil {
		p.t.Depth.settle()
	}
	if p.t.Stencil != nil {
		p.t.Stencil.settle()
	}
	pending := p.anyPending()
	if len(p.done) != nt {
		p.done = make([]bool, nt)
		p.idle = make([]bool, nt)
	}
	clear(p.done)
	clear(p.idle)
	// Tiles of whole blocks with nothing to draw defer their clears past
	// the pass (ColorTarget.deferBlock, sampleStore.deferBlock).
	lazy := pending && !lazyClearOff && p.tw%blockSize == 0 && p.th%blockSize == 0
	var next atomic.Int64
	var minFail atomic.Int64
	minFail.Store(int64(nt))
	run := func(w *worker) {
		w.ctx = ctx
		clear(w.vis)
		for {
			t := next.Add(1) - 1
			if t >= int64(nt) {
				return
			}
			busy := p.tileBusy(int(t))
			if t > minFail.Load() || (!busy && !pending) {
				continue
			}
			if pending {
				p.idle[t] = lazy && !busy
				if !p.idle[t] {
					p.clearTile(int(t))
				}
				p.done[t] = true
			}
			if !busy {
				continue
			}
			if err := w.safeRunTile(int(t)); err != nil {
				p.errs[t] = err
				for {
					m := minFail.Load()
					if t >= m || minFail.CompareAndSwap(m, t) {
						break
					}
				}
			}
		}
	}
	nw := min(p.workers, nt)
	if nw <= 1 {
		run(p.ws[0])
	} else {
		var wg sync.WaitGroup
		for i := range nw {
			wg.Add(1)
			go func(w *worker) {
				defer wg.Done()
				run(w)
			}(p.ws[i])
		}
		wg.Wait()
	}
	if pending {
		for t, ok := range p.done {
			if !ok {
				p.clearTile(t)
			}
		}
		for t, idle := range p.idle {
			if idle {
				p.deferTile(t)
			}
		}
		p.settleClears()
	}
	for _, w := range p.ws[:max(nw, 1)] {
		for s, n := range w.vis {
			if n != 0 || p.visKind[s] != VisibilityDisabled {
				p.vis[s*8] += n
			}
		}
	}
	for s, k := range p.visKind {
		if k == VisibilityBoolean && p.vis[s*8] > 1 {
			p.vis[s*8] = 1
		}
		if _, ok := p.vis[s*8]; !ok {
			p.vis[s*8] = 0
		}
	}
	for t, err := range p.errs {
		if err != nil {
			per := p.tilesX * p.tilesY
			return fmt.Errorf("raster: tile %d (x %d, y %d, layer %d): %w", t, (t%per)%p.tilesX, (t%per)/p.tilesX, t/per, err)
		}
	}
	return ctx.Err()
}

// lazyClearOff turns the deferral of idle tiles' clears off (tests
// compare it with clearing every tile).
var lazyClearOff bool

// anyPending reports whether some target has a deferred clear.
func (p *Pass) anyPending() bool {
	for _, c := range p.t.Color {
		if c != nil && c.pending {
			return true
		}
	}
	return p.t.Depth != nil && p.t.Depth.pending || p.t.Stencil != nil && p.t.Stencil.pending
}

// deferTile marks the blocks of tile t (a tile of whole blocks) as
// holding their pending clears, in the targets that have one.
func (p *Pass) deferTile(t int) {
	p.eachTileBlock(t, func(blk int) {
		for _, c := range p.t.Color {
			if c != nil && c.pending {
				c.deferBlock(blk)
			}
		}
		if d := p.t.Depth; d != nil && d.pending {
			d.deferBlock(blk)
		}
		if s := p.t.Stencil; s != nil && s.pending {
			s.deferBlock(blk)
		}
	})
}

// eachTileBlock calls f with the index of every block of tile t (a tile
// of whole blocks), within the targets' block grid.
func (p *Pass) eachTileBlock(t int, f func(blk int)) {
	per := p.tilesX * p.tilesY
	layer, r := t/per, t%per
	nx, ny := p.tw/blockSize, p.th/blockSize
	bx0, by0 := (r%p.tilesX)*nx, (r/p.tilesX)*ny
	for by := by0; by < min(by0+ny, p.lay.bh); by++ {
		for bx := bx0; bx < min(bx0+nx, p.lay.bw); bx++ {
			f((layer*p.lay.bh+by)*p.lay.bw + bx)
		}
	}
}

// clearTile applies the deferred clears of every target to tile t's
// storage: whole blocks for tiles of whole blocks, else the tile's rows.
func (p *Pass) clearTile(t int) {
	per := p.tilesX * p.tilesY
	layer, r := t/per, t%per
	if p.tw%blockSize != 0 || p.th%blockSize != 0 {
		// The last tiles of a row and column also clear the blocks'
		// padding, as whole-block clears do.
		x0, y0 := (r%p.tilesX)*p.tw, (r/p.tilesX)*p.th
		x1, y1 := x0+p.tw, y0+p.th
		if r%p.tilesX == p.tilesX-1 {
			x1 = p.lay.bw * blockSize
		}
		if r/p.tilesX == p.tilesY-1 {
			y1 = p.lay.bh * blockSize
		}
		for y := y0; y < y1; y++ {
			pix := p.lay.pixel(x0, y, layer)
			for _, c := range p.t.Color {
				if c != nil && c.pending {
					c.clearPixels(pix, x1-x0)
				}
			}
			if d := p.t.Depth; d != nil && d.pending {
				d.clearPixels(pix, x1-x0)
			}
			if s := p.t.Stencil; s != nil && s.pending {
				s.clearPixels(pix, x1-x0)
			}
		}
		return
	}
	p.eachTileBlock(t, func(blk int) {
		for _, c := range p.t.Color {
			if c != nil && c.pending {
				c.clearBlock(blk)
			}
		}
		if d := p.t.Depth; d != nil && d.pending {
			d.clearBlock(blk)
		}
		if s := p.t.Stencil; s != nil && s.pending {
			s.clearBlock(blk)
		}
	})
}

// settleClears marks every deferred clear as applied.
func (p *Pass) settleClears() {
	for _, c := range p.t.Color {
		if c != nil {
			c.pending = false
		}
	}
	if p.t.Depth != nil {
		p.t.Depth.pending = false
	}
	if p.t.Stencil != nil {
		p.t.Stencil.pending = false
	}
}

// safeRunTile runs tile t, turning a panic (of a fragment shader, say) into
// the tile's error so that none crosses Flush.
func (w *worker) safeRunTile(t int) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("raster: panic: %v", r)
			w.nq, w.nl = 0, 0
		}
	}()
	return w.runTile(t)
}
