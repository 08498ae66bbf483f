package raster

// standardPositions are Metal's default sample positions, from Apple's
// documentation of MTLDevice getDefaultSamplePositions(sampleCount:)
// (developer.apple.com/documentation/metal/mtldevice/getdefaultsamplepositions(samplecount:)):
// 1: (0.5, 0.5); 2: (0.75, 0.75), (0.25, 0.25); 4: (0.375, 0.125),
// (0.875, 0.375), (0.125, 0.625), (0.625, 0.875); 8: (0.5625, 0.3125),
// (0.4375, 0.6875), (0.8125, 0.5625), (0.3125, 0.1875), (0.1875, 0.8125),
// (0.0625, 0.4375), (0.6875, 0.9375), (0.9375, 0.0625). Origin top-left of the
// pixel; all are multiples of 1/16, so they are exact in the 8-bit sub-pixel
// grid.
var standardPositions = map[int][][2]float32{
	1: {{0.5, 0.5}},
	2: {{0.75, 0.75}, {0.25, 0.25}},
	4: {{0.375, 0.125}, {0.875, 0.375}, {0.125, 0.625}, {0.625, 0.875}},
	8: {{0.5625, 0.3125}, {0.4375, 0.6875}, {0.8125, 0.5625}, {0.3125, 0.1875},
		{0.1875, 0.8125}, {0.0625, 0.4375}, {0.6875, 0.9375}, {0.9375, 0.0625}},
}

// StandardSamplePositions returns Metal's standard sample positions for 1, 2,
// 4 or 8 samples (x, y in [0,1) from the pixel's top-left corner), nil for
// other counts. The result is a fresh copy.
func StandardSamplePositions(n int) [][2]float32 {
	p, ok := standardPositions[n]
	if !ok {
		return nil
	}
	return append([][2]float32(nil), p...)
}

// validSamples reports whether n is a supported sample count.
func validSamples(n int) bool { _, ok := standardPositions[n]; return ok }
