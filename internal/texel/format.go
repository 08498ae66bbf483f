package texel

import "fmt"

// PixelFormat is a Metal pixel format. The numeric values are those of
// MTLPixelFormat, so a value can be passed straight from Metal-shaped host
// code.
//
// Byte and bit layouts: array formats store components in name order at
// increasing addresses (BGRA8: B first), little-endian. Packed formats name
// their fields from the least significant bit: B5G6R5 is B 0–4, G 5–10,
// R 11–15; A1BGR5 is A 0, B 1–5, G 6–10, R 11–15; ABGR4 is A 0–3, B 4–7,
// G 8–11, R 12–15; BGR5A1 is B 0–4, G 5–9, R 10–14, A 15; RGB10A2 is R 0–9,
// G 10–19, B 20–29, A 30–31; BGR10A2 swaps R and B; RG11B10Float is R 0–10,
// G 11–21, B 22–31; RGB9E5Float is R 0–8, G 9–17, B 18–26, exponent 27–31.
// (MoltenVK's Vulkan→Metal format table agrees: it maps
// VK_FORMAT_R5G6B5_UNORM_PACK16 to B5G6R5Unorm, R5G5B5A1 to A1BGR5Unorm,
// A1R5G5B5 to BGR5A1Unorm, R4G4B4A4 to ABGR4Unorm, A2B10G10R10 to
// RGB10A2Unorm, noting "Vulkan packed is reversed".) Metal does not expose
// the layout of Depth24Unorm_Stencil8 (depth in bits 0–23, stencil 24–31
// here) or Depth32Float_Stencil8 (float depth, then the stencil byte, then 3
// padding bytes here).
type PixelFormat uint16

// Pixel formats (MTLPixelFormat raw values).
const (
	Invalid PixelFormat = 0

	A8Unorm PixelFormat = 1

	R8Unorm      PixelFormat = 10
	R8Unorm_sRGB PixelFormat = 11
	R8Snorm      PixelFormat = 12
	R8Uint       PixelFormat = 13
	R8Sint       PixelFormat = 14

	R16Unorm PixelFormat = 20
	R16Snorm PixelFormat = 22
	R16Uint  PixelFormat = 23
	R16Sint  PixelFormat = 24
	R16Float PixelFormat = 25

	RG8Unorm      PixelFormat = 30
	RG8Unorm_sRGB PixelFormat = 31
	RG8Snorm      PixelFormat = 32
	RG8Uint       PixelFormat = 33
	RG8Sint       PixelFormat = 34

	B5G6R5Unorm PixelFormat = 40
	A1BGR5Unorm PixelFormat = 41
	ABGR4Unorm  PixelFormat = 42
	BGR5A1Unorm PixelFormat = 43

	R32Uint  PixelFormat = 53
	R32Sint  PixelFormat = 54
	R32Float PixelFormat = 55

	RG16Unorm PixelFormat = 60
	RG16Snorm PixelFormat = 62
	RG16Uint  PixelFormat = 63
	RG16Sint  PixelFormat = 64
	RG16Float PixelFormat = 65

	RGBA8Unorm      PixelFormat = 70
	RGBA8Unorm_sRGB PixelFormat = 71
	RGBA8Snorm      PixelFormat = 72
	RGBA8Uint       PixelFormat = 73
	RGBA8Sint       PixelFormat = 74

	BGRA8Unorm      PixelFormat = 80
	BGRA8Unorm_sRGB PixelFormat = 81

	RGB10A2Unorm PixelFormat = 90
	RGB10A2Uint  PixelFormat = 91
	RG11B10Float PixelFormat = 92
	RGB9E5Float  PixelFormat = 93
	BGR10A2Unorm PixelFormat = 94

	RG32Uint  PixelFormat = 103
	RG32Sint  PixelFormat = 104
	RG32Float PixelFormat = 105

	RGBA16Unorm PixelFormat = 110
	RGBA16Snorm PixelFormat = 112
	RGBA16Uint  PixelFormat = 113
	RGBA16Sint  PixelFormat = 114
	RGBA16Float PixelFormat = 115

	RGBA32Uint  PixelFormat = 123
	RGBA32Sint  PixelFormat = 124
	RGBA32Float PixelFormat = 125

	Depth16Unorm          PixelFormat = 250
	Depth32Float          PixelFormat = 252
	Stencil8              PixelFormat = 253
	Depth24Unorm_Stencil8 PixelFormat = 255
	Depth32Float_Stencil8 PixelFormat = 260
	X32_Stencil8          PixelFormat = 261
	X24_Stencil8          PixelFormat = 262
)

// Kind is how a format's components are stored and what type reads return.
type Kind uint8

// Component kinds.
const (
	KindNone  Kind = iota // invalid format
	KindFloat             // IEEE float (16, 32 bits) or small unsigned floats; reads return float
	KindUnorm             // unsigned normalized; reads return float in [0,1]
	KindSnorm             // signed normalized; reads return float in [-1,1]
	KindUint              // unsigned integer; reads return uint
	KindSint              // signed integer; reads return int
)

// String returns the kind's name.
func (k Kind) String() string {
	switch k {
	case KindFloat:
		return "float"
	case KindUnorm:
		return "unorm"
	case KindSnorm:
		return "snorm"
	case KindUint:
		return "uint"
	case KindSint:
		return "sint"
	}
	return "none"
}

// IsInteger reports whether reads of this kind return integers.
func (k Kind) IsInteger() bool { return k == KindUint || k == KindSint }

// FormatInfo describes one pixel format.
type FormatInfo struct {
	Name          string // Metal spelling without the MTLPixelFormat prefix
	BytesPerPixel int    // bytes of one texel (one sample)
	Channels      int    // components present in the format (A8Unorm: 1)
	Kind          Kind   // component kind of what reads return (stencil views: uint)
	SRGB          bool   // RGB stored sRGB-encoded
	Alpha         bool   // the format stores an alpha component
	Depth         bool   // the format has a depth component
	Stencil       bool   // the format has a stencil component
	Packed        bool   // components are bit fields of one 16- or 32-bit word
}

var formatTable = map[PixelFormat]FormatInfo{
	A8Unorm: {Name: "A8Unorm", BytesPerPixel: 1, Channels: 1, Kind: KindUnorm, Alpha: true},

	R8Unorm:      {Name: "R8Unorm", BytesPerPixel: 1, Channels: 1, Kind: KindUnorm},
	R8Unorm_sRGB: {Name: "R8Unorm_sRGB", BytesPerPixel: 1, Channels: 1, Kind: KindUnorm, SRGB: true},
	R8Snorm:      {Name: "R8Snorm", BytesPerPixel: 1, Channels: 1, Kind: KindSnorm},
	R8Uint:       {Name: "R8Uint", BytesPerPixel: 1, Channels: 1, Kind: KindUint},
	R8Sint:       {Name: "R8Sint", BytesPerPixel: 1, Channels: 1, Kind: KindSint},

	R16Unorm: {Name: "R16Unorm", BytesPerPixel: 2, Channels: 1, Kind: KindUnorm},
	R16Snorm: {Name: "R16Snorm", BytesPerPixel: 2, Channels: 1, Kind: KindSnorm},
	R16Uint:  {Name: "R16Uint", BytesPerPixel: 2, Channels: 1, Kind: KindUint},
	R16Sint:  {Name: "R16Sint", BytesPerPixel: 2, Channels: 1, Kind: KindSint},
	R16Float: {Name: "R16Float", BytesPerPixel: 2, Channels: 1, Kind: KindFloat},

	RG8Unorm:      {Name: "RG8Unorm", BytesPerPixel: 2, Channels: 2, Kind: KindUnorm},
	RG8Unorm_sRGB: {Name: "RG8Unorm_sRGB", BytesPerPixel: 2, Channels: 2, Kind: KindUnorm, SRGB: true},
	RG8Snorm:      {Name: "RG8Snorm", BytesPerPixel: 2, Channels: 2, Kind: KindSnorm},
	RG8Uint:       {Name: "RG8Uint", BytesPerPixel: 2, Channels: 2, Kind: KindUint},
	RG8Sint:       {Name: "RG8Sint", BytesPerPixel: 2, Channels: 2, Kind: KindSint},

	B5G6R5Unorm: {Name: "B5G6R5Unorm", BytesPerPixel: 2, Channels: 3, Kind: KindUnorm, Packed: true},
	A1BGR5Unorm: {Name: "A1BGR5Unorm", BytesPerPixel: 2, Channels: 4, Kind: KindUnorm, Alpha: true, Packed: true},
	ABGR4Unorm:  {Name: "ABGR4Unorm", BytesPerPixel: 2, Channels: 4, Kind: KindUnorm, Alpha: true, Packed: true},
	BGR5A1Unorm: {Name: "BGR5A1Unorm", BytesPerPixel: 2, Channels: 4, Kind: KindUnorm, Alpha: true, Packed: true},

	R32Uint:  {Name: "R32Uint", BytesPerPixel: 4, Channels: 1, Kind: KindUint},
	R32Sint:  {Name: "R32Sint", BytesPerPixel: 4, Channels: 1, Kind: KindSint},
	R32Float: {Name: "R32Float", BytesPerPixel: 4, Channels: 1, Kind: KindFloat},

	RG16Unorm: {Name: "RG16Unorm", BytesPerPixel: 4, Channels: 2, Kind: KindUnorm},
	RG16Snorm: {Name: "RG16Snorm", BytesPerPixel: 4, Channels: 2, Kind: KindSnorm},
	RG16Uint:  {Name: "RG16Uint", BytesPerPixel: 4, Channels: 2, Kind: KindUint},
	RG16Sint:  {Name: "RG16Sint", BytesPerPixel: 4, Channels: 2, Kind: KindSint},
	RG16Float: {Name: "RG16Float", BytesPerPixel: 4, Channels: 2, Kind: KindFloat},

	RGBA8Unorm:      {Name: "RGBA8Unorm", BytesPerPixel: 4, Channels: 4, Kind: KindUnorm, Alpha: true},
	RGBA8Unorm_sRGB: {Name: "RGBA8Unorm_sRGB", BytesPerPixel: 4, Channels: 4, Kind: KindUnorm, SRGB: true, Alpha: true},
	RGBA8Snorm:      {Name: "RGBA8Snorm", BytesPerPixel: 4, Channels: 4, Kind: KindSnorm, Alpha: true},
	RGBA8Uint:       {Name: "RGBA8Uint", BytesPerPixel: 4, Channels: 4, Kind: KindUint, Alpha: true},
	RGBA8Sint:       {Name: "RGBA8Sint", BytesPerPixel: 4, Channels: 4, Kind: KindSint, Alpha: true},

	BGRA8Unorm:      {Name: "BGRA8Unorm", BytesPerPixel: 4, Channels: 4, Kind: KindUnorm, Alpha: true},
	BGRA8Unorm_sRGB: {Name: "BGRA8Unorm_sRGB", BytesPerPixel: 4, Channels: 4, Kind: KindUnorm, SRGB: true, Alpha: true},

	RGB10A2Unorm: {Name: "RGB10A2Unorm", BytesPerPixel: 4, Channels: 4, Kind: KindUnorm, Alpha: true, Packed: true},
	RGB10A2Uint:  {Name: "RGB10A2Uint", BytesPerPixel: 4, Channels: 4, Kind: KindUint, Alpha: true, Packed: true},
	RG11B10Float: {Name: "RG11B10Float", BytesPerPixel: 4, Channels: 3, Kind: KindFloat, Packed: true},
	RGB9E5Float:  {Name: "RGB9E5Float", BytesPerPixel: 4, Channels: 3, Kind: KindFloat, Packed: true},
	BGR10A2Unorm: {Name: "BGR10A2Unorm", BytesPerPixel: 4, Channels: 4, Kind: KindUnorm, Alpha: true, Packed: true},

	RG32Uint:  {Name: "RG32Uint", BytesPerPixel: 8, Channels: 2, Kind: KindUint},
	RG32Sint:  {Name: "RG32Sint", BytesPerPixel: 8, Channels: 2, Kind: KindSint},
	RG32Float: {Name: "RG32Float", BytesPerPixel: 8, Channels: 2, Kind: KindFloat},

	RGBA16Unorm: {Name: "RGBA16Unorm", BytesPerPixel: 8, Channels: 4, Kind: KindUnorm, Alpha: true},
	RGBA16Snorm: {Name: "RGBA16Snorm", BytesPerPixel: 8, Channels: 4, Kind: KindSnorm, Alpha: true},
	RGBA16Uint:  {Name: "RGBA16Uint", BytesPerPixel: 8, Channels: 4, Kind: KindUint, Alpha: true},
	RGBA16Sint:  {Name: "RGBA16Sint", BytesPerPixel: 8, Channels: 4, Kind: KindSint, Alpha: true},
	RGBA16Float: {Name: "RGBA16Float", BytesPerPixel: 8, Channels: 4, Kind: KindFloat, Alpha: true},

	RGBA32Uint:  {Name: "RGBA32Uint", BytesPerPixel: 16, Channels: 4, Kind: KindUint, Alpha: true},
	RGBA32Sint:  {Name: "RGBA32Sint", BytesPerPixel: 16, Channels: 4, Kind: KindSint, Alpha: true},
	RGBA32Float: {Name: "RGBA32Float", BytesPerPixel: 16, Channels: 4, Kind: KindFloat, Alpha: true},

	Depth16Unorm:          {Name: "Depth16Unorm", BytesPerPixel: 2, Channels: 1, Kind: KindUnorm, Depth: true},
	Depth32Float:          {Name: "Depth32Float", BytesPerPixel: 4, Channels: 1, Kind: KindFloat, Depth: true},
	Stencil8:              {Name: "Stencil8", BytesPerPixel: 1, Channels: 1, Kind: KindUint, Stencil: true},
	Depth24Unorm_Stencil8: {Name: "Depth24Unorm_Stencil8", BytesPerPixel: 4, Channels: 1, Kind: KindUnorm, Depth: true, Stencil: true, Packed: true},
	Depth32Float_Stencil8: {Name: "Depth32Float_Stencil8", BytesPerPixel: 8, Channels: 1, Kind: KindFloat, Depth: true, Stencil: true},
	X32_Stencil8:          {Name: "X32_Stencil8", BytesPerPixel: 8, Channels: 1, Kind: KindUint, Stencil: true},
	X24_Stencil8:          {Name: "X24_Stencil8", BytesPerPixel: 4, Channels: 1, Kind: KindUint, Stencil: true, Packed: true},
}

// infoArr is formatTable as a dense array for hot lookups.
var infoArr [263]FormatInfo

func init() {
	for f, fi := range formatTable {
		infoArr[f] = fi
	}
}

// Info returns the format's description; ok is false for unknown formats.
func (f PixelFormat) Info() (info FormatInfo, ok bool) {
	if int(f) >= len(infoArr) || infoArr[f].BytesPerPixel == 0 {
		return FormatInfo{}, false
	}
	return infoArr[f], true
}

func (f PixelFormat) info() *FormatInfo {
	if int(f) >= len(infoArr) {
		return &infoArr[0]
	}
	return &infoArr[f]
}

// Valid reports whether f is a known pixel format.
func (f PixelFormat) Valid() bool { return f.info().BytesPerPixel != 0 }

// BytesPerPixel returns the size of one texel, 0 for unknown formats.
func (f PixelFormat) BytesPerPixel() int { return f.info().BytesPerPixel }

// Kind returns the component kind of what reads return.
func (f PixelFormat) Kind() Kind { return f.info().Kind }

// IsSRGB reports whether RGB is stored sRGB-encoded.
func (f PixelFormat) IsSRGB() bool { return f.info().SRGB }

// IsDepth reports whether the format has a depth component.
func (f PixelFormat) IsDepth() bool { return f.info().Depth }

// IsStencil reports whether the format has a stencil component.
func (f PixelFormat) IsStencil() bool { return f.info().Stencil }

// HasAlpha reports whether the format stores alpha.
func (f PixelFormat) HasAlpha() bool { return f.info().Alpha }

// String returns the Metal name of the format, or PixelFormat(n) if unknown.
func (f PixelFormat) String() string {
	if fi, ok := f.Info(); ok {
		return fi.Name
	}
	return fmt.Sprintf("PixelFormat(%d)", uint16(f))
}

// Formats returns every known pixel format in ascending numeric order.
func Formats() []PixelFormat {
	var out []PixelFormat
	for i := range infoArr {
		if infoArr[i].BytesPerPixel != 0 {
			out = append(out, PixelFormat(i))
		}
	}
	return out
}

// ParseFormat returns the format with the given Metal name ("RGBA8Unorm",
// also accepting the "MTLPixelFormat" prefix).
func ParseFormat(name string) (PixelFormat, error) {
	const prefix = "MTLPixelFormat"
	if len(name) > len(prefix) && name[:len(prefix)] == prefix {
		name = name[len(prefix):]
	}
	for i := range infoArr {
		if infoArr[i].BytesPerPixel != 0 && infoArr[i].Name == name {
			return PixelFormat(i), nil
		}
	}
	return Invalid, fmt.Errorf("texel: unknown pixel format %q", name)
}
