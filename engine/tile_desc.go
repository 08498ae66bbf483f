package engine

import "fmt"

// checkTiles validates the tile-shading fields of the pass descriptor and
// picks the tile size.
func (p *renderPass) checkTiles(method string) error {
	d := &p.desc
	fail := func(format string, args ...any) error {
		return fmt.Errorf("engine: %s: "+format, append([]any{method}, args...)...)
	}
	if d.ImageblockSampleLength < 0 || d.ImageblockSampleLength > MaxTileMemoryLength {
		return fail("ImageblockSampleLength is %d, want 0 … %d", d.ImageblockSampleLength, MaxTileMemoryLength)
	}
	if d.ThreadgroupMemoryLength < 0 || d.ThreadgroupMemoryLength > MaxTileMemoryLength {
		return fail("ThreadgroupMemoryLength is %d, want 0 … %d", d.ThreadgroupMemoryLength, MaxTileMemoryLength)
	}
	need := func(w, h int) int { return d.ImageblockSampleLength*p.samples*w*h + d.ThreadgroupMemoryLength }
	switch [2]int{d.TileWidth, d.TileHeight} {
	case [2]int{0, 0}:
		// The largest tile that fits; 32 × 32 keeps the rasterizer's
		// default (a pass without tile memory runs as before).
		for _, ts := range [][2]int{{32, 32}, {32, 16}, {16, 16}} {
			if need(ts[0], ts[1]) <= MaxTileMemoryLength {
				if ts != [2]int{32, 32} {
					p.tileW, p.tileH = ts[0], ts[1]
				}
				return nil
			}
		}
		return fail("ImageblockSampleLength %d × %d samples × 16 × 16 pixels + ThreadgroupMemoryLength %d is %d bytes of tile memory, more than %d even for the smallest tile",
			d.ImageblockSampleLength, p.samples, d.ThreadgroupMemoryLength, need(16, 16), MaxTileMemoryLength)
	case [2]int{16, 16}, [2]int{32, 16}, [2]int{32, 32}:
	default:
		return fail("TileWidth × TileHeight is %d × %d, want 16 × 16, 32 × 16 or 32 × 32 (or both 0)", d.TileWidth, d.TileHeight)
	}
	if n := need(d.TileWidth, d.TileHeight); n > MaxTileMemoryLength {
		return fail("ImageblockSampleLength %d × %d samples × %d × %d pixels + ThreadgroupMemoryLength %d is %d bytes of tile memory, more than %d",
			d.ImageblockSampleLength, p.samples, d.TileWidth, d.TileHeight, d.ThreadgroupMemoryLength, n, MaxTileMemoryLength)
	}
	if d.TileWidth != 32 || d.TileHeight != 32 {
		p.tileW, p.tileH = d.TileWidth, d.TileHeight
	}
	return nil
}

// tileSize returns the pass's tile width and height.
func (p *renderPass) tileSize() (int, int) {
	if p.tileW == 0 {
		return 32, 32
	}
	return p.tileW, p.tileH
}

// TileWidth returns the width in pixels of the pass's tiles (tileWidth).
func (e *RenderCommandEncoder) TileWidth() int { w, _ := e.pass.tileSize(); return w }

// TileHeight returns the height in pixels of the pass's tiles (tileHeight).
func (e *RenderCommandEncoder) TileHeight() int { _, h := e.pass.tileSize(); return h }
