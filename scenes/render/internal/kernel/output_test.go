package kernel

import (
	"bytes"
	"encoding/binary"
	"math"
	"testing"
)

func TestResolveRGBA8(t *testing.T) {
	acc := []Float4{{0.36, 0.36, 0.36, 2}, {0, 0, 0, 0}, {4, 2, 1, 1}}
	img, err := ResolveRGBA8(acc, 3, 1, ToneNone, 0)
	if err != nil {
		t.Fatal(err)
	}
	want := []uint8{EncodeSRGB(0.18), EncodeSRGB(0.18), EncodeSRGB(0.18), 255, 0, 0, 0, 255, 255, 255, 255, 255}
	if !bytes.Equal(img.Pix, want) {
		t.Errorf("pixels %v, want %v", img.Pix, want)
	}
	if _, err := ResolveRGBA8(acc, 2, 2, ToneNone, 0); err == nil {
		t.Error("size mismatch accepted")
	}
	u, err := UnpackRGBA8([]uint32{0xff102030}, 1, 1)
	if err != nil || !bytes.Equal(u.Pix, []uint8{0x30, 0x20, 0x10, 0xff}) {
		t.Errorf("unpack %v %v", u, err)
	}
}

func TestWritePFM(t *testing.T) {
	rgb := []float32{1, 2, 3, 4, 5, 6} // 1×2: top pixel (1,2,3), bottom (4,5,6)
	var b bytes.Buffer
	if err := WritePFM(&b, 1, 2, rgb); err != nil {
		t.Fatal(err)
	}
	head := "PF\n1 2\n-1.0\n"
	if got := b.String()[:len(head)]; got != head {
		t.Fatalf("header %q", got)
	}
	data := b.Bytes()[len(head):]
	if len(data) != 24 {
		t.Fatalf("%d data bytes", len(data))
	}
	first := math.Float32frombits(binary.LittleEndian.Uint32(data))
	if first != 4 { // bottom row first
		t.Errorf("first value %v, want 4 (bottom row first)", first)
	}
	if err := WritePFM(&b, 2, 2, rgb); err == nil {
		t.Error("short data accepted")
	}
	if l := Linear([]Float4{{2, 4, 6, 2}}); l[0] != 1 || l[2] != 3 {
		t.Errorf("Linear %v", l)
	}
}
