package engine

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"

	"github.com/ingot-render/ingot/engine/exec"
	"github.com/ingot-render/ingot/engine/raster"
	"github.com/ingot-render/ingot/internal/fmath"
	"github.com/ingot-render/ingot/shaders/ir"
	"github.com/ingot-render/ingot/shaders/lower"
)

// tileMemory is the tile memory of a tile-shading pass run, one block per
// rasterizer worker, laid out as
//
//	[0, tgBase)              the running tile kernel's static threadgroup variables (zeroed per dispatch)
//	[tgBase, +TGLength)      persistent threadgroup memory (zeroed per tile)
//	[ibBase, +ibLen)         the explicit imageblock (zeroed per tile)
//	[stBase, +stLen)         implicit imageblocks staged per dispatch
type tileMemory struct {
	tw, th, samples       int
	tgBase, ibBase, ibLen int
	stBase, stLen         int
	mem                   [][]byte
	cur                   []raster.Tile // per worker: the tile it runs
	scratch               [][]byte      // per worker: aliasing scratch (tile_alias.go)
}

// usesTiles reports whether a pass needs tile memory: a tile dispatch, a
// fragment function with threadgroup arguments, or tile memory lengths.
func (p *renderPass) usesTiles() bool {
	if p.desc.ThreadgroupMemoryLength > 0 || p.desc.ImageblockSampleLength > 0 {
		return true
	}
	for _, e := range p.encoders {
		for _, d := range e.draws {
			if d.tile != nil || len(d.ftg) > 0 {
				return true
			}
			if d.p != nil && (d.p.fin.pixelInTile.ok() || d.p.fin.pixelsPerTile.ok() || d.p.fin.tileIndex.ok() || d.p.fin.ibSize > 0) {
				return true
			}
		}
	}
	return false
}

// newTileMemory plans and allocates the tile memory of pass p.
func newTileMemory(p *renderPass, workers int) *tileMemory {
	tw, th := p.tileSize()
	a16 := func(n int) int { return (n + 15) &^ 15 }
	static, staged := 0, 0
	for _, e := range p.encoders {
		for _, d := range e.draws {
			if c := d.tile; c != nil {
				if c.p.kernel == nil {
					continue // a fragment-based tile function: no static threadgroup memory, no staging
				}
				static = max(static, int(c.p.kernel.staticTG))
				n := 0
				for _, ib := range c.ib {
					if ib.implicit != nil {
						n += a16(ib.implicit.Size * p.samples * tw * th)
					}
				}
				staged = max(staged, n)
			}
		}
	}
	m := &tileMemory{tw: tw, th: th, samples: p.samples, tgBase: a16(static)}
	m.ibBase = a16(m.tgBase + p.desc.ThreadgroupMemoryLength)
	m.ibLen = p.desc.ImageblockSampleLength * p.samples * tw * th
	m.stBase = a16(m.ibBase + m.ibLen)
	m.stLen = staged
	m.mem = make([][]byte, workers)
	m.cur = make([]raster.Tile, workers)
	m.scratch = make([][]byte, workers)
	for i := range m.mem {
		m.mem[i] = make([]byte, m.stBase+m.stLen)
	}
	return m
}

// BeginTile records the worker's tile and zeroes the persistent threadgroup memory and the explicit
// imageblock of the worker's tile (raster.TileHooks).
func (m *tileMemory) BeginTile(worker int, t *raster.Tile) error {
	m.cur[worker] = *t
	clear(m.mem[worker][m.tgBase : m.ibBase+m.ibLen])
	return nil
}

// tileFunction runs one tile dispatch for the rasterizer
// (raster.TileFunction): one exec.Runner per worker.
type tileFunction struct {
	r       *passRun
	c       *tileCmd
	args    []uint64
	grid    exec.Grid
	workers []*exec.Runner
	// orig holds, per worker, the staged implicit imageblocks as loaded,
	// to store back only what the kernel changed.
	orig [][]byte
}

// tileDispatch hands a tile dispatch to the rasterizer.
func (r *passRun) tileDispatch(c *tileCmd) error {
	for _, a := range c.accels {
		if a.as.structure() == nil {
			return fmt.Errorf("tile dispatch: the acceleration structure %q at buffer index %d for argument %q has not been built", a.as.Label(), a.index, a.name)
		}
	}
	if c.p.frag != nil {
		return r.fragmentTileDispatch(c)
	}
	m := r.tiles
	tx, ty := r.rp.Tiles()
	f := &tileFunction{r: r, c: c, args: append([]uint64(nil), c.args...),
		grid:    exec.Grid{Threadgroups: [3]uint32{uint32(tx), uint32(ty), uint32(r.pass.layer)}, ThreadsPerThreadgroup: [3]uint32{uint32(m.tw), uint32(m.th), 1}},
		workers: make([]*exec.Runner, r.workers), orig: make([][]byte, r.workers)}
	for _, t := range c.tg {
		f.args[t.param] = uint64(m.tgBase + t.off)
	}
	st := m.stBase
	for _, ib := range c.ib {
		if ib.implicit == nil {
			f.args[ib.param] = lower.TileImageblockValue(uint32(m.ibBase), uint16(m.tw), uint16(m.th), m.samples)
			continue
		}
		f.args[ib.param] = lower.TileImageblockValue(uint32(st), uint16(m.tw), uint16(m.th), m.samples)
		st += (ib.implicit.Size*m.samples*m.tw*m.th + 15) &^ 15
	}
	r.tileFns = append(r.tileFns, f)
	return r.rp.Dispatch(f)
}

// close releases the runners.
func (f *tileFunction) close() {
	for _, w := range f.workers {
		if w != nil {
			w.Close()
		}
	}
}

// runner returns (making it on first use) worker i's runner.
func (f *tileFunction) runner(i int) (*exec.Runner, error) {
	if w := f.workers[i]; w != nil {
		return w, nil
	}
	k := f.c.p.kernel
	mem, err := f.r.memory(f.c.transient...)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", k.name, err)
	}
	run, err := k.pl.NewRunner(f.r.ctx, exec.Dispatch{Args: f.args, Memory: mem, Env: f.r.snap.res, Budget: stepBudgetFrom(f.r.ctx), Done: f.r.pass.dev.releaseDispatch, Traffic: f.r.traffic})
	if err != nil {
		return nil, err
	}
	if err := run.UseThreadgroupMemory(f.r.tiles.mem[i]); err != nil {
		run.Close()
		return nil, err
	}
	f.workers[i] = run
	return run, nil
}

// RunTile runs the dispatch's threadgroup over tile t (raster.TileFunction).
func (f *tileFunction) RunTile(worker int, t *raster.Tile) error {
	run, err := f.runner(worker)
	if err != nil {
		return err
	}
	m := f.r.tiles
	mem := m.mem[worker]
	clear(mem[:m.tgBase])
	staged := f.stage(worker, t)
	err = run.RunGroup(f.grid, [3]uint32{uint32(t.X), uint32(t.Y), uint32(t.Layer)}, [3]uint32{uint32(f.c.threads[0]), uint32(f.c.threads[1]), 1}, true)
	if err != nil {
		var ft *exec.Fault
		if errors.As(err, &ft) {
			f.r.tileFault(err)
		}
		return err
	}
	if staged {
		f.unstage(worker, t)
	}
	return nil
}

// stage copies the tile's colour attachments into the implicit
// imageblocks of the dispatch; it reports whether there are any.
func (f *tileFunction) stage(worker int, t *raster.Tile) bool {
	m := f.r.tiles
	mem := m.mem[worker]
	targets := f.r.rp.Targets()
	st, any := m.stBase, false
	for _, ib := range f.c.ib {
		lay := ib.implicit
		if lay == nil {
			continue
		}
		any = true
		n := lay.Size * m.samples * m.tw * m.th
		blk := mem[st : st+n]
		clear(blk)
		for y := t.Y0; y < t.Y1; y++ {
			for x := t.X0; x < t.X1; x++ {
				base := ((y-t.Y0)*m.tw + x - t.X0) * m.samples * lay.Size
				for _, mb := range lay.Members {
					ct := targets.Color[mb.Color]
					if ct == nil {
						continue
					}
					px, integer := ct.Pixel(x, y, t.Layer), ct.Integer()
					for s := range m.samples {
						o := base + s*lay.Size + mb.Offset
						for c := range mb.N {
							putComponent(blk[o+c*mb.Kind.Size():], mb.Kind, px[4*s+c], integer)
						}
					}
				}
			}
		}
		st += (n + 15) &^ 15
	}
	if any {
		f.orig[worker] = append(f.orig[worker][:0], mem[m.stBase:]...)
	}
	return any
}

// unstage stores the implicit imageblock members the kernel changed back
// into the colour attachments, quantized; components past a member's
// width keep their values.
func (f *tileFunction) unstage(worker int, t *raster.Tile) {
	m := f.r.tiles
	mem := m.mem[worker]
	orig := f.orig[worker]
	targets := f.r.rp.Targets()
	st := m.stBase
	for _, ib := range f.c.ib {
		lay := ib.implicit
		if lay == nil {
			continue
		}
		n := lay.Size * m.samples * m.tw * m.th
		blk, was := mem[st:st+n], orig[st-m.stBase:st-m.stBase+n]
		for y := t.Y0; y < t.Y1; y++ {
			for x := t.X0; x < t.X1; x++ {
				base := ((y-t.Y0)*m.tw + x - t.X0) * m.samples * lay.Size
				for _, mb := range lay.Members {
					ct := targets.Color[mb.Color]
					if ct == nil {
						continue
					}
					px, integer := ct.Pixel(x, y, t.Layer), ct.Integer()
					w := mb.N * mb.Kind.Size()
					for s := range m.samples {
						o := base + s*lay.Size + mb.Offset
						if string(blk[o:o+w]) == string(was[o:o+w]) {
							continue
						}
						v := [4]float32(px[4*s : 4*s+4])
						for c := range mb.N {
							v[c] = getComponent(blk[o+c*mb.Kind.Size():], mb.Kind, integer)
						}
						ct.Quantize(&v)
						copy(px[4*s:4*s+4], v[:])
					}
				}
			}
		}
		st += (n + 15) &^ 15
	}
}

// putComponent writes one stored attachment component v (a bit pattern
// for integer formats) as kind k.
func putComponent(b []byte, k ir.Kind, v float32, integer bool) {
	bits := math.Float32bits(v)
	if !integer && k != ir.F32 && k != ir.F16 {
		switch k {
		case ir.I32, ir.I16, ir.I8:
			bits = uint32(int32(v))
		default:
			bits = uint32(v)
		}
	}
	switch k {
	case ir.F32:
		if integer {
			v = float32(int32(bits))
		}
		binary.LittleEndian.PutUint32(b, math.Float32bits(v))
	case ir.F16:
		if integer {
			v = float32(int32(bits))
		}
		binary.LittleEndian.PutUint16(b, uint16(fmath.Float32ToHalf(v)))
	case ir.I32, ir.U32:
		binary.LittleEndian.PutUint32(b, bits)
	case ir.I16, ir.U16:
		binary.LittleEndian.PutUint16(b, uint16(bits))
	case ir.I8, ir.U8:
		b[0] = uint8(bits)
	}
}

// getComponent reads a component of kind k as the attachment stores it.
func getComponent(b []byte, k ir.Kind, integer bool) float32 {
	var f float32
	var i int64
	isInt := true
	switch k {
	case ir.F32:
		f, isInt = math.Float32frombits(binary.LittleEndian.Uint32(b)), false
	case ir.F16:
		f, isInt = fmath.HalfToFloat32(fmath.Half(binary.LittleEndian.Uint16(b))), false
	case ir.I32:
		i = int64(int32(binary.LittleEndian.Uint32(b)))
	case ir.U32:
		i = int64(binary.LittleEndian.Uint32(b))
	case ir.I16:
		i = int64(int16(binary.LittleEndian.Uint16(b)))
	case ir.U16:
		i = int64(binary.LittleEndian.Uint16(b))
	case ir.I8:
		i = int64(int8(b[0]))
	case ir.U8:
		i = int64(b[0])
	}
	switch {
	case integer && isInt:
		return math.Float32frombits(uint32(i))
	case integer:
		return math.Float32frombits(uint32(int32(f)))
	case isInt:
		return float32(i)
	}
	return f
}
