package texel

// bilinearRGBA8 holds what the direct bilinear path of the 8-bit
// RGBA/BGRA formats needs (its scalar loop, and sampleAsm's AVX2 kernel),
// set up once per batch.
type bilinearRGBA8 struct {
	u, v           []float32
	c0, g, c2, a   []float32 // outputs of texel bytes 0, 1, 2, 3
	data           []byte
	base, row      int
	norm           bool
	wf, hf, ox, oy float32
	rgb            *[256]float32 // decode of the colour channels
	bw             uint32        // border texel in the format's byte order
	rs, bs         uint          // shifts of R and B in a texel word
	ms, mt         AddressMode
	w, h           int32
	fw1, fh1       float32 // blocks start in [0, fw1) × [0, fh1) unwrapped (0 when texels are not 4 bytes)
	rx, ry         int32   // repeatMask of the s and t axes
	bpp            int
}
