package raster

import (
	"math"

	"github.com/ingot-render/ingot/internal/texel"
)

// This file is a plain reference rasterizer for triangle lists: for every
// triangle in submission order, every pixel of the target and every sample,
// it evaluates the fixed-point edge functions with the top-left rule, then
// the sample mask, the depth/stencil tests and blending, written as directly
// as possible (float64 setup, texel's generic codecs for quantization). The
// fragment "shader" is primColor: a colour from the primitive ID.

// refImage holds the reference's attachment values.
type refImage struct {
	w, h, s, l int
	color      [][4]float32 // [((l*h+y)*w+x)*s+sample]
	depth      []float32
	sten       []uint8
}

func (r *refImage) at(x, y, s, l int) int { return ((l*r.h+y)*r.w+x)*r.s + s }

// primColor is the colour reference shaders write for primitive id.
func primColor(id uint32) [4]float32 {
	return [4]float32{
		float32((id*37+11)%256) / 255, float32((id*59+3)%256) / 255,
		float32((id*101+7)%256) / 255, float32((id*13+200)%256) / 255,
	}
}

// primShader writes primColor to colour 0 and discards per the optional
// predicate (which must depend only on primitive ID and pixel).
type primShader struct {
	discard func(id uint32, x, y int) bool
}

func (s primShader) Shade(worker int, b *FragmentBatch) error {
	for L := range b.N {
		c := primColor(b.PrimitiveID[L])
		for i := range 4 {
			b.Color[0][i][L] = c[i]
		}
		if s.discard != nil && s.discard(b.PrimitiveID[L], int(b.PosX[L]), int(b.PosY[L])) {
			b.Live &^= 1 << L
		}
	}
	return nil
}

func refQuant(f texel.PixelFormat, v [4]float32) [4]float32 {
	var b [16]byte
	bb := b[:f.BytesPerPixel()]
	_ = texel.EncodeFloat(f, bb, v)
	r, _ := texel.DecodeFloat(f, bb)
	return r
}

func refDepthQuant(f texel.PixelFormat, z float32) float32 {
	if f == texel.Depth32Float {
		return z
	}
	return refQuant(f, [4]float32{z, 0, 0, 1})[0]
}

func refCmp[T float32 | uint8](f CompareFunc, a, b T) bool {
	switch f {
	case CompareNever:
		return false
	case CompareLess:
		return a < b
	case CompareEqual:
		return a == b
	case CompareLessEqual:
		return a <= b
	case CompareGreater:
		return a > b
	case CompareNotEqual:
		return a != b
	case CompareGreaterEqual:
		return a >= b
	}
	return true
}

func refStencil(op StencilOp, s, ref uint8) uint8 {
	switch op {
	case StencilKeep:
		return s
	case StencilZero:
		return 0
	case StencilReplace:
		return ref
	case StencilIncrementClamp:
		return uint8(min(int(s)+1, 255))
	case StencilDecrementClamp:
		return uint8(max(int(s)-1, 0))
	case StencilInvert:
		return ^s
	case StencilIncrementWrap:
		return s + 1
	}
	return s - 1
}

func refFactor(f BlendFactor, c int, s, s1, d, k [4]float32) float32 {
	a := func(v float32) float32 { return 1 - v }
	switch f {
	case BlendZero:
		return 0
	case BlendOne:
		return 1
	case BlendSourceColor:
		return s[c]
	case BlendOneMinusSourceColor:
		return a(s[c])
	case BlendSourceAlpha:
		return s[3]
	case BlendOneMinusSourceAlpha:
		return a(s[3])
	case BlendDestinationColor:
		return d[c]
	case BlendOneMinusDestinationColor:
		return a(d[c])
	case BlendDestinationAlpha:
		return d[3]
	case BlendOneMinusDestinationAlpha:
		return a(d[3])
	case BlendSourceAlphaSaturated:
		if c == 3 {
			return 1
		}
		return min(s[3], 1-d[3])
	case BlendBlendColor:
		return k[c]
	case BlendOneMinusBlendColor:
		return a(k[c])
	case BlendBlendAlpha:
		return k[3]
	case BlendOneMinusBlendAlpha:
		return a(k[3])
	case BlendSource1Color:
		return s1[c]
	case BlendOneMinusSource1Color:
		return a(s1[c])
	case BlendSource1Alpha:
		return s1[3]
	}
	return a(s1[3])
}

func refOp(op BlendOp, s, fs, d, fd float32) float32 {
	x, y := float32(s*fs), float32(d*fd)
	switch op {
	case BlendOpAdd:
		return x + y
	case BlendOpSubtract:
		return x - y
	case BlendOpReverseSubtract:
		return y - x
	case BlendOpMin:
		return min(s, d)
	}
	return max(s, d)
}

// refBlend returns the new stored value for source s over stored d.
func refBlend(f texel.PixelFormat, b Blend, k, s, s1, d [4]float32) [4]float32 {
	norm := f.Kind() == texel.KindUnorm
	cl := func(v float32) float32 {
		if norm {
			return min(max(v, 0), 1)
		}
		return v
	}
	for c := range 4 {
		s[c], s1[c] = cl(s[c]), cl(s1[c])
	}
	out := s
	if b.Enabled {
		for c := range 4 {
			sf, df, op := b.SrcRGB, b.DstRGB, b.RGBOp
			if c == 3 {
				sf, df, op = b.SrcAlpha, b.DstAlpha, b.AlphaOp
			}
			out[c] = cl(refOp(op, s[c], refFactor(sf, c, s, s1, d, k), d[c], refFactor(df, c, s, s1, d, k)))
		}
	}
	out = refQuant(f, out)
	bitsOf := [4]ColorWriteMask{WriteRed, WriteGreen, WriteBlue, WriteAlpha}
	for c := range 4 {
		if b.WriteMask&bitsOf[c] == 0 {
			out[c] = d[c]
		}
	}
	return out
}

// refRender renders sc's triangle-list draws (Shader primShader or nil).
func refRender(sc *scene) *refImage {
	s, l := max(sc.samples, 1), max(sc.layers, 1)
	r := &refImage{w: sc.w, h: sc.h, s: s, l: l}
	n := sc.w * sc.h * s * l
	f := sc.format
	if f == texel.Invalid {
		f = texel.RGBA32Float
	}
	cc := refQuant(f, [4]float32{float32(sc.clear[0]), float32(sc.clear[1]), float32(sc.clear[2]), float32(sc.clear[3])})
	r.color = make([][4]float32, n)
	r.depth = make([]float32, n)
	r.sten = make([]uint8, n)
	for i := range n {
		r.color[i] = cc
		if sc.depth != texel.Invalid {
			r.depth[i] = refDepthQuant(sc.depth, float32(sc.clearDepth))
		}
		r.sten[i] = uint8(sc.clearStencil)
	}
	pos := StandardSamplePositions(s)
	for _, d := range sc.draws {
		refDraw(sc, r, d, f, pos)
	}
	return r
}

func refDraw(sc *scene, r *refImage, d *Draw, f texel.PixelFormat, pos [][2]float32) {
	st := d.State
	vp := st.Viewports[0]
	v := d.Vertices
	idx := d.Indices
	if idx == nil {
		for i := range v.Count {
			idx = append(idx, uint32(i))
		}
	}
	early := d.Shader == nil || d.Flags&FlagEarlyTests != 0 || d.Flags&FlagDiscards == 0
	var disc func(uint32, int, int) bool
	if ps, ok := d.Shader.(primShader); ok {
		disc = ps.discard
	}
	for t := 0; t+2 < len(idx); t += 3 {
		id := d.PrimitiveIDBase + uint32(t/3)
		var X, Y [3]int64
		var Z [3]float64
		for k := range 3 {
			p := v.Position[4*idx[t+k]:]
			iw := 1 / float64(p[3])
			xw := (vp.X + vp.W/2) + float64(vp.W/2*float64(float64(p[0])*iw))
			yw := (vp.Y + vp.H/2) + float64(-vp.H/2*float64(float64(p[1])*iw))
			Z[k] = vp.ZNear + float64((vp.ZFar-vp.ZNear)*float64(float64(p[2])*iw))
			X[k], Y[k] = int64(math.Round(xw*256)), int64(math.Round(yw*256))
		}
		area := (X[1]-X[0])*(Y[2]-Y[0]) - (Y[1]-Y[0])*(X[2]-X[0])
		if area == 0 {
			continue
		}
		front := (area > 0) == (st.Front == Clockwise)
		if st.Cull == CullFront && front || st.Cull == CullBack && !front {
			continue
		}
		if area < 0 {
			X[1], X[2], Y[1], Y[2], Z[1], Z[2] = X[2], X[1], Y[2], Y[1], Z[2], Z[1]
			area = -area
		}
		inv := 1 / float64(area)
		// edge k runs from vertex k to k+1; raw value at P.
		edge := func(k int, px, py int64) int64 {
			a, b := k, (k+1)%3
			return (X[b]-X[a])*(py-Y[a]) - (Y[b]-Y[a])*(px-X[a])
		}
		topLeft := func(k int) bool {
			a, b := k, (k+1)%3
			dy, dx := Y[b]-Y[a], X[b]-X[a]
			return dy < 0 || dy == 0 && dx > 0
		}
		sface := st.DepthStencil.Front
		ref := uint8(st.StencilRefFront)
		if !front {
			sface, ref = st.DepthStencil.Back, uint8(st.StencilRefBack)
		}
		for y := range sc.h {
			for x := range sc.w {
				if st.Scissors != nil {
					sr := st.Scissors[0]
					if x < sr.X || y < sr.Y || x >= sr.X+sr.W || y >= sr.Y+sr.H {
						continue
					}
				}
				for s := range r.s {
					if d.SampleMask != 0 && d.SampleMask&(1<<s) == 0 {
						continue
					}
					px, py := int64(x)*256+int64(pos[s][0]*256), int64(y)*256+int64(pos[s][1]*256)
					in := true
					for k := range 3 {
						e := edge(k, px, py)
						if e < 0 || e == 0 && !topLeft(k) {
							in = false
						}
					}
					if !in {
						continue
					}
					l1 := float64(edge(2, px, py)) * inv // opposite vertex 1
					l2 := float64(edge(0, px, py)) * inv
					l0 := float64(edge(1, px, py)) * inv
					z := float32(float64(l0*Z[0]) + float64(l1*Z[1]) + float64(l2*Z[2]))
					i := r.at(x, y, s, 0)
					discarded := disc != nil && disc(id, x, y)
					if !early && discarded {
						continue
					}
					// stencil then depth
					spass, dpass := true, true
					sv := r.sten[i]
					if sc.stencil && st.DepthStencil.StencilEnabled {
						spass = refCmp(sface.Compare, ref&sface.ReadMask, sv&sface.ReadMask)
					}
					if sc.depth != texel.Invalid && spass {
						zq := refDepthQuant(sc.depth, z)
						dpass = refCmp(st.DepthStencil.DepthCompare, zq, r.depth[i])
						if dpass && st.DepthStencil.DepthWrite {
							r.depth[i] = zq
						}
					}
					if sc.stencil && st.DepthStencil.StencilEnabled {
						op := sface.Pass
						if !spass {
							op = sface.Fail
						} else if !dpass {
							op = sface.DepthFail
						}
						nv := refStencil(op, sv, ref)
						r.sten[i] = sv&^sface.WriteMask | nv&sface.WriteMask
					}
					if !spass || !dpass || discarded || d.Shader == nil {
						continue
					}
					if d.ColorMask&1 != 0 {
						r.color[i] = refBlend(f, st.Blends[0], st.BlendColor, primColor(id), [4]float32{}, r.color[i])
					}
				}
			}
		}
	}
}
