package lower

import (
	"github.com/ingot-render/ingot/shaders/ir"
	"github.com/ingot-render/ingot/shaders/sema"
)

// scalarKind maps an MSL scalar (or enum, pointer, handle) type to its
// register kind; ok is false for types without a scalar register form.
func scalarKind(t *sema.Type) (ir.Kind, bool) {
	switch t.Kind {
	case sema.KBool:
		return ir.Bool, true
	case sema.KChar:
		return ir.I8, true
	case sema.KUChar:
		return ir.U8, true
	case sema.KShort:
		return ir.I16, true
	case sema.KUShort:
		return ir.U16, true
	case sema.KInt:
		return ir.I32, true
	case sema.KUInt:
		return ir.U32, true
	case sema.KLong, sema.KPtrDiffT:
		return ir.I64, true
	case sema.KULong, sema.KSizeT:
		return ir.U64, true
	case sema.KHalf:
		return ir.F16, true
	case sema.KFloat:
		return ir.F32, true
	case sema.KEnum:
		if t.Enum.Underlying != nil {
			return scalarKind(t.Enum.Underlying)
		}
		return ir.I32, true
	case sema.KPointer, sema.KTexture, sema.KSampler, sema.KNullptr, sema.KFunc:
		return ir.U64, true
	case sema.KOpaque:
		if n := t.Opaque.Name; n == "simd_vote" || n == "quad_vote" || n == "imageblock" || n == "mesh" || n == "mesh_grid_properties" {
			return ir.U64, true
		}
		if isRTQuery(t) {
			return ir.U64, true // a traversal handle (query.go)
		}
		if isRTConfig(t) {
			return ir.U32, true // an RTOptions word (raytracing.go)
		}
		if s, _, _ := sema.Layout(t); s == 8 {
			return ir.U64, true // resource IDs (acceleration structures, function tables)
		}
	case sema.KAtomic:
		return scalarKind(t.Elem)
	}
	return ir.Void, false
}

// valueType strips packed vectors to vectors (the value form).
func valueType(t *sema.Type) *sema.Type {
	if t.Kind == sema.KPixel {
		return t.Elem // a pixel type's value is its ALU type
	}
	if t.Kind == sema.KPacked {
		return sema.Vec(t.Elem, t.N)
	}
	if t.Kind == sema.KReference {
		return valueType(t.Elem)
	}
	return t
}

// fieldsOf returns the non-static fields of a struct with their byte
// offsets, base-class fields first.
func fieldsOf(t *sema.Type) (fs []*sema.Field, offs []int) {
	st := t.Struct
	_, _, offsets := sema.Layout(t)
	base := 0
	for _, b := range st.Bases {
		if b.Kind == sema.KStruct {
			bf, bo := fieldsOf(b)
			_, ba, _ := sema.Layout(b)
			base = alignUp(base, ba)
			for i := range bf {
				fs = append(fs, bf[i])
				offs = append(offs, base+bo[i])
			}
			base += sema.SizeOf(b)
		}
	}
	for i, f := range st.Fields {
		if f.Static {
			continue
		}
		fs = append(fs, f)
		offs = append(offs, offsets[i])
	}
	return fs, offs
}

func alignUp(x, a int) int {
	if a <= 1 {
		return x
	}
	return (x + a - 1) / a * a
}

// comp is one scalar component of a flattened type: its kind and byte
// offset in the type's memory layout.
type comp struct {
	kind ir.Kind
	off  int
	// pix is the pixel storage type (KPixel) the component belongs to,
	// pi its index in the pixel's ALU value: in memory the pixel's
	// components are packed at off (see pixel.go); in registers they are
	// ordinary components of the ALU type.
	pix *sema.Type
	pi  int
}

// flatten lists the scalar components of t in register order (vectors by
// component, matrices column-major, structs field by field, arrays element
// by element, unions as raw words) with their memory offsets. ok is false
// when t has no flat form (unsized arrays, unmodelled types).
func flatten(t *sema.Type) ([]comp, bool) {
	var out []comp
	ok := flattenInto(t, 0, &out)
	return out, ok
}

func flattenInto(t *sema.Type, base int, out *[]comp) bool {
	switch t.Kind {
	case sema.KVector, sema.KPacked:
		k, ok := scalarKind(t.Elem)
		if !ok {
			return false
		}
		for i := 0; i < t.N; i++ {
			*out = append(*out, comp{kind: k, off: base + i*k.Size()})
		}
		return true
	case sema.KMatrix:
		col := sema.Vec(t.Elem, t.Rows)
		cs := sema.SizeOf(col)
		for c := 0; c < t.N; c++ {
			if !flattenInto(col, base+c*cs, out) {
				return false
			}
		}
		return true
	case sema.KArray:
		if t.N <= 0 {
			return false
		}
		es := sema.Stride(t.Elem)
		for i := 0; i < t.N; i++ {
			if !flattenInto(t.Elem, base+i*es, out) {
				return false
			}
		}
		return true
	case sema.KStruct:
		if t.Struct.Union {
			// A union's value is its bytes: raw words (then bytes) that
			// copy it whole; its members are read and written in memory.
			size := sema.SizeOf(t)
			if size <= 0 {
				return false
			}
			i := 0
			for ; i+4 <= size; i += 4 {
				*out = append(*out, comp{kind: ir.U32, off: base + i})
			}
			for ; i < size; i++ {
				*out = append(*out, comp{kind: ir.U8, off: base + i})
			}
			return true
		}
		fs, offs := fieldsOf(t)
		for i, f := range fs {
			if !flattenInto(f.Type, base+offs[i], out) {
				return false
			}
		}
		return true
	case sema.KReference:
		return flattenInto(t.Elem, base, out)
	case sema.KPixel:
		e := t.Elem
		if e.Kind == sema.KVector {
			e = e.Elem
		}
		k, ok := scalarKind(e)
		if !ok {
			return false
		}
		for i := range t.Pixel.Components() {
			*out = append(*out, comp{kind: k, off: base, pix: t, pi: i})
		}
		return true
	}
	k, ok := scalarKind(t)
	if !ok {
		return false
	}
	*out = append(*out, comp{kind: k, off: base})
	return true
}

// ncomps returns the number of flattened components of t (0 when t has no
// flat form).
func ncomps(t *sema.Type) int {
	c, _ := flatten(t)
	return len(c)
}

// subRange returns the component range [lo, hi) of field index fi (in
// fieldsOf order) of struct t.
func fieldRange(t *sema.Type, f *sema.Field) (lo, hi int, off int, ok bool) {
	fs, offs := fieldsOf(t)
	n := 0
	for i, g := range fs {
		c := ncomps(g.Type)
		if g == f {
			return n, n + c, offs[i], true
		}
		n += c
	}
	return 0, 0, 0, false
}

// spaceOf maps an MSL address space to the IR memory space.
func spaceOf(s sema.AddrSpace) ir.Space {
	switch s {
	case sema.SpaceDevice:
		return ir.Device
	case sema.SpaceConstant:
		return ir.Constant
	case sema.SpaceThreadgroup, sema.SpaceThreadgroupImageblock:
		return ir.Threadgroup
	case sema.SpaceObjectData:
		return ir.Device // payloads live in engine-provided device memory (mesh.go)
	}
	return ir.Thread
}

// memOnly reports whether values of t live in memory only: unions and
// structs with a union member (their members overlap, which the register
// form cannot express).
func memOnly(t *sema.Type) bool {
	if t.Kind != sema.KStruct || t.Struct == nil {
		return false
	}
	if t.Struct.Union {
		return true
	}
	fs, _ := fieldsOf(t)
	for _, f := range fs {
		if memOnly(f.Type) {
			return true
		}
	}
	return false
}
