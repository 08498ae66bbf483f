package texel

import (
	"errors"
	"fmt"
	"math"
)

// Filter is a minification or magnification filter (MTLSamplerMinMagFilter).
type Filter uint8

// Min/mag filters.
const (
	FilterNearest Filter = 0
	FilterLinear  Filter = 1
)

// MipFilter is the filter between mip levels (MTLSamplerMipFilter).
type MipFilter uint8

// Mip filters. MipNotMipmapped (MSL mip_filter::none) always samples level 0.
const (
	MipNotMipmapped MipFilter = 0
	MipNearest      MipFilter = 1
	MipLinear       MipFilter = 2
)

// AddressMode is what happens to coordinates outside the texture
// (MTLSamplerAddressMode raw values).
type AddressMode uint8

// Address modes.
const (
	ClampToEdge        AddressMode = 0
	MirrorClampToEdge  AddressMode = 1
	Repeat             AddressMode = 2
	MirrorRepeat       AddressMode = 3
	ClampToZero        AddressMode = 4
	ClampToBorderColor AddressMode = 5
)

// BorderColor is the colour of clamp-to-border samples (MTLSamplerBorderColor).
type BorderColor uint8

// Border colours.
const (
	TransparentBlack BorderColor = 0
	OpaqueBlack      BorderColor = 1
	OpaqueWhite      BorderColor = 2
)

// CompareFunction is a depth comparison (MTLCompareFunction raw values).
// The test is reference OP texel: with Less a texel passes when the
// reference value is less than the stored one.
type CompareFunction uint8

// Compare functions.
const (
	CompareNever        CompareFunction = 0
	CompareLess         CompareFunction = 1
	CompareEqual        CompareFunction = 2
	CompareLessEqual    CompareFunction = 3
	CompareGreater      CompareFunction = 4
	CompareNotEqual     CompareFunction = 5
	CompareGreaterEqual CompareFunction = 6
	CompareAlways       CompareFunction = 7
)

// Reduction is how filtered texels combine (MTLSamplerReductionMode).
type Reduction uint8

// Reductions.
const (
	ReductionWeightedAverage Reduction = 0
	ReductionMinimum         Reduction = 1
	ReductionMaximum         Reduction = 2
)

// SamplerDescriptor describes a sampler, as MTLSamplerDescriptor. Use
// DefaultSamplerDescriptor for Metal's defaults (the zero value clamps the
// LOD to 0 and has unnormalized coordinates).
type SamplerDescriptor struct {
	MinFilter             Filter
	MagFilter             Filter
	MipFilter             MipFilter
	SAddressMode          AddressMode
	TAddressMode          AddressMode
	RAddressMode          AddressMode
	BorderColor           BorderColor
	NormalizedCoordinates bool
	LodMinClamp           float32
	LodMaxClamp           float32
	LodBias               float32
	MaxAnisotropy         int // 1..16; 0 means 1
	CompareFunction       CompareFunction
	Reduction             Reduction
}

// DefaultSamplerDescriptor returns Metal's defaults: nearest filters, not
// mipmapped, clamp to edge, transparent black, normalized coordinates, LOD
// clamp [0, FLT_MAX], anisotropy 1, compare never.
func DefaultSamplerDescriptor() SamplerDescriptor {
	return SamplerDescriptor{NormalizedCoordinates: true, LodMaxClamp: math.MaxFloat32, MaxAnisotropy: 1}
}

// ErrSampler is wrapped by every sampler validation error.
var ErrSampler = errors.New("sampler descriptor")

func samplerErr(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrSampler, fmt.Sprintf(format, args...))
}

// Validate checks the descriptor, naming the offending field.
func (d SamplerDescriptor) Validate() error {
	if d.MinFilter > FilterLinear {
		return samplerErr("MinFilter %d is not a filter", d.MinFilter)
	}
	if d.MagFilter > FilterLinear {
		return samplerErr("MagFilter %d is not a filter", d.MagFilter)
	}
	if d.MipFilter > MipLinear {
		return samplerErr("MipFilter %d is not a mip filter", d.MipFilter)
	}
	for _, a := range []struct {
		name string
		m    AddressMode
	}{{"SAddressMode", d.SAddressMode}, {"TAddressMode", d.TAddressMode}, {"RAddressMode", d.RAddressMode}} {
		if a.m > ClampToBorderColor {
			return samplerErr("%s %d is not an address mode", a.name, a.m)
		}
		if !d.NormalizedCoordinates && a.m != ClampToEdge && a.m != ClampToZero && a.m != ClampToBorderColor {
			return samplerErr("%s %v is not allowed with pixel coordinates", a.name, a.m)
		}
	}
	if d.BorderColor > OpaqueWhite {
		return samplerErr("BorderColor %d is not a border colour", d.BorderColor)
	}
	if d.CompareFunction > CompareAlways {
		return samplerErr("CompareFunction %d is not a compare function", d.CompareFunction)
	}
	if d.Reduction > ReductionMaximum {
		return samplerErr("Reduction %d is not a reduction mode", d.Reduction)
	}
	if d.MaxAnisotropy < 0 || d.MaxAnisotropy > 16 {
		return samplerErr("MaxAnisotropy %d must be in [1, 16]", d.MaxAnisotropy)
	}
	if !(d.LodMinClamp >= 0) {
		return samplerErr("LodMinClamp %g must be non-negative", d.LodMinClamp)
	}
	if !(d.LodMaxClamp >= d.LodMinClamp) {
		return samplerErr("LodMaxClamp %g is less than LodMinClamp %g", d.LodMaxClamp, d.LodMinClamp)
	}
	if d.LodBias != d.LodBias || math.IsInf(float64(d.LodBias), 0) {
		return samplerErr("LodBias %g must be finite", d.LodBias)
	}
	if !d.NormalizedCoordinates {
		if d.MinFilter != d.MagFilter {
			return samplerErr("MinFilter %v and MagFilter %v must match with pixel coordinates", d.MinFilter, d.MagFilter)
		}
		if d.MipFilter != MipNotMipmapped {
			return samplerErr("MipFilter %v must be MipNotMipmapped with pixel coordinates", d.MipFilter)
		}
		if d.MaxAnisotropy > 1 {
			return samplerErr("MaxAnisotropy %d must be 1 with pixel coordinates", d.MaxAnisotropy)
		}
	}
	return nil
}

// Sampler is an immutable, validated sampler state.
type Sampler struct {
	d      SamplerDescriptor
	border [4]float32 // the sampler's border colour
	aniso  int
	// usesBorder: some axis uses ClampToBorderColor (else out-of-range
	// texels under ClampToZero read as zero).
	usesBorder bool
	// bw8 is the border as an RGBA8 and a BGRA8 texel word (borderWord),
	// set by NewSampler.
	bw8 [2]uint32
}

// NewSampler validates d and returns the sampler state.
func NewSampler(d SamplerDescriptor) (*Sampler, error) {
	if err := d.Validate(); err != nil {
		return nil, err
	}
	s := &Sampler{d: d, aniso: max(1, d.MaxAnisotropy)}
	switch d.BorderColor {
	case OpaqueBlack:
		s.border = [4]float32{0, 0, 0, 1}
	case OpaqueWhite:
		s.border = [4]float32{1, 1, 1, 1}
	}
	s.usesBorder = d.SAddressMode == ClampToBorderColor || d.TAddressMode == ClampToBorderColor || d.RAddressMode == ClampToBorderColor
	s.bw8 = [2]uint32{borderWord(s, RGBA8Unorm, 0, 2), borderWord(s, BGRA8Unorm, 2, 0)}
	return s, nil
}

// Descriptor returns the sampler's descriptor.
func (s *Sampler) Descriptor() SamplerDescriptor { return s.d }

// borderFor returns the value of out-of-range texels for format f, as
// float values or integer bit patterns: the border colour under
// ClampToBorderColor, else zero with alpha 1 for formats without alpha.
func (s *Sampler) borderFor(f PixelFormat) [4]float32 {
	var c [4]float32
	if s.usesBorder {
		c = s.border
	} else if !f.HasAlpha() {
		c = [4]float32{0, 0, 0, 1}
	}
	if f.Kind().IsInteger() {
		for i := range c {
			c[i] = math.Float32frombits(uint32(c[i]))
		}
	}
	return c
}

var addrNames = [...]string{"ClampToEdge", "MirrorClampToEdge", "Repeat", "MirrorRepeat", "ClampToZero", "ClampToBorderColor"}

// String returns the Metal name of the mode.
func (m AddressMode) String() string {
	if int(m) < len(addrNames) {
		return addrNames[m]
	}
	return fmt.Sprintf("AddressMode(%d)", uint8(m))
}

// String returns "Nearest" or "Linear".
func (f Filter) String() string {
	switch f {
	case FilterNearest:
		return "Nearest"
	case FilterLinear:
		return "Linear"
	}
	return fmt.Sprintf("Filter(%d)", uint8(f))
}

// String returns the Metal name of the mip filter.
func (f MipFilter) String() string {
	switch f {
	case MipNotMipmapped:
		return "NotMipmapped"
	case MipNearest:
		return "Nearest"
	case MipLinear:
		return "Linear"
	}
	return fmt.Sprintf("MipFilter(%d)", uint8(f))
}

// compare evaluates ref OP texel.
func compare(fn CompareFunction, ref, tex float32) bool {
	switch fn {
	case CompareLess:
		return ref < tex
	case CompareEqual:
		return ref == tex
	case CompareLessEqual:
		return ref <= tex
	case CompareGreater:
		return ref > tex
	case CompareNotEqual:
		return ref != tex
	case CompareGreaterEqual:
		return ref >= tex
	case CompareAlways:
		return true
	}
	return false
}
