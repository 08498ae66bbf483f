package raster

import (
	"errors"
	"fmt"
)

// ErrDraw is wrapped by every error Pass.Draw returns for an invalid draw.
var ErrDraw = errors.New("raster: invalid draw")

func drawErr(format string, args ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{ErrDraw}, args...)...)
}

// validate checks d against the pass; it does not look at index values.
func (p *Pass) validate(d *Draw) error {
	if d == nil {
		return drawErr("nil Draw")
	}
	if d.Topology > TriangleStrip {
		return drawErr("Topology %d out of range", d.Topology)
	}
	v := d.Vertices
	if v == nil {
		return drawErr("nil Vertices")
	}
	if v.Count < 0 || v.Count > 1<<28 {
		return drawErr("Vertices.Count %d out of range", v.Count)
	}
	if len(v.Position) < 4*v.Count {
		return drawErr("Vertices.Position has %d floats, want 4×Count = %d", len(v.Position), 4*v.Count)
	}
	if v.Stride < 0 || int64(v.Stride)*int64(v.Count) > 1<<31 {
		return drawErr("Vertices.Stride %d out of range", v.Stride)
	}
	if len(v.Varyings) < v.Stride*v.Count {
		return drawErr("Vertices.Varyings has %d floats, want Stride×Count = %d", len(v.Varyings), v.Stride*v.Count)
	}
	if len(d.Interp) != v.Stride {
		return drawErr("len(Interp) = %d, want Vertices.Stride = %d", len(d.Interp), v.Stride)
	}
	for i, m := range d.Interp {
		if m&interpModeMask == 3 || m&^(interpModeMask|InterpCentroid|InterpSample) != 0 || m&InterpCentroid != 0 && m&InterpSample != 0 {
			return drawErr("Interp[%d] = %#x is not a valid interpolation", i, m)
		}
	}
	if v.PointSize != nil && len(v.PointSize) < v.Count {
		return drawErr("Vertices.PointSize has %d values, want Count = %d", len(v.PointSize), v.Count)
	}
	if v.ClipCount < 0 || v.ClipCount > maxClipDistances {
		return drawErr("Vertices.ClipCount %d out of range [0, %d]", v.ClipCount, maxClipDistances)
	}
	if len(v.ClipDistances) < v.ClipCount*v.Count {
		return drawErr("Vertices.ClipDistances has %d values, want ClipCount×Count = %d", len(v.ClipDistances), v.ClipCount*v.Count)
	}
	if v.Layer != nil && len(v.Layer) < v.Count {
		return drawErr("Vertices.Layer has %d values, want Count = %d", len(v.Layer), v.Count)
	}
	if v.ViewportIndex != nil && len(v.ViewportIndex) < v.Count {
		return drawErr("Vertices.ViewportIndex has %d values, want Count = %d", len(v.ViewportIndex), v.Count)
	}
	st := d.State
	if st == nil {
		return drawErr("nil State")
	}
	if len(st.Viewports) == 0 {
		return drawErr("State.Viewports is empty")
	}
	if st.Scissors != nil && len(st.Scissors) != len(st.Viewports) {
		return drawErr("State.Scissors has %d rects for %d viewports", len(st.Scissors), len(st.Viewports))
	}
	if st.Cull > CullBack || st.Front > CounterClockwise || st.Fill > FillLines || st.DepthClip > DepthClamp {
		return drawErr("State cull/winding/fill/depth-clip mode out of range")
	}
	ds := &st.DepthStencil
	if ds.DepthCompare > CompareAlways {
		return drawErr("State.DepthStencil.DepthCompare %d out of range", ds.DepthCompare)
	}
	for fi, f := range [2]*StencilFace{&ds.Front, &ds.Back} {
		if f.Compare > CompareAlways || f.Fail > StencilDecrementWrap || f.DepthFail > StencilDecrementWrap || f.Pass > StencilDecrementWrap {
			return drawErr("State.DepthStencil.%s out of range", [2]string{"Front", "Back"}[fi])
		}
	}
	for i := range st.Blends {
		b := &st.Blends[i]
		if b.RGBOp > BlendOpMax || b.AlphaOp > BlendOpMax || b.SrcRGB > BlendOneMinusSource1Alpha || b.DstRGB > BlendOneMinusSource1Alpha ||
			b.SrcAlpha > BlendOneMinusSource1Alpha || b.DstAlpha > BlendOneMinusSource1Alpha || b.WriteMask > WriteAll {
			return drawErr("State.Blends[%d] has an out-of-range factor, operation or mask", i)
		}
	}
	if st.Visibility > VisibilityCounting {
		return drawErr("State.Visibility %d out of range", st.Visibility)
	}
	if st.Visibility != VisibilityDisabled && (st.VisibilityOffset < 0 || st.VisibilityOffset%8 != 0) {
		return drawErr("State.VisibilityOffset %d is not a non-negative multiple of 8", st.VisibilityOffset)
	}
	if d.Shader == nil && d.Flags != 0 {
		return drawErr("Flags %#x set without a fragment Shader", d.Flags)
	}
	p.restarts = false
	for i, x := range d.Indices {
		if x == RestartIndex {
			p.restarts = true
		} else if int64(x) >= int64(v.Count) {
			return drawErr("Indices[%d] = %d out of range of Vertices.Count %d", i, x, v.Count)
		}
	}
	return nil
}
