package engine

import (
	"fmt"
	"runtime"

	"github.com/ingot-render/ingot/internal/texel"
	"github.com/ingot-render/ingot/shaders/stdlib"
)

// SamplerDescriptor describes a sampler (MTLSamplerDescriptor). Start
// from DefaultSamplerDescriptor: its zero value has unnormalized
// coordinates and a maximum LOD of 0.
type SamplerDescriptor = texel.SamplerDescriptor

// Sampler enumerations (MTLSamplerMinMagFilter, MTLSamplerMipFilter,
// MTLSamplerAddressMode, MTLSamplerBorderColor, MTLCompareFunction).
type (
	SamplerMinMagFilter = texel.Filter
	SamplerMipFilter    = texel.MipFilter
	SamplerAddressMode  = texel.AddressMode
	SamplerBorderColor  = texel.BorderColor
	CompareFunction     = texel.CompareFunction
)

// Sampler filter, address and compare values.
const (
	SamplerMinMagFilterNearest           = texel.FilterNearest
	SamplerMinMagFilterLinear            = texel.FilterLinear
	SamplerMipFilterNotMipmapped         = texel.MipNotMipmapped
	SamplerMipFilterNearest              = texel.MipNearest
	SamplerMipFilterLinear               = texel.MipLinear
	SamplerAddressModeClampToEdge        = texel.ClampToEdge
	SamplerAddressModeMirrorClampToEdge  = texel.MirrorClampToEdge
	SamplerAddressModeRepeat             = texel.Repeat
	SamplerAddressModeMirrorRepeat       = texel.MirrorRepeat
	SamplerAddressModeClampToZero        = texel.ClampToZero
	SamplerAddressModeClampToBorderColor = texel.ClampToBorderColor
	CompareFunctionNever                 = texel.CompareNever
	CompareFunctionLess                  = texel.CompareLess
	CompareFunctionEqual                 = texel.CompareEqual
	CompareFunctionLessEqual             = texel.CompareLessEqual
	CompareFunctionGreater               = texel.CompareGreater
	CompareFunctionNotEqual              = texel.CompareNotEqual
	CompareFunctionGreaterEqual          = texel.CompareGreaterEqual
	CompareFunctionAlways                = texel.CompareAlways
)

// DefaultSamplerDescriptor returns Metal's defaults: nearest filters, not
// mipmapped, clamp to edge, normalized coordinates, LOD clamp [0, FLT_MAX].
func DefaultSamplerDescriptor() SamplerDescriptor { return texel.DefaultSamplerDescriptor() }

// SamplerState is an immutable sampler (MTLSamplerState) with a resource
// ID that shaders can read from argument buffers.
type SamplerState struct {
	dev *Device
	s   *texel.Sampler
	id  uint64
}

// NewSamplerState validates desc and returns the sampler state; an
// invalid descriptor is an error naming the field.
func (d *Device) NewSamplerState(desc SamplerDescriptor) (*SamplerState, error) {
	s, err := texel.NewSampler(desc)
	if err != nil {
		return nil, fmt.Errorf("engine: NewSamplerState: %w", err)
	}
	d.mu.Lock()
	d.nextID++
	id := samplerTag | d.nextID
	d.samplers[id] = s
	d.memGen++
	d.mu.Unlock()
	ss := &SamplerState{dev: d, s: s, id: id}
	runtime.AddCleanup(ss, func(id uint64) { d.removeResource(id) }, id)
	return ss, nil
}

// GPUResourceID returns the sampler's resource ID (MTLSamplerState
// gpuResourceID), the value a sampler member of an argument buffer holds.
func (s *SamplerState) GPUResourceID() uint64 { return s.id }

// Descriptor returns the sampler's descriptor.
func (s *SamplerState) Descriptor() SamplerDescriptor { return s.s.Descriptor() }

// constexprSampler returns the sampler state of a constexpr sampler's
// descriptor bits (cached per device).
func (d *Device) constexprSampler(bits uint64) (*texel.Sampler, error) {
	if v, ok := d.constSamplers.Load(bits); ok {
		return v.(*texel.Sampler), nil
	}
	sd, ok := stdlib.DecodeSampler(bits)
	if !ok {
		return nil, fmt.Errorf("sampler %#x is not a constexpr sampler descriptor", bits)
	}
	desc := texel.DefaultSamplerDescriptor()
	desc.SAddressMode = addressMode(sd.SAddress)
	desc.TAddressMode = addressMode(sd.TAddress)
	desc.RAddressMode = addressMode(sd.RAddress)
	desc.MagFilter = texel.Filter(sd.MagFilter)
	desc.MinFilter = texel.Filter(sd.MinFilter)
	desc.MipFilter = texel.MipFilter(sd.MipFilter)
	desc.NormalizedCoordinates = !sd.PixelCoords
	desc.CompareFunction = compareFunc(sd.Compare)
	desc.BorderColor = texel.BorderColor(sd.Border)
	desc.MaxAnisotropy = int(sd.MaxAnisotropy)
	desc.LodMinClamp, desc.LodMaxClamp = sd.LodMinClamp, sd.LodMaxClamp
	if desc.LodMaxClamp > 1e30 {
		desc.LodMaxClamp = texel.DefaultSamplerDescriptor().LodMaxClamp
	}
	s, err := texel.NewSampler(desc)
	if err != nil {
		return nil, fmt.Errorf("constexpr sampler: %w", err)
	}
	v, _ := d.constSamplers.LoadOrStore(bits, s)
	return v.(*texel.Sampler), nil
}

func addressMode(a uint8) texel.AddressMode {
	switch a {
	case stdlib.AddressRepeat:
		return texel.Repeat
	case stdlib.AddressMirroredRepeat:
		return texel.MirrorRepeat
	case stdlib.AddressClampToZero:
		return texel.ClampToZero
	case stdlib.AddressClampToBorder:
		return texel.ClampToBorderColor
	case stdlib.AddressMirrorClampToEdge:
		return texel.MirrorClampToEdge
	}
	return texel.ClampToEdge
}

func compareFunc(c uint8) texel.CompareFunction {
	switch c {
	case stdlib.CompareLess:
		return texel.CompareLess
	case stdlib.CompareLessEqual:
		return texel.CompareLessEqual
	case stdlib.CompareGreater:
		return texel.CompareGreater
	case stdlib.CompareGreaterEqual:
		return texel.CompareGreaterEqual
	case stdlib.CompareEqual:
		return texel.CompareEqual
	case stdlib.CompareNotEqual:
		return texel.CompareNotEqual
	case stdlib.CompareAlways:
		return texel.CompareAlways
	}
	return texel.CompareNever
}
