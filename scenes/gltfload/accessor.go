package gltfload

import (
	"encoding/binary"
	"fmt"
	"math"
	"unsafe"

	"github.com/qmuntal/gltf"
)

// layout describes how one accessor element is stored.
type layout struct {
	comps    int // components per element
	rows     int // components per column
	colBytes int // bytes per column (matrix columns are 4-byte aligned)
	elemSize int // bytes per element
	cs       int // bytes per component
}

func layoutOf(a *gltf.Accessor) (layout, error) {
	cs := a.ComponentType.ByteSize()
	if cs == 0 {
		return layout{}, fmt.Errorf("unknown component type %d", a.ComponentType)
	}
	l := layout{cs: cs}
	switch a.Type {
	case gltf.AccessorScalar, gltf.AccessorVec2, gltf.AccessorVec3, gltf.AccessorVec4:
		l.comps = int(a.Type) + 1
		l.rows = l.comps
		l.colBytes = l.comps * cs
		l.elemSize = l.colBytes
	case gltf.AccessorMat2, gltf.AccessorMat3, gltf.AccessorMat4:
		n := int(a.Type) - 2 // 2, 3, 4
		l.comps, l.rows = n*n, n
		l.colBytes = (n*cs + 3) &^ 3
		l.elemSize = n * l.colBytes
	default:
		return layout{}, fmt.Errorf("unknown accessor type %d", a.Type)
	}
	return l, nil
}

// bufferView returns the validated bytes of view vi.
func (l *loader) bufferView(vi int) ([]byte, *gltf.BufferView, error) {
	if vi < 0 || vi >= len(l.doc.BufferViews) || l.doc.BufferViews[vi] == nil {
		return nil, nil, fmt.Errorf("bufferView %d out of range (%d bufferViews)", vi, len(l.doc.BufferViews))
	}
	v := l.doc.BufferViews[vi]
	if v.Buffer < 0 || v.Buffer >= len(l.doc.Buffers) || l.doc.Buffers[v.Buffer] == nil {
		return nil, nil, fmt.Errorf("bufferView %d: buffer %d out of range (%d buffers)", vi, v.Buffer, len(l.doc.Buffers))
	}
	data := l.doc.Buffers[v.Buffer].Data
	if data == nil {
		return nil, nil, fmt.Errorf("bufferView %d: buffer %d has no data", vi, v.Buffer)
	}
	if v.ByteOffset < 0 || v.ByteLength < 0 || v.ByteOffset > len(data) || v.ByteLength > len(data)-v.ByteOffset {
		return nil, nil, fmt.Errorf("bufferView %d: bytes [%d, %d+%d) out of range of buffer %d (%d bytes)",
			vi, v.ByteOffset, v.ByteOffset, v.ByteLength, v.Buffer, len(data))
	}
	if v.ByteStride != 0 && (v.ByteStride < 4 || v.ByteStride > 252) {
		return nil, nil, fmt.Errorf("bufferView %d: byteStride %d outside [4, 252]", vi, v.ByteStride)
	}
	return data[v.ByteOffset : v.ByteOffset+v.ByteLength], v, nil
}

// window validates that count elements of size elem at offset off with
// stride fit in data.
func window(data []byte, off, stride, elem, count int) error {
	if off < 0 || off > len(data) {
		return fmt.Errorf("byteOffset %d out of range (%d bytes)", off, len(data))
	}
	if count <= 0 {
		return nil
	}
	avail := len(data) - off
	if elem > avail || (count-1) > (avail-elem)/stride {
		return fmt.Errorf("%d elements of %d bytes (stride %d) at byteOffset %d out of range (%d bytes)",
			count, elem, stride, off, len(data))
	}
	return nil
}

type number interface{ ~float32 | ~uint32 }

// decodeComp returns a function reading one component as T.
func floatComp(ct gltf.ComponentType, normalized bool) func([]byte) float32 {
	le := binary.LittleEndian
	switch ct {
	case gltf.ComponentFloat:
		return func(b []byte) float32 { return math.Float32frombits(le.Uint32(b)) }
	case gltf.ComponentByte:
		if normalized {
			return func(b []byte) float32 { return max(float32(int8(b[0]))/127, -1) }
		}
		return func(b []byte) float32 { return float32(int8(b[0])) }
	case gltf.ComponentUbyte:
		if normalized {
			return func(b []byte) float32 { return float32(b[0]) / 255 }
		}
		return func(b []byte) float32 { return float32(b[0]) }
	case gltf.ComponentShort:
		if normalized {
			return func(b []byte) float32 { return max(float32(int16(le.Uint16(b)))/32767, -1) }
		}
		return func(b []byte) float32 { return float32(int16(le.Uint16(b))) }
	case gltf.ComponentUshort:
		if normalized {
			return func(b []byte) float32 { return float32(le.Uint16(b)) / 65535 }
		}
		return func(b []byte) float32 { return float32(le.Uint16(b)) }
	case gltf.ComponentUint:
		if normalized {
			return func(b []byte) float32 { return float32(float64(le.Uint32(b)) / 4294967295) }
		}
		return func(b []byte) float32 { return float32(le.Uint32(b)) }
	}
	return nil
}

func uintComp(ct gltf.ComponentType) func([]byte) uint32 {
	le := binary.LittleEndian
	switch ct {
	case gltf.ComponentUbyte:
		return func(b []byte) uint32 { return uint32(b[0]) }
	case gltf.ComponentUshort:
		return func(b []byte) uint32 { return uint32(le.Uint16(b)) }
	case gltf.ComponentUint:
		return func(b []byte) uint32 { return le.Uint32(b) }
	}
	return nil
}

// readElems decodes count elements of layout lay from data into out.
func readElems[T number](out []T, data []byte, off, stride int, lay layout, count int, comp func([]byte) T) {
	for i := 0; i < count; i++ {
		base := off + i*stride
		o := out[i*lay.comps : (i+1)*lay.comps]
		k := 0
		for c := 0; c < lay.comps/lay.rows; c++ {
			cb := base + c*lay.colBytes
			for r := 0; r < lay.rows; r++ {
				o[k] = comp(data[cb+r*lay.cs:])
				k++
			}
		}
	}
}

// read decodes accessor ai into a flat slice of comps-wide elements,
// applying sparse substitution. mk chooses the component decoder.
func read[T number](l *loader, ai int, mk func(ct gltf.ComponentType, normalized bool) func([]byte) T) ([]T, int, error) {
	if ai < 0 || ai >= len(l.doc.Accessors) || l.doc.Accessors[ai] == nil {
		return nil, 0, fmt.Errorf("accessor %d out of range (%d accessors)", ai, len(l.doc.Accessors))
	}
	a := l.doc.Accessors[ai]
	wrap := func(err error) error { return fmt.Errorf("accessor %d: %w", ai, err) }
	lay, err := layoutOf(a)
	if err != nil {
		return nil, 0, wrap(err)
	}
	comp := mk(a.ComponentType, a.Normalized)
	if comp == nil {
		return nil, 0, wrap(fmt.Errorf("component type %s not allowed here", a.ComponentType))
	}
	if a.Count <= 0 {
		return nil, 0, wrap(fmt.Errorf("count %d must be positive", a.Count))
	}
	if a.BufferView == nil && a.Count > l.maxElems {
		// Nothing backs these elements but the count field: cap by the data size.
		return nil, 0, wrap(fmt.Errorf("count %d exceeds the %d elements the file's data could hold", a.Count, l.maxElems))
	}
	var data []byte
	stride := lay.elemSize
	if a.BufferView != nil {
		var v *gltf.BufferView
		data, v, err = l.bufferView(*a.BufferView)
		if err != nil {
			return nil, 0, wrap(err)
		}
		if v.ByteStride != 0 {
			if v.ByteStride < lay.elemSize {
				return nil, 0, wrap(fmt.Errorf("bufferView %d: byteStride %d smaller than element size %d", *a.BufferView, v.ByteStride, lay.elemSize))
			}
			stride = v.ByteStride
		}
		if err := window(data, a.ByteOffset, stride, lay.elemSize, a.Count); err != nil {
			return nil, 0, wrap(fmt.Errorf("bufferView %d: %w", *a.BufferView, err))
		}
	}
	out := make([]T, a.Count*lay.comps)
	if data != nil {
		readElems(out, data, a.ByteOffset, stride, lay, a.Count, comp)
	}
	if sp := a.Sparse; sp != nil {
		if err := applySparse(l, a, sp, lay, out, comp); err != nil {
			return nil, 0, wrap(fmt.Errorf("sparse: %w", err))
		}
	}
	return out, lay.comps, nil
}

func applySparse[T number](l *loader, a *gltf.Accessor, sp *gltf.Sparse, lay layout, out []T, comp func([]byte) T) error {
	if sp.Count <= 0 || sp.Count > a.Count {
		return fmt.Errorf("count %d outside [1, %d]", sp.Count, a.Count)
	}
	icomp := uintComp(sp.Indices.ComponentType)
	if icomp == nil {
		return fmt.Errorf("indices: component type %s not allowed", sp.Indices.ComponentType)
	}
	idata, _, err := l.bufferView(sp.Indices.BufferView)
	if err != nil {
		return fmt.Errorf("indices: %w", err)
	}
	ics := sp.Indices.ComponentType.ByteSize()
	if err := window(idata, sp.Indices.ByteOffset, ics, ics, sp.Count); err != nil {
		return fmt.Errorf("indices: %w", err)
	}
	vdata, _, err := l.bufferView(sp.Values.BufferView)
	if err != nil {
		return fmt.Errorf("values: %w", err)
	}
	if err := window(vdata, sp.Values.ByteOffset, lay.elemSize, lay.elemSize, sp.Count); err != nil {
		return fmt.Errorf("values: %w", err)
	}
	vals := make([]T, sp.Count*lay.comps)
	readElems(vals, vdata, sp.Values.ByteOffset, lay.elemSize, lay, sp.Count, comp)
	prev := int64(-1)
	for i := 0; i < sp.Count; i++ {
		idx := int64(icomp(idata[sp.Indices.ByteOffset+i*ics:]))
		if idx >= int64(a.Count) {
			return fmt.Errorf("index %d = %d out of range (count %d)", i, idx, a.Count)
		}
		if idx <= prev {
			return fmt.Errorf("indices not strictly increasing at %d (%d after %d)", i, idx, prev)
		}
		prev = idx
		copy(out[int(idx)*lay.comps:(int(idx)+1)*lay.comps], vals[i*lay.comps:(i+1)*lay.comps])
	}
	return nil
}

// floats decodes accessor ai as float32 (normalized integers mapped to
// [0,1] or [-1,1]); results are cached and shared, never modify them.
func (l *loader) floats(ai int) ([]float32, int, error) {
	if c, ok := l.fcache[ai]; ok {
		return c.f, c.comps, nil
	}
	f, comps, err := read(l, ai, floatComp)
	if err != nil {
		return nil, 0, err
	}
	l.fcache[ai] = fcached{f, comps}
	return f, comps, nil
}

// uints decodes an unsigned-integer accessor (indices, joints).
func (l *loader) uints(ai int) ([]uint32, int, error) {
	if c, ok := l.ucache[ai]; ok {
		return c.u, c.comps, nil
	}
	u, comps, err := read(l, ai, func(ct gltf.ComponentType, _ bool) func([]byte) uint32 { return uintComp(ct) })
	if err != nil {
		return nil, 0, err
	}
	l.ucache[ai] = ucached{u, comps}
	return u, comps, nil
}

type fcached struct {
	f     []float32
	comps int
}

type ucached struct {
	u     []uint32
	comps int
}

// floatsN decodes accessor ai and checks it has want components and, when
// count >= 0, count elements.
func (l *loader) floatsN(ai, want, count int) ([]float32, error) {
	f, comps, err := l.floats(ai)
	if err != nil {
		return nil, err
	}
	if comps != want {
		return nil, fmt.Errorf("accessor %d: %d components, want %d", ai, comps, want)
	}
	if count >= 0 && len(f)/comps != count {
		return nil, fmt.Errorf("accessor %d: count %d, want %d", ai, len(f)/comps, count)
	}
	return f, nil
}

// The vec views below alias the flat slices (no copy).

func vec2s(f []float32) [][2]float32 {
	if len(f) < 2 {
		return nil
	}
	return unsafe.Slice((*[2]float32)(unsafe.Pointer(&f[0])), len(f)/2)
}

func vec3s(f []float32) [][3]float32 {
	if len(f) < 3 {
		return nil
	}
	return unsafe.Slice((*[3]float32)(unsafe.Pointer(&f[0])), len(f)/3)
}

func vec4s(f []float32) [][4]float32 {
	if len(f) < 4 {
		return nil
	}
	return unsafe.Slice((*[4]float32)(unsafe.Pointer(&f[0])), len(f)/4)
}
