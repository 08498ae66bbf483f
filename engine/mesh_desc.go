package engine

// Mesh pipeline limits (WWDC22 figures for Apple GPUs; see
// ../shared/reference/msl-mesh-tile.md A6).
const (
	// MaxPayloadMemoryLength bounds MeshRenderPipelineDescriptor.PayloadMemoryLength.
	MaxPayloadMemoryLength = 16384
	// MaxThreadgroupsPerMeshGrid bounds the threadgroups one object
	// threadgroup may launch (and a draw's grid without object function).
	MaxThreadgroupsPerMeshGrid = 1024
	// MaxMeshVertices and MaxMeshPrimitives bound mesh<V, P, NV, NP, t>.
	MaxMeshVertices   = 256
	MaxMeshPrimitives = 512
)

// MeshRenderPipelineDescriptor configures a mesh render pipeline
// (MTLMeshRenderPipelineDescriptor): an optional object function, a mesh
// function and a fragment function with the fixed-function state of an
// ordinary render pipeline.
type MeshRenderPipelineDescriptor struct {
	Label string
	// ObjectFunction is optional: without one the draw's grid is the mesh
	// grid and there is no payload. MeshFunction is required;
	// FragmentFunction is required unless RasterizationDisabled.
	ObjectFunction, MeshFunction, FragmentFunction *Function
	// ObjectConstants, MeshConstants and FragmentConstants specialize them.
	ObjectConstants, MeshConstants, FragmentConstants *FunctionConstantValues
	// PayloadMemoryLength is the bytes of each object threadgroup's
	// payload; 0 means the size of the object function's payload type
	// (one element for a pointer). At most MaxPayloadMemoryLength.
	PayloadMemoryLength int
	// MaxTotalThreadsPerObjectThreadgroup and
	// MaxTotalThreadsPerMeshThreadgroup: 0 means the function's
	// [[max_total_threads_per_threadgroup]] or 1024; when both are set
	// they must agree.
	MaxTotalThreadsPerObjectThreadgroup, MaxTotalThreadsPerMeshThreadgroup int
	// MaxTotalThreadgroupsPerMeshGrid bounds the product an object
	// threadgroup passes to set_threadgroups_per_grid: 0 means the object
	// function's [[max_total_threadgroups_per_mesh_grid]] or
	// MaxThreadgroupsPerMeshGrid.
	MaxTotalThreadgroupsPerMeshGrid int
	ColorAttachments                [MaxColorAttachments]RenderPipelineColorAttachmentDescriptor
	DepthAttachmentPixelFormat      PixelFormat
	StencilAttachmentPixelFormat    PixelFormat
	// RasterSampleCount is 1 (0 means 1), 2, 4 or 8.
	RasterSampleCount      int
	AlphaToCoverageEnabled bool
	AlphaToOneEnabled      bool
	// RasterizationDisabled runs the object and mesh functions only.
	RasterizationDisabled bool
	// MaxVertexAmplificationCount bounds SetVertexAmplificationCount for
	// this pipeline's draws, as for vertex pipelines (0 means 1). Object
	// and mesh functions read the count as [[amplification_count]]. A mesh
	// function that reads [[amplification_id]] runs its mesh grids once per
	// amplification, each run's primitives drawn with that amplification's
	// view mapping; otherwise every amplification rasterizes the same
	// emitted primitives with its view mapping.
	MaxVertexAmplificationCount int
}
