package raster

import "fmt"

// TileFunction runs one tile dispatch of a tile-shading render pass
// (dispatchThreadsPerTile) over one tile. RunTile is called on the tile's
// worker, after every earlier command of the tile (the fragments of
// earlier draws are shaded, tested and blended) and before every later
// one, never concurrently with the same worker number. It may read and
// write the colour storage of the tile's pixels (ColorTarget.Pixel).
type TileFunction interface {
	RunTile(worker int, t *Tile) error
}

// TileHooks are called by Flush around the commands of each tile that has
// commands; BeginTile runs on the tile's worker before its first command
// (e.g. to zero the tile's persistent memory).
type TileHooks interface {
	BeginTile(worker int, t *Tile) error
}

// Tile is the tile a worker runs.
type Tile struct {
	Index          int // layer-major, then row-major
	X, Y, Layer    int // tile coordinates
	X0, Y0, X1, Y1 int // pixel rectangle, clipped to the target
	Width, Height  int // the pass's tile size (TileSize)
}

// FlagRasterOrder (a ShaderFlags bit): the fragment function accesses
// memory in a raster order group ([[raster_order_group]] on a device
// buffer or texture), so two fragments of one pixel never share a batch:
// a later primitive's fragment runs after an earlier one's has stored, as
// with FlagReadsColor. Fragments of different pixels still share batches.
const FlagRasterOrder ShaderFlags = 1 << 15

// cmdBit marks a tile command entry that is a tile dispatch: the low bits
// index Pass.cmds.
const cmdBit = 1 << 30

// Dispatch appends a tile dispatch to every tile's command list, after the
// draws recorded so far and before later ones.
func (p *Pass) Dispatch(f TileFunction) error {
	if f == nil {
		return fmt.Errorf("raster: Dispatch: nil tile function")
	}
	if len(p.cmds) >= cmdBit-1 {
		return fmt.Errorf("raster: Dispatch: more than %d tile dispatches", cmdBit-1)
	}
	b := p.serialBinner()
	e := uint32(len(p.cmds)) | cmdBit
	p.cmds = append(p.cmds, f)
	for i := range b.bins {
		b.bins[i] = append(b.bins[i], e)
	}
	return nil
}

// SetTileHooks sets the hooks Flush calls per tile (nil: none); they stay
// set across Reset.
func (p *Pass) SetTileHooks(h TileHooks) { p.hooks = h }

// isCmd reports whether tile command entry e is a tile dispatch.
func isCmd(e uint32) bool { return e&(largeBit|cmdBit) == cmdBit }

// runCmd runs tile dispatch entry e of tile t.
func (w *worker) runCmd(e uint32) error {
	if err := w.flush(); err != nil {
		return err
	}
	w.cur = -1
	i := int(e &^ cmdBit)
	if err := w.p.cmds[i].RunTile(w.id, &w.tile); err != nil {
		return fmt.Errorf("raster: tile dispatch %d: %w", i, err)
	}
	return nil
}

// beginTile fills w.tile for tile t and calls the hooks.
func (w *worker) beginTile(t int) error {
	p := w.p
	per := p.tilesX * p.tilesY
	r := t % per
	w.tile = Tile{Index: t, X: r % p.tilesX, Y: r / p.tilesX, Layer: t / per,
		X0: w.tx0, Y0: w.ty0, X1: w.tx1, Y1: w.ty1, Width: p.tw, Height: p.th}
	if p.hooks != nil {
		return p.hooks.BeginTile(w.id, &w.tile)
	}
	return nil
}

// Pixel returns the storage of pixel (x, y) of layer: 4 float32 per
// sample, samples in order, kept as Format holds them (see ColorTarget).
// A tile function may read and write the pixels of its tile; values it
// writes must be quantized (Quantize). It panics outside the target.
func (t *ColorTarget) Pixel(x, y, layer int) []float32 {
	if x < 0 || y < 0 || x >= t.Width || y >= t.Height || layer < 0 || layer >= t.Layers {
		panic(fmt.Sprintf("raster: ColorTarget.Pixel(%d, %d, %d) outside the %d×%d×%d target", x, y, layer, t.Width, t.Height, t.Layers))
	}
	t.settle()
	i := t.sampleIndex(t.lay.pixel(x, y, layer), 0)
	return t.data[i : i+4*t.Samples : i+4*t.Samples]
}

// Quantize rounds v to the target's format as a colour write does (for
// integer formats v holds bit patterns, saturated by the format).
func (t *ColorTarget) Quantize(v *[4]float32) {
	if lo, hi, ok := t.q.clampRange(); ok {
		for c := range v {
			v[c] = clampf(v[c], lo, hi)
		}
	}
	t.q.quant(v)
}

// Integer reports whether the target's format is an integer format (its
// storage then holds bit patterns).
func (t *ColorTarget) Integer() bool { return t.q.kind.IsInteger() }
