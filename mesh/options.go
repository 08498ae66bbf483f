package mesh

import (
	"errors"
	"fmt"
)

// Limits of the meshlet builder. MaxVerticesLimit comes from the uchar
// local indices of metal::mesh; MaxTrianglesLimit from Metal's 512
// primitives per mesh threadgroup.
const (
	DefaultMaxVertices  = 64
	DefaultMaxTriangles = 124
	MaxVerticesLimit    = 256
	MaxTrianglesLimit   = 512
	// DefaultConeWeight is the weight DefaultOptions gives normal agreement
	// when growing a meshlet (meshoptimizer recommends 0.25 with cone culling).
	DefaultConeWeight = 0.25
)

// ErrInvalid is wrapped by every error about bad input to Build.
var ErrInvalid = errors.New("mesh: invalid input")

// Options configure Build. Zero counts mean the defaults.
type Options struct {
	// MaxVertices bounds the distinct vertices of one meshlet, in [3, 256]
	// (0 = 64).
	MaxVertices int
	// MaxTriangles bounds the triangles of one meshlet, in [1, 512]
	// (0 = 124).
	MaxTriangles int
	// ConeWeight in [0, 1] trades spatial compactness (0) for normal
	// agreement (1), which tightens normal cones for back-face culling.
	ConeWeight float32
}

// DefaultOptions returns 64 vertices, 124 triangles and cone weight 0.25.
func DefaultOptions() Options {
	return Options{MaxVertices: DefaultMaxVertices, MaxTriangles: DefaultMaxTriangles, ConeWeight: DefaultConeWeight}
}

// LargeOptions returns 128 vertices, 256 triangles and cone weight 0.25:
// the limits of MeshletMSL's meshlet_mesh_large. On ingot's CPU executor
// larger meshlets cost less per triangle (half the mesh threadgroups,
// fewer vertices shared between meshlets) at the price of coarser culling.
func LargeOptions() Options {
	return Options{MaxVertices: 2 * DefaultMaxVertices, MaxTriangles: 256, ConeWeight: DefaultConeWeight}
}

// resolved returns o with zero counts replaced by defaults, or an error
// naming the offending field.
func (o Options) resolved() (Options, error) {
	if o.MaxVertices == 0 {
		o.MaxVertices = DefaultMaxVertices
	}
	if o.MaxTriangles == 0 {
		o.MaxTriangles = DefaultMaxTriangles
	}
	if o.MaxVertices < 3 || o.MaxVertices > MaxVerticesLimit {
		return o, fmt.Errorf("%w: Options.MaxVertices = %d, want 3..%d", ErrInvalid, o.MaxVertices, MaxVerticesLimit)
	}
	if o.MaxTriangles < 1 || o.MaxTriangles > MaxTrianglesLimit {
		return o, fmt.Errorf("%w: Options.MaxTriangles = %d, want 1..%d", ErrInvalid, o.MaxTriangles, MaxTrianglesLimit)
	}
	if !(o.ConeWeight >= 0 && o.ConeWeight <= 1) {
		return o, fmt.Errorf("%w: Options.ConeWeight = %v, want 0..1", ErrInvalid, o.ConeWeight)
	}
	return o, nil
}
