package engine

import (
	"github.com/ingot-render/ingot/engine/raster"
)

// Fixed-function state types of the render pipeline, shared with the
// rasterizer (their values and order are Metal's).
type (
	// PrimitiveType is the topology of a draw (MTLPrimitiveType).
	PrimitiveType = raster.Topology
	// CullMode selects the faces culled (MTLCullMode).
	CullMode = raster.CullMode
	// Winding is the front-facing vertex order (MTLWinding).
	Winding = raster.Winding
	// TriangleFillMode fills triangles or draws their edges (MTLTriangleFillMode).
	TriangleFillMode = raster.FillMode
	// DepthClipMode clips or clamps depth (MTLDepthClipMode).
	DepthClipMode = raster.DepthClipMode
	// StencilOperation is what a stencil test result does to the stencil value (MTLStencilOperation).
	StencilOperation = raster.StencilOp
	// BlendFactor is a source or destination blend factor (MTLBlendFactor).
	BlendFactor = raster.BlendFactor
	// BlendOperation combines the weighted source and destination (MTLBlendOperation).
	BlendOperation = raster.BlendOp
	// ColorWriteMask selects the colour channels written (MTLColorWriteMask).
	ColorWriteMask = raster.ColorWriteMask
	// Viewport maps NDC to window coordinates (MTLViewport).
	Viewport = raster.Viewport
	// ScissorRect bounds the pixels written (MTLScissorRect).
	ScissorRect = raster.Scissor
	// VisibilityResultMode is what a draw counts into the visibility buffer (MTLVisibilityResultMode).
	VisibilityResultMode = raster.VisibilityMode
)

// Primitive types, cull modes, windings, fill modes.
const (
	PrimitiveTypePoint         = raster.PointList
	PrimitiveTypeLine          = raster.LineList
	PrimitiveTypeLineStrip     = raster.LineStrip
	PrimitiveTypeTriangle      = raster.TriangleList
	PrimitiveTypeTriangleStrip = raster.TriangleStrip

	CullModeNone  = raster.CullNone
	CullModeFront = raster.CullFront
	CullModeBack  = raster.CullBack

	WindingClockwise        = raster.Clockwise
	WindingCounterClockwise = raster.CounterClockwise

	TriangleFillModeFill  = raster.FillSolid
	TriangleFillModeLines = raster.FillLines

	DepthClipModeClip  = raster.DepthClip
	DepthClipModeClamp = raster.DepthClamp

	VisibilityResultModeDisabled = raster.VisibilityDisabled
	VisibilityResultModeBoolean  = raster.VisibilityBoolean
	VisibilityResultModeCounting = raster.VisibilityCounting
)

// LoadAction is what a render pass does with an attachment's contents at
// its start (MTLLoadAction).
type LoadAction int

// Load actions. The zero value is the default: LoadActionDontCare for
// colour attachments, LoadActionClear for depth and stencil, as Metal has
// (see RenderPassAttachmentDescriptor.LoadAction).
const (
	LoadActionDefault LoadAction = iota
	LoadActionDontCare
	LoadActionLoad
	LoadActionClear
)

// StoreAction is what a render pass does with an attachment's contents at
// its end (MTLStoreAction).
type StoreAction int

// Store actions. The zero value is StoreActionStore, Metal's default for
// attachments of a render pass descriptor.
const (
	StoreActionStore StoreAction = iota
	StoreActionDontCare
	StoreActionMultisampleResolve
	StoreActionStoreAndMultisampleResolve
)

// RenderPassAttachmentDescriptor is the part common to colour, depth and
// stencil attachments (MTLRenderPassAttachmentDescriptor).
type RenderPassAttachmentDescriptor struct {
	// Texture is rendered into; nil leaves the attachment unused.
	Texture *Texture
	// Level, Slice and DepthPlane select the mip level, the array slice (or
	// cube face 6·layer+face) and the 3D depth plane rendered into.
	Level, Slice, DepthPlane int
	// LoadAction defaults (LoadActionDefault) to DontCare for colour and
	// Clear for depth and stencil.
	LoadAction  LoadAction
	StoreAction StoreAction
	// ResolveTexture receives the averaged samples of a multisampled
	// attachment for the resolve store actions; ResolveLevel, ResolveSlice
	// and ResolveDepthPlane select where.
	ResolveTexture                                *Texture
	ResolveLevel, ResolveSlice, ResolveDepthPlane int
}

// RenderPassColorAttachmentDescriptor is one colour attachment
// (MTLRenderPassColorAttachmentDescriptor).
type RenderPassColorAttachmentDescriptor struct {
	RenderPassAttachmentDescriptor
	// ClearColor is the clear value; nil means Metal's default
	// (0, 0, 0, 1).
	ClearColor *[4]float64
}

// RenderPassDepthAttachmentDescriptor is the depth attachment
// (MTLRenderPassDepthAttachmentDescriptor).
type RenderPassDepthAttachmentDescriptor struct {
	RenderPassAttachmentDescriptor
	// ClearDepth is the clear value; nil means Metal's default 1.0.
	ClearDepth *float64
}

// RenderPassStencilAttachmentDescriptor is the stencil attachment
// (MTLRenderPassStencilAttachmentDescriptor).
type RenderPassStencilAttachmentDescriptor struct {
	RenderPassAttachmentDescriptor
	// ClearStencil is the clear value (default 0).
	ClearStencil uint32
}

// RenderPassDescriptor describes the attachments of a render pass
// (MTLRenderPassDescriptor).
type RenderPassDescriptor struct {
	// CountShaderTraffic makes the pass count the device-memory bytes its
	// shaders and its vertex-descriptor fetches read and write into
	// RenderPassCounters (tile_traffic.go).
	CountShaderTraffic bool

	ColorAttachments [MaxColorAttachments]RenderPassColorAttachmentDescriptor
	Depth            RenderPassDepthAttachmentDescriptor
	Stencil          RenderPassStencilAttachmentDescriptor
	// VisibilityResultBuffer receives one uint64 per 8-byte offset that
	// draws count into (SetVisibilityResultMode).
	VisibilityResultBuffer *Buffer
	// RenderTargetArrayLength is the number of layers layered rendering may
	// address ([[render_target_array_index]]); 0 means 1.
	RenderTargetArrayLength int
	// RenderTargetWidth and RenderTargetHeight size a pass without
	// attachments; otherwise they are taken from the attachments.
	RenderTargetWidth, RenderTargetHeight int
	// DefaultRasterSampleCount is the sample count of a pass without
	// attachments (default 1).
	DefaultRasterSampleCount int
	// TileWidth and TileHeight are the tile size of the pass in pixels
	// (tileWidth, tileHeight): 16 × 16, 32 × 16 or 32 × 32. Both 0 let
	// the engine pick the largest that fits the tile memory budget. The
	// pass runs tile by tile: every draw and tile dispatch of a tile in
	// submission order, the tiles spread over the workers.
	TileWidth, TileHeight int
	// ImageblockSampleLength is the size in bytes of one sample of the
	// explicit imageblock the pass's tile functions use
	// (imageblockSampleLength); each tile gets TileWidth × TileHeight ×
	// samples of them, zeroed when the tile starts.
	ImageblockSampleLength int
	// ThreadgroupMemoryLength is the persistent threadgroup memory per tile
	// in bytes (threadgroupMemoryLength), shared by the tile's tile
	// dispatches and fragment functions (SetThreadgroupMemoryLength lays
	// it out) and zeroed when the tile starts. With the explicit imageblock
	// it must fit MaxTileMemoryLength.
	ThreadgroupMemoryLength int
}

// MaxTileMemoryLength is the tile memory of a tile-shading pass: the
// explicit imageblock (ImageblockSampleLength × samples × tile pixels) plus
// ThreadgroupMemoryLength (Apple GPUs' 32 KiB).
const MaxTileMemoryLength = 32 << 10

// MaxColorAttachments is the number of colour attachments of a pass.
const MaxColorAttachments = raster.MaxColorAttachments

// RenderPipelineColorAttachmentDescriptor is the format and blending of
// one colour attachment (MTLRenderPipelineColorAttachmentDescriptor).
type RenderPipelineColorAttachmentDescriptor struct {
	PixelFormat     PixelFormat
	BlendingEnabled bool
	// The blend factors and operations are used as given (the zero value
	// is BlendFactorZero and BlendOperationAdd); ColorAttachment returns
	// Metal's defaults, One for the sources and Zero for the destinations.
	SourceRGBBlendFactor        BlendFactor
	DestinationRGBBlendFactor   BlendFactor
	RGBBlendOperation           BlendOperation
	SourceAlphaBlendFactor      BlendFactor
	DestinationAlphaBlendFactor BlendFactor
	AlphaBlendOperation         BlendOperation
	// WriteMask selects the channels written; nil means all
	// (MTLColorWriteMaskAll, Metal's default).
	WriteMask *ColorWriteMask
}

// VertexStepFunction says how a vertex buffer layout advances
// (MTLVertexStepFunction).
type VertexStepFunction int

// Vertex step functions.
const (
	// VertexStepFunctionPerVertex: element vertex_id / 1 (the default).
	VertexStepFunctionPerVertex VertexStepFunction = iota
	// VertexStepFunctionConstant: every vertex reads element 0.
	VertexStepFunctionConstant
	// VertexStepFunctionPerInstance: element base_instance + instance_id / StepRate.
	VertexStepFunctionPerInstance
)

// VertexAttributeDescriptor locates one [[attribute(n)]] of a vertex
// function's [[stage_in]] (MTLVertexAttributeDescriptor).
type VertexAttributeDescriptor struct {
	Format      AttributeFormat
	Offset      int
	BufferIndex int
}

// VertexBufferLayoutDescriptor describes the elements of one vertex
// buffer (MTLVertexBufferLayoutDescriptor).
type VertexBufferLayoutDescriptor struct {
	Stride       int
	StepFunction VertexStepFunction
	// StepRate divides the instance number for PerInstance (0 means 1).
	StepRate int
}

// VertexDescriptor describes how the engine fetches a vertex function's
// [[stage_in]] from vertex buffers (MTLVertexDescriptor).
type VertexDescriptor struct {
	Attributes map[int]VertexAttributeDescriptor
	Layouts    map[int]VertexBufferLayoutDescriptor
}

// PrimitiveTopologyClass restricts the primitive types a pipeline draws
// (MTLPrimitiveTopologyClass).
type PrimitiveTopologyClass int

// Topology classes.
const (
	PrimitiveTopologyClassUnspecified PrimitiveTopologyClass = iota
	PrimitiveTopologyClassPoint
	PrimitiveTopologyClassLine
	PrimitiveTopologyClassTriangle
)

// RenderPipelineDescriptor configures NewRenderPipelineState
// (MTLRenderPipelineDescriptor).
type RenderPipelineDescriptor struct {
	Label string
	// VertexFunction is required; FragmentFunction may be nil (depth-only
	// passes, or RasterizationDisabled).
	VertexFunction, FragmentFunction *Function
	// VertexConstants and FragmentConstants specialize the functions.
	VertexConstants, FragmentConstants *FunctionConstantValues
	// VertexDescriptor is required exactly when the vertex function has a
	// [[stage_in]] argument.
	VertexDescriptor *VertexDescriptor
	ColorAttachments [MaxColorAttachments]RenderPipelineColorAttachmentDescriptor
	// DepthAttachmentPixelFormat and StencilAttachmentPixelFormat are the
	// formats of the pass's depth and stencil attachments (Invalid: none).
	DepthAttachmentPixelFormat, StencilAttachmentPixelFormat PixelFormat
	// RasterSampleCount is 1 (0 means 1), 2, 4 or 8.
	RasterSampleCount      int
	AlphaToCoverageEnabled bool
	AlphaToOneEnabled      bool
	// RasterizationDisabled runs the vertex function only (for its buffer
	// writes); Metal's rasterizationEnabled = false.
	RasterizationDisabled bool
	// InputPrimitiveTopology restricts the draws' primitive types.
	InputPrimitiveTopology PrimitiveTopologyClass
	// MaxVertexAmplificationCount is the largest count
	// RenderCommandEncoder.SetVertexAmplificationCount may set: 1 (0 means
	// 1) to MaxVertexAmplification.
	MaxVertexAmplificationCount int
	// Reflection asks for the reflection of both functions' arguments
	// (MTLPipelineOptionArgumentInfo).
	Reflection bool
}

// MaxVertexAmplification is the largest vertex amplification count.
const MaxVertexAmplification = 8

// VertexAmplificationViewMapping offsets the viewport and render target
// array indices of one amplification's primitives (MTLVertexAmplificationViewMapping).
type VertexAmplificationViewMapping struct {
	ViewportArrayIndexOffset     uint32
	RenderTargetArrayIndexOffset uint32
}

// StencilDescriptor is one face's stencil test (MTLStencilDescriptor).
type StencilDescriptor struct {
	// StencilCompareFunction defaults (zero value: Never) as Metal's does
	// to Always only when the whole descriptor is nil in
	// DepthStencilDescriptor; set it explicitly.
	StencilCompareFunction    CompareFunction
	StencilFailureOperation   StencilOperation
	DepthFailureOperation     StencilOperation
	DepthStencilPassOperation StencilOperation
	// ReadMask and WriteMask default to 0xFF when nil.
	ReadMask, WriteMask *uint8
}

// DepthStencilDescriptor configures a DepthStencilState
// (MTLDepthStencilDescriptor). The zero value is Metal's default: depth
// compare Always, no depth writes, no stencil test.
type DepthStencilDescriptor struct {
	Label string
	// DepthCompareFunction: nil means Always (Metal's default).
	DepthCompareFunction *CompareFunction
	DepthWriteEnabled    bool
	// FrontFaceStencil and BackFaceStencil: nil disables the stencil test
	// for that face (compare Always, keep).
	FrontFaceStencil, BackFaceStencil *StencilDescriptor
}

// Blend factors (MTLBlendFactor).
const (
	BlendFactorZero                     = raster.BlendZero
	BlendFactorOne                      = raster.BlendOne
	BlendFactorSourceColor              = raster.BlendSourceColor
	BlendFactorOneMinusSourceColor      = raster.BlendOneMinusSourceColor
	BlendFactorSourceAlpha              = raster.BlendSourceAlpha
	BlendFactorOneMinusSourceAlpha      = raster.BlendOneMinusSourceAlpha
	BlendFactorDestinationColor         = raster.BlendDestinationColor
	BlendFactorOneMinusDestinationColor = raster.BlendOneMinusDestinationColor
	BlendFactorDestinationAlpha         = raster.BlendDestinationAlpha
	BlendFactorOneMinusDestinationAlpha = raster.BlendOneMinusDestinationAlpha
	BlendFactorSourceAlphaSaturated     = raster.BlendSourceAlphaSaturated
	BlendFactorBlendColor               = raster.BlendBlendColor
	BlendFactorOneMinusBlendColor       = raster.BlendOneMinusBlendColor
	BlendFactorBlendAlpha               = raster.BlendBlendAlpha
	BlendFactorOneMinusBlendAlpha       = raster.BlendOneMinusBlendAlpha
	BlendFactorSource1Color             = raster.BlendSource1Color
	BlendFactorOneMinusSource1Color     = raster.BlendOneMinusSource1Color
	BlendFactorSource1Alpha             = raster.BlendSource1Alpha
	BlendFactorOneMinusSource1Alpha     = raster.BlendOneMinusSource1Alpha
)

// Blend operations (MTLBlendOperation).
const (
	BlendOperationAdd             = raster.BlendOpAdd
	BlendOperationSubtract        = raster.BlendOpSubtract
	BlendOperationReverseSubtract = raster.BlendOpReverseSubtract
	BlendOperationMin             = raster.BlendOpMin
	BlendOperationMax             = raster.BlendOpMax
)

// Stencil operations (MTLStencilOperation).
const (
	StencilOperationKeep           = raster.StencilKeep
	StencilOperationZero           = raster.StencilZero
	StencilOperationReplace        = raster.StencilReplace
	StencilOperationIncrementClamp = raster.StencilIncrementClamp
	StencilOperationDecrementClamp = raster.StencilDecrementClamp
	StencilOperationInvert         = raster.StencilInvert
	StencilOperationIncrementWrap  = raster.StencilIncrementWrap
	StencilOperationDecrementWrap  = raster.StencilDecrementWrap
)

// Colour write masks (MTLColorWriteMask).
const (
	ColorWriteMaskNone  = raster.WriteNone
	ColorWriteMaskRed   = raster.WriteRed
	ColorWriteMaskGreen = raster.WriteGreen
	ColorWriteMaskBlue  = raster.WriteBlue
	ColorWriteMaskAlpha = raster.WriteAlpha
	ColorWriteMaskAll   = raster.WriteAll
)

// ColorAttachment returns a pipeline colour attachment of format f with
// Metal's defaults: blending off, source factors One, destination factors
// Zero, operations Add, every channel written.
func ColorAttachment(f PixelFormat) RenderPipelineColorAttachmentDescriptor {
	return RenderPipelineColorAttachmentDescriptor{PixelFormat: f,
		SourceRGBBlendFactor: BlendFactorOne, SourceAlphaBlendFactor: BlendFactorOne,
		DestinationRGBBlendFactor: BlendFactorZero, DestinationAlphaBlendFactor: BlendFactorZero}
}
