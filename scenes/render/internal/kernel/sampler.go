package kernel

import (
	"github.com/ingot-render/ingot/engine"
	"github.com/ingot-render/ingot/scenes/model"
)

// SamplerDescriptor converts a glTF sampler to the engine's (not
// mipmapped: the shared material code samples level 0, as kernels have no
// derivatives). The raster preview uses it too.
func SamplerDescriptor(sm model.Sampler) engine.SamplerDescriptor {
	d := engine.DefaultSamplerDescriptor()
	filter := func(f model.Filter) engine.SamplerMinMagFilter {
		if f == model.Nearest {
			return engine.SamplerMinMagFilterNearest
		}
		return engine.SamplerMinMagFilterLinear
	}
	wrap := func(w model.Wrap) engine.SamplerAddressMode {
		switch w {
		case model.ClampToEdge:
			return engine.SamplerAddressModeClampToEdge
		case model.MirroredRepeat:
			return engine.SamplerAddressModeMirrorRepeat
		}
		return engine.SamplerAddressModeRepeat
	}
	d.MinFilter, d.MagFilter = filter(sm.MinFilter), filter(sm.MagFilter)
	d.MipFilter = engine.SamplerMipFilterNotMipmapped
	d.SAddressMode, d.TAddressMode = wrap(sm.WrapS), wrap(sm.WrapT)
	return d
}

// uploadTextures creates one texture per scene texture (level 0, sRGB
// images as RGBA8Unorm_sRGB so sampling returns linear values) and the
// TextureBinding records. A texture without an image binds a 1×1 white
// texel.
