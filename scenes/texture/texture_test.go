package texture

import (
	"bytes"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"math"
	"os"
	"strings"
	"testing"
	"time"
)

func encodePNG(t *testing.T, img image.Image) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestMipChain(t *testing.T) {
	img := image.NewNRGBA(image.Rect(0, 0, 7, 3))
	m := FromImage(img, false)
	want := [][2]int{{7, 3}, {3, 1}, {1, 1}}
	if len(m.Levels) != len(want) || MipCount(7, 3) != 3 {
		t.Fatalf("%d levels, want %d", len(m.Levels), len(want))
	}
	for i, l := range m.Levels {
		if l.Width != want[i][0] || l.Height != want[i][1] || len(l.Pix) != 4*l.Width*l.Height {
			t.Errorf("level %d: %dx%d (%d bytes)", i, l.Width, l.Height, len(l.Pix))
		}
	}
}

// TestSRGBMipsFilterInLinearLight: a black/white checkerboard averages to
// 50% linear grey, which is sRGB 188, not 128.
func TestSRGBMipsFilterInLinearLight(t *testing.T) {
	const n = 16
	img := image.NewNRGBA(image.Rect(0, 0, n, n))
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			v := uint8(0)
			if (x+y)%2 == 0 {
				v = 255
			}
			img.SetNRGBA(x, y, color.NRGBA{v, v, v, 255})
		}
	}
	srgb := FromImage(img, true)
	lin := FromImage(img, false)
	last := len(srgb.Levels) - 1
	if g := srgb.Levels[last].Pix[0]; g < 186 || g > 190 {
		t.Errorf("sRGB 1x1 mip = %d, want ≈188", g)
	}
	if g := lin.Levels[last].Pix[0]; g < 126 || g > 129 {
		t.Errorf("linear 1x1 mip = %d, want ≈128", g)
	}
	if a := srgb.Levels[last].Pix[3]; a != 255 {
		t.Errorf("alpha %d", a)
	}
}

// TestMipsPremultiplied: transparent texels must not bleed their colour.
func TestMipsPremultiplied(t *testing.T) {
	img := image.NewNRGBA(image.Rect(0, 0, 2, 2))
	img.SetNRGBA(0, 0, color.NRGBA{255, 0, 0, 255})
	img.SetNRGBA(1, 0, color.NRGBA{0, 255, 0, 0}) // invisible green
	img.SetNRGBA(0, 1, color.NRGBA{255, 0, 0, 255})
	img.SetNRGBA(1, 1, color.NRGBA{0, 255, 0, 0})
	m := FromImage(img, false)
	p := m.Levels[1].Pix
	if p[0] < 250 || p[1] > 3 || p[3] < 126 || p[3] > 129 {
		t.Errorf("1x1 mip = %v, want red with alpha ≈128", p)
	}
	if m.Opaque {
		t.Error("image with alpha reported opaque")
	}
}

func TestDecodeFormats(t *testing.T) {
	src := image.NewNRGBA(image.Rect(0, 0, 4, 4))
	for i := range src.Pix {
		src.Pix[i] = uint8(i * 7)
	}
	m, err := Decode(encodePNG(t, src), false, 0)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(m.Levels[0].Pix, src.Pix) {
		t.Error("PNG NRGBA round trip changed texels")
	}
	var jb bytes.Buffer
	gray := image.NewGray(image.Rect(0, 0, 8, 8))
	for i := range gray.Pix {
		gray.Pix[i] = 100
	}
	if err := jpeg.Encode(&jb, gray, &jpeg.Options{Quality: 100}); err != nil {
		t.Fatal(err)
	}
	j, err := Decode(jb.Bytes(), true, 0)
	if err != nil {
		t.Fatal(err)
	}
	if p := j.Levels[0].Pix; p[0] < 98 || p[0] > 102 || p[3] != 255 || !j.Opaque || !j.SRGB {
		t.Errorf("JPEG texel %v", p[:4])
	}
	pal := image.NewPaletted(image.Rect(0, 0, 2, 1), color.Palette{color.NRGBA{1, 2, 3, 255}, color.NRGBA{9, 8, 7, 128}})
	pal.Pix[1] = 1
	pm, err := Decode(encodePNG(t, pal), false, 0)
	if err != nil {
		t.Fatal(err)
	}
	if p := pm.Levels[0].Pix; !bytes.Equal(p, []byte{1, 2, 3, 255, 9, 8, 7, 128}) {
		t.Errorf("paletted texels %v", p)
	}
}

func TestDecodeErrors(t *testing.T) {
	big := encodePNG(t, image.NewGray(image.Rect(0, 0, 300, 300)))
	if _, err := Decode(big, false, 1000); err == nil || !strings.Contains(err.Error(), "too large") {
		t.Errorf("pixel cap: %v", err)
	}
	if _, err := Decode([]byte("not an image"), false, 0); err == nil || !strings.Contains(err.Error(), "decode image header") {
		t.Errorf("garbage: %v", err)
	}
	trunc := big[:len(big)/2]
	if _, err := Decode(trunc, false, 0); err == nil {
		t.Error("truncated PNG decoded")
	}
}

func TestSRGBCurves(t *testing.T) {
	for _, v := range []float64{0, 0.002, 0.04, 0.2, 0.5, 1} {
		if got := LinearToSRGB(SRGBToLinear(v)); math.Abs(got-v) > 1e-12 {
			t.Errorf("round trip %g -> %g", v, got)
		}
	}
	if l := SRGBToLinear(188.0 / 255); math.Abs(l-0.5) > 0.005 {
		t.Errorf("sRGB 188 = %g linear, want ≈0.5", l)
	}
}

// naiveMips is the baseline: a 2x2 box filter in sRGB space (no
// linearization, no premultiplication), the cheapest possible chain.
func naiveMips(w, h int, src []uint8) {
	for w > 1 || h > 1 {
		nw, nh := max(w/2, 1), max(h/2, 1)
		dst := make([]uint8, 4*nw*nh)
		for y := 0; y < nh; y++ {
			for x := 0; x < nw; x++ {
				x1, y1 := min(2*x+1, w-1), min(2*y+1, h-1)
				for c := 0; c < 4; c++ {
					s := int(src[4*(2*y*w+2*x)+c]) + int(src[4*(2*y*w+x1)+c]) + int(src[4*(y1*w+2*x)+c]) + int(src[4*(y1*w+x1)+c])
					dst[4*(y*nw+x)+c] = uint8(s / 4)
				}
			}
		}
		w, h, src = nw, nh, dst
	}
}

// BenchmarkMips builds the chain of a 1024² sRGB image and reports the
// cost relative to the naive box filter ("x-naive").
func BenchmarkMips(b *testing.B) {
	const n = 1024
	img := image.NewNRGBA(image.Rect(0, 0, n, n))
	for i := range img.Pix {
		img.Pix[i] = uint8(i * 31)
	}
	const baseRuns = 3
	start := time.Now()
	for i := 0; i < baseRuns; i++ {
		naiveMips(n, n, img.Pix)
	}
	base := time.Since(start) / baseRuns
	b.SetBytes(4 * n * n)
	b.ResetTimer()
	for b.Loop() {
		buildMips(n, n, img.Pix, true)
	}
	b.ReportMetric(float64(b.Elapsed())/float64(b.N)/float64(base), "x-naive")
}

func TestDecodeWebP(t *testing.T) {
	data, err := os.ReadFile("testdata/blue-purple-pink.lossy.webp")
	if err != nil {
		t.Fatal(err)
	}
	m, err := Decode(data, true, 0)
	if err != nil {
		t.Fatal(err)
	}
	if m.Width() == 0 || len(m.Levels) != MipCount(m.Width(), m.Height()) || !m.Opaque {
		t.Errorf("webp %dx%d, %d levels, opaque %v", m.Width(), m.Height(), len(m.Levels), m.Opaque)
	}
}
