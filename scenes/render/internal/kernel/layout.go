package kernel

// Go mirrors of the structs of shaders/scene_types.h, byte for byte
// (little-endian, no implicit padding: every field is 4 or 8 bytes and
// placed at the offset scene_types.h documents). layout_test.go checks each
// size and offset against the MSL compiler's reflection. Pointer fields
// hold GPU addresses (buffer GPUAddress + offset; 0 = null); texture and
// sampler fields hold resource IDs.

// Binding indices of the kernels (scene_types.h BUFFER_*).
const (
	BufferScene     = 0 // constant SceneResources& (argument buffer)
	BufferAccel     = 1 // instance acceleration structure
	BufferIFT       = 2 // intersection function table (alpha_test)
	BufferMaterials = 3 // visible function table of material functions
	BufferFrame     = 4 // constant FrameParams&
	BufferAccum     = 5 // device float4* (rgb sum, sample count)
	BufferAOV       = 6 // device AOVSample*
	BufferRays      = 7 // device CameraRay* (camera_rays)
	BufferQueue     = 8 // device atomic_uint* (path_trace pixel queue)

	BufferResolveAccum = 0 // resolve: const device float4*
	BufferResolveFrame = 1 // resolve: constant FrameParams&
	BufferResolveRGBA8 = 2 // resolve: device uint* (RGBA8, R in the low byte)
)

// Flag and enumeration values of scene_types.h.
const (
	AlphaOpaque = 0 // MaterialData.AlphaMode
	AlphaMask   = 1
	AlphaBlend  = 2

	MaterialDoubleSided = 1 // MaterialData.Flags
	MaterialUnlit       = 2
	MaterialEmissive    = 4
	MaterialTextured    = 8 // some texture slot is set
	// MaterialVolume marks a KHR_materials_volume boundary (thickness >
	// 0): rays refract into a solid volume, which absorbs along the path.
	MaterialVolume = 16

	InstanceMoving   = 1 // InstanceData.Flags
	InstanceDeformed = 2
	// InstanceIdentity marks a static instance whose transform is the
	// identity (make_hit skips the transform).
	InstanceIdentity = 4

	GeometryHasNormals  = 1 // GeometryData.Flags
	GeometryHasTangents = 2
	GeometryHasUV0      = 4
	GeometryHasUV1      = 8
	GeometryHasColors   = 16

	LightDirectional = 0 // PunctualLight.Type
	LightPoint       = 1
	LightSpot        = 2

	EnvConstant = 0 // SceneResources.EnvKind
	EnvMap      = 1

	ProjectionPerspective  = 0 // CameraData.Projection
	ProjectionOrthographic = 1

	SettingsAOV   = 1 // RenderSettings.Flags
	SettingsNoNEE = 2
	// SettingsRegenerate lets lanes whose rays miss start their next paths
	// before the others shade (the renderer always sets it: it pays where
	// rays escape and costs nothing where none do).
	SettingsRegenerate = 4
	// SettingsAlpha says some geometry is non-opaque (alpha MASK or
	// BLEND): rays then intersect through the function table, with the
	// random state alpha_test draws from as payload. Without it they
	// intersect without a table or payload (the same hits: every geometry
	// is opaque).
	SettingsAlpha = 8
	// SettingsLobeLimits makes path_trace count each path's diffuse,
	// glossy and transmission bounces against RenderSettings'
	// MaxDiffuseBounces, MaxGlossyBounces and MaxTransmissionBounces.
	// Without it only MaxBounces ends paths (and no count runs).
	SettingsLobeLimits = 16
	// NoLobeLimit is a per-lobe bounce limit that never ends a path.
	NoLobeLimit = 0xFFFFFFFF

	// NoLight is GeometryData.LightBase for a geometry that is not an
	// emissive-triangle light.
	NoLight = 0xFFFFFFFF
	// InstanceMaskAll is the ray mask of every ray the tracer casts.
	InstanceMaskAll = 0xFF
)

// Material function table indices of the stock materials.
const (
	FunctionGLTF  = 0
	FunctionUnlit = 1
)

// Float4 is MSL float4 (16-byte aligned in MSL; Go places it by offset).
type Float4 [4]float32

// PackedFloat3 is MSL packed_float3.
type PackedFloat3 [3]float32

// InstanceData is scene_types.h InstanceData (208 bytes).
type InstanceData struct {
	ToWorld            [3]Float4
	ToWorldClose       [3]Float4
	NormalToWorld      [3]Float4
	NormalToWorldClose [3]Float4
	GeometryBase       uint32
	GeometryCount      uint32
	Flags              uint32
	UserID             uint32
}

// GeometryData is scene_types.h GeometryData (80 bytes).
type GeometryData struct {
	Positions, Normals, Tangents, UV0, UV1, Colors, Indices uint64
	Material                                                uint32
	TriangleCount                                           uint32
	VertexCount                                             uint32
	LightBase                                               uint32
	Flags                                                   uint32
	Pad0                                                    uint32
	// FaceNormals: per triangle, cross(p1−p0, p2−p0) in object space
	// (faceNormals), so a hit needs neither its indices nor its positions
	// for the geometric normal.
	FaceNormals uint64
}

// TextureBinding is scene_types.h TextureBinding (16 bytes).
type TextureBinding struct {
	Texture uint64
	Sampler uint64
}

// TextureSlot is scene_types.h TextureSlot (32 bytes).
type TextureSlot struct {
	URow     PackedFloat3
	Texture  int32
	VRow     PackedFloat3
	TexCoord uint32
}

// MaterialData is scene_types.h MaterialData (656 bytes).
type MaterialData struct {
	BaseColor             Float4
	Emissive              PackedFloat3
	EmissiveStrength      float32
	Metallic              float32
	Roughness             float32
	IOR                   float32
	AlphaCutoff           float32
	Transmission          float32
	Clearcoat             float32
	ClearcoatRoughness    float32
	NormalScale           float32
	AlphaMode             uint32
	Flags                 uint32
	Function              uint32
	OcclusionStrength     float32
	BaseColorTex          TextureSlot
	MetallicRoughnessTex  TextureSlot
	NormalTex             TextureSlot
	EmissiveTex           TextureSlot
	OcclusionTex          TextureSlot
	TransmissionTex       TextureSlot
	ClearcoatTex          TextureSlot
	ClearcoatRoughnessTex TextureSlot
	ClearcoatNormalTex    TextureSlot
	SpecularTex           TextureSlot
	SpecularColorTex      TextureSlot
	SpecularColor         PackedFloat3
	Specular              float32
	SheenColor            PackedFloat3
	SheenRoughness        float32
	SheenColorTex         TextureSlot
	SheenRoughnessTex     TextureSlot
	// Attenuation is KHR_materials_volume's absorption coefficient
	// σ = −ln(attenuationColor)/attenuationDistance per world unit (0
	// without absorption); Thickness its thicknessFactor (0: thin-walled).
	Attenuation  PackedFloat3
	Thickness    float32
	ThicknessTex TextureSlot
	// KHR_materials_iridescence: strength, film IOR and the film
	// thickness range in nanometres (Max without a thickness texture).
	Iridescence             float32
	IridescenceIor          float32
	IridescenceThicknessMin float32
	IridescenceThicknessMax float32
	IridescenceTex          TextureSlot
	IridescenceThicknessTex TextureSlot
}

// EmissiveTriangle is scene_types.h EmissiveTriangle (64 bytes).
type EmissiveTriangle struct {
	P0        PackedFloat3
	Instance  uint32
	P1        PackedFloat3
	Geometry  uint32
	P2        PackedFloat3
	Primitive uint32
	Area      float32
	Pmf       float32
	Cdf       float32
	Pad0      uint32
}

// PunctualLight is scene_types.h PunctualLight (64 bytes).
type PunctualLight struct {
	Position  PackedFloat3
	Type      uint32
	Direction PackedFloat3
	Range     float32
	Intensity PackedFloat3
	CosInner  float32
	CosOuter  float32
	Pmf       float32
	Cdf       float32
	Pad0      uint32
}

// SceneResources is scene_types.h SceneResources (168 bytes), the
// argument buffer of the scene.
type SceneResources struct {
	Instances, Geometries, Materials, Textures, Emissive, Punctual uint64
	EnvMarginalCdf, EnvConditionalCdf                              uint64
	EnvMap, EnvSampler                                             uint64
	InstanceCount                                                  uint32
	GeometryCount                                                  uint32
	MaterialCount                                                  uint32
	TextureCount                                                   uint32
	EmissiveCount                                                  uint32
	PunctualCount                                                  uint32
	PickEmissive                                                   float32
	PickPunctual                                                   float32
	PickEnv                                                        float32
	EnvKind                                                        uint32
	EnvWidth                                                       uint32
	EnvHeight                                                      uint32
	EnvColor                                                       PackedFloat3
	EnvIntensity                                                   float32
	EnvRotation                                                    float32
	EnvIntegral                                                    float32
	GGXTables                                                      uint64
	SobolTables                                                    uint64
}

// CameraData is scene_types.h CameraData (96 bytes).
type CameraData struct {
	Position        PackedFloat3
	LensRadius      float32
	Right           PackedFloat3
	FocusDistance   float32
	Up              PackedFloat3
	TanHalfFovY     float32
	Forward         PackedFloat3
	Aspect          float32
	PositionClose   PackedFloat3
	Projection      uint32
	OrthoHalfHeight float32
	ShutterOpen     float32
	ShutterClose    float32
	NearClip        float32
}

// RenderSettings is scene_types.h RenderSettings (84 bytes).
type RenderSettings struct {
	Width, Height                         uint32
	TileX, TileY, TileWidth, TileHeight   uint32
	SampleStart, SamplesPerPass           uint32
	MaxBounces, Seed, FrameIndex, ToneMap uint32
	Exposure, ClampRadiance               float32
	Flags, RRStartBounce                  uint32
	// Filter is the PixelFilter and FilterWidth its width in pixels (0:
	// the filter's DefaultWidth).
	Filter      uint32
	FilterWidth float32
	// MaxDiffuseBounces, MaxGlossyBounces and MaxTransmissionBounces
	// limit each kind of bounce as MaxBounces limits all of them: the
	// path ends at the vertex after the limit-th bounce of that kind, once
	// its emission is counted (NoLobeLimit: none). They apply with
	// SettingsLobeLimits only.
	MaxDiffuseBounces, MaxGlossyBounces, MaxTransmissionBounces uint32
}

// FrameParams is scene_types.h FrameParams (180 bytes).
type FrameParams struct {
	Camera   CameraData
	Settings RenderSettings
}

// AOVSample is scene_types.h AOVSample (48 bytes).
type AOVSample struct {
	Albedo, Normal, Depth Float4
}

// CameraRay is scene_types.h CameraRay (32 bytes).
type CameraRay struct {
	Origin    PackedFloat3
	Time      float32
	Direction PackedFloat3
	Weight    float32
}

// SampleQuery is reference_kernels.metal SampleQuery (16 bytes).
type SampleQuery struct {
	PixelSeed, Index, Group, Pad uint32
}

// ThinFilmQuery is reference_kernels.metal ThinFilmQuery (32 bytes).
type ThinFilmQuery struct {
	Cos1, Thickness, FilmIor, Pad0 float32
	BaseF0                         PackedFloat3
	Pad1                           float32
}

// BSDFQuery is reference_kernels.metal BSDFQuery (120 bytes).
type BSDFQuery struct {
	BaseColor          PackedFloat3
	Metallic           float32
	Roughness          float32
	IOR                float32
	Transmission       float32
	Clearcoat          float32
	ClearcoatRoughness float32
	Wo, Wi, U          PackedFloat3
	Specular           float32
	SpecularColor      PackedFloat3
	SheenColor         PackedFloat3
	SheenRoughness     float32
	// Volume is BSDFParams.Volume (VolumeThin, VolumeEnter, VolumeExit).
	Volume               uint32
	Iridescence          float32
	IridescenceIor       float32
	IridescenceThickness float32
}

// BSDFAnswer is reference_kernels.metal BSDFAnswer (64 bytes).
type BSDFAnswer struct {
	F            PackedFloat3
	Pdf          float32
	SampleWi     PackedFloat3
	SamplePdf    float32
	SampleF      PackedFloat3
	SampleLobe   uint32
	SampleWeight PackedFloat3
	SampleOK     uint32
}
