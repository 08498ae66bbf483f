// Package engine is ingot's Metal-shaped runtime: a Device owns buffers,
// textures and samplers, compiles MSL libraries into compute pipeline
// states, and runs command buffers of compute dispatches and
// acceleration-structure builds on the SIMD-lane executor (engine/exec)
// over a pool of worker goroutines.
//
// The API follows Metal's (MTLDevice, MTLBuffer, MTLTexture,
// MTLSamplerState, MTLLibrary, MTLFunction, MTLComputePipelineState,
// MTLCommandQueue, MTLCommandBuffer, MTLComputeCommandEncoder) with Go
// naming: methods return errors instead of taking NSError pointers,
// descriptors are plain structs, and nothing panics on bad input.
//
// # Memory model
//
// Every Buffer has a 64-bit GPU address (Buffer.GPUAddress); a device or
// constant pointer in a shader is such an address, so pointers written
// into buffers (argument buffers, scene tables of vertex-buffer pointers)
// simply work: the executor resolves every access through the device's
// buffer table and bounds-checks it. Textures and sampler states likewise
// have 64-bit resource IDs (GPUResourceID) that shaders may read from
// memory. A resource is visible to shaders while its Go value is
// reachable (or until Release); a resource referenced only from an
// argument buffer should be passed to ComputeCommandEncoder.UseResource,
// as in Metal, which keeps it alive until the command buffer completes.
//
// # Pipelines
//
// NewComputePipelineState lowers a kernel to IR (shaders/lower),
// specializes it with the FunctionConstantValues (ir.Specialize, which also
// simplifies), and compiles it once for the executor. Binding indices
// given by function constants, and arguments enabled by them, are
// resolved then (derived constants such as `constant int b = a + 2;` are
// evaluated on the host). Every dispatch is checked against the
// pipeline's bindings: a missing buffer, texture, sampler or threadgroup
// length, a texture of the wrong type, or a buffer too small for a
// by-value or reference argument is an error naming the function, the
// index and the argument. Library.NewCallPipeline compiles any function
// with a body for calls from the host (see engine/msltest).
//
// # Faults
//
// An out-of-bounds or misaligned access (buffers, threadgroup memory,
// textures), a command buffer exceeding the device's instruction budget
// (summed over its dispatches; CommandBuffer.SetInstructionBudget) or time
// budget (CommandBuffer.SetTimeBudget), or a cancelled context stops the command
// buffer: its Status becomes StatusError and Error returns an *exec.Fault
// (wrapped) naming the function, the source position and the thread.
// Other command buffers and the process are unaffected.
//
// # Texture intrinsics
//
// The texture and sampler intrinsics of shaders/stdlib's catalogue are
// implemented on internal/texel's lane-batch entry points: one call per
// batch of lanes (per distinct texture when lanes disagree), no per-lane
// allocation or interface call.
//
// # Ray tracing
//
// Each Device owns an engine/rt Registry whose intrinsics are part of every
// pipeline (no wiring needed). AccelerationStructure objects
// (Device.NewAccelerationStructure, sized by
// Device.AccelerationStructureSizes) are built, refitted, copied and
// compacted by an AccelerationStructureCommandEncoder from
// PrimitiveAccelerationStructureDescriptor (triangle and bounding-box
// geometries, with motion variants) or
// InstanceAccelerationStructureDescriptor (Metal's instance descriptor
// bytes in a Buffer). Those commands run in command-buffer order with
// compute dispatches and read their buffers when they execute, so a kernel
// may write the vertices a later build in the same command buffer uses.
// Each built structure is registered under its GPUResourceID.
//
// Intersection and visible functions are linked into a pipeline with
// ComputePipelineOptions.LinkedFunctions; FunctionHandle gives their
// handles for the pipeline's IntersectionFunctionTable and
// VisibleFunctionTable. The entry an intersection runs is the instance's
// table offset plus the geometry's, as in Metal. The compute encoder binds
// them with SetAccelerationStructure, SetIntersectionFunctionTable and
// SetVisibleFunctionTable; binding one kind where the kernel's argument
// takes another is an error naming the argument, and a dispatch using a
// structure that has not been built fails its command buffer.
//
// Tile shading: a render pass runs tile by tile (RenderPassDescriptor
// TileWidth × TileHeight: 16 × 16, 32 × 16 or 32 × 32), each tile's draws
// and tile dispatches in submission order on one worker. A
// TileRenderPipelineState (NewTileRenderPipelineState) runs a kernel once
// per tile, or a fragment function once per pixel (or sample) of the
// tile, at RenderCommandEncoder.DispatchThreadsPerTile, between the draws
// before and after it, with tile buffers, bytes, textures and
// samplers of its own (SetTileBuffer …). Its imageblock<T,
// imageblock_layout_implicit> argument reads and writes the colour
// attachments' tile storage; imageblock<T> is the pass's explicit
// imageblock (ImageblockSampleLength bytes per sample), which fragment
// functions reach through [[imageblock_data]] and [[imageblock_data(T)]]
// views. [[threadgroup(i)]] arguments of tile and fragment functions share
// the tile's persistent threadgroup memory (ThreadgroupMemoryLength, laid
// out by SetThreadgroupMemoryLength). Both memories are zeroed when a tile
// starts. Memoryless textures (StorageModeMemoryless) live only in tiles;
// CommandBuffer.RenderPassCounters reports the device bytes each render
// pass loaded and stored.
package engine
