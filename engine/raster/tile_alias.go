package raster

import "github.com/ingot-render/ingot/internal/texel"

// EncodeSample writes sample s of pixel (x, y) of layer to dst as the
// target's pixel format stores it in a texture (Format.BytesPerPixel
// bytes): the storage an explicit imageblock aliasing the implicit one
// sees. The caller keeps the coordinates inside the target.
func (t *ColorTarget) EncodeSample(dst []byte, x, y, s, layer int) {
	t.settle()
	i := t.sampleIndex(t.lay.pixel(x, y, layer), s)
	encodeTexel(t.Format, t.q.kind, dst, [4]float32(t.data[i:i+4]))
}

// DecodeSamples sets the samples of pixel (x, y) of layer that mask
// selects to the texel src holds in the target's pixel format (the
// inverse of EncodeSample; the decoded value is exactly representable).
func (t *ColorTarget) DecodeSamples(src []byte, x, y, layer int, mask uint32) {
	t.settle()
	v := decodeTexel(t.Format, t.q.kind, src)
	p := t.lay.pixel(x, y, layer)
	for s := range t.Samples {
		if mask&(1<<s) != 0 {
			i := t.sampleIndex(p, s)
			copy(t.data[i:i+4], v[:])
		}
	}
}

// ImplicitAlign is the alignment in bytes of the target's texel in the
// byte image of the implicit imageblock: the alignment of the MSL type that
// stores the format (8- and 16-bit normalized formats as pixel types, 1 or
// 2; packed formats 4 at most; float and integer formats as their vector
// types, the texel size).
func (t *ColorTarget) ImplicitAlign() int {
	info, _ := t.Format.Info()
	switch {
	case info.Packed:
		return min(info.BytesPerPixel, 4)
	case info.Channels == 0:
		return 1
	case t.q.kind.IsInteger():
		return info.BytesPerPixel
	}
	if info.Kind == texel.KindUnorm || info.Kind == texel.KindSnorm {
		return info.BytesPerPixel / info.Channels
	}
	return info.BytesPerPixel
}
