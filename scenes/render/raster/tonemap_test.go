package raster

import (
	"image"
	"math"
	"testing"

	"github.com/ingot-render/ingot/scenes/render/internal/kernel"
)

// TestEncodeSRGB8 checks the table encoding against kernel.EncodeSRGB at
// every threshold and its neighbours, at both ends of every bucket (with
// the thresholds, and both functions monotonic, that covers every float32
// in [0, 1]), on a sweep of [0, 1] and on values outside it.
func TestEncodeSRGB8(t *testing.T) {
	tab := srgbTablesOnce()
	check := func(v float32) {
		t.Helper()
		if got, want := tab.encodeSRGB8(v), kernel.EncodeSRGB(v); got != want {
			t.Fatalf("encodeSRGB8(%v) = %d, kernel.EncodeSRGB = %d", v, got, want)
		}
	}
	for _, v := range []float32{0, -0.5, -1e-30, 1, 1.5, 1e30, float32(math.Inf(1)), float32(math.Inf(-1)), float32(math.NaN()), 0.0031308, 0.5} {
		check(v)
	}
	for k := 1; k < 256; k++ {
		b := math.Float32bits(tab.thresholds[k])
		for _, d := range []int64{-2, -1, 0, 1, 2} {
			if x := int64(b) + d; x >= 0 {
				check(math.Float32frombits(uint32(x)))
			}
		}
	}
	for i := range len(tab.codes) {
		lo := uint32(i) << srgbShift
		check(math.Float32frombits(lo))
		check(math.Float32frombits(lo + 1<<srgbShift - 1))
		// At most one threshold in the bucket: its last float is at most
		// one code above its first.
		if d := kernel.EncodeSRGB(math.Float32frombits(lo+1<<srgbShift-1)) - kernel.EncodeSRGB(math.Float32frombits(lo)); d > 1 {
			t.Fatalf("bucket %d spans %d codes", i, d+1)
		}
	}
	for i := range 1 << 16 {
		check(float32(i) / (1 << 16))
	}
}

// TestToneMapWorkers checks that the host tone map gives kernel.Tone and
// kernel.EncodeSRGB per pixel, the same bits on 1 and N workers, and sets
// the linear alpha to 1.
func TestToneMapWorkers(t *testing.T) {
	const w, h = 37, 53
	lin := make([]float32, 4*w*h)
	for i := range lin {
		lin[i] = float32(i%97)/13 - 0.5
	}
	for _, c := range []struct {
		name     string
		op       kernel.ToneMap
		exposure float32
	}{{"none", kernel.ToneNone, 0}, {"pbr-neutral", kernel.TonePBRNeutral, -1}, {"aces", kernel.ToneACES, 1.5}} {
		t.Run(c.name, func(t *testing.T) {
			var imgs []*image.NRGBA
			for _, workers := range []int{1, 2, 3} {
				l := append([]float32(nil), lin...)
				img := image.NewNRGBA(image.Rect(0, 0, w, h))
				toneMap(img, l, w, h, workers, nil, c.op, c.exposure)
				for i := range w * h {
					if l[4*i+3] != 1 {
						t.Fatalf("workers %d: linear alpha of pixel %d is %v, want 1", workers, i, l[4*i+3])
					}
				}
				imgs = append(imgs, img)
			}
			for i := range w * h {
				tc := kernel.Tone(c.op, c.exposure, [3]float32{lin[4*i], lin[4*i+1], lin[4*i+2]})
				want := [4]uint8{kernel.EncodeSRGB(tc[0]), kernel.EncodeSRGB(tc[1]), kernel.EncodeSRGB(tc[2]), 255}
				for n, img := range imgs {
					if got := [4]uint8(img.Pix[4*i : 4*i+4]); got != want {
						t.Fatalf("image %d, pixel %d: %v, want %v", n, i, got, want)
					}
				}
			}
		})
	}
}
