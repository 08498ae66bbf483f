package kernel

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"image"
	"io"
	"math"
)

// ResolveRGBA8 is the resolve kernel in Go: accumulated radiance divided
// by each pixel's sample count, exposure, tone map t, sRGB encode.
func ResolveRGBA8(accum []Float4, width, height int, t ToneMap, exposure float32) (*image.NRGBA, error) {
	if width <= 0 || height <= 0 || len(accum) != width*height {
		return nil, fmt.Errorf("resolve: %d pixels for a %dx%d image", len(accum), width, height)
	}
	img := image.NewNRGBA(image.Rect(0, 0, width, height))
	for i, a := range accum {
		c := Tone(t, exposure, pixelMean(a))
		o := 4 * i
		img.Pix[o], img.Pix[o+1], img.Pix[o+2], img.Pix[o+3] = EncodeSRGB(c[0]), EncodeSRGB(c[1]), EncodeSRGB(c[2]), 255
	}
	return img, nil
}

// UnpackRGBA8 turns the resolve kernel's output (one uint32 per pixel, R
// in the low byte) into an image.
func UnpackRGBA8(px []uint32, width, height int) (*image.NRGBA, error) {
	if width <= 0 || height <= 0 || len(px) != width*height {
		return nil, fmt.Errorf("unpack: %d pixels for a %dx%d image", len(px), width, height)
	}
	img := image.NewNRGBA(image.Rect(0, 0, width, height))
	for i, v := range px {
		binary.LittleEndian.PutUint32(img.Pix[4*i:], v)
	}
	return img, nil
}

func pixelMean(a Float4) [3]float32 {
	if a[3] <= 0 {
		return [3]float32{}
	}
	return [3]float32{a[0] / a[3], a[1] / a[3], a[2] / a[3]}
}

// Linear returns the mean radiance per pixel (3 floats per pixel, rows top
// first) of an accumulation buffer, for linear output and denoisers.
func Linear(accum []Float4) []float32 {
	out := make([]float32, 0, 3*len(accum))
	for _, a := range accum {
		m := pixelMean(a)
		out = append(out, m[0], m[1], m[2])
	}
	return out
}

// WritePFM writes a colour Portable Float Map (little-endian, rows bottom
// first as the format requires) of rgb (3 floats per pixel, rows top first).
func WritePFM(w io.Writer, width, height int, rgb []float32) error {
	if width <= 0 || height <= 0 || len(rgb) != 3*width*height {
		return fmt.Errorf("pfm: %d floats for a %dx%d image", len(rgb), width, height)
	}
	bw := bufio.NewWriter(w)
	if _, err := fmt.Fprintf(bw, "PF\n%d %d\n-1.0\n", width, height); err != nil {
		return fmt.Errorf("pfm header: %w", err)
	}
	row := make([]byte, 12*width)
	for y := height - 1; y >= 0; y-- {
		for x := range 3 * width {
			binary.LittleEndian.PutUint32(row[4*x:], math.Float32bits(rgb[3*width*y+x]))
		}
		if _, err := bw.Write(row); err != nil {
			return fmt.Errorf("pfm row %d: %w", y, err)
		}
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("pfm: %w", err)
	}
	return nil
}
