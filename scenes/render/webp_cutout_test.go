package render

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/color"
	"testing"

	"golang.org/x/image/webp"
)

// bitWriter packs bits least significant first, as VP8L reads them.
type bitWriter struct {
	b    []byte
	n    uint
	acc  uint64
	bits uint
}

func (w *bitWriter) put(v uint64, n uint) {
	w.acc |= v << w.bits
	w.bits += n
	for w.bits >= 8 {
		w.b = append(w.b, byte(w.acc))
		w.acc >>= 8
		w.bits -= 8
	}
}

func (w *bitWriter) bytes() []byte {
	if w.bits > 0 {
		w.b = append(w.b, byte(w.acc))
		w.acc, w.bits = 0, 0
	}
	return w.b
}

// cutoutWebP is a 2×1 lossless WebP (VP8L) of white texels with alpha 0
// (left) and 255 (right): no transforms, no colour cache, simple prefix
// codes (one symbol for green, red and blue, two for alpha), so each
// texel costs one bit.
func cutoutWebP() []byte {
	var w bitWriter
	w.put(0x2f, 8)               // VP8L signature
	w.put(2-1, 14)               // width − 1
	w.put(1-1, 14)               // height − 1
	w.put(1, 1)                  // alpha is used
	w.put(0, 3)                  // version
	w.put(0, 1)                  // no transform
	w.put(0, 1)                  // no colour cache
	w.put(0, 1)                  // no meta prefix codes
	single := func(sym uint64) { // simple code, one 8-bit symbol
		w.put(1, 1)
		w.put(0, 1)
		w.put(1, 1)
		w.put(sym, 8)
	}
	single(255) // green
	single(255) // red
	single(255) // blue
	w.put(1, 1) // alpha: simple code, two 8-bit symbols 0 and 255
	w.put(1, 1)
	w.put(1, 1)
	w.put(0, 8)
	w.put(255, 8)
	w.put(1, 1) // distance: simple code, one 1-bit symbol 0
	w.put(0, 1)
	w.put(0, 1)
	w.put(0, 1)
	w.put(0, 1) // texel 0: alpha symbol 0
	w.put(1, 1) // texel 1: alpha symbol 255
	data := w.bytes()
	var out bytes.Buffer
	chunk := len(data)
	pad := chunk % 2
	out.WriteString("RIFF")
	_ = binary.Write(&out, binary.LittleEndian, uint32(4+8+chunk+pad))
	out.WriteString("WEBPVP8L")
	_ = binary.Write(&out, binary.LittleEndian, uint32(chunk))
	out.Write(data)
	if pad == 1 {
		out.WriteByte(0)
	}
	return out.Bytes()
}

// TestCutoutWebPDecodes: the hand-made WebP is what it claims to be.
func TestCutoutWebPDecodes(t *testing.T) {
	img, err := webp.Decode(bytes.NewReader(cutoutWebP()))
	if err != nil {
		t.Fatal(err)
	}
	want := []color.NRGBA{{255, 255, 255, 0}, {255, 255, 255, 255}}
	if img.Bounds() != image.Rect(0, 0, 2, 1) {
		t.Fatalf("bounds %v", img.Bounds())
	}
	for x, c := range want {
		if got := color.NRGBAModel.Convert(img.At(x, 0)).(color.NRGBA); got != c {
			t.Errorf("texel %d: %v, want %v", x, got, c)
		}
	}
}
