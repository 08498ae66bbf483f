package stdlib

import (
	"fmt"
	"math"

	"github.com/ingot-render/ingot/internal/fmath"
	"github.com/ingot-render/ingot/shaders/ir"
)

// Texture intrinsics
//
// Every texture method the lowering supports becomes one OpIntrinsic whose
// name is built as
//
//	texture.<op>.<shape>.<comp>      (op: sample, sample_compare, gather,
//	                                  gather_compare, read, write)
//	texture.<query>                  (get_width, get_height, get_depth,
//	                                  get_num_mip_levels, get_array_size,
//	                                  get_num_samples)
//
// <shape> is one of TextureShapes ("2d", "cube_array", "depth2d", ...) and
// <comp> the register kind of the component type: f32, f16, i32 or u32
// (texture2d<short>/<ushort>/<char>/<uchar> use i32/u32 and the lowering
// converts; depth textures are always f32). Textures and samplers are U64
// resource IDs (a runtime SamplerState's ID, or a constexpr sampler's
// descriptor bits, see EncodeSampler; bit 63 tells them apart).
//
// Parameter lists (exact; TextureIntrinsics holds the kinds), in order:
//
//	sample:          tex U64, smp U64, coord F32×C, [layer U32], lodMode U32,
//	                 lodValue F32, minLodClamp F32, dPdx F32×G, dPdy F32×G,
//	                 offset I32×O  → r, g, b, a (comp kind); depth: one F32
//	sample_compare:  (depth shapes) tex, smp, coord F32×C, [layer U32],
//	                 ref F32, lodMode U32, lodValue F32, minLodClamp F32,
//	                 dPdx F32×G, dPdy F32×G, offset I32×O → F32
//	gather:          tex, smp, coord F32×C, [layer U32], offset I32×O,
//	                 component U32 (0..3; ignored for depth shapes)
//	                 → 4 values (comp kind) in Metal's gather order
//	                 (texel (i,j+1), (i+1,j+1), (i+1,j), (i,j))
//	gather_compare:  (depth shapes) tex, smp, coord F32×C, [layer U32],
//	                 ref F32, offset I32×O → 4 F32
//	read:            tex, coord U32×R, [face U32 (cube shapes)],
//	                 [layer U32], [sample U32 (MS shapes)],
//	                 [lod U32 (mipmapped shapes)] → r, g, b, a; depth: F32
//	write:           tex, r, g, b, a (comp kind), coord U32×R, [face U32],
//	                 [layer U32], [lod U32] → nothing (SideEffects)
//	get_width/get_height/get_depth: tex U64, lod U32 → U32
//	get_num_mip_levels/get_array_size/get_num_samples: tex U64 → U32
//
// C (coordinate count), R (integer coordinate count), G (gradient
// components), O (offset components), and which of layer/face/sample/lod
// exist are given per shape by TextureShapeInfo. Missing components of a
// one- or two-channel texture read as MSL specifies (0, 0, 1 for g, b, a).
//
// lodMode: LodImplicit (the derivative-based LOD in fragment functions,
// level 0 elsewhere), LodBias (implicit + lodValue), LodLevel (lodValue),
// LodGradient (from dPdx/dPdy). minLodClamp is min_lod_clamp's value (0
// when absent). Coordinates are normalized unless the sampler says
// coord::pixel; for cube shapes coord is the direction vector.
// Out-of-range reads and writes fault (the executor's OOB rule).

// Lod modes of the sample intrinsics.
const (
	LodImplicit uint32 = iota
	LodBias
	LodLevel
	LodGradient
)

// ShapeInfo describes the argument layout of one texture shape.
type ShapeInfo struct {
	Name     string // "2d", "cube_array", "depth2d_ms", ...
	Coords   int    // C: float coordinates of sample/gather
	ICoords  int    // R: integer coordinates of read/write
	Grads    int    // G: components of each gradient (0: no gradient mode)
	Offsets  int    // O: components of the texel offset (0: none)
	Layer    bool   // an array index
	Face     bool   // read/write take a cube face
	Sample   bool   // read takes a sample index (multisampled)
	Lod      bool   // read/write take a mip level
	Sampled  bool   // sample/gather exist
	Gather   bool   // gather exists
	Depth    bool   // a depth texture: one F32 component, compare ops
	Writable bool   // write exists
}

// TextureShapes lists every shape, in sema.TexKind order (texture1d ..
// depth2d_ms_array), so TextureShapes[sema.TexKind] describes that shape.
var TextureShapes = []ShapeInfo{
	{Name: "1d", Coords: 1, ICoords: 1, Lod: true, Sampled: true, Writable: true},
	{Name: "1d_array", Coords: 1, ICoords: 1, Layer: true, Lod: true, Sampled: true, Writable: true},
	{Name: "2d", Coords: 2, ICoords: 2, Grads: 2, Offsets: 2, Lod: true, Sampled: true, Gather: true, Writable: true},
	{Name: "2d_array", Coords: 2, ICoords: 2, Grads: 2, Offsets: 2, Layer: true, Lod: true, Sampled: true, Gather: true, Writable: true},
	{Name: "3d", Coords: 3, ICoords: 3, Grads: 3, Offsets: 3, Lod: true, Sampled: true, Writable: true},
	{Name: "cube", Coords: 3, ICoords: 2, Grads: 3, Face: true, Lod: true, Sampled: true, Gather: true, Writable: true},
	{Name: "cube_array", Coords: 3, ICoords: 2, Grads: 3, Face: true, Layer: true, Lod: true, Sampled: true, Gather: true, Writable: true},
	{Name: "2d_ms", ICoords: 2, Sample: true},
	{Name: "2d_ms_array", ICoords: 2, Layer: true, Sample: true},
	{Name: "buffer", ICoords: 1, Writable: true},
	{Name: "depth2d", Coords: 2, ICoords: 2, Grads: 2, Offsets: 2, Lod: true, Sampled: true, Gather: true, Depth: true, Writable: true},
	{Name: "depth2d_array", Coords: 2, ICoords: 2, Grads: 2, Offsets: 2, Layer: true, Lod: true, Sampled: true, Gather: true, Depth: true, Writable: true},
	{Name: "depthcube", Coords: 3, ICoords: 2, Grads: 3, Face: true, Lod: true, Sampled: true, Gather: true, Depth: true, Writable: true},
	{Name: "depthcube_array", Coords: 3, ICoords: 2, Grads: 3, Face: true, Layer: true, Lod: true, Sampled: true, Gather: true, Depth: true, Writable: true},
	{Name: "depth2d_ms", ICoords: 2, Sample: true, Depth: true},
	{Name: "depth2d_ms_array", ICoords: 2, Layer: true, Sample: true, Depth: true},
}

// TextureComps lists the component kinds of colour textures.
var TextureComps = []ir.Kind{ir.F32, ir.F16, ir.I32, ir.U32}

// Texture query intrinsic names (shape-independent; the engine knows the
// texture's shape from its ID).
const (
	TexGetWidth        = "texture.get_width"          // (tex U64, lod U32) → U32
	TexGetHeight       = "texture.get_height"         // (tex U64, lod U32) → U32
	TexGetDepth        = "texture.get_depth"          // (tex U64, lod U32) → U32
	TexGetNumMipLevels = "texture.get_num_mip_levels" // (tex U64) → U32
	TexGetArraySize    = "texture.get_array_size"     // (tex U64) → U32
	TexGetNumSamples   = "texture.get_num_samples"    // (tex U64) → U32
)

// Texture operation names (the <op> part of an intrinsic name).
const (
	TexSample        = "sample"
	TexSampleCompare = "sample_compare"
	TexGather        = "gather"
	TexGatherCompare = "gather_compare"
	TexRead          = "read"
	TexWrite         = "write"
)

// TextureIntrinsicName returns "texture.<op>.<shape>.<comp>". Depth shapes
// always use f32.
func TextureIntrinsicName(op string, shape int, comp ir.Kind) string {
	s := TextureShapes[shape]
	if s.Depth {
		comp = ir.F32
	}
	return fmt.Sprintf("texture.%s.%s.%v", op, s.Name, comp)
}

func rep(k ir.Kind, n int) []ir.Kind {
	r := make([]ir.Kind, n)
	for i := range r {
		r[i] = k
	}
	return r
}

// TextureDecl returns the declaration of texture op on shape (an index
// into TextureShapes) with component kind comp, and whether that
// combination exists.
func TextureDecl(op string, shape int, comp ir.Kind) (ir.IntrinsicDecl, bool) {
	if shape < 0 || shape >= len(TextureShapes) {
		return ir.IntrinsicDecl{}, false
	}
	s := TextureShapes[shape]
	if s.Depth {
		comp = ir.F32
	}
	vals := 4
	if s.Depth {
		vals = 1
	}
	d := ir.IntrinsicDecl{Name: TextureIntrinsicName(op, shape, comp), Flags: ir.UniformResult}
	p := []ir.Kind{ir.U64}
	coords := func() {
		p = append(p, rep(ir.F32, s.Coords)...)
		if s.Layer {
			p = append(p, ir.U32)
		}
	}
	switch op {
	case TexSample, TexSampleCompare:
		if !s.Sampled || op == TexSampleCompare && !s.Depth {
			return d, false
		}
		p = append(p, ir.U64)
		coords()
		if op == TexSampleCompare {
			p = append(p, ir.F32)
			vals = 1
		}
		p = append(p, ir.U32, ir.F32, ir.F32)
		p = append(p, rep(ir.F32, 2*s.Grads)...)
		p = append(p, rep(ir.I32, s.Offsets)...)
		d.Results = rep(comp, vals)
	case TexGather, TexGatherCompare:
		if !s.Gather || op == TexGatherCompare && !s.Depth {
			return d, false
		}
		p = append(p, ir.U64)
		coords()
		if op == TexGatherCompare {
			p = append(p, ir.F32)
		}
		p = append(p, rep(ir.I32, s.Offsets)...)
		if op == TexGather {
			p = append(p, ir.U32)
		}
		d.Results = rep(comp, 4)
	case TexRead, TexWrite:
		if op == TexWrite {
			if !s.Writable || s.Depth {
				return d, false
			}
			p = append(p, rep(comp, 4)...)
			d.Flags = ir.SideEffects
		}
		p = append(p, rep(ir.U32, s.ICoords)...)
		if s.Face {
			p = append(p, ir.U32)
		}
		if s.Layer {
			p = append(p, ir.U32)
		}
		if s.Sample && op == TexRead {
			p = append(p, ir.U32)
		}
		if s.Lod {
			p = append(p, ir.U32)
		}
		if op == TexRead {
			d.Results = rep(comp, vals)
		}
	default:
		return d, false
	}
	d.Params = p
	return d, true
}

// TextureIntrinsics is the catalogue of every texture intrinsic the
// lowering may emit; the engine implements each entry.
var TextureIntrinsics = buildTextureIntrinsics()

func buildTextureIntrinsics() []ir.IntrinsicDecl {
	var out []ir.IntrinsicDecl
	for _, q := range []string{TexGetWidth, TexGetHeight, TexGetDepth} {
		out = append(out, ir.IntrinsicDecl{Name: q, Params: []ir.Kind{ir.U64, ir.U32}, Results: []ir.Kind{ir.U32}, Flags: ir.UniformResult})
	}
	for _, q := range []string{TexGetNumMipLevels, TexGetArraySize, TexGetNumSamples} {
		out = append(out, ir.IntrinsicDecl{Name: q, Params: []ir.Kind{ir.U64}, Results: []ir.Kind{ir.U32}, Flags: ir.UniformResult})
	}
	for _, op := range []string{TexSample, TexSampleCompare, TexGather, TexGatherCompare, TexRead, TexWrite} {
		for sh, s := range TextureShapes {
			comps := TextureComps
			if s.Depth {
				comps = []ir.Kind{ir.F32}
			}
			for _, c := range comps {
				if d, ok := TextureDecl(op, sh, c); ok {
					out = append(out, d)
				}
			}
		}
	}
	return out
}

// LookupTextureIntrinsic returns the catalogue entry called name.
func LookupTextureIntrinsic(name string) (ir.IntrinsicDecl, bool) {
	for _, d := range TextureIntrinsics {
		if d.Name == name {
			return d, true
		}
	}
	return ir.IntrinsicDecl{}, false
}

// Sampler descriptors
//
// A constexpr sampler is passed to texture intrinsics as a U64 whose bit 63
// is set; the other bits describe it (runtime SamplerState IDs never set
// bit 63):
//
//	bits  0..2   s_address   (Address*)
//	bits  3..5   t_address
//	bits  6..8   r_address
//	bit   9      mag_filter  (FilterNearest 0, FilterLinear 1)
//	bit  10      min_filter
//	bits 11..12  mip_filter  (MipNone 0, MipNearest 1, MipLinear 2)
//	bit  13      coord       (0 normalized, 1 pixel)
//	bits 14..17  compare_func (Compare*)
//	bits 18..19  border_color (BorderTransparentBlack 0, OpaqueBlack 1, OpaqueWhite 2)
//	bits 20..23  max_anisotropy - 1 (1..16)
//	bits 24..39  lod_min_clamp as binary16
//	bits 40..55  lod_max_clamp as binary16 (default +Inf)
//	bit  63      1 (a constexpr descriptor)

// Sampler address modes.
const (
	AddressClampToEdge uint8 = iota
	AddressRepeat
	AddressMirroredRepeat
	AddressClampToZero
	AddressClampToBorder
	AddressMirrorClampToEdge
)

// Sampler filters and mip filters.
const (
	FilterNearest uint8 = 0
	FilterLinear  uint8 = 1
	MipNone       uint8 = 0
	MipNearest    uint8 = 1
	MipLinear     uint8 = 2
)

// Sampler compare functions.
const (
	CompareNone uint8 = iota
	CompareLess
	CompareLessEqual
	CompareGreater
	CompareGreaterEqual
	CompareEqual
	CompareNotEqual
	CompareAlways
	CompareNever
)

// Sampler border colours.
const (
	BorderTransparentBlack uint8 = iota
	BorderOpaqueBlack
	BorderOpaqueWhite
)

// SamplerConstexprBit marks a U64 sampler argument as a descriptor.
const SamplerConstexprBit = uint64(1) << 63

// SamplerDesc is a decoded sampler descriptor.
type SamplerDesc struct {
	SAddress, TAddress, RAddress uint8
	MagFilter, MinFilter         uint8
	MipFilter                    uint8
	PixelCoords                  bool
	Compare                      uint8
	Border                       uint8
	MaxAnisotropy                uint8 // 1..16
	LodMinClamp, LodMaxClamp     float32
}

// DefaultSampler is a constexpr sampler with no arguments written
// (clamp_to_edge, nearest, no mip filter, normalized coordinates).
func DefaultSampler() SamplerDesc {
	return SamplerDesc{MaxAnisotropy: 1, LodMaxClamp: float32(math.Inf(1))}
}

// EncodeSampler returns the descriptor bits of d (bit 63 set).
func EncodeSampler(d SamplerDesc) uint64 {
	a := d.MaxAnisotropy
	if a < 1 {
		a = 1
	}
	if a > 16 {
		a = 16
	}
	v := SamplerConstexprBit
	v |= uint64(d.SAddress&7) | uint64(d.TAddress&7)<<3 | uint64(d.RAddress&7)<<6
	v |= uint64(d.MagFilter&1)<<9 | uint64(d.MinFilter&1)<<10 | uint64(d.MipFilter&3)<<11
	if d.PixelCoords {
		v |= 1 << 13
	}
	v |= uint64(d.Compare&15)<<14 | uint64(d.Border&3)<<18 | uint64(a-1)<<20
	v |= uint64(fmath.Float32ToHalf(d.LodMinClamp))<<24 | uint64(fmath.Float32ToHalf(d.LodMaxClamp))<<40
	return v
}

// DecodeSampler decodes descriptor bits made by EncodeSampler; ok is false
// when bit 63 is clear (a runtime sampler ID).
func DecodeSampler(v uint64) (d SamplerDesc, ok bool) {
	if v&SamplerConstexprBit == 0 {
		return d, false
	}
	d.SAddress, d.TAddress, d.RAddress = uint8(v&7), uint8(v>>3&7), uint8(v>>6&7)
	d.MagFilter, d.MinFilter, d.MipFilter = uint8(v>>9&1), uint8(v>>10&1), uint8(v>>11&3)
	d.PixelCoords = v>>13&1 != 0
	d.Compare, d.Border = uint8(v>>14&15), uint8(v>>18&3)
	d.MaxAnisotropy = uint8(v>>20&15) + 1
	d.LodMinClamp = fmath.HalfToFloat32(fmath.Half(v >> 24))
	d.LodMaxClamp = fmath.HalfToFloat32(fmath.Half(v >> 40))
	return d, true
}
