package texel

import (
	"fmt"
	"math"
	"strings"
)

// SamplerArg is one argument of an MSL constexpr sampler, as the front end
// sees it: an enumerator such as address::repeat (Enum "address", Value
// "repeat"), or a call max_anisotropy(n) / lod_clamp(min, max) / bias(b)
// (Enum the function name, Nums its arguments).
type SamplerArg struct {
	Enum  string
	Value string
	Nums  []float32
}

// ParseSamplerArg parses "enum::value" (also "metal::enum::value").
func ParseSamplerArg(s string) (SamplerArg, error) {
	s = strings.TrimPrefix(strings.TrimSpace(s), "metal::")
	e, v, ok := strings.Cut(s, "::")
	if !ok {
		return SamplerArg{}, fmt.Errorf("constexpr sampler: argument %q is not enum::value", s)
	}
	return SamplerArg{Enum: e, Value: v}, nil
}

var (
	addrByName = map[string]AddressMode{"clamp_to_edge": ClampToEdge, "mirror_clamp_to_edge": MirrorClampToEdge,
		"repeat": Repeat, "mirrored_repeat": MirrorRepeat, "clamp_to_zero": ClampToZero, "clamp_to_border": ClampToBorderColor}
	filterByName = map[string]Filter{"nearest": FilterNearest, "linear": FilterLinear}
	mipByName    = map[string]MipFilter{"none": MipNotMipmapped, "nearest": MipNearest, "linear": MipLinear}
	borderByName = map[string]BorderColor{"transparent_black": TransparentBlack, "opaque_black": OpaqueBlack, "opaque_white": OpaqueWhite}
	cmpByName    = map[string]CompareFunction{"never": CompareNever, "less": CompareLess, "less_equal": CompareLessEqual,
		"greater": CompareGreater, "greater_equal": CompareGreaterEqual, "equal": CompareEqual, "not_equal": CompareNotEqual, "always": CompareAlways}
	reductionByName = map[string]Reduction{"weighted_average": ReductionWeightedAverage, "minimum": ReductionMinimum, "maximum": ReductionMaximum}
)

func lookup[T any](m map[string]T, a SamplerArg) (T, error) {
	v, ok := m[a.Value]
	if !ok {
		return v, fmt.Errorf("constexpr sampler: %s::%s is not a value of %s", a.Enum, a.Value, a.Enum)
	}
	return v, nil
}

// ConstexprSampler builds the descriptor of `constexpr sampler s(args...)`:
// MSL's defaults (coord::normalized, address::clamp_to_edge, filter::nearest,
// mip_filter::none, border_color::transparent_black, compare_func::never,
// lod_clamp(0, FLT_MAX), max_anisotropy(1)) overridden by the arguments in
// order.
func ConstexprSampler(args ...SamplerArg) (SamplerDescriptor, error) {
	d := DefaultSamplerDescriptor()
	for _, a := range args {
		var err error
		nums := func(n int) error {
			if len(a.Nums) != n {
				return fmt.Errorf("constexpr sampler: %s takes %d argument(s), got %d", a.Enum, n, len(a.Nums))
			}
			return nil
		}
		switch a.Enum {
		case "coord":
			switch a.Value {
			case "normalized":
				d.NormalizedCoordinates = true
			case "pixel":
				d.NormalizedCoordinates = false
			default:
				err = fmt.Errorf("constexpr sampler: coord::%s is not a value of coord", a.Value)
			}
		case "address":
			var m AddressMode
			if m, err = lookup(addrByName, a); err == nil {
				d.SAddressMode, d.TAddressMode, d.RAddressMode = m, m, m
			}
		case "s_address":
			d.SAddressMode, err = lookup(addrByName, a)
		case "t_address":
			d.TAddressMode, err = lookup(addrByName, a)
		case "r_address":
			d.RAddressMode, err = lookup(addrByName, a)
		case "filter":
			var f Filter
			if f, err = lookup(filterByName, a); err == nil {
				d.MinFilter, d.MagFilter = f, f
			}
		case "min_filter":
			d.MinFilter, err = lookup(filterByName, a)
		case "mag_filter":
			d.MagFilter, err = lookup(filterByName, a)
		case "mip_filter":
			d.MipFilter, err = lookup(mipByName, a)
		case "border_color":
			d.BorderColor, err = lookup(borderByName, a)
		case "compare_func":
			d.CompareFunction, err = lookup(cmpByName, a)
		case "reduction":
			d.Reduction, err = lookup(reductionByName, a)
		case "max_anisotropy":
			if err = nums(1); err == nil {
				d.MaxAnisotropy = int(a.Nums[0])
			}
		case "lod_clamp":
			if err = nums(2); err == nil {
				d.LodMinClamp, d.LodMaxClamp = a.Nums[0], a.Nums[1]
			}
		case "bias":
			if err = nums(1); err == nil {
				d.LodBias = a.Nums[0]
			}
		default:
			err = fmt.Errorf("constexpr sampler: unknown argument %s", a.Enum)
		}
		if err != nil {
			return d, err
		}
	}
	if math.IsInf(float64(d.LodMaxClamp), 1) {
		d.LodMaxClamp = math.MaxFloat32
	}
	if err := d.Validate(); err != nil {
		return d, fmt.Errorf("constexpr sampler: %w", err)
	}
	return d, nil
}
