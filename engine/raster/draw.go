package raster

// Interp is how one float varying component is interpolated: a mode
// (InterpPerspective, InterpNoPerspective or InterpFlat) combined with a
// location (InterpCenter, InterpCentroid or InterpSample).
type Interp uint8

// Interpolation modes and locations.
const (
	InterpPerspective   Interp = 0
	InterpNoPerspective Interp = 1
	InterpFlat          Interp = 2
	InterpCenter        Interp = 0
	InterpCentroid      Interp = 4
	InterpSample        Interp = 8

	interpModeMask = 3
)

// ShaderFlags says what a draw's fragment function does.
type ShaderFlags uint16

// Fragment function flags.
const (
	FlagWritesDepth      ShaderFlags = 1 << iota // writes [[depth]] (FragmentBatch.Depth)
	FlagDiscards                                 // may discard_fragment (clears Live bits)
	FlagWritesSampleMask                         // writes [[sample_mask]] (SampleMaskOut)
	FlagWritesStencil                            // writes [[stencil]] (Stencil): replaces the reference
	FlagReadsColor                               // programmable blending: raster fills ColorIn
	FlagEarlyTests                               // [[early_fragment_tests]]
	FlagPerSample                                // runs once per covered sample
	FlagDualSource                               // writes [[color(0), index(1)]] (Color1)
	// FlagPixels: the fragment function reads nothing of other lanes (no
	// derivatives, quad or SIMD-group functions, implicit-LOD samples), so
	// raster packs covered pixels into the lanes in order, without helper
	// lanes; the lanes then do not form 2×2 quads.
	FlagPixels
	// FlagInputsListed: the fragment function reads only the built-in
	// inputs the FlagIn flags name, and raster leaves the other built-in
	// fields of the batch unset. Without it raster fills them all.
	FlagInputsListed
	FlagInPosition   // reads [[position]] (PosX, PosY, PosZ, PosW)
	FlagInBary       // reads [[barycentric_coord]] (Bary)
	FlagInPrimitive  // reads [[front_facing]], [[primitive_id]], [[render_target_array_index]] or [[viewport_array_index]]
	FlagInSampleMask // reads the [[sample_mask]] input (SampleMaskIn)
)

// DepthArg is the [[depth(any|greater|less)]] qualifier of a depth output;
// raster may ignore it.
type DepthArg uint8

// Depth argument qualifiers.
const (
	DepthArgAny DepthArg = iota
	DepthArgGreater
	DepthArgLess
)

// RestartIndex in Draw.Indices ends the current strip (or incomplete
// primitive) and starts a new one.
const RestartIndex = 0xFFFFFFFF

// VertexOutputs are the vertex stage's results for a draw, flat arrays
// indexed by vertex number.
type VertexOutputs struct {
	Count         int
	Position      []float32 // 4 per vertex: clip-space x, y, z, w
	Varyings      []float32 // Stride per vertex
	Stride        int
	PointSize     []float32 // nil: 1 per vertex
	ClipDistances []float32 // ClipCount per vertex; clipped where the interpolated d < 0
	ClipCount     int
	Layer         []uint32 // [[render_target_array_index]]; nil: 0
	ViewportIndex []uint32 // [[viewport_array_index]]; nil: 0
}

// Draw is one draw call's primitives.
type Draw struct {
	Topology Topology
	Vertices *VertexOutputs
	// Indices lists vertex numbers in primitive order (index buffers, base
	// vertex and instancing already applied). RestartIndex restarts a strip.
	// nil: vertices 0..Count-1.
	Indices         []uint32
	PrimitiveIDBase uint32 // [[primitive_id]] = base + primitive number within this Draw
	// PrimitiveIDs, when not nil, gives primitive k's [[primitive_id]]
	// instead (mesh pipelines: the primitives' own ids); primitives past
	// its end number on from PrimitiveIDBase.
	PrimitiveIDs    []uint32
	State           *State
	Interp          []Interp       // one per varying float (len == Vertices.Stride)
	Shader          FragmentShader // nil: no fragment function (depth/stencil only)
	Flags           ShaderFlags
	ColorMask       uint8 // colour attachments the shader writes (bit i = [[color(i)]])
	AlphaToCoverage bool
	AlphaToOne      bool
	SampleMask      uint32 // pipeline sample mask ANDed into coverage; 0 means all samples
	DepthArgument   DepthArg
}

// primitiveID is the [[primitive_id]] of the draw's primitive number n.
func (d *Draw) primitiveID(n uint32) uint32 {
	if int(n) < len(d.PrimitiveIDs) {
		return d.PrimitiveIDs[n]
	}
	return d.PrimitiveIDBase + n
}

// FragmentShader runs fragment batches. Shade is called from worker goroutine
// worker (0 ≤ worker < the pass's workers), never concurrently with the same
// worker number, so implementations may keep per-worker state.
type FragmentShader interface {
	Shade(worker int, b *FragmentBatch) error
}

// MaxBatch is the number of lanes of a FragmentBatch (16 quads).
const MaxBatch = 64

// FragmentBatch is up to MaxBatch lanes = 16 quads. Lane 4k+q is pixel
// (x0 + q&1, y0 + q>>1) of quad k; for a draw with FlagPixels the lanes are
// covered pixels packed in any order, without helpers. Raster fills the
// inputs; the shader fills the outputs of lanes in Live; raster reads them
// back. Every slice has length MaxBatch and is owned by raster.
type FragmentBatch struct {
	N       int    // lanes in use: a multiple of 4, any count with FlagPixels
	Covered uint64 // lanes with coverage; helper lanes = low N bits &^ Covered

	PosX, PosY, PosZ, PosW []float32 // [[position]]: window x, y, depth z, 1/w_clip
	FrontFacing            []uint32  // 1 or 0
	PrimitiveID            []uint32
	SampleID               []uint32 // per-sample runs
	SampleMaskIn           []uint32 // coverage bits of the lane's pixel
	Bary                   [3][]float32
	PointCoord             [2][]float32 // [[point_coord]] of point primitives (0 otherwise)
	Varyings               [][]float32  // [component][lane], interpolated per Draw.Interp
	Layer, ViewportIndex   []uint32
	ColorIn                [MaxColorAttachments][4][]float32 // FlagReadsColor: framebuffer values

	Live          uint64 // raster sets Live = Covered; the shader clears discarded lanes
	Color         [MaxColorAttachments][4][]float32
	Color1        [4][]float32 // dual-source second colour
	Depth         []float32
	Stencil       []uint32
	SampleMaskOut []uint32
}

// newFragmentBatch allocates a batch whose slices all have length MaxBatch.
func newFragmentBatch() *FragmentBatch {
	f := func() []float32 { return make([]float32, MaxBatch) }
	u := func() []uint32 { return make([]uint32, MaxBatch) }
	b := &FragmentBatch{
		PosX: f(), PosY: f(), PosZ: f(), PosW: f(),
		FrontFacing: u(), PrimitiveID: u(), SampleID: u(), SampleMaskIn: u(),
		Layer: u(), ViewportIndex: u(),
		Depth: f(), Stencil: u(), SampleMaskOut: u(),
	}
	for i := range 3 {
		b.Bary[i] = f()
	}
	b.PointCoord[0], b.PointCoord[1] = f(), f()
	for i := range MaxColorAttachments {
		for c := range 4 {
			b.ColorIn[i][c] = f()
			b.Color[i][c] = f()
		}
	}
	for c := range 4 {
		b.Color1[c] = f()
	}
	return b
}

// ensureVaryings makes b.Varyings hold n component slices.
func (b *FragmentBatch) ensureVaryings(n int) {
	for len(b.Varyings) < n {
		b.Varyings = append(b.Varyings, make([]float32, MaxBatch))
	}
	b.Varyings = b.Varyings[:n]
}
