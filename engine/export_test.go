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

// SetVertexStageLanesForTest sets the block size of the vertex records of
// the render pipelines made after it (0: record-major) and returns a
// function restoring the default.
func SetVertexStageLanesForTest(n int) (restore func()) {
	old := vertexStageLanes
	vertexStageLanes = n
	return func() { vertexStageLanes = old }
}

// VertexStageLanesForTest returns the block size of p's vertex records
// (0: record-major).
func VertexStageLanesForTest(p *RenderPipelineState) int { return p.vout.lanes }
