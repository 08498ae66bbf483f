package texel

import "fmt"

// Region is a box of texels (MTLRegion): origin and size.
type Region struct {
	X, Y, Z              int
	Width, Height, Depth int
}

// Region2D returns a region of one image.
func Region2D(x, y, w, h int) Region { return Region{X: x, Y: y, Width: w, Height: h, Depth: 1} }

// checkRegion validates a region of (slice, lod) and the caller's pitches
// against a buffer of n bytes.
func (t *Texture) checkRegion(op string, r Region, lod, slice, n, bytesPerRow, bytesPerImage int) error {
	if t.desc.TextureType.IsMultisample() {
		return fmt.Errorf("texel: %s: not allowed on %v textures", op, t.desc.TextureType)
	}
	if lod < 0 || lod >= len(t.levels) {
		return fmt.Errorf("%w: %s: mipmapLevel %d, texture has %d", ErrOutOfBounds, op, lod, len(t.levels))
	}
	if slice < 0 || slice >= t.slices {
		return fmt.Errorf("%w: %s: slice %d, texture has %d", ErrOutOfBounds, op, slice, t.slices)
	}
	lv := &t.levels[lod]
	if r.Width < 0 || r.Height < 0 || r.Depth < 0 || r.X < 0 || r.Y < 0 || r.Z < 0 ||
		r.X+r.Width > lv.w || r.Y+r.Height > lv.h || r.Z+r.Depth > lv.d {
		return fmt.Errorf("%w: %s: region origin (%d,%d,%d) size (%d,%d,%d) outside level %d of %dx%dx%d", ErrOutOfBounds, op,
			r.X, r.Y, r.Z, r.Width, r.Height, r.Depth, lod, lv.w, lv.h, lv.d)
	}
	if r.Width == 0 || r.Height == 0 || r.Depth == 0 {
		return nil
	}
	rowBytes := r.Width * t.bpp
	if (r.Height > 1 && bytesPerRow > n) || (r.Depth > 1 && bytesPerImage > n) {
		return fmt.Errorf("texel: %s: bytesPerRow %d or bytesPerImage %d exceeds the buffer's %d bytes", op, bytesPerRow, bytesPerImage, n)
	}
	if bytesPerRow < rowBytes {
		return fmt.Errorf("texel: %s: bytesPerRow %d is less than %d for width %d of %v", op, bytesPerRow, rowBytes, r.Width, t.format)
	}
	need := bytesPerRow*(r.Height-1) + rowBytes
	if r.Depth > 1 {
		if bytesPerImage < need {
			return fmt.Errorf("texel: %s: bytesPerImage %d is less than %d for %d rows", op, bytesPerImage, need, r.Height)
		}
		need += bytesPerImage * (r.Depth - 1)
	}
	if n < need {
		return fmt.Errorf("texel: %s: buffer of %d bytes is smaller than the %d the region needs", op, n, need)
	}
	return nil
}

// ReplaceRegion copies texel bytes from src into region r of (slice, lod),
// as MTLTexture.replaceRegion: rows bytesPerRow apart, 3D images
// bytesPerImage apart (ignored when r.Depth is 1).
func (t *Texture) ReplaceRegion(r Region, lod, slice int, src []byte, bytesPerRow, bytesPerImage int) error {
	if err := t.checkRegion("ReplaceRegion", r, lod, slice, len(src), bytesPerRow, bytesPerImage); err != nil {
		return err
	}
	t.copyRegion(r, lod, slice, src, bytesPerRow, bytesPerImage, true)
	return nil
}

// GetBytes copies region r of (slice, lod) into dst, as MTLTexture.getBytes.
func (t *Texture) GetBytes(dst []byte, bytesPerRow, bytesPerImage int, r Region, lod, slice int) error {
	if err := t.checkRegion("GetBytes", r, lod, slice, len(dst), bytesPerRow, bytesPerImage); err != nil {
		return err
	}
	t.copyRegion(r, lod, slice, dst, bytesPerRow, bytesPerImage, false)
	return nil
}

func (t *Texture) copyRegion(r Region, lod, slice int, buf []byte, bytesPerRow, bytesPerImage int, in bool) {
	if r.Width == 0 || r.Height == 0 || r.Depth == 0 {
		return
	}
	lv := &t.levels[lod]
	rowBytes := r.Width * t.bpp
	base := slice*t.sliceStride + lv.off
	for z := 0; z < r.Depth; z++ {
		for y := 0; y < r.Height; y++ {
			to := base + (r.Z+z)*lv.image + (r.Y+y)*lv.row + r.X*t.bpp
			bo := z*bytesPerImage + y*bytesPerRow
			if in {
				copy(t.data[to:to+rowBytes], buf[bo:bo+rowBytes])
			} else {
				copy(buf[bo:bo+rowBytes], t.data[to:to+rowBytes])
			}
		}
	}
}
