package raster

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/ingot-render/ingot/scenes/render/internal/kernel"
)

// WriteMotion writes Motion's vectors of a width×height frame to path as
// a colour PFM (R: motion x, G: motion y in pixels, x right and y down
// as in the image; B: 1 where a surface covers the pixel), through a
// temporary file in the same directory so that an existing path is a
// complete file.
func WriteMotion(path string, width, height int, mv []float32) (err error) {
	if width <= 0 || height <= 0 || len(mv) != 3*width*height {
		return fmt.Errorf("raster: WriteMotion %s: %d floats for a %dx%d image", path, len(mv), width, height)
	}
	f, err := os.CreateTemp(filepath.Dir(path), ".ingot-motion-*")
	if err != nil {
		return fmt.Errorf("raster: WriteMotion: %w", err)
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(f.Name())
		}
	}()
	if err = kernel.WritePFM(f, width, height, mv); err != nil {
		return fmt.Errorf("raster: WriteMotion %s: %w", path, err)
	}
	if err = f.Chmod(0o644); err != nil {
		return fmt.Errorf("raster: WriteMotion %s: %w", path, err)
	}
	if err = f.Close(); err != nil {
		return fmt.Errorf("raster: WriteMotion %s: %w", path, err)
	}
	if err = os.Rename(f.Name(), path); err != nil {
		return fmt.Errorf("raster: WriteMotion: %w", err)
	}
	return nil
}
