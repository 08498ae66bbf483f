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

// NewTexturedFrameForTest and NewFullScreenFrameForTest expose the other
// raster benchmark frames to the external tests.
func NewTexturedFrameForTest(s, workers int) (interface {
	Frame() error
	Color() *Texture
}, error) {
	return newTexturedFrame(s, workers)
}

func NewFullScreenFrameForTest(s, workers int) (interface {
	Frame() error
	Color() *Texture
}, error) {
	return newFullScreenFrame(s, workers)
}
