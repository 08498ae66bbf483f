package texel

import (
	"errors"
	"fmt"
)

// level is the layout of one mip level inside one slice.
type level struct {
	w, h, d int // size in texels
	row     int // bytes per row (all samples of a row)
	image   int // bytes per 2D image (row*h)
	off     int // byte offset of the level inside its slice
}

// Texture is texel storage: for each slice (array layer × cube face), its
// mip levels one after another, each level rows of texels (all samples of
// a texel adjacent), 3D levels image after image. Methods never panic on bad
// coordinates; concurrent reads are safe, concurrent writes to the same
// texel race as on a GPU.
type Texture struct {
	desc        Descriptor
	format      PixelFormat
	bpp         int
	samples     int
	slices      int
	levels      []level
	sliceStride int
	data        []byte
}

// New validates d and allocates zeroed storage.
func New(d Descriptor) (*Texture, error) {
	return newTexture(d, nil, 0)
}

// NewView validates d and makes a texture whose storage is data (no copy),
// as MTLBuffer.newTexture does; bytesPerRow of 0 means tightly packed.
// A custom bytesPerRow is allowed only for single-level, single-slice 1D,
// 2D and texture-buffer textures.
func NewView(d Descriptor, data []byte, bytesPerRow int) (*Texture, error) {
	if data == nil {
		data = []byte{}
	}
	return newTexture(d, data, bytesPerRow)
}

func newTexture(d Descriptor, data []byte, bytesPerRow int) (*Texture, error) {
	if err := d.Validate(); err != nil {
		return nil, err
	}
	d = d.normalized()
	t := &Texture{desc: d, format: d.PixelFormat, bpp: d.PixelFormat.BytesPerPixel(), samples: d.SampleCount, slices: slicesOf(d)}
	off := 0
	for l := range d.MipmapLevelCount {
		lv := level{w: max(1, d.Width>>l), h: max(1, d.Height>>l), d: 1, off: off}
		if d.TextureType == Type3D {
			lv.d = max(1, d.Depth>>l)
		}
		lv.row = lv.w * t.bpp * t.samples
		lv.image = lv.row * lv.h
		off += lv.image * lv.d
		t.levels = append(t.levels, lv)
	}
	t.sliceStride = off
	if bytesPerRow != 0 {
		lv := &t.levels[0]
		switch {
		case d.MipmapLevelCount != 1 || t.slices != 1 || t.desc.TextureType.IsMultisample() || d.TextureType == Type3D:
			return nil, fmt.Errorf("%w: bytesPerRow %d needs a single-level, single-slice 1D or 2D texture", ErrDescriptor, bytesPerRow)
		case bytesPerRow < lv.row:
			return nil, fmt.Errorf("%w: bytesPerRow %d is less than %d for width %d", ErrDescriptor, bytesPerRow, lv.row, lv.w)
		}
		lv.row = bytesPerRow
		lv.image = bytesPerRow*(lv.h-1) + lv.w*t.bpp
		t.sliceStride = lv.image
	}
	size := t.sliceStride * t.slices
	if data == nil {
		t.data = make([]byte, size)
	} else {
		if len(data) < size {
			return nil, fmt.Errorf("%w: storage of %d bytes is smaller than the %d the texture needs", ErrDescriptor, len(data), size)
		}
		t.data = data[:size:size]
	}
	return t, nil
}

// Descriptor returns the texture's descriptor with defaults filled in.
func (t *Texture) Descriptor() Descriptor { return t.desc }

// Type returns the texture type.
func (t *Texture) Type() TextureType { return t.desc.TextureType }

// Format returns the pixel format.
func (t *Texture) Format() PixelFormat { return t.format }

// Usage returns the usage flags.
func (t *Texture) Usage() Usage { return t.desc.Usage }

// Width returns the width of mip level lod (0 if lod is out of range), as
// get_width(lod).
func (t *Texture) Width(lod int) int {
	if lod < 0 || lod >= len(t.levels) {
		return 0
	}
	return t.levels[lod].w
}

// Height returns the height of mip level lod (0 if out of range).
func (t *Texture) Height(lod int) int {
	if lod < 0 || lod >= len(t.levels) {
		return 0
	}
	return t.levels[lod].h
}

// Depth returns the depth of mip level lod (1 for non-3D, 0 if out of range).
func (t *Texture) Depth(lod int) int {
	if lod < 0 || lod >= len(t.levels) {
		return 0
	}
	return t.levels[lod].d
}

// MipLevels returns the number of mip levels (get_num_mip_levels).
func (t *Texture) MipLevels() int { return len(t.levels) }

// ArrayLength returns the array length in layers (cubes for cube arrays;
// get_array_size).
func (t *Texture) ArrayLength() int { return t.desc.ArrayLength }

// SampleCount returns the samples per texel (get_num_samples).
func (t *Texture) SampleCount() int { return t.samples }

// Slices returns the number of stored slices: array layers × 6 for cubes.
func (t *Texture) Slices() int { return t.slices }

// Data returns the texture's storage (see Texture for the layout); the
// rasterizer may write render targets through it.
func (t *Texture) Data() []byte { return t.data }

// Size returns the storage size in bytes.
func (t *Texture) Size() int { return len(t.data) }

// LevelLayout returns the byte offset of (slice, level) in Data and that
// level's bytes per row and per 2D image.
func (t *Texture) LevelLayout(slice, lod int) (offset, bytesPerRow, bytesPerImage int, err error) {
	if lod < 0 || lod >= len(t.levels) {
		return 0, 0, 0, fmt.Errorf("%w: level %d of %d", ErrOutOfBounds, lod, len(t.levels))
	}
	if slice < 0 || slice >= t.slices {
		return 0, 0, 0, fmt.Errorf("%w: slice %d of %d", ErrOutOfBounds, slice, t.slices)
	}
	lv := &t.levels[lod]
	return slice*t.sliceStride + lv.off, lv.row, lv.image, nil
}

// ErrOutOfBounds is wrapped by errors about coordinates, levels, slices or
// samples outside the texture.
var ErrOutOfBounds = errors.New("texel: out of bounds")

// ErrFormatKind is wrapped by errors about reading or writing a format with
// the wrong value type (float on an integer format, etc.).
var ErrFormatKind = errors.New("texel: value type does not match pixel format")

// Loc addresses one texel. Slice is the array layer, the cube face (0 +X,
// 1 −X, 2 +Y, 3 −Y, 4 +Z, 5 −Z) or layer·6+face for cube arrays.
type Loc struct {
	X, Y, Z uint32
	Slice   uint32
	Level   uint32
	Sample  uint32
}

// CubeSlice returns the slice index of a face of a cube-array layer.
func CubeSlice(face, layer int) uint32 { return uint32(layer*6 + face) }

// Offset returns the byte offset of the texel at l in Data, or false when l
// is outside the texture.
func (t *Texture) Offset(l Loc) (int, bool) {
	if int(l.Level) >= len(t.levels) || int(l.Slice) >= t.slices || int(l.Sample) >= t.samples {
		return 0, false
	}
	lv := &t.levels[l.Level]
	if int(l.X) >= lv.w || int(l.Y) >= lv.h || int(l.Z) >= lv.d {
		return 0, false
	}
	return int(l.Slice)*t.sliceStride + lv.off + int(l.Z)*lv.image + int(l.Y)*lv.row + (int(l.X)*t.samples+int(l.Sample))*t.bpp, true
}

// oobFloat returns what an out-of-bounds read gives: 0 for components the
// format has, the default for the others (alpha 1 when the format has none).
func oobFloat(f PixelFormat) [4]float32 {
	if f.HasAlpha() {
		return [4]float32{}
	}
	return [4]float32{0, 0, 0, 1}
}

func oobInt(f PixelFormat) [4]uint32 {
	if f.HasAlpha() {
		return [4]uint32{}
	}
	return [4]uint32{0, 0, 0, 1}
}

func (t *Texture) locErr(l Loc) error {
	return fmt.Errorf("%w: texel (%d,%d,%d) slice %d level %d sample %d of %v %s texture", ErrOutOfBounds,
		l.X, l.Y, l.Z, l.Slice, l.Level, l.Sample, t.desc.TextureType, t.desc.sizeString())
}

// ReadFloat reads a texel of a float-like format. Out of bounds it returns
// Metal's out-of-bounds value and an error wrapping ErrOutOfBounds.
func (t *Texture) ReadFloat(l Loc) ([4]float32, error) {
	if !floatAccess(t.format) {
		return [4]float32{}, fmt.Errorf("%w: float read of %v", ErrFormatKind, t.format)
	}
	o, ok := t.Offset(l)
	if !ok {
		return oobFloat(t.format), t.locErr(l)
	}
	return decodeFloat(t.format, t.data[o:]), nil
}

// ReadInt reads a texel of a signed-integer format.
func (t *Texture) ReadInt(l Loc) ([4]int32, error) {
	if !intAccess(t.format, true) {
		return [4]int32{}, fmt.Errorf("%w: int read of %v", ErrFormatKind, t.format)
	}
	o, ok := t.Offset(l)
	var b [4]uint32
	var err error
	if ok {
		b = decodeInt(t.format, t.data[o:])
	} else {
		b, err = oobInt(t.format), t.locErr(l)
	}
	return [4]int32{int32(b[0]), int32(b[1]), int32(b[2]), int32(b[3])}, err
}

// ReadUint reads a texel of an unsigned-integer format (or the stencil of a
// stencil format).
func (t *Texture) ReadUint(l Loc) ([4]uint32, error) {
	if !intAccess(t.format, false) {
		return [4]uint32{}, fmt.Errorf("%w: uint read of %v", ErrFormatKind, t.format)
	}
	o, ok := t.Offset(l)
	if !ok {
		return oobInt(t.format), t.locErr(l)
	}
	return decodeInt(t.format, t.data[o:]), nil
}

// WriteFloat writes a texel of a float-like format; out-of-bounds writes
// are ignored and reported.
func (t *Texture) WriteFloat(l Loc, v [4]float32) error {
	if !floatAccess(t.format) {
		return fmt.Errorf("%w: float write of %v", ErrFormatKind, t.format)
	}
	o, ok := t.Offset(l)
	if !ok {
		return t.locErr(l)
	}
	encodeFloat(t.format, t.data[o:], v)
	return nil
}

// WriteInt writes a texel of a signed-integer format (saturating).
func (t *Texture) WriteInt(l Loc, v [4]int32) error {
	if !intAccess(t.format, true) {
		return fmt.Errorf("%w: int write of %v", ErrFormatKind, t.format)
	}
	o, ok := t.Offset(l)
	if !ok {
		return t.locErr(l)
	}
	encodeInt(t.format, t.data[o:], [4]uint32{uint32(v[0]), uint32(v[1]), uint32(v[2]), uint32(v[3])})
	return nil
}

// WriteUint writes a texel of an unsigned-integer format (or a stencil).
func (t *Texture) WriteUint(l Loc, v [4]uint32) error {
	if !intAccess(t.format, false) {
		return fmt.Errorf("%w: uint write of %v", ErrFormatKind, t.format)
	}
	o, ok := t.Offset(l)
	if !ok {
		return t.locErr(l)
	}
	encodeInt(t.format, t.data[o:], v)
	return nil
}
