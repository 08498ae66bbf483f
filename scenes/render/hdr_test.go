package render

import (
	"bytes"
	"strings"
	"testing"
)

// TestReadHDR decodes a flat and a run-length encoded Radiance file of
// the same 8×2 image.
func TestReadHDR(t *testing.T) {
	const w, h = 8, 2
	// Pixel (x, y): R = x+1, G = 2, B = 0, exponent 129 → value/128·2.
	pix := func(x, y int) [4]byte { return [4]byte{byte(x + 1), 2, byte(y), 129} }
	head := "#?RADIANCE\nFORMAT=32-bit_rle_rgbe\n\n-Y 2 +X 8\n"
	var flat bytes.Buffer
	flat.WriteString(head)
	for y := range h {
		for x := range w {
			p := pix(x, y)
			flat.Write(p[:])
		}
	}
	var rle bytes.Buffer
	rle.WriteString(head)
	for y := range h {
		rle.Write([]byte{2, 2, 0, w})
		for c := range 4 {
			if c == 0 { // a literal run of 8
				rle.WriteByte(w)
				for x := range w {
					rle.WriteByte(pix(x, y)[c])
				}
				continue
			}
			rle.Write([]byte{128 + w, pix(0, y)[c]}) // a repeat run
		}
	}
	for name, src := range map[string][]byte{"flat": flat.Bytes(), "rle": rle.Bytes()} {
		env, err := ReadHDR(bytes.NewReader(src))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if env.Width != w || env.Height != h {
			t.Fatalf("%s: %dx%d", name, env.Width, env.Height)
		}
		for y := range h {
			for x := range w {
				p := pix(x, y)
				for c := range 3 {
					want := float32(p[c]) / 128
					if got := env.RGB[3*(y*w+x)+c]; got != want {
						t.Errorf("%s: pixel (%d,%d)[%d] = %v, want %v", name, x, y, c, got, want)
					}
				}
			}
		}
	}
	for _, bad := range []string{"P6\n", "#?RADIANCE\n\n+Y 2 +X 8\n", "#?RADIANCE\nFORMAT=32-bit_rle_xyze\n\n", head} {
		if _, err := ReadHDR(strings.NewReader(bad)); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

// FuzzReadHDR: arbitrary input never panics, and a decoded image has the
// size its header announced.
func FuzzReadHDR(f *testing.F) {
	f.Add([]byte("#?RADIANCE\nFORMAT=32-bit_rle_rgbe\n\n-Y 1 +X 2\n\x01\x02\x03\x80\x04\x05\x06\x81"))
	f.Add([]byte("#?RADIANCE\n\n-Y 1 +X 8\n\x02\x02\x00\x08\x88\x01\x88\x02\x88\x03\x88\x80"))
	f.Fuzz(func(t *testing.T, data []byte) {
		env, err := ReadHDR(bytes.NewReader(data))
		if err == nil && len(env.RGB) != 3*env.Width*env.Height {
			t.Fatalf("%d floats for %dx%d", len(env.RGB), env.Width, env.Height)
		}
	})
}
