package texel

import (
	"errors"
	"fmt"
	"math/bits"
)

// TextureType is a Metal texture type (MTLTextureType raw values).
type TextureType uint8

// Texture types.
const (
	Type1D                 TextureType = 0
	Type1DArray            TextureType = 1
	Type2D                 TextureType = 2
	Type2DArray            TextureType = 3
	Type2DMultisample      TextureType = 4
	TypeCube               TextureType = 5
	TypeCubeArray          TextureType = 6
	Type3D                 TextureType = 7
	Type2DMultisampleArray TextureType = 8
	TypeTextureBuffer      TextureType = 9
)

var typeNames = [...]string{"1D", "1DArray", "2D", "2DArray", "2DMultisample", "Cube", "CubeArray", "3D", "2DMultisampleArray", "TextureBuffer"}

// String returns the Metal name of the type (without the MTLTextureType prefix).
func (t TextureType) String() string {
	if int(t) < len(typeNames) {
		return typeNames[t]
	}
	return fmt.Sprintf("TextureType(%d)", uint8(t))
}

// IsArray reports whether the type has array slices.
func (t TextureType) IsArray() bool {
	return t == Type1DArray || t == Type2DArray || t == TypeCubeArray || t == Type2DMultisampleArray
}

// IsCube reports whether the type is a cube or cube array.
func (t TextureType) IsCube() bool { return t == TypeCube || t == TypeCubeArray }

// IsMultisample reports whether the type is a multisample type.
func (t TextureType) IsMultisample() bool {
	return t == Type2DMultisample || t == Type2DMultisampleArray
}

// Dims returns the number of coordinate dimensions of one slice: 1 for 1D
// and texture buffers, 3 for 3D, 2 otherwise.
func (t TextureType) Dims() int {
	switch t {
	case Type1D, Type1DArray, TypeTextureBuffer:
		return 1
	case Type3D:
		return 3
	}
	return 2
}

// Usage is a set of MTLTextureUsage bits. The texel package records it; the
// engine enforces it.
type Usage uint32

// Usage bits (MTLTextureUsage raw values).
const (
	UsageUnknown         Usage = 0
	UsageShaderRead      Usage = 1
	UsageShaderWrite     Usage = 2
	UsageRenderTarget    Usage = 4
	UsagePixelFormatView Usage = 0x10
	UsageShaderAtomic    Usage = 0x20
)

// Limits enforced by Validate (Apple-family GPU limits).
const (
	MaxDimension2D      = 16384   // 1D, 2D and cube width/height
	MaxDimension3D      = 2048    // each 3D dimension
	MaxArrayLength      = 2048    // array slices (cubes for cube arrays)
	MaxTextureBufferLen = 1 << 28 // texels of a texture buffer
	MaxTextureBytes     = 1 << 33 // total storage of one texture
)

// Descriptor describes a texture, as MTLTextureDescriptor. Zero values of
// Height, Depth, MipmapLevelCount, ArrayLength and SampleCount mean 1
// (Metal's defaults).
type Descriptor struct {
	TextureType      TextureType
	PixelFormat      PixelFormat
	Width            int
	Height           int
	Depth            int
	MipmapLevelCount int
	ArrayLength      int
	SampleCount      int
	Usage            Usage
	// StorageMode is MTLStorageMode; texel ignores it (the engine refuses
	// CPU and shader access to memoryless textures).
	StorageMode StorageMode
}

// StorageMode is where a texture's memory lives (MTLStorageMode raw values).
type StorageMode uint8

// Storage modes.
const (
	StorageShared StorageMode = iota
	StorageManaged
	StoragePrivate
	StorageMemoryless
)

// Texture2DDescriptor returns a 2D descriptor, with a full mip chain when
// mipmapped (as MTLTextureDescriptor's convenience constructor).
func Texture2DDescriptor(f PixelFormat, width, height int, mipmapped bool) Descriptor {
	d := Descriptor{TextureType: Type2D, PixelFormat: f, Width: width, Height: height, Usage: UsageShaderRead}
	if mipmapped {
		d.MipmapLevelCount = MaxMipLevels(width, height, 1)
	}
	return d
}

// TextureCubeDescriptor returns a cube descriptor with faces of size×size.
func TextureCubeDescriptor(f PixelFormat, size int, mipmapped bool) Descriptor {
	d := Descriptor{TextureType: TypeCube, PixelFormat: f, Width: size, Height: size, Usage: UsageShaderRead}
	if mipmapped {
		d.MipmapLevelCount = MaxMipLevels(size, size, 1)
	}
	return d
}

// TextureBufferDescriptor returns a texture-buffer descriptor of width texels.
func TextureBufferDescriptor(f PixelFormat, width int) Descriptor {
	return Descriptor{TextureType: TypeTextureBuffer, PixelFormat: f, Width: width, Usage: UsageShaderRead}
}

// MaxMipLevels returns floor(log2(max(w,h,d)))+1.
func MaxMipLevels(w, h, d int) int {
	m := max(w, h, d, 1)
	return bits.Len(uint(m))
}

// ErrDescriptor is wrapped by every descriptor validation error.
var ErrDescriptor = errors.New("texture descriptor")

func descErr(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrDescriptor, fmt.Sprintf(format, args...))
}

// normalized returns d with Metal's defaults filled in for zero fields.
func (d Descriptor) normalized() Descriptor {
	one := func(p *int) {
		if *p == 0 {
			*p = 1
		}
	}
	one(&d.Height)
	one(&d.Depth)
	one(&d.MipmapLevelCount)
	one(&d.ArrayLength)
	one(&d.SampleCount)
	return d
}

func (d Descriptor) sizeString() string {
	switch d.TextureType.Dims() {
	case 1:
		return fmt.Sprint(d.Width)
	case 3:
		return fmt.Sprintf("%dx%dx%d", d.Width, d.Height, d.Depth)
	}
	return fmt.Sprintf("%dx%d", d.Width, d.Height)
}

// Validate checks d as Metal does, returning an error naming the field.
func (d Descriptor) Validate() error {
	d = d.normalized()
	t := d.TextureType
	if int(t) >= len(typeNames) {
		return descErr("TextureType %d is not a texture type", uint8(t))
	}
	fi, ok := d.PixelFormat.Info()
	if !ok {
		return descErr("PixelFormat %d is not a pixel format", uint16(d.PixelFormat))
	}
	for _, f := range []struct {
		name string
		v    int
	}{{"Width", d.Width}, {"Height", d.Height}, {"Depth", d.Depth}, {"MipmapLevelCount", d.MipmapLevelCount},
		{"ArrayLength", d.ArrayLength}, {"SampleCount", d.SampleCount}} {
		if f.v < 1 {
			return descErr("%s %d must be at least 1", f.name, f.v)
		}
	}
	maxDim := MaxDimension2D
	switch t {
	case Type3D:
		maxDim = MaxDimension3D
	case TypeTextureBuffer:
		maxDim = MaxTextureBufferLen
	}
	if d.Width > maxDim {
		return descErr("Width %d exceeds %d for %v", d.Width, maxDim, t)
	}
	if d.Height > maxDim {
		return descErr("Height %d exceeds %d for %v", d.Height, maxDim, t)
	}
	if d.Depth > maxDim {
		return descErr("Depth %d exceeds %d for %v", d.Depth, maxDim, t)
	}
	switch t.Dims() {
	case 1:
		if d.Height != 1 {
			return descErr("Height %d must be 1 for %v", d.Height, t)
		}
		fallthrough
	case 2:
		if d.Depth != 1 {
			return descErr("Depth %d must be 1 for %v", d.Depth, t)
		}
	}
	if t.IsCube() && d.Width != d.Height {
		return descErr("Width %d and Height %d must be equal for %v", d.Width, d.Height, t)
	}
	if !t.IsArray() && d.ArrayLength != 1 {
		return descErr("ArrayLength %d must be 1 for %v", d.ArrayLength, t)
	}
	if d.ArrayLength > MaxArrayLength {
		return descErr("ArrayLength %d exceeds %d", d.ArrayLength, MaxArrayLength)
	}
	if t.IsMultisample() {
		switch d.SampleCount {
		case 1, 2, 4, 8:
		default:
			return descErr("SampleCount %d must be 1, 2, 4 or 8", d.SampleCount)
		}
		if d.MipmapLevelCount != 1 {
			return descErr("MipmapLevelCount %d must be 1 for %v", d.MipmapLevelCount, t)
		}
	} else if d.SampleCount != 1 {
		return descErr("SampleCount %d must be 1 for %v", d.SampleCount, t)
	}
	if t == TypeTextureBuffer {
		if d.MipmapLevelCount != 1 {
			return descErr("MipmapLevelCount %d must be 1 for %v", d.MipmapLevelCount, t)
		}
		if fi.Depth || fi.Stencil {
			return descErr("PixelFormat %v cannot be used for %v", d.PixelFormat, t)
		}
	}
	if (fi.Depth || fi.Stencil) && (t == Type1D || t == Type1DArray || t == Type3D) {
		return descErr("PixelFormat %v cannot be used for %v", d.PixelFormat, t)
	}
	dd := d.Depth
	if t != Type3D {
		dd = 1
	}
	if lim := MaxMipLevels(d.Width, d.Height, dd); d.MipmapLevelCount > lim {
		return descErr("MipmapLevelCount %d exceeds %d for %s", d.MipmapLevelCount, lim, d.sizeString())
	}
	if size := storageSize(d, fi.BytesPerPixel); size > MaxTextureBytes {
		return descErr("storage of %d bytes exceeds %d (%v %s, %d slices, %d levels)", size, int64(MaxTextureBytes),
			d.PixelFormat, d.sizeString(), d.ArrayLength, d.MipmapLevelCount)
	}
	return nil
}

// slicesOf returns the number of 2D/1D slices (array layers × cube faces).
func slicesOf(d Descriptor) int {
	n := d.ArrayLength
	if d.TextureType.IsCube() {
		n *= 6
	}
	return n
}

// storageSize computes the byte size without overflow (dimensions are
// already bounded when called from Validate).
func storageSize(d Descriptor, bpp int) int64 {
	var per int64
	for l := 0; l < d.MipmapLevelCount; l++ {
		w, h, dd := max(1, d.Width>>l), max(1, d.Height>>l), max(1, d.Depth>>l)
		if d.TextureType != Type3D {
			dd = 1
		}
		per += int64(w) * int64(h) * int64(dd) * int64(bpp) * int64(d.SampleCount)
	}
	return per * int64(slicesOf(d))
}
