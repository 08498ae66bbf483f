package raster

import (
	"image"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/ingot-render/ingot/scenes/render/internal/kernel"
)

// BenchmarkToneMap512 measures the host tone map (background composite,
// exposure, operator, sRGB encoding) of a 512×512 DamagedHelmet frame on
// one worker, the steady state of a kept view (the background's radiance
// memoised), each iteration from the resolved radiance (copied in).
func BenchmarkToneMap512(b *testing.B) {
	s := openScene(b, filepath.Join(sharedScenes, "DamagedHelmet/glTF-Binary/DamagedHelmet.glb"))
	r := newTestRenderer(b, s, 1, Options{})
	f := smallFrame(512, 512)
	mustRender(b, r, f)
	src, err := readFloats(r.tg.resolve[0])
	if err != nil {
		b.Fatal(err)
	}
	bg := r.bg
	lin := make([]float32, len(src))
	dst := image.NewNRGBA(image.Rect(0, 0, 512, 512))
	for _, c := range []struct {
		name string
		op   kernel.ToneMap
		bg   *background
	}{{"pbr-neutral", kernel.TonePBRNeutral, bg}, {"aces", kernel.ToneACES, bg}, {"none", kernel.ToneNone, bg},
		{"pbr-neutral/nobg", kernel.TonePBRNeutral, nil}} {
		b.Run(c.name, func(b *testing.B) {
			copy(lin, src)
			toneMap(dst, lin, 512, 512, 1, c.bg, c.op, 0)
			for b.Loop() {
				copy(lin, src)
				toneMap(dst, lin, 512, 512, 1, c.bg, c.op, 0.5)
			}
		})
	}
	b.Run("copy", func(b *testing.B) {
		for b.Loop() {
			copy(lin, src)
		}
	})
}

// BenchmarkToneMapSynthetic512 is BenchmarkToneMap512 without a scene
// file: a 512×512 frame whose middle disc is covered (radiance in
// [0, 1.5), a rim of fractional coverage) over testEnvironment's map,
// the memo known after the first frame.
func BenchmarkToneMapSynthetic512(b *testing.B) {
	const w, h = 512, 512
	rng := rand.New(rand.NewPCG(1, 2))
	src := make([]float32, 4*w*h)
	for y := range h {
		for x := range w {
			i := 4 * (y*w + x)
			dx, dy := float32(x-w/2)/(w/3), float32(y-h/2)/(h/3)
			r := dx*dx + dy*dy
			switch {
			case r < 0.95:
				src[i+3] = 1
			case r < 1:
				src[i+3] = rng.Float32()
			}
			if src[i+3] > 0 {
				for c := range 3 {
					src[i+c] = rng.Float32() * 1.5 * src[i+3]
				}
			}
		}
	}
	bg := testBackground(w, h, false)
	lin := make([]float32, len(src))
	dst := image.NewNRGBA(image.Rect(0, 0, w, h))
	for _, c := range []struct {
		name string
		op   kernel.ToneMap
		bg   *background
	}{{"pbr-neutral", kernel.TonePBRNeutral, bg}, {"aces", kernel.ToneACES, bg}, {"pbr-neutral/constant", kernel.TonePBRNeutral, testBackground(w, h, true)}} {
		b.Run(c.name, func(b *testing.B) {
			copy(lin, src)
			toneMap(dst, lin, w, h, 1, c.bg, c.op, 0)
			for b.Loop() {
				copy(lin, src)
				toneMap(dst, lin, w, h, 1, c.bg, c.op, 0.5)
			}
		})
	}
}

// testBackground is a map background (testEnvironment's map) for a
// w×h perspective frame looking down −Z, or a constant one.
func testBackground(w, h int, constant bool) *background {
	env := testEnvironment()
	b := &background{colour: [3]float32{env.Color[0] * env.Intensity, env.Color[1] * env.Intensity, env.Color[2] * env.Intensity},
		forward: [3]float32{0, 0, -1}, rot: env.Rotation}
	b.key = backgroundKey{width: w, height: h}
	if constant {
		return b
	}
	b.rgb, b.w, b.h = env.RGB, env.Width, env.Height
	b.cols, b.rows = make([][3]float32, w), make([][3]float32, h)
	for x := range w {
		b.cols[x] = [3]float32{(2*(float32(x)+0.5)/float32(w) - 1) * 0.9, 0, -1}
	}
	for y := range h {
		b.rows[y] = [3]float32{0, (1 - 2*(float32(y)+0.5)/float32(h)) * 0.7, 0}
	}
	return b
}
