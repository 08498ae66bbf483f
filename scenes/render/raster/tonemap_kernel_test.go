package raster

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/ingot-render/ingot/scenes/render/internal/kernel"
)

// toneTestValues are channel values for the tone-map kernels: signed
// zeros, negatives, NaNs, infinities, subnormals and tiny values, the
// neighbours of PBR Neutral's thresholds (0.08 on the least channel,
// 0.76 on the peak, both after the offset) and of every sRGB code
// threshold, and random values spread over many magnitudes.
func toneTestValues(rng *rand.Rand) []float32 {
	inf := float32(math.Inf(1))
	v := []float32{0, float32(math.Copysign(0, -1)), -1, -1e-30, -inf, inf, float32(math.NaN()),
		math.Float32frombits(0xffc00000), math.Float32frombits(1), math.Float32frombits(0x007fffff), 1e-30, 1e-20,
		1, 2, 0.5, 1e30, math.MaxFloat32, 0.04, 0.76, 0.8, 0.08, 0.12, 0.72}
	around := func(x float32) {
		b := math.Float32bits(x)
		for d := int64(-3); d <= 3; d++ {
			if y := int64(b) + d; y >= 0 && y < 1<<32 {
				v = append(v, math.Float32frombits(uint32(y)))
			}
		}
	}
	for _, x := range []float32{0.08, 0.76, 0.8, 0.04, 0.12, 0.72, 1} {
		around(x)
	}
	tab := srgbTablesOnce()
	for k := 1; k < 256; k++ {
		around(tab.thresholds[k])
	}
	for range 4000 {
		switch rng.IntN(4) {
		case 0:
			v = append(v, rng.Float32())
		case 1:
			v = append(v, rng.Float32()*4-0.5)
		case 2:
			v = append(v, float32(math.Exp2(rng.Float64()*80-60)))
		default:
			v = append(v, math.Float32frombits(rng.Uint32()))
		}
	}
	return v
}

// TestToneRowKernel checks toneMapRow without a background (the AVX2
// kernel where the CPU has it) against toneRowGo, bit for bit, for every operator and several
// exposures, on rows of pixels made of toneTestValues (each pixel's
// channels drawn apart, and pixels of one value in all channels) at
// widths that are not multiples of 8, and the alpha set to 1.
func TestToneRowKernel(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	vals := toneTestValues(rng)
	tab := srgbTablesOnce()
	var src []float32
	for _, x := range vals {
		src = append(src, x, x, x, rng.Float32())
	}
	for i := range 3 * len(vals) {
		pick := func() float32 {
			if rng.IntN(3) == 0 {
				return rng.Float32() * 0.9
			}
			return vals[rng.IntN(len(vals))]
		}
		a := float32(-0.5)
		if i%2 == 0 {
			a = vals[rng.IntN(len(vals))]
		}
		src = append(src, pick(), pick(), pick(), a)
	}
	// Value triples around a pixel's PBR Neutral branches: the least
	// channel near 0.08, the peak near 0.76 + offset.
	for _, lo := range []float32{0.0799, 0.08, 0.0801} {
		for _, hi := range []float32{0.7999, 0.8, 0.8001} {
			src = append(src, lo, hi, 0.3, 1, hi, lo, hi, 1, 0.5, 0.5, lo, 0)
		}
	}
	for _, op := range []kernel.ToneMap{kernel.ToneNone, kernel.TonePBRNeutral, kernel.ToneACES, 7} {
		for _, exposure := range []float32{0, -1.5, 2.25, -200, 200} {
			k := float32(math.Exp2(float64(exposure)))
			for _, n := range []int{len(src) / 4, 1, 7, 8, 9, 15, 17, 31, 61} {
				// Shift the start so that each pixel meets every lane.
				for off := range min(8, len(src)/4-n+1) {
					s := src[4*off : 4*(off+n)]
					a, b := append([]float32(nil), s...), append([]float32(nil), s...)
					got, want := make([]uint8, 4*n), make([]uint8, 4*n)
					toneMapRow(got, a, n, 0, nil, op, k, tab)
					toneRowGo(want, b, op, k, tab)
					for i := range n {
						if [4]uint8(got[4*i:]) != [4]uint8(want[4*i:]) {
							t.Fatalf("op %d, exposure %v, width %d, pixel %d %v: %v, want %v", op, exposure, n, i, s[4*i:4*i+4],
								got[4*i:4*i+4], want[4*i:4*i+4])
						}
						for c := range 4 {
							if math.Float32bits(a[4*i+c]) != math.Float32bits(b[4*i+c]) {
								t.Fatalf("op %d, width %d, pixel %d channel %d: linear %v, want %v", op, n, i, c, a[4*i+c], b[4*i+c])
							}
						}
					}
					if n == len(src)/4 {
						break
					}
				}
			}
		}
	}
}

// TestToneRowGo checks the Go row against kernel.Tone and
// kernel.EncodeSRGB per pixel on the same values.
func TestToneRowGo(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	vals := toneTestValues(rng)
	tab := srgbTablesOnce()
	src := make([]float32, 0, 4*len(vals))
	for range len(vals) {
		src = append(src, vals[rng.IntN(len(vals))], vals[rng.IntN(len(vals))], vals[rng.IntN(len(vals))], 0)
	}
	for _, op := range []kernel.ToneMap{kernel.ToneNone, kernel.TonePBRNeutral, kernel.ToneACES} {
		for _, exposure := range []float32{0, -1.5, 2.25} {
			k := float32(math.Exp2(float64(exposure)))
			dst := make([]uint8, len(src))
			toneRowGo(dst, append([]float32(nil), src...), op, k, tab)
			for i := range len(src) / 4 {
				c := kernel.Tone(op, exposure, [3]float32(src[4*i:]))
				want := [4]uint8{kernel.EncodeSRGB(c[0]), kernel.EncodeSRGB(c[1]), kernel.EncodeSRGB(c[2]), 255}
				if got := [4]uint8(dst[4*i:]); got != want {
					t.Fatalf("op %d, exposure %v, pixel %v: %v, want %v", op, exposure, src[4*i:4*i+3], got, want)
				}
			}
		}
	}
}

// TestToneRowEncode checks toneMapRow's encoding (no operator, no
// exposure) against kernel.EncodeSRGB at both ends of every bucket of
// srgbTables and around every code threshold, the values where the
// table lookups change, and that srgbFusedLow is below the threshold of
// code 1.
func TestToneRowEncode(t *testing.T) {
	tab := srgbTablesOnce()
	if lo := math.Float32frombits(srgbFusedLow); !(lo < tab.thresholds[1]) || kernel.EncodeSRGB(lo) != 0 {
		t.Fatalf("srgbFusedLow %g is not below the least value of code 1, %g", lo, tab.thresholds[1])
	}
	var vals []float32
	for i := range uint32(len(tab.codes)) {
		vals = append(vals, math.Float32frombits(i<<srgbShift), math.Float32frombits(i<<srgbShift+1<<srgbShift-1))
	}
	for k := 1; k < 256; k++ {
		for d := int32(-2); d <= 2; d++ {
			vals = append(vals, math.Float32frombits(uint32(int32(math.Float32bits(tab.thresholds[k]))+d)))
		}
	}
	for len(vals)%3 != 0 {
		vals = append(vals, 1)
	}
	src := make([]float32, 0, 4*len(vals)/3)
	for i := 0; i < len(vals); i += 3 {
		src = append(src, vals[i], vals[i+1], vals[i+2], 0)
	}
	dst := make([]uint8, len(src))
	toneMapRow(dst, src, len(src)/4, 0, nil, kernel.ToneNone, 1, tab)
	for i := range len(src) / 4 {
		for c := range 3 {
			if got, want := dst[4*i+c], kernel.EncodeSRGB(src[4*i+c]); got != want {
				t.Fatalf("%g (bits %#x): code %d, want %d", src[4*i+c], math.Float32bits(src[4*i+c]), got, want)
			}
		}
	}
}

// TestToneMapRowCompose checks toneMapRow (the AVX2 kernel's composite
// where the CPU has it) against toneMapRowGo, bit for bit in the image,
// the linear pixels and the background's memo: no background, a
// constant one, a map with its memo (empty, then partly known as the
// coverage changes, then known), a map without one (another frame
// size), on coverages of 0, 1, fractions, NaN and beyond [0, 1], at
// widths that are not multiples of 8.
func TestToneMapRowCompose(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	tab := srgbTablesOnce()
	alphas := []float32{0, 1, 0.25, 0.999, 1.5, -0.5, float32(math.NaN()), float32(math.Inf(1)), float32(math.Inf(-1)),
		float32(math.Copysign(0, -1)), 0.9999999}
	for _, size := range [][2]int{{37, 9}, {64, 5}, {61, 7}, {8, 3}, {5, 4}} {
		w, h := size[0], size[1]
		for _, kind := range []string{"none", "constant", "memo", "no-memo"} {
			var got, want *background
			switch kind {
			case "constant":
				got, want = testBackground(w, h, true), testBackground(w, h, true)
			case "memo":
				got, want = testBackground(w, h, false), testBackground(w, h, false)
			case "no-memo":
				// A background of another frame size keeps no memo for
				// this one.
				got, want = testBackground(w+1, h, false), testBackground(w+1, h, false)
			}
			for frame := range 4 {
				lin := make([]float32, 4*w*h)
				for i := range w * h {
					for c := range 3 {
						lin[4*i+c] = rng.Float32() * 1.2
					}
					switch {
					case frame == 3:
						lin[4*i+3] = 0 // every pixel known from the frames before
					case rng.IntN(3) == 0:
						lin[4*i+3] = alphas[rng.IntN(len(alphas))]
					default:
						lin[4*i+3] = float32(rng.IntN(2))
					}
				}
				if frame == 3 {
					// Composite all: the memo now knows every pixel.
					for y := range h {
						if want != nil && want.hasMemo(w, y) {
							want.memoize(lin[4*w*y:4*w*(y+1)], w, y, 0, w)
							got.memoize(lin[4*w*y:4*w*(y+1)], w, y, 0, w)
						}
					}
				}
				if got != nil {
					got.prepare()
					want.prepare()
				}
				a, b := append([]float32(nil), lin...), append([]float32(nil), lin...)
				da, db := make([]uint8, 4*w*h), make([]uint8, 4*w*h)
				for _, op := range []kernel.ToneMap{kernel.TonePBRNeutral, kernel.ToneACES, kernel.ToneNone} {
					copy(a, lin)
					copy(b, lin)
					for y := range h {
						toneMapRow(da[4*w*y:4*w*(y+1)], a[4*w*y:4*w*(y+1)], w, y, got, op, 1.25, tab)
						toneMapRowGo(db[4*w*y:4*w*(y+1)], b[4*w*y:4*w*(y+1)], w, y, want, op, 1.25, tab)
					}
					for i := range w * h {
						if [4]uint8(da[4*i:]) != [4]uint8(db[4*i:]) {
							t.Fatalf("%dx%d %s frame %d op %d pixel %d %v: %v, want %v", w, h, kind, frame, op, i, lin[4*i:4*i+4], da[4*i:4*i+4], db[4*i:4*i+4])
						}
						for c := range 4 {
							if math.Float32bits(a[4*i+c]) != math.Float32bits(b[4*i+c]) {
								t.Fatalf("%dx%d %s frame %d pixel %d %v: linear %v, want %v", w, h, kind, frame, i, lin[4*i:4*i+4], a[4*i:4*i+4], b[4*i:4*i+4])
							}
						}
					}
				}
				if got == nil {
					continue
				}
				if len(got.memo) != len(want.memo) || string(got.known) != string(want.known) {
					t.Fatalf("%dx%d %s frame %d: memo known %v, want %v", w, h, kind, frame, got.known, want.known)
				}
				for i := range got.memo {
					if math.Float32bits(got.memo[i]) != math.Float32bits(want.memo[i]) {
						t.Fatalf("%dx%d %s frame %d: memo %d is %v, want %v", w, h, kind, frame, i, got.memo[i], want.memo[i])
					}
				}
				if kind == "memo" && frame == 3 {
					for g, k := range got.known {
						if g%memoGroups(w) < w/8 && k != 0xff {
							t.Fatalf("%dx%d: memo group %d known %#x, want all", w, h, g, k)
						}
					}
				}
			}
		}
	}
}
