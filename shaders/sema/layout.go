package sema

// Layout returns the MSL size and alignment of t in bytes and, for a
// struct, the byte offset of each of its (non-static) fields in
// declaration order (nil for other types). The rules are those of the
// MSL specification §2 as summarised in reference/msl-types-layout.md:
// 3-component vectors take the space of 4, packed vectors have the
// alignment of their scalar, matrices are arrays of column vectors, bool is
// one byte, pointers, textures, samplers and other resource handles are 8
// bytes (GPU addresses / resource IDs). void, functions, unsized arrays and
// invalid types have size 0 and alignment 1.
func Layout(t *Type) (size, align int, offsets []int) {
	switch t.Kind {
	case KStruct:
		s := t.Struct
		if !s.Complete {
			// Still being declared: compute without caching.
			c := &Struct{Fields: s.Fields, Bases: s.Bases, Union: s.Union, AlignAs: s.AlignAs}
			c.computeLayout()
			return c.size, c.align, c.offsets
		}
		s.layoutOnce.Do(func() { s.computeLayout() })
		return s.size, s.align, s.offsets
	}
	size, align = sizeAlign(t)
	return size, align, nil
}

// SizeOf is the first result of Layout.
func SizeOf(t *Type) int { s, _, _ := Layout(t); return s }

// AlignOf is the second result of Layout.
func AlignOf(t *Type) int { _, a, _ := Layout(t); return a }

// Stride is the distance between consecutive array elements of type t
// (equal to its size, which is always a multiple of its alignment).
func Stride(t *Type) int { return SizeOf(t) }

func scalarSize(k Kind) int {
	switch k {
	case KBool, KChar, KUChar:
		return 1
	case KShort, KUShort, KHalf, KBFloat:
		return 2
	case KInt, KUInt, KFloat:
		return 4
	case KLong, KULong, KSizeT, KPtrDiffT:
		return 8
	}
	return 0
}

func sizeAlign(t *Type) (int, int) {
	switch t.Kind {
	case KVector:
		n := t.N
		if n == 3 {
			n = 4
		}
		s := scalarSize(t.Elem.Kind) * n
		return s, s
	case KPacked:
		e := scalarSize(t.Elem.Kind)
		return e * t.N, e
	case KMatrix:
		col := Vec(t.Elem, t.Rows)
		cs, ca := sizeAlign(col)
		return cs * t.N, ca
	case KArray:
		es, ea, _ := Layout(t.Elem)
		return es * t.N, ea
	case KStruct:
		s, a, _ := Layout(t)
		return s, a
	case KEnum:
		return sizeAlign(t.Enum.Underlying)
	case KAtomic:
		return sizeAlign(t.Elem)
	case KPixel:
		p := pixelInfos[t.Pixel]
		return p.size, p.align
	case KPointer, KReference, KTexture, KSampler, KNullptr:
		return 8, 8
	case KOpaque:
		return opaqueSize(t.Opaque)
	}
	if t.IsScalar() {
		s := scalarSize(t.Kind)
		return s, s
	}
	return 0, 1
}

// opaqueSize gives the host-visible layout of built-in opaque types that
// can live in buffers (acceleration structures, function tables: 8-byte
// resource IDs). Others have no memory representation.
func opaqueSize(o *Opaque) (int, int) {
	switch o.Name {
	case "acceleration_structure", "primitive_acceleration_structure", "instance_acceleration_structure",
		"intersection_function_table", "visible_function_table", "command_buffer",
		"render_pipeline_state", "compute_pipeline_state", "MTLResourceID":
		return 8, 8
	case "simdgroup_matrix":
		// Per-thread storage is unspecified; report the full matrix.
		if len(o.Args) == 3 && o.Args[0].Type != nil {
			return scalarSize(o.Args[0].Type.Kind) * 64, scalarSize(o.Args[0].Type.Kind)
		}
	}
	return 0, 1
}

func alignUp(x, a int) int {
	if a <= 1 {
		return x
	}
	return (x + a - 1) / a * a
}

func (s *Struct) computeLayout() {
	off, maxAlign := 0, 1
	for _, b := range s.Bases {
		bs, ba, _ := Layout(b)
		off = alignUp(off, ba)
		off += bs
		if ba > maxAlign {
			maxAlign = ba
		}
	}
	s.offsets = make([]int, len(s.Fields))
	for i, f := range s.Fields {
		if f.Static {
			s.offsets[i] = -1
			continue
		}
		fs, fa, _ := Layout(f.Type)
		if f.AlignAs > fa {
			fa = f.AlignAs
		}
		if s.Union {
			s.offsets[i] = 0
			if fs > off {
				off = fs
			}
		} else {
			off = alignUp(off, fa)
			s.offsets[i] = off
			off += fs
		}
		if fa > maxAlign {
			maxAlign = fa
		}
	}
	if s.AlignAs > maxAlign {
		maxAlign = s.AlignAs
	}
	s.align = maxAlign
	s.size = alignUp(off, maxAlign)
}
