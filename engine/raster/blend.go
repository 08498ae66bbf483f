package raster

// blendFactor returns the factor f for channel c (3 = alpha) of a blend.
func blendFactor(f BlendFactor, c int, src, src1, dst, k *[4]float32) float32 {
	switch f {
	case BlendZero:
		return 0
	case BlendOne:
		return 1
	case BlendSourceColor:
		return src[c]
	case BlendOneMinusSourceColor:
		return 1 - src[c]
	case BlendSourceAlpha:
		return src[3]
	case BlendOneMinusSourceAlpha:
		return 1 - src[3]
	case BlendDestinationColor:
		return dst[c]
	case BlendOneMinusDestinationColor:
		return 1 - dst[c]
	case BlendDestinationAlpha:
		return dst[3]
	case BlendOneMinusDestinationAlpha:
		return 1 - dst[3]
	case BlendSourceAlphaSaturated:
		if c == 3 {
			return 1
		}
		return min(src[3], 1-dst[3])
	case BlendBlendColor:
		return k[c]
	case BlendOneMinusBlendColor:
		return 1 - k[c]
	case BlendBlendAlpha:
		return k[3]
	case BlendOneMinusBlendAlpha:
		return 1 - k[3]
	case BlendSource1Color:
		return src1[c]
	case BlendOneMinusSource1Color:
		return 1 - src1[c]
	case BlendSource1Alpha:
		return src1[3]
	case BlendOneMinusSource1Alpha:
		return 1 - src1[3]
	}
	return 0
}

// blendOp combines s·fs and d·fd.
func blendOp(op BlendOp, s, fs, d, fd float32) float32 {
	switch op {
	case BlendOpSubtract:
		return float32(s*fs) - float32(d*fd)
	case BlendOpReverseSubtract:
		return float32(d*fd) - float32(s*fs)
	case BlendOpMin:
		return min(s, d)
	case BlendOpMax:
		return max(s, d)
	}
	return float32(s*fs) + float32(d*fd)
}

// blendWrite blends src (and the dual-source src1) into the stored value at
// dst per b, quantizing to the target's format and honouring the write mask.
func blendWrite(t *ColorTarget, b *Blend, k *[4]float32, src, src1 [4]float32, dst []float32) {
	if !b.Enabled && b.WriteMask == WriteAll && !t.q.kind.IsInteger() {
		if lo, hi, clamp := t.q.clampRange(); clamp {
			for c := range 4 {
				src[c] = clampf(src[c], lo, hi)
			}
		}
		t.q.quant(&src)
		copy(dst[:4], src[:])
		return
	}
	d := [4]float32(dst)
	var out [4]float32
	if t.q.kind.IsInteger() {
		out = src
		t.q.quant(&out)
	} else {
		lo, hi, clamp := t.q.clampRange()
		if clamp {
			for c := range 4 {
				src[c] = clampf(src[c], lo, hi)
				src1[c] = clampf(src1[c], lo, hi)
			}
		}
		if b.Enabled {
			for c := range 3 {
				out[c] = blendOp(b.RGBOp, src[c], blendFactor(b.SrcRGB, c, &src, &src1, &d, k), d[c], blendFactor(b.DstRGB, c, &src, &src1, &d, k))
			}
			out[3] = blendOp(b.AlphaOp, src[3], blendFactor(b.SrcAlpha, 3, &src, &src1, &d, k), d[3], blendFactor(b.DstAlpha, 3, &src, &src1, &d, k))
			if clamp {
				for c := range 4 {
					out[c] = clampf(out[c], lo, hi)
				}
			}
		} else {
			out = src
		}
		t.q.quant(&out)
	}
	m := b.WriteMask
	if m&WriteRed != 0 {
		dst[0] = out[0]
	}
	if m&WriteGreen != 0 {
		dst[1] = out[1]
	}
	if m&WriteBlue != 0 {
		dst[2] = out[2]
	}
	if m&WriteAlpha != 0 {
		dst[3] = out[3]
	}
}
