package msltest

import (
	"encoding/binary"
	"fmt"
	"math"
	"reflect"
	"strings"

	"github.com/ingot-render/ingot/internal/fmath"
	"github.com/ingot-render/ingot/shaders/sema"
)

// encode writes Go value v as MSL type t into b (len(b) ≥ sema.SizeOf(t)).
// path names the value in errors.
func encode(b []byte, t *sema.Type, v reflect.Value, path string) error {
	if t.Kind == sema.KAtomic {
		t = t.Elem
	}
	for v.Kind() == reflect.Interface || v.Kind() == reflect.Pointer && t.Kind != sema.KPointer {
		if v.IsNil() {
			return fmt.Errorf("%s: nil %s for MSL %s", path, v.Type(), t)
		}
		v = v.Elem()
	}
	switch t.Kind {
	case sema.KBool:
		if v.Kind() != reflect.Bool {
			return mismatch(path, t, v)
		}
		b[0] = 0
		if v.Bool() {
			b[0] = 1
		}
		return nil
	case sema.KChar, sema.KUChar, sema.KShort, sema.KUShort, sema.KInt, sema.KUInt,
		sema.KLong, sema.KULong, sema.KSizeT, sema.KPtrDiffT, sema.KEnum:
		var u uint64
		switch {
		case v.CanInt():
			u = uint64(v.Int())
		case v.CanUint():
			u = v.Uint()
		default:
			return mismatch(path, t, v)
		}
		putInt(b, sema.SizeOf(t), u)
		return nil
	case sema.KFloat, sema.KHalf, sema.KBFloat:
		if !v.CanFloat() {
			return mismatch(path, t, v)
		}
		f := float32(v.Float())
		switch t.Kind {
		case sema.KFloat:
			binary.LittleEndian.PutUint32(b, math.Float32bits(f))
		case sema.KHalf:
			binary.LittleEndian.PutUint16(b, fmath.Float32ToHalf(f))
		default:
			binary.LittleEndian.PutUint16(b, uint16(math.Float32bits(f)>>16))
		}
		return nil
	case sema.KVector, sema.KPacked:
		if v.Kind() != reflect.Array || v.Len() != t.N {
			return mismatch(path, t, v)
		}
		es := sema.SizeOf(t.Elem)
		for i := 0; i < t.N; i++ {
			if err := encode(b[i*es:], t.Elem, v.Index(i), fmt.Sprintf("%s[%d]", path, i)); err != nil {
				return err
			}
		}
		return nil
	case sema.KMatrix:
		// [columns][rows]T, column-major as MSL stores it.
		if v.Kind() != reflect.Array || v.Len() != t.N {
			return mismatch(path, t, v)
		}
		col := sema.Vec(t.Elem, t.Rows)
		cs := sema.SizeOf(col)
		for i := 0; i < t.N; i++ {
			if err := encode(b[i*cs:], col, v.Index(i), fmt.Sprintf("%s[%d]", path, i)); err != nil {
				return err
			}
		}
		return nil
	case sema.KArray:
		if (v.Kind() != reflect.Array && v.Kind() != reflect.Slice) || v.Len() != t.N {
			return mismatch(path, t, v)
		}
		es := sema.Stride(t.Elem)
		for i := 0; i < t.N; i++ {
			if err := encode(b[i*es:], t.Elem, v.Index(i), fmt.Sprintf("%s[%d]", path, i)); err != nil {
				return err
			}
		}
		return nil
	case sema.KStruct:
		if v.Kind() != reflect.Struct {
			return mismatch(path, t, v)
		}
		fields, offs, err := structFields(t, v.Type(), path)
		if err != nil {
			return err
		}
		for i, f := range fields {
			if f.goIndex < 0 {
				continue
			}
			if err := encode(b[offs[i]:], f.field.Type, v.Field(f.goIndex), path+"."+f.field.Name); err != nil {
				return err
			}
		}
		return nil
	case sema.KPointer, sema.KTexture, sema.KSampler:
		if u, ok := handle(v); ok {
			binary.LittleEndian.PutUint64(b, u)
			return nil
		}
		return mismatch(path, t, v)
	}
	return fmt.Errorf("%s: MSL type %s cannot be passed from Go", path, t)
}

// handle returns the 64-bit address or resource ID a Go value stands for:
// a uint64, or a value with GPUAddress / GPUResourceID.
func handle(v reflect.Value) (uint64, bool) {
	if v.CanUint() {
		return v.Uint(), true
	}
	if v.CanInterface() {
		switch x := v.Interface().(type) {
		case interface{ GPUAddress() uint64 }:
			return x.GPUAddress(), true
		case interface{ GPUResourceID() uint64 }:
			return x.GPUResourceID(), true
		}
	}
	return 0, false
}

// decode reads MSL type t from b into the settable Go value v.
func decode(b []byte, t *sema.Type, v reflect.Value, path string) error {
	if t.Kind == sema.KAtomic {
		t = t.Elem
	}
	for v.Kind() == reflect.Pointer {
		if v.IsNil() {
			v.Set(reflect.New(v.Type().Elem()))
		}
		v = v.Elem()
	}
	if v.Kind() == reflect.Interface && v.NumMethod() == 0 {
		nv := reflect.New(goType(t)).Elem()
		if err := decode(b, t, nv, path); err != nil {
			return err
		}
		v.Set(nv)
		return nil
	}
	switch t.Kind {
	case sema.KBool:
		if v.Kind() != reflect.Bool {
			return mismatch(path, t, v)
		}
		v.SetBool(b[0] != 0)
		return nil
	case sema.KChar, sema.KUChar, sema.KShort, sema.KUShort, sema.KInt, sema.KUInt,
		sema.KLong, sema.KULong, sema.KSizeT, sema.KPtrDiffT, sema.KEnum:
		n := sema.SizeOf(t)
		u := getInt(b, n)
		signed := t.Kind == sema.KChar || t.Kind == sema.KShort || t.Kind == sema.KInt || t.Kind == sema.KLong || t.Kind == sema.KPtrDiffT
		if signed && n < 8 {
			u = uint64(int64(u<<(64-8*n)) >> (64 - 8*n))
		}
		switch {
		case v.CanInt():
			v.SetInt(int64(u))
		case v.CanUint():
			v.SetUint(u)
		default:
			return mismatch(path, t, v)
		}
		return nil
	case sema.KFloat, sema.KHalf, sema.KBFloat:
		if !v.CanFloat() {
			return mismatch(path, t, v)
		}
		var f float32
		switch t.Kind {
		case sema.KFloat:
			f = math.Float32frombits(binary.LittleEndian.Uint32(b))
		case sema.KHalf:
			f = fmath.HalfToFloat32(binary.LittleEndian.Uint16(b))
		default:
			f = math.Float32frombits(uint32(binary.LittleEndian.Uint16(b)) << 16)
		}
		v.SetFloat(float64(f))
		return nil
	case sema.KVector, sema.KPacked, sema.KArray, sema.KMatrix:
		elem, stride := t.Elem, sema.Stride(t.Elem)
		if t.Kind == sema.KMatrix {
			elem = sema.Vec(t.Elem, t.Rows)
			stride = sema.SizeOf(elem)
		} else if t.Kind != sema.KArray {
			stride = sema.SizeOf(t.Elem)
		}
		switch {
		case v.Kind() == reflect.Array && v.Len() == t.N:
		case v.Kind() == reflect.Slice:
			if v.Len() != t.N {
				v.Set(reflect.MakeSlice(v.Type(), t.N, t.N))
			}
		default:
			return mismatch(path, t, v)
		}
		for i := 0; i < t.N; i++ {
			if err := decode(b[i*stride:], elem, v.Index(i), fmt.Sprintf("%s[%d]", path, i)); err != nil {
				return err
			}
		}
		return nil
	case sema.KStruct:
		if v.Kind() != reflect.Struct {
			return mismatch(path, t, v)
		}
		fields, offs, err := structFields(t, v.Type(), path)
		if err != nil {
			return err
		}
		for i, f := range fields {
			if f.goIndex < 0 {
				continue
			}
			if err := decode(b[offs[i]:], f.field.Type, v.Field(f.goIndex), path+"."+f.field.Name); err != nil {
				return err
			}
		}
		return nil
	case sema.KPointer, sema.KTexture, sema.KSampler:
		if !v.CanUint() {
			return mismatch(path, t, v)
		}
		v.SetUint(binary.LittleEndian.Uint64(b))
		return nil
	}
	return fmt.Errorf("%s: MSL type %s cannot be read into Go", path, t)
}

// goType returns the natural Go type of MSL type t (for `any` results).
func goType(t *sema.Type) reflect.Type {
	if t.Kind == sema.KAtomic {
		t = t.Elem
	}
	switch t.Kind {
	case sema.KBool:
		return reflect.TypeFor[bool]()
	case sema.KChar:
		return reflect.TypeFor[int8]()
	case sema.KUChar:
		return reflect.TypeFor[uint8]()
	case sema.KShort:
		return reflect.TypeFor[int16]()
	case sema.KUShort:
		return reflect.TypeFor[uint16]()
	case sema.KInt, sema.KEnum:
		return reflect.TypeFor[int32]()
	case sema.KUInt:
		return reflect.TypeFor[uint32]()
	case sema.KLong, sema.KPtrDiffT:
		return reflect.TypeFor[int64]()
	case sema.KULong, sema.KSizeT, sema.KPointer, sema.KTexture, sema.KSampler:
		return reflect.TypeFor[uint64]()
	case sema.KFloat, sema.KHalf, sema.KBFloat:
		return reflect.TypeFor[float32]()
	case sema.KVector, sema.KPacked:
		return reflect.ArrayOf(t.N, goType(t.Elem))
	case sema.KMatrix:
		return reflect.ArrayOf(t.N, reflect.ArrayOf(t.Rows, goType(t.Elem)))
	case sema.KArray:
		return reflect.ArrayOf(t.N, goType(t.Elem))
	}
	return reflect.TypeFor[[]byte]()
}

type structField struct {
	field   *sema.Field
	goIndex int // -1: no Go field (left zero / skipped)
}

// structFields matches the non-static fields of MSL struct t with the
// fields of Go struct type gt: by name (case-insensitively, or through a
// `msl:"name"` tag). Every exported Go field must match an MSL field.
func structFields(t *sema.Type, gt reflect.Type, path string) ([]structField, []int, error) {
	st := t.Struct
	if len(st.Bases) > 0 {
		return nil, nil, fmt.Errorf("%s: struct %s has base classes, which msltest does not lay out", path, t)
	}
	_, _, offs := sema.Layout(t)
	var out []structField
	used := map[int]bool{}
	for _, f := range st.Fields {
		if f.Static {
			continue
		}
		sf := structField{field: f, goIndex: -1}
		for i := 0; i < gt.NumField(); i++ {
			g := gt.Field(i)
			if !g.IsExported() {
				continue
			}
			name := g.Name
			if tag, ok := g.Tag.Lookup("msl"); ok {
				name = tag
			}
			if strings.EqualFold(name, f.Name) {
				sf.goIndex = i
				used[i] = true
				break
			}
		}
		out = append(out, sf)
	}
	if len(offs) != len(out) {
		return nil, nil, fmt.Errorf("%s: internal error: %d offsets for %d fields of %s", path, len(offs), len(out), t)
	}
	for i := 0; i < gt.NumField(); i++ {
		if g := gt.Field(i); g.IsExported() && !used[i] {
			return nil, nil, fmt.Errorf("%s: Go field %s matches no member of MSL struct %s", path, g.Name, t)
		}
	}
	return out, offs, nil
}

func mismatch(path string, t *sema.Type, v reflect.Value) error {
	return fmt.Errorf("%s: Go %s cannot hold MSL %s", path, v.Type(), t)
}

func putInt(b []byte, n int, u uint64) {
	for i := 0; i < n; i++ {
		b[i] = byte(u >> (8 * i))
	}
}

func getInt(b []byte, n int) uint64 {
	var u uint64
	for i := 0; i < n; i++ {
		u |= uint64(b[i]) << (8 * i)
	}
	return u
}
