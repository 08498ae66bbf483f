package raster

// TestedShader is a FragmentShader with outputs outside the colour
// attachments that land where the lane's colour writes land (an explicit
// imageblock in tile memory). When TestedOutputs reports true for a
// draw's shader, Flush calls Tested after each shaded batch of the draw
// has run its late depth and stencil tests, [[sample_mask]] output and
// alpha to coverage: samples[L] are the samples lane L's colour writes go
// to (0 for helper, discarded and failed lanes; per-sample runs: the
// lane's own sample), whatever the colour attachments and write masks.
// It runs on the batch's worker before the next batch is shaded. Draws
// whose shader reports true never take the pixel path.
type TestedShader interface {
	FragmentShader
	TestedOutputs() bool
	Tested(worker int, b *FragmentBatch, samples []uint8)
}

// testedShader returns the draw's shader when it takes Tested calls.
func testedShader(d *Draw) TestedShader {
	if ts, ok := d.Shader.(TestedShader); ok && ts.TestedOutputs() {
		return ts
	}
	return nil
}
