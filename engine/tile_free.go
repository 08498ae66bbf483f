package engine

// tileFree reports whether no command of the pass can observe the
// rasterizer's tile size, so that the rasterizer may choose it: no tile
// dispatch, no mesh draw, and no fragment function that reads
// [[pixel_position_in_tile]], [[pixels_per_tile]] or [[tile_index]], keeps
// threadgroup memory per tile or uses an explicit imageblock. Every other
// pass has Metal's default 32 × 32 tiles.
func (p *renderPass) tileFree() bool {
	for _, e := range p.encoders {
		for _, d := range e.draws {
			if d.tile != nil || d.mesh != nil || len(d.ftg) > 0 || d.p == nil {
				return false
			}
			if d.p.frag != nil {
				fl := &d.p.fin
				if fl.pixelInTile.ok() || fl.pixelsPerTile.ok() || fl.tileIndex.ok() || fl.ibSize > 0 || fl.ibAlias.Aliased {
					return false
				}
			}
		}
	}
	return true
}
