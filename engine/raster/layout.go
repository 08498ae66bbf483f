package raster

// Attachment storage is kept in blocks of blockSize×blockSize pixels, each
// block contiguous (all samples of a pixel adjacent), blocks row-major, layers
// one after another. Pass tiles are multiples of blockSize, so a tile's data
// is one or a few contiguous runs.
const (
	blockShift = 5
	blockSize  = 1 << blockShift
	blockMask  = blockSize - 1
)

// layout maps (x, y, layer) to a pixel index in block order.
type layout struct {
	w, h, samples, layers int
	bw, bh                int // blocks per row, per column
}

func newLayout(w, h, samples, layers int) layout {
	return layout{w: w, h: h, samples: samples, layers: layers,
		bw: (w + blockMask) >> blockShift, bh: (h + blockMask) >> blockShift}
}

// pixels returns the number of pixel slots (including block padding).
func (l *layout) pixels() int { return l.bw * l.bh * blockSize * blockSize * l.layers }

// pixel returns the index of pixel (x, y) of layer; x, y may lie in the
// padding of the last block.
func (l *layout) pixel(x, y, layer int) int {
	return ((layer*l.bh+y>>blockShift)*l.bw+x>>blockShift)<<(2*blockShift) + (y&blockMask)<<blockShift + x&blockMask
}
