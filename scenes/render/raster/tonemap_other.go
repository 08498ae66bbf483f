//go:build !amd64

package raster

import "github.com/ingot-render/ingot/scenes/render/internal/kernel"

// toneMapRow composites the background bg (nil: none) behind row y of
// lin (w pixels) and tone maps it into dst: toneMapRowGo.
func toneMapRow(dst []uint8, row []float32, w, y int, bg *background, op kernel.ToneMap, k float32, t *srgbTables) {
	toneMapRowGo(dst, row, w, y, bg, op, k, t)
}
