package testkit

import (
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Tolerance states how far an image may be from its golden.
type Tolerance struct {
	// PerChannel is the largest allowed absolute difference of one 8-bit
	// channel for a pixel to count as matching.
	PerChannel uint8
	// BadFraction is the fraction of pixels allowed to exceed PerChannel.
	BadFraction float64
	// RMSE is the largest allowed root-mean-square error over all channels,
	// in 8-bit units (0 disables the check).
	RMSE float64
}

// ImageDiff summarises the difference between two images of equal size.
type ImageDiff struct {
	Bad      int     // pixels with a channel difference above the tolerance
	Total    int     // pixels compared
	MaxDelta uint8   // largest channel difference
	RMSE     float64 // root-mean-square channel difference, 8-bit units
	Diff     *image.RGBA
}

// CompareImages measures how much got differs from want, channel by
// channel in 8-bit sRGB space, and builds a diff image (red where a pixel is
// beyond perChannel, grey-scaled difference elsewhere).
func CompareImages(want, got image.Image, perChannel uint8) (ImageDiff, error) {
	wb, gb := want.Bounds(), got.Bounds()
	if wb.Dx() != gb.Dx() || wb.Dy() != gb.Dy() {
		return ImageDiff{}, fmt.Errorf("size %dx%d, want %dx%d", gb.Dx(), gb.Dy(), wb.Dx(), wb.Dy())
	}
	d := ImageDiff{Total: wb.Dx() * wb.Dy(), Diff: image.NewRGBA(image.Rect(0, 0, wb.Dx(), wb.Dy()))}
	var sum float64
	for y := 0; y < wb.Dy(); y++ {
		for x := 0; x < wb.Dx(); x++ {
			w := color.NRGBAModel.Convert(want.At(wb.Min.X+x, wb.Min.Y+y)).(color.NRGBA)
			g := color.NRGBAModel.Convert(got.At(gb.Min.X+x, gb.Min.Y+y)).(color.NRGBA)
			ws := [4]uint8{w.R, w.G, w.B, w.A}
			gs := [4]uint8{g.R, g.G, g.B, g.A}
			var m uint8
			for c := range 4 {
				dv := ws[c] - gs[c]
				if gs[c] > ws[c] {
					dv = gs[c] - ws[c]
				}
				m = max(m, dv)
				sum += float64(dv) * float64(dv)
			}
			d.MaxDelta = max(d.MaxDelta, m)
			if m > perChannel {
				d.Bad++
				d.Diff.SetRGBA(x, y, color.RGBA{255, 0, 0, 255})
			} else {
				v := uint8(min(255, int(m)*8))
				d.Diff.SetRGBA(x, y, color.RGBA{v, v, v, 255})
			}
		}
	}
	d.RMSE = math.Sqrt(sum / float64(4*d.Total))
	return d, nil
}

// GoldenImage compares got with the PNG at path within tol; with -update it
// rewrites the golden. On failure it writes got and a diff image to
// FailureDir and names them in the test log.
func GoldenImage(t testing.TB, path string, got image.Image, tol Tolerance) {
	t.Helper()
	if *Update {
		if err := WritePNG(path, got); err != nil {
			t.Fatal(err)
		}
		return
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("golden image %s: %v (run `go test -update` to create it)", path, err)
	}
	want, err := png.Decode(f)
	f.Close()
	if err != nil {
		t.Fatalf("golden image %s: %v", path, err)
	}
	d, err := CompareImages(want, got, tol.PerChannel)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	frac := float64(d.Bad) / float64(d.Total)
	if frac <= tol.BadFraction && (tol.RMSE == 0 || d.RMSE <= tol.RMSE) {
		return
	}
	base := strings.TrimSuffix(filepath.Base(path), ".png")
	dir := FailureDir()
	gotPath := filepath.Join(dir, base+"_got.png")
	diffPath := filepath.Join(dir, base+"_diff.png")
	_ = WritePNG(gotPath, got)
	_ = WritePNG(diffPath, d.Diff)
	t.Errorf("%s: %d/%d pixels (%.3f%%) differ by more than %d (allowed %.3f%%), max delta %d, RMSE %.2f (allowed %.2f); wrote %s and %s",
		path, d.Bad, d.Total, 100*frac, tol.PerChannel, 100*tol.BadFraction, d.MaxDelta, d.RMSE, tol.RMSE, gotPath, diffPath)
}

// WritePNG encodes img to path, creating folders as needed.
func WritePNG(path string, img image.Image) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := png.Encode(f, img); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
