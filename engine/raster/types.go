package raster

// Topology is the kind of primitives a Draw assembles from its vertices.
type Topology uint8

// Topologies (MTLPrimitiveType order).
const (
	PointList Topology = iota
	LineList
	LineStrip
	TriangleList
	TriangleStrip
)

// CullMode selects which facing of triangles is discarded (MTLCullMode).
type CullMode uint8

// Cull modes.
const (
	CullNone CullMode = iota
	CullFront
	CullBack
)

// Winding is the window-space vertex order of front-facing triangles
// (MTLWinding).
type Winding uint8

// Windings.
const (
	Clockwise Winding = iota
	CounterClockwise
)

// FillMode is how triangles are rasterized (MTLTriangleFillMode).
type FillMode uint8

// Fill modes.
const (
	FillSolid FillMode = iota
	FillLines          // wireframe: triangle edges drawn as lines
)

// DepthClipMode selects near/far clipping or depth clamping
// (MTLDepthClipMode).
type DepthClipMode uint8

// Depth clip modes.
const (
	DepthClip DepthClipMode = iota
	DepthClamp
)

// CompareFunc is a depth or stencil comparison (MTLCompareFunction order):
// the test is new OP stored (reference OP stored for stencil).
type CompareFunc uint8

// Compare functions.
const (
	CompareNever CompareFunc = iota
	CompareLess
	CompareEqual
	CompareLessEqual
	CompareGreater
	CompareNotEqual
	CompareGreaterEqual
	CompareAlways
)

// StencilOp is what a stencil test outcome does to the stored value
// (MTLStencilOperation order).
type StencilOp uint8

// Stencil operations.
const (
	StencilKeep StencilOp = iota
	StencilZero
	StencilReplace
	StencilIncrementClamp
	StencilDecrementClamp
	StencilInvert
	StencilIncrementWrap
	StencilDecrementWrap
)

// BlendFactor is a source or destination blend factor (MTLBlendFactor order).
type BlendFactor uint8

// Blend factors.
const (
	BlendZero BlendFactor = iota
	BlendOne
	BlendSourceColor
	BlendOneMinusSourceColor
	BlendSourceAlpha
	BlendOneMinusSourceAlpha
	BlendDestinationColor
	BlendOneMinusDestinationColor
	BlendDestinationAlpha
	BlendOneMinusDestinationAlpha
	BlendSourceAlphaSaturated
	BlendBlendColor
	BlendOneMinusBlendColor
	BlendBlendAlpha
	BlendOneMinusBlendAlpha
	BlendSource1Color
	BlendOneMinusSource1Color
	BlendSource1Alpha
	BlendOneMinusSource1Alpha
)

// BlendOp combines the weighted source and destination (MTLBlendOperation).
type BlendOp uint8

// Blend operations.
const (
	BlendOpAdd BlendOp = iota
	BlendOpSubtract
	BlendOpReverseSubtract
	BlendOpMin
	BlendOpMax
)

// ColorWriteMask selects the components a colour attachment keeps
// (MTLColorWriteMask bits).
type ColorWriteMask uint8

// Colour write mask bits.
const (
	WriteNone  ColorWriteMask = 0
	WriteAlpha ColorWriteMask = 1
	WriteBlue  ColorWriteMask = 2
	WriteGreen ColorWriteMask = 4
	WriteRed   ColorWriteMask = 8
	WriteAll   ColorWriteMask = 15
)

// VisibilityMode is the occlusion query mode of a draw
// (MTLVisibilityResultMode).
type VisibilityMode uint8

// Visibility modes.
const (
	VisibilityDisabled VisibilityMode = iota
	VisibilityBoolean
	VisibilityCounting
)

// MaxColorAttachments is the number of colour attachments of a pass.
const MaxColorAttachments = 8

// StencilFace is the stencil state of one facing.
type StencilFace struct {
	Compare               CompareFunc
	Fail, DepthFail, Pass StencilOp
	ReadMask, WriteMask   uint8
}

// DepthStencil is a depth/stencil state (MTLDepthStencilDescriptor).
type DepthStencil struct {
	DepthCompare   CompareFunc // CompareAlways when no depth test
	DepthWrite     bool
	StencilEnabled bool
	Front, Back    StencilFace
}

// Blend is the blend state of one colour attachment.
type Blend struct {
	Enabled                            bool
	RGBOp, AlphaOp                     BlendOp
	SrcRGB, DstRGB, SrcAlpha, DstAlpha BlendFactor
	WriteMask                          ColorWriteMask
}

// Viewport is a Metal MTLViewport.
type Viewport struct{ X, Y, W, H, ZNear, ZFar float64 }

// Scissor is a scissor rectangle in pixels (MTLScissorRect).
type Scissor struct{ X, Y, W, H int }

// State is the fixed-function state of one draw (the encoder's current state,
// copied per draw).
type State struct {
	Cull      CullMode
	Front     Winding
	Fill      FillMode
	DepthClip DepthClipMode

	DepthStencil                    DepthStencil
	StencilRefFront, StencilRefBack uint32

	DepthBias, DepthSlope, DepthBiasClamp float32

	Blends     [MaxColorAttachments]Blend
	BlendColor [4]float32

	Viewports []Viewport // len ≥ 1; indexed by [[viewport_array_index]]
	Scissors  []Scissor  // nil: the whole target; else one per viewport

	Visibility       VisibilityMode
	VisibilityOffset int // byte offset; results are per offset/8 slot
}
