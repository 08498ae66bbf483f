package texel

import (
	"fmt"
	"math"
)

// DecodeFloats decodes len(out.R) consecutive texels of a float-like
// format from src into out (sRGB linearised, missing components 0, alpha
// 1): a row of a render target or an image. The format switch runs once.
func DecodeFloats(f PixelFormat, src []byte, out Out) error {
	n := len(out.R)
	if err := checkRow(f, len(src), n, out); err != nil {
		return err
	}
	switch f {
	case RGBA8Unorm, RGBA8Unorm_sRGB, BGRA8Unorm, BGRA8Unorm_sRGB:
		rgb, ri, bi, _ := fastRGBA8Tables(f)
		for i := 0; i < n; i++ {
			p := src[4*i : 4*i+4 : 4*i+4]
			out.R[i], out.G[i], out.B[i], out.A[i] = rgb[p[ri]], rgb[p[1]], rgb[p[bi]], unorm8LUT[p[3]]
		}
	case RGBA32Float:
		for i := 0; i < n; i++ {
			p := src[16*i : 16*i+16 : 16*i+16]
			out.R[i] = math.Float32frombits(le.Uint32(p[0:]))
			out.G[i] = math.Float32frombits(le.Uint32(p[4:]))
			out.B[i] = math.Float32frombits(le.Uint32(p[8:]))
			out.A[i] = math.Float32frombits(le.Uint32(p[12:]))
		}
	default:
		bpp := f.BytesPerPixel()
		for i := 0; i < n; i++ {
			v := decodeFloat(f, src[i*bpp:])
			out.R[i], out.G[i], out.B[i], out.A[i] = v[0], v[1], v[2], v[3]
		}
	}
	return nil
}

// EncodeFloats encodes len(in.R) texels from in into consecutive texels of
// dst, with the rounding rules of EncodeFloat.
func EncodeFloats(f PixelFormat, dst []byte, in Out) error {
	n := len(in.R)
	if err := checkRow(f, len(dst), n, in); err != nil {
		return err
	}
	switch f {
	case RGBA8Unorm, BGRA8Unorm:
		ri, bi := 0, 2
		if f == BGRA8Unorm {
			ri, bi = 2, 0
		}
		for i := 0; i < n; i++ {
			p := dst[4*i : 4*i+4 : 4*i+4]
			p[ri], p[1], p[bi], p[3] = byte(floatToUnorm(in.R[i], 255)), byte(floatToUnorm(in.G[i], 255)),
				byte(floatToUnorm(in.B[i], 255)), byte(floatToUnorm(in.A[i], 255))
		}
	case RGBA32Float:
		for i := 0; i < n; i++ {
			p := dst[16*i : 16*i+16 : 16*i+16]
			le.PutUint32(p[0:], math.Float32bits(in.R[i]))
			le.PutUint32(p[4:], math.Float32bits(in.G[i]))
			le.PutUint32(p[8:], math.Float32bits(in.B[i]))
			le.PutUint32(p[12:], math.Float32bits(in.A[i]))
		}
	default:
		bpp := f.BytesPerPixel()
		for i := 0; i < n; i++ {
			encodeFloat(f, dst[i*bpp:], [4]float32{in.R[i], in.G[i], in.B[i], in.A[i]})
		}
	}
	return nil
}

func checkRow(f PixelFormat, bytes, n int, v Out) error {
	if !floatAccess(f) {
		return fmt.Errorf("texel: %v is not a float-like format", f)
	}
	if len(v.G) < n || len(v.B) < n || len(v.A) < n {
		return fmt.Errorf("texel: component slices shorter than R's %d", n)
	}
	if need := n * f.BytesPerPixel(); bytes < need {
		return fmt.Errorf("texel: %d bytes hold fewer than %d %v texels (%d bytes)", bytes, n, f, need)
	}
	return nil
}

// FillFloat sets every texel (all samples) of region r of (slice, lod) to
// v — a clear load action. Integer and stencil formats take bit patterns,
// as in WriteBatch; combined depth/stencil formats and their stencil views
// change only their own aspect.
func (t *Texture) FillFloat(r Region, lod, slice int, v [4]float32) error {
	if lod < 0 || lod >= len(t.levels) || slice < 0 || slice >= t.slices {
		return fmt.Errorf("%w: FillFloat: level %d slice %d of %d levels, %d slices", ErrOutOfBounds, lod, slice, len(t.levels), t.slices)
	}
	lv := &t.levels[lod]
	if r.Width < 0 || r.Height < 0 || r.Depth < 0 || r.X < 0 || r.Y < 0 || r.Z < 0 ||
		r.X+r.Width > lv.w || r.Y+r.Height > lv.h || r.Z+r.Depth > lv.d {
		return fmt.Errorf("%w: FillFloat: region origin (%d,%d,%d) size (%d,%d,%d) outside level %d of %dx%dx%d", ErrOutOfBounds,
			r.X, r.Y, r.Z, r.Width, r.Height, r.Depth, lod, lv.w, lv.h, lv.d)
	}
	var px [16]byte
	texel := px[:t.bpp]
	if floatAccess(t.format) {
		encodeFloat(t.format, texel, v)
	} else {
		encodeInt(t.format, texel, [4]uint32{math.Float32bits(v[0]), math.Float32bits(v[1]), math.Float32bits(v[2]), math.Float32bits(v[3])})
	}
	base := slice*t.sliceStride + lv.off
	span := t.bpp * t.samples
	f := t.format
	shared := f == Depth24Unorm_Stencil8 || f == Depth32Float_Stencil8 || f == X24_Stencil8 || f == X32_Stencil8
	for z := r.Z; z < r.Z+r.Depth; z++ {
		for y := r.Y; y < r.Y+r.Height; y++ {
			row := t.data[base+z*lv.image+y*lv.row+r.X*span : base+z*lv.image+y*lv.row+(r.X+r.Width)*span]
			if len(row) == 0 {
				continue
			}
			// Formats sharing a texel between depth and stencil keep the
			// other aspect: encode texel by texel.
			if shared {
				for o := 0; o < len(row); o += t.bpp {
					if floatAccess(t.format) {
						encodeFloat(t.format, row[o:], v)
					} else {
						encodeInt(t.format, row[o:], [4]uint32{math.Float32bits(v[0])})
					}
				}
				continue
			}
			copy(row, texel)
			for filled := t.bpp; filled < len(row); filled *= 2 {
				copy(row[filled:], row[:filled])
			}
		}
	}
	return nil
}
