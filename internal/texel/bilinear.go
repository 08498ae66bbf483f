package texel

// bilinearRGBA8 holds what the vector kernel of the direct RGBA8Unorm
// bilinear path (bilinear8) needs, set up once per batch.
type bilinearRGBA8 struct {
	u, v           []float32
	c0, g, c2, a   []float32 // outputs of texel bytes 0, 1, 2, 3
	data           []byte
	base, row      int
	norm           bool
	wf, hf, ox, oy float32
	w1, h1         int32 // texel blocks start in [0, w1) × [0, h1)
}
