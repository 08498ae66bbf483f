package texel

import (
	"encoding/binary"
	"fmt"
	"math"
)

var le = binary.LittleEndian

// defaultRGBA is what missing components read as: (0, 0, 0, 1).
var defaultRGBA = [4]float32{0, 0, 0, 1}

func u16(p []byte, i int) uint32 { return uint32(le.Uint16(p[2*i:])) }
func u32(p []byte, i int) uint32 { return le.Uint32(p[4*i:]) }

// decodeFloat decodes one texel of a float-like format (float, unorm,
// snorm, sRGB, depth) to float4, sRGB linearised, missing components
// defaulted. The caller guarantees len(p) >= BytesPerPixel and that f is not
// an integer format (integer formats decode to zero).
func decodeFloat(f PixelFormat, p []byte) [4]float32 {
	v := defaultRGBA
	switch f {
	case A8Unorm:
		v[3] = unorm8LUT[p[0]]
	case R8Unorm:
		v[0] = unorm8LUT[p[0]]
	case R8Unorm_sRGB:
		v[0] = srgb8LUT[p[0]]
	case R8Snorm:
		v[0] = snorm8LUT[p[0]]
	case RG8Unorm:
		v[0], v[1] = unorm8LUT[p[0]], unorm8LUT[p[1]]
	case RG8Unorm_sRGB:
		v[0], v[1] = srgb8LUT[p[0]], srgb8LUT[p[1]]
	case RG8Snorm:
		v[0], v[1] = snorm8LUT[p[0]], snorm8LUT[p[1]]
	case RGBA8Unorm:
		v = [4]float32{unorm8LUT[p[0]], unorm8LUT[p[1]], unorm8LUT[p[2]], unorm8LUT[p[3]]}
	case RGBA8Unorm_sRGB:
		v = [4]float32{srgb8LUT[p[0]], srgb8LUT[p[1]], srgb8LUT[p[2]], unorm8LUT[p[3]]}
	case RGBA8Snorm:
		v = [4]float32{snorm8LUT[p[0]], snorm8LUT[p[1]], snorm8LUT[p[2]], snorm8LUT[p[3]]}
	case BGRA8Unorm:
		v = [4]float32{unorm8LUT[p[2]], unorm8LUT[p[1]], unorm8LUT[p[0]], unorm8LUT[p[3]]}
	case BGRA8Unorm_sRGB:
		v = [4]float32{srgb8LUT[p[2]], srgb8LUT[p[1]], srgb8LUT[p[0]], unorm8LUT[p[3]]}
	case R16Unorm, Depth16Unorm:
		v[0] = unormToFloat(u16(p, 0), 65535)
	case RG16Unorm:
		v[0], v[1] = unormToFloat(u16(p, 0), 65535), unormToFloat(u16(p, 1), 65535)
	case RGBA16Unorm:
		for i := range 4 {
			v[i] = unormToFloat(u16(p, i), 65535)
		}
	case R16Snorm:
		v[0] = snormToFloat(int32(int16(u16(p, 0))), 32767)
	case RG16Snorm:
		v[0], v[1] = snormToFloat(int32(int16(u16(p, 0))), 32767), snormToFloat(int32(int16(u16(p, 1))), 32767)
	case RGBA16Snorm:
		for i := range 4 {
			v[i] = snormToFloat(int32(int16(u16(p, i))), 32767)
		}
	case R16Float:
		v[0] = halfToFloat(uint16(u16(p, 0)))
	case RG16Float:
		v[0], v[1] = halfToFloat(uint16(u16(p, 0))), halfToFloat(uint16(u16(p, 1)))
	case RGBA16Float:
		for i := range 4 {
			v[i] = halfToFloat(uint16(u16(p, i)))
		}
	case R32Float, Depth32Float, Depth32Float_Stencil8:
		v[0] = math.Float32frombits(u32(p, 0))
	case RG32Float:
		v[0], v[1] = math.Float32frombits(u32(p, 0)), math.Float32frombits(u32(p, 1))
	case RGBA32Float:
		for i := range 4 {
			v[i] = math.Float32frombits(u32(p, i))
		}
	case B5G6R5Unorm:
		w := u16(p, 0)
		v = [4]float32{unormToFloat(w>>11, 31), unormToFloat(w>>5&63, 63), unormToFloat(w&31, 31), 1}
	case A1BGR5Unorm:
		w := u16(p, 0)
		v = [4]float32{unormToFloat(w>>11&31, 31), unormToFloat(w>>6&31, 31), unormToFloat(w>>1&31, 31), float32(w & 1)}
	case ABGR4Unorm:
		w := u16(p, 0)
		v = [4]float32{unormToFloat(w>>12, 15), unormToFloat(w>>8&15, 15), unormToFloat(w>>4&15, 15), unormToFloat(w&15, 15)}
	case BGR5A1Unorm:
		w := u16(p, 0)
		v = [4]float32{unormToFloat(w>>10&31, 31), unormToFloat(w>>5&31, 31), unormToFloat(w&31, 31), float32(w >> 15 & 1)}
	case RGB10A2Unorm:
		w := u32(p, 0)
		v = [4]float32{unormToFloat(w&1023, 1023), unormToFloat(w>>10&1023, 1023), unormToFloat(w>>20&1023, 1023), unormToFloat(w>>30, 3)}
	case BGR10A2Unorm:
		w := u32(p, 0)
		v = [4]float32{unormToFloat(w>>20&1023, 1023), unormToFloat(w>>10&1023, 1023), unormToFloat(w&1023, 1023), unormToFloat(w>>30, 3)}
	case RG11B10Float:
		w := u32(p, 0)
		v = [4]float32{decodeUFloat(w&0x7ff, 6), decodeUFloat(w>>11&0x7ff, 6), decodeUFloat(w>>22, 5), 1}
	case RGB9E5Float:
		r, g, b := decodeRGB9E5(u32(p, 0))
		v = [4]float32{r, g, b, 1}
	case Depth24Unorm_Stencil8:
		v[0] = unormToFloat(u32(p, 0)&0xffffff, 0xffffff)
	default:
		v = [4]float32{}
	}
	return v
}

// decodeInt decodes one texel of an integer format (or the stencil of a
// stencil format) to four 32-bit integers as bit patterns: signed formats
// sign-extend, missing components read (0, 0, 0, 1).
func decodeInt(f PixelFormat, p []byte) [4]uint32 {
	v := [4]uint32{0, 0, 0, 1}
	switch f {
	case R8Uint, Stencil8:
		v[0] = uint32(p[0])
	case R8Sint:
		v[0] = uint32(int32(int8(p[0])))
	case RG8Uint:
		v[0], v[1] = uint32(p[0]), uint32(p[1])
	case RG8Sint:
		v[0], v[1] = uint32(int32(int8(p[0]))), uint32(int32(int8(p[1])))
	case RGBA8Uint:
		v = [4]uint32{uint32(p[0]), uint32(p[1]), uint32(p[2]), uint32(p[3])}
	case RGBA8Sint:
		for i := range 4 {
			v[i] = uint32(int32(int8(p[i])))
		}
	case R16Uint:
		v[0] = u16(p, 0)
	case R16Sint:
		v[0] = uint32(int32(int16(u16(p, 0))))
	case RG16Uint:
		v[0], v[1] = u16(p, 0), u16(p, 1)
	case RG16Sint:
		v[0], v[1] = uint32(int32(int16(u16(p, 0)))), uint32(int32(int16(u16(p, 1))))
	case RGBA16Uint:
		for i := range 4 {
			v[i] = u16(p, i)
		}
	case RGBA16Sint:
		for i := range 4 {
			v[i] = uint32(int32(int16(u16(p, i))))
		}
	case R32Uint, R32Sint:
		v[0] = u32(p, 0)
	case RG32Uint, RG32Sint:
		v[0], v[1] = u32(p, 0), u32(p, 1)
	case RGBA32Uint, RGBA32Sint:
		for i := range 4 {
			v[i] = u32(p, i)
		}
	case RGB10A2Uint:
		w := u32(p, 0)
		v = [4]uint32{w & 1023, w >> 10 & 1023, w >> 20 & 1023, w >> 30}
	case Depth24Unorm_Stencil8, X24_Stencil8:
		v[0] = uint32(p[3])
	case Depth32Float_Stencil8, X32_Stencil8:
		v[0] = uint32(p[4])
	default:
		v = [4]uint32{}
	}
	return v
}

func put16(p []byte, i int, v uint32) { le.PutUint16(p[2*i:], uint16(v)) }
func put32(p []byte, i int, v uint32) { le.PutUint32(p[4*i:], v) }

// encodeFloat encodes float4 into one texel of a float-like format
// following the spec's rules (unorm/snorm RTNE with clamping, sRGB, half
// RTNE). Combined depth/stencil formats keep their stencil bits.
func encodeFloat(f PixelFormat, p []byte, v [4]float32) {
	un8 := func(x float32) byte { return byte(floatToUnorm(x, 255)) }
	sn8 := func(x float32) byte { return byte(int8(floatToSnorm(x, 127))) }
	sr8 := func(x float32) byte { return byte(floatToSRGB8(x)) }
	un16 := func(x float32) uint32 { return floatToUnorm(x, 65535) }
	sn16 := func(x float32) uint32 { return uint32(uint16(int16(floatToSnorm(x, 32767)))) }
	h := func(x float32) uint32 { return uint32(floatToHalf(x)) }
	switch f {
	case A8Unorm:
		p[0] = un8(v[3])
	case R8Unorm:
		p[0] = un8(v[0])
	case R8Unorm_sRGB:
		p[0] = sr8(v[0])
	case R8Snorm:
		p[0] = sn8(v[0])
	case RG8Unorm:
		p[0], p[1] = un8(v[0]), un8(v[1])
	case RG8Unorm_sRGB:
		p[0], p[1] = sr8(v[0]), sr8(v[1])
	case RG8Snorm:
		p[0], p[1] = sn8(v[0]), sn8(v[1])
	case RGBA8Unorm:
		p[0], p[1], p[2], p[3] = un8(v[0]), un8(v[1]), un8(v[2]), un8(v[3])
	case RGBA8Unorm_sRGB:
		p[0], p[1], p[2], p[3] = sr8(v[0]), sr8(v[1]), sr8(v[2]), un8(v[3])
	case RGBA8Snorm:
		p[0], p[1], p[2], p[3] = sn8(v[0]), sn8(v[1]), sn8(v[2]), sn8(v[3])
	case BGRA8Unorm:
		p[0], p[1], p[2], p[3] = un8(v[2]), un8(v[1]), un8(v[0]), un8(v[3])
	case BGRA8Unorm_sRGB:
		p[0], p[1], p[2], p[3] = sr8(v[2]), sr8(v[1]), sr8(v[0]), un8(v[3])
	case R16Unorm, Depth16Unorm:
		put16(p, 0, un16(v[0]))
	case RG16Unorm:
		put16(p, 0, un16(v[0]))
		put16(p, 1, un16(v[1]))
	case RGBA16Unorm:
		for i := range 4 {
			put16(p, i, un16(v[i]))
		}
	case R16Snorm:
		put16(p, 0, sn16(v[0]))
	case RG16Snorm:
		put16(p, 0, sn16(v[0]))
		put16(p, 1, sn16(v[1]))
	case RGBA16Snorm:
		for i := range 4 {
			put16(p, i, sn16(v[i]))
		}
	case R16Float:
		put16(p, 0, h(v[0]))
	case RG16Float:
		put16(p, 0, h(v[0]))
		put16(p, 1, h(v[1]))
	case RGBA16Float:
		for i := range 4 {
			put16(p, i, h(v[i]))
		}
	case R32Float, Depth32Float, Depth32Float_Stencil8:
		put32(p, 0, math.Float32bits(v[0]))
	case RG32Float:
		put32(p, 0, math.Float32bits(v[0]))
		put32(p, 1, math.Float32bits(v[1]))
	case RGBA32Float:
		for i := range 4 {
			put32(p, i, math.Float32bits(v[i]))
		}
	case B5G6R5Unorm:
		put16(p, 0, floatToUnorm(v[0], 31)<<11|floatToUnorm(v[1], 63)<<5|floatToUnorm(v[2], 31))
	case A1BGR5Unorm:
		put16(p, 0, floatToUnorm(v[0], 31)<<11|floatToUnorm(v[1], 31)<<6|floatToUnorm(v[2], 31)<<1|floatToUnorm(v[3], 1))
	case ABGR4Unorm:
		put16(p, 0, floatToUnorm(v[0], 15)<<12|floatToUnorm(v[1], 15)<<8|floatToUnorm(v[2], 15)<<4|floatToUnorm(v[3], 15))
	case BGR5A1Unorm:
		put16(p, 0, floatToUnorm(v[0], 31)<<10|floatToUnorm(v[1], 31)<<5|floatToUnorm(v[2], 31)|floatToUnorm(v[3], 1)<<15)
	case RGB10A2Unorm:
		put32(p, 0, floatToUnorm(v[0], 1023)|floatToUnorm(v[1], 1023)<<10|floatToUnorm(v[2], 1023)<<20|floatToUnorm(v[3], 3)<<30)
	case BGR10A2Unorm:
		put32(p, 0, floatToUnorm(v[2], 1023)|floatToUnorm(v[1], 1023)<<10|floatToUnorm(v[0], 1023)<<20|floatToUnorm(v[3], 3)<<30)
	case RG11B10Float:
		put32(p, 0, encodeUFloat(v[0], 6)|encodeUFloat(v[1], 6)<<11|encodeUFloat(v[2], 5)<<22)
	case RGB9E5Float:
		put32(p, 0, encodeRGB9E5(v[0], v[1], v[2]))
	case Depth24Unorm_Stencil8:
		put32(p, 0, u32(p, 0)&0xff000000|floatToUnorm(v[0], 0xffffff))
	}
}

// encodeInt encodes four 32-bit integers (bit patterns; signed for sint
// formats) into one texel of an integer or stencil format, saturating to
// the component range. Combined depth/stencil formats keep their depth.
func encodeInt(f PixelFormat, p []byte, v [4]uint32) {
	s := func(i int) int32 { return int32(v[i]) }
	switch f {
	case R8Uint, Stencil8:
		p[0] = byte(satU(v[0], 255))
	case R8Sint:
		p[0] = byte(satS(s(0), -128, 127))
	case RG8Uint:
		p[0], p[1] = byte(satU(v[0], 255)), byte(satU(v[1], 255))
	case RG8Sint:
		p[0], p[1] = byte(satS(s(0), -128, 127)), byte(satS(s(1), -128, 127))
	case RGBA8Uint:
		for i := range 4 {
			p[i] = byte(satU(v[i], 255))
		}
	case RGBA8Sint:
		for i := range 4 {
			p[i] = byte(satS(s(i), -128, 127))
		}
	case R16Uint:
		put16(p, 0, satU(v[0], 65535))
	case R16Sint:
		put16(p, 0, uint32(satS(s(0), -32768, 32767)))
	case RG16Uint:
		put16(p, 0, satU(v[0], 65535))
		put16(p, 1, satU(v[1], 65535))
	case RG16Sint:
		put16(p, 0, uint32(satS(s(0), -32768, 32767)))
		put16(p, 1, uint32(satS(s(1), -32768, 32767)))
	case RGBA16Uint:
		for i := range 4 {
			put16(p, i, satU(v[i], 65535))
		}
	case RGBA16Sint:
		for i := range 4 {
			put16(p, i, uint32(satS(s(i), -32768, 32767)))
		}
	case R32Uint, R32Sint:
		put32(p, 0, v[0])
	case RG32Uint, RG32Sint:
		put32(p, 0, v[0])
		put32(p, 1, v[1])
	case RGBA32Uint, RGBA32Sint:
		for i := range 4 {
			put32(p, i, v[i])
		}
	case RGB10A2Uint:
		put32(p, 0, satU(v[0], 1023)|satU(v[1], 1023)<<10|satU(v[2], 1023)<<20|satU(v[3], 3)<<30)
	case Depth24Unorm_Stencil8, X24_Stencil8:
		p[3] = byte(satU(v[0], 255))
	case Depth32Float_Stencil8, X32_Stencil8:
		p[4] = byte(satU(v[0], 255))
	}
}

// floatAccess reports whether reads/writes of f use float values.
func floatAccess(f PixelFormat) bool {
	fi := f.info()
	return fi.BytesPerPixel != 0 && !fi.Kind.IsInteger()
}

// intAccess reports whether f can be read/written with integers of the
// given signedness (stencil aspects read as uint).
func intAccess(f PixelFormat, signed bool) bool {
	fi := f.info()
	if signed {
		return fi.Kind == KindSint
	}
	return fi.Kind == KindUint || fi.Stencil
}

func checkLen(f PixelFormat, b []byte) error {
	n := f.BytesPerPixel()
	if n == 0 {
		return fmt.Errorf("texel: invalid pixel format %v", f)
	}
	if len(b) < n {
		return fmt.Errorf("texel: %v texel needs %d bytes, got %d", f, n, len(b))
	}
	return nil
}

// DecodeFloat decodes the texel at the start of src as float4 per Metal's
// conversion rules (sRGB linearised; missing components 0, alpha 1).
// Integer formats are an error.
func DecodeFloat(f PixelFormat, src []byte) ([4]float32, error) {
	if err := checkLen(f, src); err != nil {
		return [4]float32{}, err
	}
	if !floatAccess(f) {
		return [4]float32{}, fmt.Errorf("texel: %v is an integer format; read it as int or uint", f)
	}
	return decodeFloat(f, src), nil
}

// EncodeFloat encodes v into the texel at the start of dst.
func EncodeFloat(f PixelFormat, dst []byte, v [4]float32) error {
	if err := checkLen(f, dst); err != nil {
		return err
	}
	if !floatAccess(f) {
		return fmt.Errorf("texel: %v is an integer format; write it as int or uint", f)
	}
	encodeFloat(f, dst, v)
	return nil
}

// DecodeInt decodes a texel of a signed-integer format.
func DecodeInt(f PixelFormat, src []byte) ([4]int32, error) {
	if err := checkLen(f, src); err != nil {
		return [4]int32{}, err
	}
	if !intAccess(f, true) {
		return [4]int32{}, fmt.Errorf("texel: %v is not a signed-integer format", f)
	}
	b := decodeInt(f, src)
	return [4]int32{int32(b[0]), int32(b[1]), int32(b[2]), int32(b[3])}, nil
}

// EncodeInt encodes v into a texel of a signed-integer format, saturating.
func EncodeInt(f PixelFormat, dst []byte, v [4]int32) error {
	if err := checkLen(f, dst); err != nil {
		return err
	}
	if !intAccess(f, true) {
		return fmt.Errorf("texel: %v is not a signed-integer format", f)
	}
	encodeInt(f, dst, [4]uint32{uint32(v[0]), uint32(v[1]), uint32(v[2]), uint32(v[3])})
	return nil
}

// DecodeUint decodes a texel of an unsigned-integer format (or the stencil
// component of a stencil format).
func DecodeUint(f PixelFormat, src []byte) ([4]uint32, error) {
	if err := checkLen(f, src); err != nil {
		return [4]uint32{}, err
	}
	if !intAccess(f, false) {
		return [4]uint32{}, fmt.Errorf("texel: %v is not an unsigned-integer or stencil format", f)
	}
	return decodeInt(f, src), nil
}

// EncodeUint encodes v into a texel of an unsigned-integer format (or the
// stencil of a stencil format), saturating.
func EncodeUint(f PixelFormat, dst []byte, v [4]uint32) error {
	if err := checkLen(f, dst); err != nil {
		return err
	}
	if !intAccess(f, false) {
		return fmt.Errorf("texel: %v is not an unsigned-integer or stencil format", f)
	}
	encodeInt(f, dst, v)
	return nil
}
