package engine

import "github.com/ingot-render/ingot/engine/internal/rasterbench"

// NewBunnyFrameForTest exposes the raster benchmark's frame to the
// external tests.
func NewBunnyFrameForTest(m *rasterbench.Mesh, w, h, workers int) (interface {
	Frame() error
	Color() *Texture
}, error) {
	return newBunnyFrameOf(m, w, h, workers)
}
