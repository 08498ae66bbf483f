package main

import (
	"fmt"
	"image"
	"image/draw"
	"image/png"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/ingot-render/ingot/scenes/render"
)

func init() { subcommands = append(subcommands, newMergeCmd) }

// newMergeCmd builds `ingot merge`.
func newMergeCmd() *cobra.Command {
	var out, size string
	cmd := &cobra.Command{
		Use:   "merge -o frame.png X0,Y0=part.png ...",
		Short: "Join the parts of a frame rendered with --region into the frame",
		Long: "merge places each part (a .png or .pfm written by `ingot render --region X0,Y0,X1,Y1`) at its region's " +
			"top-left corner X0,Y0 (X0,Y0,X1,Y1 is accepted too and checked against the part's size) and writes the frame. " +
			"The parts must cover the frame (--size, or the parts' bounding box from 0,0) exactly once; they are the same " +
			"bits as the whole frame's pixels, so the result equals a render of the whole frame. " +
			"All files have the extension of -o.",
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := runMerge(out, size, args); err != nil {
				printError(cmd.ErrOrStderr(), "ingot merge", err)
				return exitError{exitFailed}
			}
			fmt.Fprintf(cmd.ErrOrStderr(), "wrote %s from %d parts\n", out, len(args))
			return nil
		},
	}
	cmd.Flags().StringVarP(&out, "output", "o", "", "the merged frame (.png or .pfm)")
	cmd.Flags().StringVar(&size, "size", "", "frame size WxH (default: the parts' bounding box from 0,0)")
	return cmd
}

// mergePart is one region image of a frame.
type mergePart struct {
	at   image.Rectangle
	file string
	png  *image.NRGBA
	pfm  []float32 // RGB
}

// parsePart parses X0,Y0=FILE or X0,Y0,X1,Y1=FILE.
func parsePart(arg string) (mergePart, []int, error) {
	spec, file, ok := strings.Cut(arg, "=")
	bad := fmt.Errorf("part %q: want X0,Y0=FILE or X0,Y0,X1,Y1=FILE", arg)
	if !ok || file == "" {
		return mergePart{}, nil, bad
	}
	var v []int
	for _, p := range strings.Split(spec, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(p))
		if err != nil || n < 0 {
			return mergePart{}, nil, bad
		}
		v = append(v, n)
	}
	if len(v) != 2 && len(v) != 4 {
		return mergePart{}, nil, bad
	}
	return mergePart{file: file}, v, nil
}

// loadPart reads the part's image (of extension ext) and places it.
func loadPart(p *mergePart, v []int, ext string) error {
	if e := strings.ToLower(filepath.Ext(p.file)); e != ext {
		return fmt.Errorf("part %s: want a %s file (the extension of -o)", p.file, ext)
	}
	var w, h int
	if ext == ".png" {
		f, err := os.Open(p.file)
		if err != nil {
			return fmt.Errorf("part %w", err)
		}
		defer f.Close()
		img, err := png.Decode(f)
		if err != nil {
			return fmt.Errorf("part %s: %w", p.file, err)
		}
		b := img.Bounds()
		p.png = image.NewNRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
		draw.Draw(p.png, p.png.Bounds(), img, b.Min, draw.Src)
		w, h = b.Dx(), b.Dy()
	} else {
		f, err := os.Open(p.file)
		if err != nil {
			return fmt.Errorf("part %w", err)
		}
		defer f.Close()
		if w, h, p.pfm, err = readPFM(f); err != nil {
			return fmt.Errorf("part %s: %w", p.file, err)
		}
	}
	p.at = image.Rect(v[0], v[1], v[0]+w, v[1]+h)
	if len(v) == 4 && (v[2] != p.at.Max.X || v[3] != p.at.Max.Y) {
		return fmt.Errorf("part %s: region %d,%d,%d,%d but the image is %dx%d", p.file, v[0], v[1], v[2], v[3], w, h)
	}
	return nil
}

// runMerge merges the parts args into out.
func runMerge(out, size string, args []string) error {
	ext := strings.ToLower(filepath.Ext(out))
	if out == "" {
		return fmt.Errorf("-o: give the merged frame's file")
	}
	if err := checkOutputFile("-o", out, ".png", ".pfm"); err != nil {
		return err
	}
	parts := make([]mergePart, len(args))
	var frame image.Rectangle
	for i, a := range args {
		p, v, err := parsePart(a)
		if err != nil {
			return err
		}
		if err := loadPart(&p, v, ext); err != nil {
			return err
		}
		parts[i] = p
		frame = frame.Union(p.at)
	}
	frame.Min = image.Point{}
	if size != "" {
		w, h, err := parseSize(size)
		if err != nil {
			return err
		}
		frame = image.Rect(0, 0, w, h)
	}
	w, h := frame.Dx(), frame.Dy()
	cover := make([]uint8, w*h)
	img := &render.Image{Width: w, Height: h}
	if ext == ".png" {
		img.RGBA8 = image.NewNRGBA(frame)
	} else {
		img.Linear = make([]float32, 4*w*h)
	}
	for _, p := range parts {
		if !p.at.In(frame) {
			return fmt.Errorf("part %s at %v: outside the %dx%d frame", p.file, p.at, w, h)
		}
		for y := p.at.Min.Y; y < p.at.Max.Y; y++ {
			for x := p.at.Min.X; x < p.at.Max.X; x++ {
				if cover[y*w+x]++; cover[y*w+x] > 1 {
					return fmt.Errorf("part %s: pixel %d,%d is in another part too", p.file, x, y)
				}
			}
			pw := p.at.Dx()
			py := y - p.at.Min.Y
			if p.png != nil {
				copy(img.RGBA8.Pix[y*img.RGBA8.Stride+4*p.at.Min.X:], p.png.Pix[py*p.png.Stride:py*p.png.Stride+4*pw])
				continue
			}
			for x := range pw {
				o, s := 4*(y*w+p.at.Min.X+x), 3*(py*pw+x)
				copy(img.Linear[o:o+3], p.pfm[s:s+3])
				img.Linear[o+3] = 1
			}
		}
	}
	for i, c := range cover {
		if c == 0 {
			return fmt.Errorf("pixel %d,%d of the %dx%d frame is in no part", i%w, i/w, w, h)
		}
	}
	return img.WriteFile(out)
}
