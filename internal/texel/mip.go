package texel

import (
	"context"
	"fmt"
)

// boxTaps returns the source texels and weights that cover destination
// texel i when a dimension of srcN texels is halved to dstN: exact box
// (area) weights, so odd sizes use three taps, (dstN−i)/srcN, dstN/srcN,
// (i+1)/srcN.
func boxTaps(srcN, dstN, i int) (idx [3]int, w [3]float64, n int) {
	switch {
	case srcN == 1:
		return [3]int{0}, [3]float64{1}, 1
	case srcN%2 == 0:
		return [3]int{2 * i, 2*i + 1}, [3]float64{0.5, 0.5}, 2
	}
	s := float64(srcN)
	return [3]int{2 * i, 2*i + 1, 2*i + 2}, [3]float64{float64(dstN-i) / s, float64(dstN) / s, float64(i+1) / s}, 3
}

// GenerateMipmaps fills levels 1… of every slice from level 0, each level
// a box filter of the one above (2×2, 2×2×2 for 3D; exact area weights for
// odd sizes). Filtering happens on decoded values, so sRGB formats are
// filtered in linear space and re-encoded. Integer, depth, stencil and
// multisample textures are an error, as in Metal.
func (t *Texture) GenerateMipmaps(ctx context.Context) error {
	fi := t.format.info()
	switch {
	case fi.Kind.IsInteger() || fi.Depth || fi.Stencil:
		return fmt.Errorf("texel: GenerateMipmaps: %v is not a filterable colour format", t.format)
	case t.desc.TextureType.IsMultisample() || t.desc.TextureType == TypeTextureBuffer:
		return fmt.Errorf("texel: GenerateMipmaps: not allowed on %v textures", t.desc.TextureType)
	}
	if len(t.levels) < 2 {
		return nil
	}
	l0, l1 := &t.levels[0], &t.levels[1]
	bufs := [2][][4]float32{make([][4]float32, l0.w*l0.h*l0.d), make([][4]float32, l1.w*l1.h*l1.d)}
	for slice := 0; slice < t.slices; slice++ {
		t.decodeLevel(slice, 0, bufs[0])
		for lod := 1; lod < len(t.levels); lod++ {
			if err := ctx.Err(); err != nil {
				return fmt.Errorf("texel: GenerateMipmaps: %w", err)
			}
			sl, dl := &t.levels[lod-1], &t.levels[lod]
			src := bufs[(lod-1)&1]
			d := bufs[lod&1][:dl.w*dl.h*dl.d]
			for z := 0; z < dl.d; z++ {
				zi, zw, zn := boxTaps(sl.d, dl.d, z)
				for y := 0; y < dl.h; y++ {
					yi, yw, yn := boxTaps(sl.h, dl.h, y)
					for x := 0; x < dl.w; x++ {
						xi, xw, xn := boxTaps(sl.w, dl.w, x)
						var acc [4]float64
						for c := 0; c < zn; c++ {
							for b := 0; b < yn; b++ {
								for a := 0; a < xn; a++ {
									w := zw[c] * yw[b] * xw[a]
									v := &src[(zi[c]*sl.h+yi[b])*sl.w+xi[a]]
									for ch := range 4 {
										acc[ch] += w * float64(v[ch])
									}
								}
							}
						}
						d[(z*dl.h+y)*dl.w+x] = [4]float32{float32(acc[0]), float32(acc[1]), float32(acc[2]), float32(acc[3])}
					}
				}
			}
			t.encodeLevel(slice, lod, d)
			t.decodeLevel(slice, lod, d) // the next level filters the stored values
		}
	}
	return nil
}

func (t *Texture) decodeLevel(slice, lod int, out [][4]float32) {
	lv := &t.levels[lod]
	base := slice*t.sliceStride + lv.off
	i := 0
	for z := 0; z < lv.d; z++ {
		for y := 0; y < lv.h; y++ {
			o := base + z*lv.image + y*lv.row
			for x := 0; x < lv.w; x++ {
				out[i] = decodeFloat(t.format, t.data[o+x*t.bpp:])
				i++
			}
		}
	}
}

func (t *Texture) encodeLevel(slice, lod int, in [][4]float32) {
	lv := &t.levels[lod]
	base := slice*t.sliceStride + lv.off
	i := 0
	for z := 0; z < lv.d; z++ {
		for y := 0; y < lv.h; y++ {
			o := base + z*lv.image + y*lv.row
			for x := 0; x < lv.w; x++ {
				encodeFloat(t.format, t.data[o+x*t.bpp:], in[i])
				i++
			}
		}
	}
}
