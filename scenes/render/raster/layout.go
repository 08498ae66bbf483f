package raster

// Mirrors of shaders/raster_types.h and the parameter structs of the MSL
// (layout_test.go checks sizes and offsets against reflection).

// Buffer, texture and sampler indices of raster_vertex / raster_fragment.
const (
	bufferScene  = 0
	bufferDraw   = 1
	bufferFrame  = 2
	bufferSH     = 9
	bufferLights = 10

	textureSpecular = 1
	textureShadow   = 2
	textureCube     = 3
	samplerIBL      = 0
	samplerShadow   = 1
)

// RasterFrame.Flags.
const (
	flagIBL        = 1
	flagMSAA       = 2
	flagAreaLights = 4
	flagShadow     = 8
	flagDeform     = 16
	flagCubes      = 32
	flagProbes     = 64
)

// noCube is RASTER_NO_CUBE: a light without a cube shadow map.
const noCube = 0xFFFFFFFF

// Draw passes (RasterDraw.Pass).
const (
	passOpaque = 0
	passMask   = 1
	passBlend  = 2
)

// rasterFrame is raster_types.h RasterFrame (352 bytes).
type rasterFrame struct {
	ViewProj        [4][4]float32
	ShadowProj      [4][4]float32
	Eye             [3]float32
	Flags           uint32
	Right           [3]float32
	TanHalfFovY     float32
	Up              [3]float32
	Aspect          float32
	Forward         [3]float32
	Projection      uint32
	OrthoHalfHeight float32
	Width, Height   uint32
	SpecularMips    float32
	ShadowLight     uint32
	ShadowBias      float32
	AreaSamples     uint32
	Pad0            uint32
	Ambient         [3]float32
	Pad1            float32
	// Deforms, Joints, MorphWeights and DeformedPositions are the device
	// addresses of the RasterDeform records, the joint palette, the morph
	// weights and the deformed positions (flagDeform).
	Deforms, Joints, MorphWeights, DeformedPositions uint64
	// Cubes and CubeOf are the device addresses of the cube shadow maps'
	// records and of the cube index of each punctual light and emissive
	// triangle (flagCubes).
	Cubes, CubeOf uint64
	// The irradiance probes' grid (flagProbes): the first probe's
	// position, the spacing and its reciprocal, the probes per axis and
	// the device address of their coefficients.
	ProbeOrigin  [3]float32
	ProbeCountX  uint32
	ProbeStep    [3]float32
	ProbeCountY  uint32
	ProbeInvStep [3]float32
	ProbeCountZ  uint32
	Probes       uint64
	Pad2         [2]uint32
}

// rasterCubeShadow is raster_types.h RasterCubeShadow (32 bytes).
type rasterCubeShadow struct {
	Centre                [3]float32
	Layer                 uint32
	DepthScale, DepthNear float32
	Texel                 float32
	Pad0                  uint32
}

// rasterDeformJob is raster_types.h RasterDeformJob (16 bytes).
type rasterDeformJob struct {
	Geometry, VertexCount, Pad0, Pad1 uint32
}

// rasterDraw is raster_types.h RasterDraw (32 bytes).
type rasterDraw struct {
	Instance, Geometry, Pass, Flags uint32
	MeshletFirst, MeshletCount      uint32
	RadiusScale                     float32
	Pad0                            uint32
}

// iblParams is ibl.metal IBLParams (32 bytes).
type iblParams struct {
	Width, Height, Level, Levels uint32
	SrcWidth, SrcHeight, Samples uint32
	BaseTexelSolidAngle          float32
}
