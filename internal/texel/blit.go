package texel

import "fmt"

// CopyRegion copies region r of (srcSlice, srcLevel) of src to dst at
// (dstX, dstY, dstZ) of (dstSlice, dstLevel), as a blit encoder's
// copyFromTexture: raw texel bytes, so the formats must have the same size
// and sample count (Metal also requires compatible formats; this checks
// only the size).
func CopyRegion(src *Texture, srcSlice, srcLevel int, r Region, dst *Texture, dstSlice, dstLevel, dstX, dstY, dstZ int) error {
	if src == nil || dst == nil {
		return fmt.Errorf("texel: CopyRegion: nil texture")
	}
	if src.bpp != dst.bpp || src.samples != dst.samples {
		return fmt.Errorf("texel: CopyRegion: %v (%d samples) and %v (%d samples) differ in texel size", src.format, src.samples, dst.format, dst.samples)
	}
	if err := src.checkBox("CopyRegion source", r, srcLevel, srcSlice); err != nil {
		return err
	}
	dr := Region{X: dstX, Y: dstY, Z: dstZ, Width: r.Width, Height: r.Height, Depth: r.Depth}
	if err := dst.checkBox("CopyRegion destination", dr, dstLevel, dstSlice); err != nil {
		return err
	}
	sl, dl := &src.levels[srcLevel], &dst.levels[dstLevel]
	span := src.bpp * src.samples
	sb, db := srcSlice*src.sliceStride+sl.off, dstSlice*dst.sliceStride+dl.off
	for z := 0; z < r.Depth; z++ {
		for y := 0; y < r.Height; y++ {
			so := sb + (r.Z+z)*sl.image + (r.Y+y)*sl.row + r.X*span
			do := db + (dstZ+z)*dl.image + (dstY+y)*dl.row + dstX*span
			copy(dst.data[do:do+r.Width*span], src.data[so:so+r.Width*span])
		}
	}
	return nil
}

// checkBox validates a region of (slice, lod).
func (t *Texture) checkBox(op string, r Region, lod, slice int) error {
	if lod < 0 || lod >= len(t.levels) {
		return fmt.Errorf("%w: %s: level %d, texture has %d", ErrOutOfBounds, op, lod, len(t.levels))
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
	return nil
}

// ResolveMultisample averages the samples of every texel of slice
// srcSlice of a multisample texture into (dstSlice, dstLevel) of a
// single-sample texture of the same size (the MultisampleResolve store
// action). Colour formats average decoded values (sRGB in linear space)
// and re-encode; depth/stencil formats take sample 0 (Metal's default
// depth resolve filter); integer formats, which Metal cannot resolve, also
// copy sample 0.
func ResolveMultisample(src *Texture, srcSlice int, dst *Texture, dstSlice, dstLevel int) error {
	if src == nil || dst == nil {
		return fmt.Errorf("texel: ResolveMultisample: nil texture")
	}
	if !src.desc.TextureType.IsMultisample() || dst.desc.TextureType.IsMultisample() {
		return fmt.Errorf("texel: ResolveMultisample: source %v must be multisample and destination %v not", src.desc.TextureType, dst.desc.TextureType)
	}
	if src.format != dst.format {
		return fmt.Errorf("texel: ResolveMultisample: formats %v and %v differ", src.format, dst.format)
	}
	w, h := src.levels[0].w, src.levels[0].h
	if err := dst.checkBox("ResolveMultisample destination", Region2D(0, 0, w, h), dstLevel, dstSlice); err != nil {
		return err
	}
	if srcSlice < 0 || srcSlice >= src.slices {
		return fmt.Errorf("%w: ResolveMultisample: source slice %d of %d", ErrOutOfBounds, srcSlice, src.slices)
	}
	sl, dl := &src.levels[0], &dst.levels[dstLevel]
	sb, db := srcSlice*src.sliceStride, dstSlice*dst.sliceStride+dl.off
	n := src.samples
	isFloat := floatAccess(src.format) && !src.format.IsDepth()
	inv := 1 / float64(n)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			so := sb + y*sl.row + x*n*src.bpp
			do := db + y*dl.row + x*dst.bpp
			if !isFloat {
				copy(dst.data[do:do+dst.bpp], src.data[so:so+src.bpp])
				continue
			}
			var acc [4]float64
			for s := 0; s < n; s++ {
				v := decodeFloat(src.format, src.data[so+s*src.bpp:])
				for c := range 4 {
					acc[c] += float64(v[c])
				}
			}
			encodeFloat(dst.format, dst.data[do:], [4]float32{float32(acc[0] * inv), float32(acc[1] * inv), float32(acc[2] * inv), float32(acc[3] * inv)})
		}
	}
	return nil
}
