package raster

// compare evaluates a CompareFunc as a OP b (depths and masked stencil
// values alike).
func compare[T float32 | uint8](f CompareFunc, a, b T) bool {
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

// stencilOp applies op to stored value s with reference ref.
func stencilOp(op StencilOp, s, ref uint8) uint8 {
	switch op {
	case StencilZero:
		return 0
	case StencilReplace:
		return ref
	case StencilIncrementClamp:
		if s == 255 {
			return s
		}
		return s + 1
	case StencilDecrementClamp:
		if s == 0 {
			return s
		}
		return s - 1
	case StencilInvert:
		return ^s
	case StencilIncrementWrap:
		return s + 1
	case StencilDecrementWrap:
		return s - 1
	}
	return s
}

// dsTest runs the stencil and depth tests of one sample at storage index si
// with fragment depth z (already clamped, not yet quantized) and stencil
// reference ref, applying the stencil operations and the depth write. It
// reports whether the sample passed both tests.
func (w *worker) dsTest(si int, z float32, front bool, ref uint8) bool {
	ds := &w.d.State.DepthStencil
	spass := true
	st := w.p.t.Stencil
	var sf *StencilFace
	var sv uint8
	if st != nil && ds.StencilEnabled {
		sf = &ds.Front
		if !front {
			sf = &ds.Back
		}
		sv = st.data[si]
		spass = compare(sf.Compare, ref&sf.ReadMask, sv&sf.ReadMask)
	}
	dpass := true
	dt := w.p.t.Depth
	if dt != nil && spass {
		zq := dt.q.quantDepth(z)
		dpass = compare(ds.DepthCompare, zq, dt.data[si])
		if dpass && ds.DepthWrite {
			dt.data[si] = zq
		}
	}
	if sf != nil {
		op := sf.Pass
		switch {
		case !spass:
			op = sf.Fail
		case !dpass:
			op = sf.DepthFail
		}
		if op != StencilKeep {
			nv := stencilOp(op, sv, ref)
			st.data[si] = sv&^sf.WriteMask | nv&sf.WriteMask
		}
	}
	return spass && dpass
}
