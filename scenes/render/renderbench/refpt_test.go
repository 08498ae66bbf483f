package renderbench

import (
	"context"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/ingot-render/ingot/scenes/model"
	"github.com/ingot-render/ingot/scenes/objload"
	"github.com/ingot-render/ingot/scenes/render"
)

// cornellOBJ loads the benchmark's Cornell box, skipping without the
// shared scene set.
func cornellOBJ(t testing.TB) *model.Scene {
	t.Helper()
	p := filepath.Join("..", "..", "..", "..", "shared", "scenes", "CornellBox", "CornellBox-Original.obj")
	if _, err := os.Stat(p); err != nil {
		t.Skip("shared scene set absent:", err)
	}
	s, err := objload.Load(context.Background(), p, model.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// lumImages renders the Cornell box at w×w and spp with ingot and with
// refpt (camera, bounces and roulette of the benchmark) and returns their
// linear luminance images.
func lumImages(t *testing.T, w, spp int) (ing, ref []float64) {
	t.Helper()
	s := withFrontCamera(cornellOBJ(t))
	dev, err := render.NewDevice(2)
	if err != nil {
		t.Fatal(err)
	}
	r, err := render.NewRenderer(context.Background(), dev, s, render.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	f := benchFrame(benchScene{})
	f.Width, f.Height, f.SPP = w, w, spp
	img, err := r.Render(context.Background(), f, nil)
	if err != nil {
		t.Fatal(err)
	}
	sc, err := newRefScene(s)
	if err != nil {
		t.Fatal(err)
	}
	st := refSettings(benchScene{})
	st.Width, st.Height, st.SPP, st.Seed = w, w, spp, 1
	rimg, err := sc.Render(context.Background(), st)
	if err != nil {
		t.Fatal(err)
	}
	ing, ref = make([]float64, w*w), make([]float64, w*w)
	for i := range ing {
		ing[i] = lum(img.Linear[4*i : 4*i+3])
		ref[i] = lum(rimg[3*i : 3*i+3])
	}
	return ing, ref
}

func lum(c []float32) float64 {
	return 0.2126*float64(c[0]) + 0.7152*float64(c[1]) + 0.0722*float64(c[2])
}

// block is one 8×8 block's comparison of two independent renders.
type block struct {
	x, y       int
	mean, diff float64 // mean luminance (both images), mean difference
	se         float64 // standard error of diff, from the 64 pixel differences
}

func (b block) sigmas() float64 { return math.Abs(b.diff) / max(b.se, 1e-30) }

// blocks compares a and b (w×w) in 8×8 blocks every 4 pixels.
func blocks(a, b []float64, w int) []block {
	const n = 64
	var out []block
	for by := 0; by+8 <= w; by += 4 {
		for bx := 0; bx+8 <= w; bx += 4 {
			var sd, sd2, sm float64
			for y := by; y < by+8; y++ {
				for x := bx; x < bx+8; x++ {
					d := a[y*w+x] - b[y*w+x]
					sd, sd2, sm = sd+d, sd2+d*d, sm+(a[y*w+x]+b[y*w+x])/2
				}
			}
			m := sd / n
			v := max(sd2/n-m*m, 0) * n / (n - 1)
			out = append(out, block{x: bx, y: by, mean: sm / n, diff: m, se: math.Sqrt(v / n)})
		}
	}
	return out
}

// The comparison's size and tolerances. The two renderers draw
// independent random numbers, so a block's mean difference is pure Monte
// Carlo noise when they agree in expectation; its standard error is
// measured in the run from the spread of the block's 64 pixel
// differences, and a block fails beyond blockSigmas of it. Both renders
// are deterministic, so the test cannot flake: it passes or fails for
// good.
const (
	cmpSize  = 64
	cmpSPP   = 256
	cmpHeavy = 1024 // spp with INGOT_IMAGE_HEAVY=1, at 128×128
	// blockSigmas: 225 overlapping blocks, so about 56 independent ones;
	// with the heavy tails of path-traced noise a 4σ excursion among them
	// is plausible, 5σ is not.
	blockSigmas = 5
	// imageSigmas bounds the whole image's mean difference.
	imageSigmas = 4
)

// TestRefPTMatchesIngot: the plain Go path tracer that is the Cornell
// box benchmark's baseline renders the same image as ingot in
// expectation, per 8×8 block and over the whole frame, so that the
// benchmark compares equal work. The test also checks that the
// comparison can fail: the ingot image brightened by shiftImage must
// fail the whole-image check, and a 16×16 region brightened by
// shiftRegion must fail a block check at minRegion of the positions.
// About 6 s on two cores; skipped with -short.
func TestRefPTMatchesIngot(t *testing.T) {
	if testing.Short() {
		t.Skip("renders 2 × 64×64 at 256 spp")
	}
	w, spp := cmpSize, cmpSPP
	if os.Getenv("INGOT_IMAGE_HEAVY") != "" {
		w, spp = 2*cmpSize, cmpHeavy
	}
	ing, ref := lumImages(t, w, spp)
	bs := blocks(ing, ref, w)
	worst := bs[0]
	for _, b := range bs {
		if b.sigmas() > worst.sigmas() {
			worst = b
		}
		if b.sigmas() > blockSigmas {
			t.Errorf("block (%d,%d): ingot − refpt %.5f (%.1f%% of %.4f) is %.1f standard errors of %.2g",
				b.x, b.y, b.diff, 100*b.diff/max(b.mean, 1e-12), b.mean, b.sigmas(), b.se)
		}
	}
	d, se, mean := imageDiff(ing, ref)
	t.Logf("%d×%d at %d spp: image mean %.5f, ingot − refpt %.3g%% (%.2fσ, σ = %.2g%%); worst block %.2fσ at (%d,%d)",
		w, w, spp, mean, 100*d/mean, math.Abs(d)/se, 100*se/mean, worst.sigmas(), worst.x, worst.y)
	if math.Abs(d) > imageSigmas*se {
		t.Errorf("whole image: ingot − refpt %.3g%% of the mean, %.1f standard errors", 100*d/mean, math.Abs(d)/se)
	}
	sensitivity(t, ing, ref, w)
}

// imageDiff returns the mean pixel difference of a and b, its standard
// error and the mean of both.
func imageDiff(a, b []float64) (d, se, mean float64) {
	n := float64(len(a))
	var s, s2, m float64
	for i := range a {
		x := a[i] - b[i]
		s, s2, m = s+x, s2+x*x, m+(a[i]+b[i])/2
	}
	d = s / n
	return d, math.Sqrt(max(s2/n-d*d, 0) / (n - 1)), m / n
}

// Sensitivity the comparison must keep (measured at 64×64, 256 spp:
// image σ 1.1 % of the mean, so a uniform 5 % shift is 3.9σ, 8 % is
// 6σ; a 16×16 region brightened by 30 % fails a block at 6 of 9
// positions, by 10 % at 2; with INGOT_IMAGE_HEAVY=1, 128×128 at 1024
// spp, image σ 0.21 % and the two images' means 0.26 % (1.2σ) apart,
// about 90 s of CPU). The test shows that the baseline does the
// same work (a missing light path, bounce or MIS weight moves the image
// by far more); the 2 % regional checks of ingot against an independent
// oracle at the same seed are scenes/render's block comparison.
const (
	shiftImage  = 1.08
	shiftRegion = 1.3
	minRegion   = 0.5 // fraction of positions whose regional shift must fail
)

// sensitivity checks that the comparison catches a uniform shift of
// shiftImage and, at minRegion of the positions of a 16×16 grid, a
// regional one of shiftRegion.
func sensitivity(t *testing.T, ing, ref []float64, w int) {
	t.Helper()
	sh := make([]float64, len(ing))
	for i := range ing {
		sh[i] = ing[i] * shiftImage
	}
	if d, se, _ := imageDiff(sh, ref); math.Abs(d) <= imageSigmas*se {
		t.Errorf("a uniform %+.0f%% shift is only %.1fσ: the whole-image check is too weak", 100*(shiftImage-1), math.Abs(d)/se)
	}
	caught, total := 0, 0
	for y0 := 2; y0+16 <= w; y0 += 16 {
		for x0 := 2; x0+16 <= w; x0 += 16 {
			copy(sh, ing)
			for y := y0; y < y0+16; y++ {
				for x := x0; x < x0+16; x++ {
					sh[y*w+x] *= shiftRegion
				}
			}
			total++
			for _, b := range blocks(sh, ref, w) {
				if b.sigmas() > blockSigmas {
					caught++
					break
				}
			}
		}
	}
	t.Logf("a %+.0f%% shift of a 16×16 region fails a block at %d of %d positions", 100*(shiftRegion-1), caught, total)
	if float64(caught) < minRegion*float64(total) {
		t.Errorf("a %+.0f%% shift of a 16×16 region fails at only %d of %d positions: the block check is too weak",
			100*(shiftRegion-1), caught, total)
	}
}
