package raster

import (
	"errors"
	"fmt"
	"sync"
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
	restarts, hi := p.scanIndices(d.Indices)
	p.restarts = restarts
	if int64(hi) > int64(v.Count) {
		for i, x := range d.Indices {
			if x != RestartIndex && int64(x) >= int64(v.Count) {
				return drawErr("Indices[%d] = %d out of range of Vertices.Count %d", i, x, v.Count)
			}
		}
	}
	return nil
}

// scanIndices reports whether idx holds a restart index and returns one
// more than its largest other index (0 if none). Long lists are scanned in
// parallel stretches.
func (p *Pass) scanIndices(idx []uint32) (restarts bool, hi uint32) {
	k := min(p.workers, len(idx)/parIndices, maxScanners)
	if k <= 1 {
		lo, hi := scanRange(idx)
		return lo == 0, hi
	}
	return scanParallel(idx, k)
}

// scanRange returns the least and the largest x+1 of idx: x+1 wraps
// RestartIndex to 0, so the restart test and the bound take no branch
// (four independent minima and maxima a step).
func scanRange(idx []uint32) (lo, hi uint32) {
	l0, l1, l2, l3 := ^uint32(0), ^uint32(0), ^uint32(0), ^uint32(0)
	var h0, h1, h2, h3 uint32
	i := 0
	for ; i+4 <= len(idx); i += 4 {
		q := idx[i : i+4 : i+4]
		a, b, c, d := q[0]+1, q[1]+1, q[2]+1, q[3]+1
		l0, l1, l2, l3 = min(l0, a), min(l1, b), min(l2, c), min(l3, d)
		h0, h1, h2, h3 = max(h0, a), max(h1, b), max(h2, c), max(h3, d)
	}
	lo, hi = min(l0, l1, l2, l3), max(h0, h1, h2, h3)
	for _, x := range idx[i:] {
		lo, hi = min(lo, x+1), max(hi, x+1)
	}
	return lo, hi
}

// scanParallel is scanIndices on k goroutines.
func scanParallel(idx []uint32, k int) (restarts bool, hi uint32) {
	var los, his [maxScanners]uint32
	var wg sync.WaitGroup
	for i := range k {
		wg.Add(1)
		go func() {
			defer wg.Done()
			los[i], his[i] = scanRange(idx[len(idx)*i/k : len(idx)*(i+1)/k])
		}()
	}
	wg.Wait()
	lo := ^uint32(0)
	for i := range k {
		lo, hi = min(lo, los[i]), max(hi, his[i])
	}
	return lo == 0, hi
}

// parIndices is the fewest indices per goroutine of a parallel
// scanIndices, maxScanners the most goroutines.
const (
	parIndices  = 1 << 16
	maxScanners = 16
)
