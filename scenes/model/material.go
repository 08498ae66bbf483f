package model

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/ingot-render/ingot/scenes/texture"
)

// Image is a decoded texture image with its mip chain.
type Image = texture.Image

// AlphaMode is how a material's alpha is interpreted.
type AlphaMode uint8

// Alpha modes (glTF alphaMode).
const (
	AlphaOpaque AlphaMode = iota
	AlphaMask
	AlphaBlend
)

// String returns the glTF alphaMode name.
func (a AlphaMode) String() string {
	return [...]string{"OPAQUE", "MASK", "BLEND"}[a%3]
}

// TextureRef references a texture from a material slot.
type TextureRef struct {
	// Texture indexes Scene.Textures, or -1 when the slot is empty.
	Texture int
	// TexCoord selects UV0 (0) or UV1 (1), after KHR_texture_transform's override.
	TexCoord int
	// Transform is KHR_texture_transform; nil is the identity.
	Transform *TexTransform
}

// NoTexture is an empty texture slot.
var NoTexture = TextureRef{Texture: -1}

// Valid reports whether the slot holds a texture.
func (r TextureRef) Valid() bool { return r.Texture >= 0 }

// TexTransform is KHR_texture_transform: uv' = T(offset) * R(rotation) * S(scale) * uv.
type TexTransform struct {
	Offset   [2]float32
	Rotation float32
	Scale    [2]float32
}

// Matrix returns the 3x3 UV matrix of the transform (column-major, as the
// KHR_texture_transform specification writes it: rotation is
// mat3(cos, sin, 0, -sin, cos, 0, 0, 0, 1) in GLSL column order).
func (t TexTransform) Matrix() mgl32.Mat3 {
	s, c := float32(math.Sin(float64(t.Rotation))), float32(math.Cos(float64(t.Rotation)))
	tr := mgl32.Mat3{1, 0, 0, 0, 1, 0, t.Offset[0], t.Offset[1], 1}
	rot := mgl32.Mat3{c, s, 0, -s, c, 0, 0, 0, 1}
	sc := mgl32.Mat3{t.Scale[0], 0, 0, 0, t.Scale[1], 0, 0, 0, 1}
	return tr.Mul3(rot).Mul3(sc)
}

// Apply transforms one UV.
func (t TexTransform) Apply(uv [2]float32) [2]float32 {
	m := t.Matrix()
	v := m.Mul3x1(mgl32.Vec3{uv[0], uv[1], 1})
	return [2]float32{v[0], v[1]}
}

// Material is a metallic-roughness PBR material with the parameters of the
// supported KHR material extensions. Factors multiply their textures.
type Material struct {
	Name string

	BaseColor    [4]float32
	BaseColorTex TextureRef
	Metallic     float32
	Roughness    float32
	// MetallicRoughnessTex: B = metallic, G = roughness.
	MetallicRoughnessTex TextureRef
	NormalTex            TextureRef
	NormalScale          float32
	// OcclusionTex: R = occlusion.
	OcclusionTex      TextureRef
	OcclusionStrength float32
	// Emissive is the emissive colour already multiplied by EmissiveStrength.
	Emissive         [3]float32
	EmissiveTex      TextureRef
	EmissiveStrength float32

	AlphaMode   AlphaMode
	AlphaCutoff float32
	DoubleSided bool
	// Unlit is KHR_materials_unlit.
	Unlit bool
	// IOR is KHR_materials_ior (1.5 by default).
	IOR float32

	Transmission Transmission
	Clearcoat    Clearcoat
	Specular     Specular
	Sheen        Sheen
	Volume       Volume
	Anisotropy   Anisotropy
	Iridescence  Iridescence
	// Dispersion is KHR_materials_dispersion (0: none).
	Dispersion float32

	// Extensions lists the material extensions present in the source.
	Extensions []string
}

// Transmission is KHR_materials_transmission.
type Transmission struct {
	Factor float32
	Tex    TextureRef
}

// Clearcoat is KHR_materials_clearcoat.
type Clearcoat struct {
	Factor       float32
	Tex          TextureRef
	Roughness    float32
	RoughnessTex TextureRef
	NormalTex    TextureRef
	NormalScale  float32
}

// Specular is KHR_materials_specular.
type Specular struct {
	Factor   float32
	Tex      TextureRef
	Color    [3]float32
	ColorTex TextureRef
}

// Sheen is KHR_materials_sheen.
type Sheen struct {
	Color        [3]float32
	ColorTex     TextureRef
	Roughness    float32
	RoughnessTex TextureRef
}

// Volume is KHR_materials_volume. With Thickness > 0 (and transmission)
// the surface bounds a solid volume that refracts and absorbs; 0, the
// default, keeps the material thin-walled.
type Volume struct {
	// Thickness is thicknessFactor (mesh units); ThicknessTex's G
	// channel multiplies it.
	Thickness    float32
	ThicknessTex TextureRef
	// AttenuationDistance is the world-space distance after which white
	// light has turned into AttenuationColor (Beer–Lambert); +Inf (the
	// default) absorbs nothing.
	AttenuationDistance float32
	AttenuationColor    [3]float32
}

// Anisotropy is KHR_materials_anisotropy.
type Anisotropy struct {
	Strength float32
	Rotation float32
	Tex      TextureRef
}

// Iridescence is KHR_materials_iridescence: a thin film (IOR, thickness
// in nanometres: ThicknessMax, or Min…Max by ThicknessTex's G channel)
// over the specular layer, of strength Factor × Tex's R channel.
type Iridescence struct {
	Factor       float32
	Tex          TextureRef
	IOR          float32
	ThicknessMin float32
	ThicknessMax float32
	ThicknessTex TextureRef
}

// DefaultMaterial returns the glTF default material (white, metallic 1,
// roughness 1) with every texture slot empty.
func DefaultMaterial() Material {
	return Material{
		Name:                 "default",
		BaseColor:            [4]float32{1, 1, 1, 1},
		BaseColorTex:         NoTexture,
		Metallic:             1,
		Roughness:            1,
		MetallicRoughnessTex: NoTexture,
		NormalTex:            NoTexture,
		NormalScale:          1,
		OcclusionTex:         NoTexture,
		OcclusionStrength:    1,
		EmissiveTex:          NoTexture,
		EmissiveStrength:     1,
		AlphaCutoff:          0.5,
		IOR:                  1.5,
		Transmission:         Transmission{Tex: NoTexture},
		Clearcoat:            Clearcoat{Tex: NoTexture, RoughnessTex: NoTexture, NormalTex: NoTexture, NormalScale: 1},
		Specular:             Specular{Factor: 1, Tex: NoTexture, Color: [3]float32{1, 1, 1}, ColorTex: NoTexture},
		Sheen:                Sheen{ColorTex: NoTexture, RoughnessTex: NoTexture},
		Volume:               Volume{ThicknessTex: NoTexture, AttenuationDistance: float32(math.Inf(1)), AttenuationColor: [3]float32{1, 1, 1}},
		Anisotropy:           Anisotropy{Tex: NoTexture},
		Iridescence:          Iridescence{Tex: NoTexture, IOR: 1.3, ThicknessMin: 100, ThicknessMax: 400, ThicknessTex: NoTexture},
	}
}

// IsEmissive reports whether the material emits light (usable as an area light).
func (m *Material) IsEmissive() bool {
	return m.Emissive[0] > 0 || m.Emissive[1] > 0 || m.Emissive[2] > 0
}

// Material returns material i, or DefaultMaterial for -1 or out of range.
func (s *Scene) Material(i int) Material {
	if i < 0 || i >= len(s.Materials) {
		return DefaultMaterial()
	}
	return s.Materials[i]
}

// Filter is a texture filter.
type Filter uint8

// Filters.
const (
	Linear Filter = iota
	Nearest
)

// MipFilter selects how mip levels are used.
type MipFilter uint8

// Mip filters.
const (
	MipLinear MipFilter = iota
	MipNearest
	MipNone
)

// Wrap is a texture address mode.
type Wrap uint8

// Address modes.
const (
	Repeat Wrap = iota
	ClampToEdge
	MirroredRepeat
)

// Sampler is a texture sampler.
type Sampler struct {
	Name         string
	MagFilter    Filter
	MinFilter    Filter
	MipFilter    MipFilter
	WrapS, WrapT Wrap
}

// DefaultSampler is linear filtering with trilinear mips and repeat.
var DefaultSampler = Sampler{Name: "default"}

// Texture pairs an image with a sampler.
type Texture struct {
	Name string
	// Image indexes Scene.Images, or -1 when it could not be provided
	// (the loader warns).
	Image int
	// Sampler indexes Scene.Samplers, or -1 for DefaultSampler.
	Sampler int
}
