package raster

import (
	"fmt"
	"math/bits"
	"runtime"
)

// PassTargets are a render pass's attachments. Every target must have the
// pass's Width, Height, Samples and Layers.
type PassTargets struct {
	Width, Height, Samples, Layers int
	Color                          [MaxColorAttachments]*ColorTarget
	Depth                          *DepthTarget
	Stencil                        *StencilTarget
}

// PassOptions tune how a pass runs.
type PassOptions struct {
	Workers  int // goroutines running tiles; 0: GOMAXPROCS
	TileSize int // square tile edge in pixels: 32 or 64; 0: the pass chooses (see NewPass)
	// TileWidth and TileHeight, when set (both), give a tile of 16×16,
	// 32×16 or 32×32 pixels instead of TileSize: a tile-shading render
	// pass's tileWidth × tileHeight, so that tile dispatches and the
	// persistent tile memory cover exactly the tiles the rasterizer runs.
	TileWidth, TileHeight int
}

// DefaultTileSize is the tile edge used when PassOptions.TileSize is 0.
const DefaultTileSize = 32

// drawInfo is what the tile workers need per draw, computed once by Draw.
type drawInfo struct {
	early     bool // depth/stencil before shading
	perSample bool
	shade     bool
	centroid  bool // some varying is centroid-interpolated
	visSlot   int  // -1: no visibility
	counting  bool
}

// Pass is one render pass: targets, then Draw calls in submission order,
// then Flush. Draw and Flush must not be called concurrently; after Flush
// the pass may be Reset and reused with the same targets.
type Pass struct {
	t              PassTargets
	workers        int
	tw, th         int  // tile size in pixels (powers of two)
	twLog, thLog   uint // log2 of tw, th
	tilesX, tilesY int
	samples        int
	sfx, sfy       [8]int64 // sample positions, fixed point from the pixel's corner
	rast           rect     // the whole target
	lay            layout

	draws  []Draw
	states []State
	info   []drawInfo
	// The binned primitives in submission order: serial draws share the
	// last binner, a large draw is set up in parallel by one binner per
	// stretch of its primitives. Tiles read the binners in order.
	sets []*binner
	pool []*binner // binners of earlier recordings, for reuse
	open bool      // the last binner takes further serial draws

	cmds  []TileFunction // tile dispatches, in submission order
	hooks TileHooks

	vis     map[int]uint64
	visKind map[int]VisibilityMode // per slot: counting if any draw counts
	ws      []*worker
	errs    []error
	done    []bool // Flush: tiles whose deferred clears were applied
	idle    []bool // Flush: tiles of whole blocks with nothing to draw (their clears deferred)
	vpbuf   []vpInfo
	vcbuf   []vcache
	vxybuf  []vpos
	vocbuf  []uint32

	restarts bool // the draw validate checked has restart indices
}

// NewPass validates the targets and prepares an empty pass.
func NewPass(t PassTargets, opt PassOptions) (*Pass, error) {
	if err := checkSize("pass", t.Width, t.Height, t.Samples, t.Layers); err != nil {
		return nil, err
	}
	chk := func(name string, w, h, s, l int) error {
		if w != t.Width || h != t.Height || s != t.Samples || l != t.Layers {
			return fmt.Errorf("raster: pass %s is %d×%d×%d samples×%d layers, pass is %d×%d×%d×%d",
				name, w, h, s, l, t.Width, t.Height, t.Samples, t.Layers)
		}
		return nil
	}
	for i, c := range t.Color {
		if c != nil {
			if err := chk(fmt.Sprintf("Color[%d]", i), c.Width, c.Height, c.Samples, c.Layers); err != nil {
				return nil, err
			}
		}
	}
	if d := t.Depth; d != nil {
		if err := chk("Depth", d.Width, d.Height, d.Samples, d.Layers); err != nil {
			return nil, err
		}
	}
	if s := t.Stencil; s != nil {
		if err := chk("Stencil", s.Width, s.Height, s.Samples, s.Layers); err != nil {
			return nil, err
		}
	}
	nw := opt.Workers
	if nw <= 0 {
		nw = runtime.GOMAXPROCS(0)
	}
	if nw > 1024 {
		return nil, fmt.Errorf("raster: PassOptions.Workers %d exceeds 1024", nw)
	}
	tw, th, err := tileSize(opt, t, nw)
	if err != nil {
		return nil, err
	}
	p := &Pass{t: t, workers: nw, tw: tw, th: th, twLog: uint(bits.TrailingZeros(uint(tw))), thLog: uint(bits.TrailingZeros(uint(th))), samples: t.Samples,
		tilesX: (t.Width + tw - 1) / tw, tilesY: (t.Height + th - 1) / th,
		rast: rect{0, 0, t.Width, t.Height}, vis: map[int]uint64{},
		lay: newLayout(t.Width, t.Height, t.Samples, t.Layers), visKind: map[int]VisibilityMode{}}
	for i, sp := range standardPositions[t.Samples] {
		p.sfx[i], p.sfy[i] = int64(sp[0]*subOne), int64(sp[1]*subOne)
	}
	p.errs = make([]error, p.tiles())
	return p, nil
}

// tileSize returns the tile width and height opt asks for, or for
// TileSize 0 the pass's choice for targets t and nw workers: 64 when t has
// one sample and at least eight 64-pixel tiles per worker (fewer, larger
// primitive lists per tile to set up and walk), DefaultTileSize otherwise.
// The image does not depend on the tile size.
func tileSize(opt PassOptions, t PassTargets, nw int) (w, h int, err error) {
	if opt.TileWidth != 0 || opt.TileHeight != 0 {
		switch [2]int{opt.TileWidth, opt.TileHeight} {
		case [2]int{16, 16}, [2]int{32, 16}, [2]int{32, 32}:
			return opt.TileWidth, opt.TileHeight, nil
		}
		return 0, 0, fmt.Errorf("raster: PassOptions.TileWidth × TileHeight %d × %d (want 16 × 16, 32 × 16 or 32 × 32)", opt.TileWidth, opt.TileHeight)
	}
	ts := opt.TileSize
	if ts == 0 {
		ts = DefaultTileSize
		if t.Samples <= 1 && ((t.Width+63)/64)*((t.Height+63)/64) >= 8*nw {
			ts = 64
		}
	}
	if ts != 32 && ts != 64 {
		return 0, 0, fmt.Errorf("raster: PassOptions.TileSize %d (want 32 or 64)", ts)
	}
	return ts, ts, nil
}

// TileSize returns the pass's tile width and height in pixels.
func (p *Pass) TileSize() (w, h int) { return p.tw, p.th }

// Tiles returns the number of tiles per row and per column of a layer.
func (p *Pass) Tiles() (x, y int) { return p.tilesX, p.tilesY }

// tiles returns the number of tiles over all layers.
func (p *Pass) tiles() int { return p.tilesX * p.tilesY * p.t.Layers }

// binner is the setup state and the tile command lists of one stretch of
// binned primitives. Its assembly methods read the pass's fixed state
// through the embedded *Pass; everything they write is the binner's own, so
// binners of one draw can run on different goroutines.
type binner struct {
	*Pass
	seg     uint32     // the binner's index in Pass.sets
	stage   prim       // the primitive being set up
	nprims  int        // primitives binned
	extra   []float32  // varyings of vertices made by clipping
	exts    []primExt  // the primitives' primExts (prim.ext)
	bins    [][]uint32 // per tile (layer-major, then row-major): command entries in submission order
	local   [][]prim   // per tile: copies of its small primitives
	large   []prim     // primitives spanning many tiles
	scratch [2][maxPoly]cv
}

// newBinner appends an empty binner to the pass's sets.
func (p *Pass) newBinner() *binner {
	var b *binner
	if n := len(p.pool); n > 0 {
		b, p.pool = p.pool[n-1], p.pool[:n-1]
		b.nprims = 0
		b.extra = b.extra[:0]
		b.exts = b.exts[:0]
		b.large = b.large[:0]
		for i := range b.bins {
			b.bins[i] = b.bins[i][:0]
			b.local[i] = b.local[i][:0]
		}
	} else {
		b = &binner{Pass: p, bins: make([][]uint32, p.tiles()), local: make([][]prim, p.tiles())}
	}
	b.seg = uint32(len(p.sets))
	p.sets = append(p.sets, b)
	return b
}

// serialBinner returns the binner that takes the next serial draw.
func (p *Pass) serialBinner() *binner {
	if !p.open || len(p.sets) == 0 {
		p.newBinner()
		p.open = true
	}
	return p.sets[len(p.sets)-1]
}

// primCount returns the number of primitives binned since Reset.
func (p *Pass) primCount() int {
	n := 0
	for _, b := range p.sets {
		n += b.nprims
	}
	return n
}

// tileBusy reports whether some binner has commands for tile t.
func (p *Pass) tileBusy(t int) bool {
	for _, b := range p.sets {
		if len(b.bins[t]) != 0 {
			return true
		}
	}
	return false
}

// Targets returns the pass's attachments.
func (p *Pass) Targets() PassTargets { return p.t }

// Workers returns the number of workers Flush uses (the bound of the worker
// argument of FragmentShader.Shade).
func (p *Pass) Workers() int { return p.workers }

// Reset forgets all draws (keeping allocated capacity) so the pass can record
// again; the targets keep their contents and visibility results are cleared.
func (p *Pass) Reset() {
	clear(p.draws)
	clear(p.states)
	p.draws = p.draws[:0]
	p.states = p.states[:0]
	p.info = p.info[:0]
	p.pool = append(p.pool, p.sets...)
	clear(p.sets)
	p.sets = p.sets[:0]
	p.open = false
	clear(p.cmds)
	p.cmds = p.cmds[:0]
	clear(p.vis)
	clear(p.visKind)
}

// Visibility returns, per visibility offset used by the pass's draws, the
// number of samples that passed (0 or 1 in boolean mode), summed over tiles.
// It is valid after Flush.
func (p *Pass) Visibility() map[int]uint64 {
	out := make(map[int]uint64, len(p.vis))
	for k, v := range p.vis {
		out[k] = v
	}
	return out
}
