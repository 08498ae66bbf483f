package texture

import (
	"bytes"
	"fmt"
	"image"
	"math/rand/v2"
	"testing"

	"golang.org/x/image/draw"
)

// randRGBA64 fills a w×h image from rng. mode 0: uniform random channels
// (colour may exceed alpha, exercising the clamp); 1: premultiplied
// (colour <= alpha); 2: only the extremes 0 and 65535; 3: all 65535.
func randRGBA64(rng *rand.Rand, w, h, mode int) *image.RGBA64 {
	m := image.NewRGBA64(image.Rect(0, 0, w, h))
	for i := 0; i < len(m.Pix); i += 8 {
		var c [4]uint16
		switch mode {
		case 0:
			for k := range c {
				c[k] = uint16(rng.UintN(65536))
			}
		case 1:
			c[3] = uint16(rng.UintN(65536))
			for k := 0; k < 3; k++ {
				c[k] = uint16(rng.UintN(uint(c[3]) + 1))
			}
		case 2:
			for k := range c {
				c[k] = uint16(rng.UintN(2)) * 65535
			}
		default:
			c = [4]uint16{65535, 65535, 65535, 65535}
		}
		for k, v := range c {
			m.Pix[i+2*k], m.Pix[i+2*k+1] = uint8(v>>8), uint8(v)
		}
	}
	return m
}

func TestTentDownsampleMatchesDraw(t *testing.T) {
	type size struct{ sw, sh, dw, dh int }
	sizes := []size{
		{1, 1, 1, 1}, {2, 2, 1, 1}, {1, 2, 1, 1}, {2, 1, 1, 1},
		{1, 9, 1, 4}, {1, 64, 1, 32}, {9, 1, 4, 1}, {77, 1, 38, 1},
		{3, 5, 1, 2}, {5, 3, 2, 1}, {7, 9, 3, 4}, {11, 13, 5, 6},
		{300, 200, 150, 100}, {301, 199, 150, 99}, {255, 3, 127, 1},
		// Not mip ratios: the filter is general.
		{5, 5, 3, 3}, {10, 7, 7, 2}, {64, 48, 5, 3}, {3, 2, 5, 4}, {1, 1, 3, 2},
	}
	// 2:1 power-of-two chains.
	for _, s := range []size{{64, 64, 0, 0}, {256, 32, 0, 0}, {16, 128, 0, 0}} {
		for w, h := s.sw, s.sh; w > 1 || h > 1; w, h = max(w/2, 1), max(h/2, 1) {
			sizes = append(sizes, size{w, h, max(w/2, 1), max(h/2, 1)})
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	var sc tentScratch
	for _, s := range sizes {
		for mode := 0; mode < 4; mode++ {
			t.Run(fmt.Sprintf("%dx%d-%dx%d-mode%d", s.sw, s.sh, s.dw, s.dh, mode), func(t *testing.T) {
				src := randRGBA64(rng, s.sw, s.sh, mode)
				want := image.NewRGBA64(image.Rect(0, 0, s.dw, s.dh))
				draw.BiLinear.Scale(want, want.Bounds(), src, src.Bounds(), draw.Src, nil)
				got := make([]uint16, 4*s.dw*s.dh)
				tentDownsample(got, s.dw, s.dh, &tentSource{w: s.sw, h: s.sh, pix16: planeOf(src)}, &sc)
				if i := firstDiff(got, planeOf(want)); i >= 0 {
					t.Fatalf("pixel %d channel %d: got %d, want %d", i/4, i%4, got[i], planeOf(want)[i])
				}
			})
		}
	}
}

// planeOf returns m's channels as 4 uint16 per pixel.
func planeOf(m *image.RGBA64) []uint16 {
	p := make([]uint16, len(m.Pix)/2)
	for i := range p {
		p[i] = uint16(m.Pix[2*i])<<8 | uint16(m.Pix[2*i+1])
	}
	return p
}

func firstDiff(a, b []uint16) int {
	if len(a) != len(b) {
		return 0
	}
	for i := range a {
		if a[i] != b[i] {
			return i
		}
	}
	return -1
}

// refToLinear16 expands RGBA8 (non-premultiplied) into a premultiplied
// linear 16-bit image: the reference for tentSource's RGBA8 rows.
func refToLinear16(w, h int, pix []uint8, srgb bool) *image.RGBA64 {
	dst := image.NewRGBA64(image.Rect(0, 0, w, h))
	d := dst.Pix
	for i, j := 0, 0; i < len(pix); i, j = i+4, j+8 {
		a := uint32(pix[i+3]) * 257
		for c := 0; c < 3; c++ {
			var v uint32
			if srgb {
				v = uint32(srgbToLin[pix[i+c]])
			} else {
				v = uint32(pix[i+c]) * 257
			}
			v = (v*a + 32767) / 65535
			d[j+2*c], d[j+2*c+1] = uint8(v>>8), uint8(v)
		}
		d[j+6], d[j+7] = uint8(a>>8), uint8(a)
	}
	return dst
}

// refFromLinear16 converts back to RGBA8 non-premultiplied, re-encoding
// sRGB, with no shortcuts: the reference for fromLinear16.
func refFromLinear16(src *image.RGBA64, srgb bool) []uint8 {
	s := src.Pix
	out := make([]uint8, len(s)/2)
	for i, j := 0, 0; j < len(s); i, j = i+4, j+8 {
		a := uint32(s[j+6])<<8 | uint32(s[j+7])
		out[i+3] = uint8((a + 128) / 257)
		if a == 0 {
			continue
		}
		for c := 0; c < 3; c++ {
			v := uint32(s[j+2*c])<<8 | uint32(s[j+2*c+1])
			v = (v*65535 + a/2) / a
			if v > 65535 {
				v = 65535
			}
			if srgb {
				out[i+c] = linToSRGB[v]
			} else {
				out[i+c] = uint8((v + 128) / 257)
			}
		}
	}
	return out
}

// drawMips is buildMips with the x/image/draw filter: the reference.
func drawMips(w, h int, pix []uint8, srgb bool) []Level {
	if w <= 1 && h <= 1 {
		return nil
	}
	lutOnce.Do(initLUT)
	cur := refToLinear16(w, h, pix, srgb)
	var levels []Level
	for w > 1 || h > 1 {
		w, h = max(w/2, 1), max(h/2, 1)
		next := image.NewRGBA64(image.Rect(0, 0, w, h))
		draw.BiLinear.Scale(next, next.Bounds(), cur, cur.Bounds(), draw.Src, nil)
		levels = append(levels, Level{Width: w, Height: h, Pix: refFromLinear16(next, srgb)})
		cur = next
	}
	return levels
}

func TestBuildMipsMatchesDraw(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, sz := range [][2]int{{1, 1}, {2, 1}, {1, 9}, {37, 20}, {64, 64}, {128, 3}, {200, 300}} {
		for _, srgb := range []bool{false, true} {
			t.Run(fmt.Sprintf("%dx%d-srgb%v", sz[0], sz[1], srgb), func(t *testing.T) {
				w, h := sz[0], sz[1]
				pix := make([]uint8, 4*w*h)
				for i := range pix {
					pix[i] = uint8(rng.UintN(256))
					if i%4 == 3 && rng.UintN(2) == 0 {
						pix[i] = [2]uint8{0, 255}[rng.UintN(2)]
					}
				}
				got, want := buildMips(w, h, pix, srgb), drawMips(w, h, pix, srgb)
				if len(got) != len(want) || len(got) != MipCount(w, h)-1 {
					t.Fatalf("%d levels, want %d", len(got), len(want))
				}
				for l := range got {
					g, r := got[l], want[l]
					if g.Width != r.Width || g.Height != r.Height || !bytes.Equal(g.Pix, r.Pix) {
						t.Fatalf("level %d (%dx%d) differs from draw.BiLinear", l+1, r.Width, r.Height)
					}
				}
			})
		}
	}
}

// BenchmarkBuildMips2048 builds the chain of a 2048² sRGB RGBA8 texture.
func BenchmarkBuildMips2048(b *testing.B) {
	const n = 2048
	pix := make([]uint8, 4*n*n)
	for i := range pix {
		pix[i] = uint8(i*31 + i>>13)
	}
	b.SetBytes(int64(len(pix)))
	for b.Loop() {
		buildMips(n, n, pix, true)
	}
}
