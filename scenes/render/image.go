package render

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"image"
	"image/png"
	"io"
	"math"
	"os"
	"path/filepath"
	"time"

	"github.com/ingot-render/ingot/engine"
	"github.com/ingot-render/ingot/scenes/render/internal/kernel"
)

// Image is a rendered frame.
type Image struct {
	Width, Height int
	// Linear holds the mean radiance of each pixel as RGBA float32 (alpha
	// 1 where the pixel has samples), rows top first.
	Linear []float32
	// RGBA8 is the exposed, tone-mapped, sRGB-encoded image the resolve
	// kernel produced.
	RGBA8 *image.NRGBA
	// Albedo and Normal (RGB per pixel) and Depth (one float per pixel,
	// the mean first-hit distance, 0 where every sample missed) are the
	// first-hit AOVs, nil unless Frame.AOVs.
	Albedo, Normal, Depth []float32
	// Samples is each pixel's sample count (they differ only in an image
	// stopped mid-pass).
	Samples []float32
	// SPP is the number of samples every pixel received.
	SPP int
	// Complete is false for a render stopped early.
	Complete bool
	// TileSize is the tile edge in pixels, Tiles the number of tiles of
	// a pass (row-major from the top left) and TilesDone those the last
	// pass run finished: Tiles for a complete render; in a render stopped
	// during its first pass (SPP 0) only the first TilesDone tiles, and
	// part of the next, have samples.
	TileSize, Tiles, TilesDone int
	// Elapsed is the render time (passes and resolve).
	Elapsed time.Duration
}

// resolve runs the resolve kernel and reads the accumulation buffers back.
func (r *Renderer) resolve(fp *kernel.FrameParams, accum, aov *engine.Buffer, aovs bool) (*Image, error) {
	w, h := int(fp.Settings.Width), int(fp.Settings.Height)
	out, err := r.dev.NewBuffer(4 * w * h)
	if err != nil {
		return nil, fmt.Errorf("render: resolve buffer: %w", err)
	}
	defer out.Release()
	cb := r.queue.CommandBuffer(context.Background())
	cb.SetLabel("resolve")
	enc, err := cb.ComputeCommandEncoder()
	if err != nil {
		return nil, fmt.Errorf("render: %w", err)
	}
	if err := errors.Join(
		enc.SetComputePipelineState(r.pl.resolve),
		enc.SetBuffer(accum, 0, kernel.BufferResolveAccum),
		enc.SetBytes(bytesOf([]kernel.FrameParams{*fp}), kernel.BufferResolveFrame),
		enc.SetBuffer(out, 0, kernel.BufferResolveRGBA8),
		enc.DispatchThreads(engine.Sz(w, h, 1), engine.Sz(8, 8, 1)),
		enc.EndEncoding(),
		cb.Commit(),
	); err != nil {
		return nil, fmt.Errorf("render: encoding resolve: %w", err)
	}
	if err := cb.WaitUntilCompleted(); err != nil {
		return nil, fmt.Errorf("render: resolve: %w", err)
	}
	px := make([]uint32, w*h)
	for i := range px {
		px[i] = binary.LittleEndian.Uint32(out.Contents()[4*i:])
	}
	rgba8, err := kernel.UnpackRGBA8(px, w, h)
	if err != nil {
		return nil, fmt.Errorf("render: %w", err)
	}
	img := &Image{Width: w, Height: h, RGBA8: rgba8, Linear: make([]float32, 4*w*h), Samples: make([]float32, w*h)}
	acc := floats(accum.Contents())
	for i := range w * h {
		a := acc[4*i : 4*i+4]
		img.Samples[i] = a[3]
		if a[3] > 0 {
			img.Linear[4*i], img.Linear[4*i+1], img.Linear[4*i+2], img.Linear[4*i+3] = a[0]/a[3], a[1]/a[3], a[2]/a[3], 1
		}
	}
	if aovs {
		img.Albedo, img.Normal, img.Depth = make([]float32, 3*w*h), make([]float32, 3*w*h), make([]float32, w*h)
		av := floats(aov.Contents())
		for i := range w * h {
			s := av[12*i : 12*i+12] // albedo.rgbw, normal.rgbw, depth (sum, hits)
			if s[3] > 0 {
				for c := range 3 {
					img.Albedo[3*i+c] = s[c] / s[3]
				}
			}
			var n2 float32
			for c := range 3 {
				n2 += s[4+c] * s[4+c]
			}
			if n2 > 0 {
				l := float32(math.Sqrt(float64(n2)))
				for c := range 3 {
					img.Normal[3*i+c] = s[4+c] / l
				}
			}
			if s[9] > 0 {
				img.Depth[i] = s[8] / s[9]
			}
		}
	}
	return img, nil
}

// floats copies little-endian float32s out of a buffer's bytes.
func floats(b []byte) []float32 {
	out := make([]float32, len(b)/4)
	for i := range out {
		out[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
	}
	return out
}

// RGB returns the linear image as 3 floats per pixel (for PFM output).
func (im *Image) RGB() []float32 {
	out := make([]float32, 0, 3*im.Width*im.Height)
	for i := range im.Width * im.Height {
		out = append(out, im.Linear[4*i], im.Linear[4*i+1], im.Linear[4*i+2])
	}
	return out
}

// WritePNG encodes the 8-bit sRGB image as PNG.
func (im *Image) WritePNG(w io.Writer) error {
	if err := png.Encode(w, im.RGBA8); err != nil {
		return fmt.Errorf("png: %w", err)
	}
	return nil
}

// WriteLinearPFM writes the linear radiance as a colour PFM.
func (im *Image) WriteLinearPFM(w io.Writer) error {
	return kernel.WritePFM(w, im.Width, im.Height, im.RGB())
}

// WriteAOVs writes albedo.pfm, normal.pfm and depth.pfm (depth replicated
// in the three channels) into dir, creating it if needed.
func (im *Image) WriteAOVs(dir string) error {
	if im.Albedo == nil {
		return errors.New("render: the image has no AOVs (set Frame.AOVs)")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("render: AOV directory: %w", err)
	}
	depth := make([]float32, 0, 3*len(im.Depth))
	for _, d := range im.Depth {
		depth = append(depth, d, d, d)
	}
	for _, a := range []struct {
		name string
		rgb  []float32
	}{{"albedo.pfm", im.Albedo}, {"normal.pfm", im.Normal}, {"depth.pfm", depth}} {
		if err := writeFile(filepath.Join(dir, a.name), func(w io.Writer) error { return kernel.WritePFM(w, im.Width, im.Height, a.rgb) }); err != nil {
			return err
		}
	}
	return nil
}

// WriteFile writes the image to path: PNG for ".png", linear PFM for
// ".pfm".
func (im *Image) WriteFile(path string) error {
	switch filepath.Ext(path) {
	case ".png", ".PNG":
		return writeFile(path, im.WritePNG)
	case ".pfm", ".PFM":
		return writeFile(path, im.WriteLinearPFM)
	}
	return fmt.Errorf("render: output %s: unknown extension (want .png or .pfm)", path)
}

// writeFile writes path with fn atomically: into a temporary file in the
// same directory, synced, then renamed over path, so that a crash or a
// failed write never leaves a truncated image (an existing file stays as
// it was until the rename).
func writeFile(path string, fn func(io.Writer) error) (err error) {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	f, err := os.CreateTemp(dir, "."+base+".tmp*")
	if err != nil {
		return fmt.Errorf("render: %s: %w", path, err)
	}
	tmp := f.Name()
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(tmp)
		}
	}()
	if err := fn(f); err != nil {
		return fmt.Errorf("render: %s: %w", path, err)
	}
	if err := f.Chmod(0o644); err != nil {
		return fmt.Errorf("render: %s: %w", path, err)
	}
	if err := f.Sync(); err != nil {
		return fmt.Errorf("render: %s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("render: %s: %w", path, err)
	}
	if err := os.Rename(tmp, path); err != nil {
		return fmt.Errorf("render: %w", err)
	}
	return nil
}

// crop returns the part r of im (a whole frame) as an image of r's size.
func (im *Image) crop(r image.Rectangle) *Image {
	w, h := r.Dx(), r.Dy()
	out := &Image{Width: w, Height: h, Linear: make([]float32, 0, 4*w*h), Samples: make([]float32, 0, w*h),
		RGBA8: image.NewNRGBA(image.Rect(0, 0, w, h))}
	rows := func(dst, src []float32, n int) []float32 {
		if src == nil {
			return nil
		}
		for y := r.Min.Y; y < r.Max.Y; y++ {
			o := (y*im.Width + r.Min.X) * n
			dst = append(dst, src[o:o+w*n]...)
		}
		return dst
	}
	out.Linear = rows(out.Linear, im.Linear, 4)
	out.Samples = rows(out.Samples, im.Samples, 1)
	if im.Albedo != nil {
		out.Albedo = rows(make([]float32, 0, 3*w*h), im.Albedo, 3)
		out.Normal = rows(make([]float32, 0, 3*w*h), im.Normal, 3)
		out.Depth = rows(make([]float32, 0, w*h), im.Depth, 1)
	}
	for y := range h {
		src := im.RGBA8.Pix[(r.Min.Y+y)*im.RGBA8.Stride+4*r.Min.X:]
		copy(out.RGBA8.Pix[y*out.RGBA8.Stride:], src[:4*w])
	}
	return out
}
