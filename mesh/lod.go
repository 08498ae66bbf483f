package mesh

import (
	"context"
	"fmt"
	"math"
)

// Simplify returns a coarser version of the triangle list indices over
// positions by vertex clustering: space is cut into cubes of side cell
// and every vertex is replaced by the first (lowest-index) vertex of its
// cube; triangles that collapse (two corners in one cube) are dropped, as
// are repeats of a kept triangle. The result indexes the same positions,
// so that the levels of a mesh share one vertex buffer. It runs in time
// linear in the mesh. cell must be positive and finite.
func Simplify(positions [][3]float32, indices []uint32, cell float32) ([]uint32, error) {
	out, _, err := SimplifySources(positions, indices, cell)
	return out, err
}

// SimplifySources is Simplify that also returns, for each triangle of
// the result, the index of the first input triangle that became it (in
// indices/3 units): a renderer that looks up per-triangle data (face
// normals, primitive IDs) of the full mesh uses it for the coarse one.
func SimplifySources(positions [][3]float32, indices []uint32, cell float32) ([]uint32, []uint32, error) {
	if !(cell > 0) || math.IsInf(float64(cell), 0) {
		return nil, nil, fmt.Errorf("mesh: Simplify: cell %v, want a positive finite size", cell)
	}
	if len(indices)%3 != 0 {
		return nil, nil, fmt.Errorf("mesh: Simplify: %d indices, not a multiple of 3", len(indices))
	}
	type key [3]int32
	rep := make(map[key]uint32)
	remap := make([]uint32, len(positions))
	for i, p := range positions {
		var k key
		for c := range 3 {
			k[c] = int32(math.Floor(float64(p[c] / cell)))
		}
		r, ok := rep[k]
		if !ok {
			r = uint32(i)
			rep[k] = r
		}
		remap[i] = r
	}
	out := make([]uint32, 0, len(indices)/4)
	var src []uint32
	seen := make(map[[3]uint32]struct{})
	for t := 0; t < len(indices); t += 3 {
		var tri [3]uint32
		for c := range 3 {
			v := indices[t+c]
			if int(v) >= len(positions) {
				return nil, nil, fmt.Errorf("mesh: Simplify: indices[%d] = %d is past the %d positions", t+c, v, len(positions))
			}
			tri[c] = remap[v]
		}
		if tri[0] == tri[1] || tri[1] == tri[2] || tri[0] == tri[2] {
			continue
		}
		// The same triangle in the same winding, whatever corner it starts at.
		canon := tri
		for range 2 {
			if r := [3]uint32{tri[1], tri[2], tri[0]}; r[0] < canon[0] {
				canon = r
			}
			tri = [3]uint32{tri[1], tri[2], tri[0]}
		}
		if _, dup := seen[canon]; dup {
			continue
		}
		seen[canon] = struct{}{}
		out = append(out, canon[:]...)
		src = append(src, uint32(t/3))
	}
	return out, src, nil
}

// Levels is a mesh's meshlets at several levels of detail, finest first,
// in one Meshlets set so that they share its buffers (Pack,
// PackVertices): level l owns meshlets First[l] .. First[l]+Count[l]-1.
type Levels struct {
	*Meshlets
	First, Count []int
	// MinSize[l] is the smallest projected size (the bounding sphere's
	// radius in pixels) at which level l is drawn; Select picks the first
	// level whose MinSize the object reaches, the last level otherwise.
	MinSize []float32
	// Indices are each level's triangle list (to draw the same level with
	// an indexed vertex pipeline).
	Indices [][]uint32
	// Center and Radius bound the whole mesh (every level).
	Center [3]float32
	Radius float32
}

// BuildLevels builds the meshlets of each triangle list of levels (the
// full mesh first, coarser ones after, all indexing positions) and
// merges them into one set; minSize[l] is level l's MinSize (len(levels)
// entries, decreasing; the last one is ignored).
func BuildLevels(ctx context.Context, positions [][3]float32, levels [][]uint32, minSize []float32, opts Options) (*Levels, error) {
	if len(levels) == 0 || len(minSize) != len(levels) {
		return nil, fmt.Errorf("mesh: BuildLevels: %d levels and %d sizes, want as many, at least one", len(levels), len(minSize))
	}
	for l := 1; l < len(minSize)-1; l++ {
		if !(minSize[l] < minSize[l-1]) {
			return nil, fmt.Errorf("mesh: BuildLevels: minSize[%d] = %v is not below minSize[%d] = %v", l, minSize[l], l-1, minSize[l-1])
		}
	}
	lv := &Levels{Meshlets: &Meshlets{}, MinSize: append([]float32(nil), minSize...), Indices: levels}
	for l, idx := range levels {
		s, err := Build(ctx, positions, idx, opts)
		if err != nil {
			return nil, fmt.Errorf("mesh: BuildLevels: level %d: %w", l, err)
		}
		lv.First = append(lv.First, len(lv.Meshlets.Meshlets))
		lv.Count = append(lv.Count, len(s.Meshlets))
		vo, to := uint32(len(lv.Vertices)), uint32(len(lv.Triangles))
		for _, m := range s.Meshlets {
			m.VertexOffset += vo
			m.TriangleOffset += to
			lv.Meshlets.Meshlets = append(lv.Meshlets.Meshlets, m)
		}
		lv.Vertices = append(lv.Vertices, s.Vertices...)
		lv.Triangles = append(lv.Triangles, s.Triangles...)
		lv.Bounds = append(lv.Bounds, s.Bounds...)
	}
	lv.Center, lv.Radius = boundingSphere(positions, levels)
	return lv, nil
}

// boundingSphere bounds the vertices the index lists use: the centre of
// their box and the largest distance from it.
func boundingSphere(positions [][3]float32, levels [][]uint32) ([3]float32, float32) {
	lo := [3]float32{float32(math.Inf(1)), float32(math.Inf(1)), float32(math.Inf(1))}
	hi := [3]float32{float32(math.Inf(-1)), float32(math.Inf(-1)), float32(math.Inf(-1))}
	for _, idx := range levels {
		for _, v := range idx {
			for c := range 3 {
				lo[c], hi[c] = min(lo[c], positions[v][c]), max(hi[c], positions[v][c])
			}
		}
	}
	if lo[0] > hi[0] {
		return [3]float32{}, 0
	}
	var ctr [3]float32
	for c := range 3 {
		ctr[c] = 0.5 * (lo[c] + hi[c])
	}
	r := float32(0)
	for _, idx := range levels {
		for _, v := range idx {
			d := sub3(positions[v], ctr)
			r = max(r, dot3(d, d))
		}
	}
	return ctr, float32(math.Sqrt(float64(r))) * (1 + 1e-6)
}

// ProjectedSize is the size Select compares with MinSize: the radius in
// pixels of a sphere of radius r whose centre is at distance dist from
// the eye, for a perspective projection of scale pixels per unit at
// distance 1 (half the viewport height times the projection's y scale).
// MeshletMSL's meshlet_lod_object computes the same.
func ProjectedSize(r, dist, scale float32) float32 {
	return r * scale / max(dist, 1e-6)
}

// Select returns the level drawn at projected size size: the first whose
// MinSize it reaches, the last level otherwise (the choice of MeshletMSL's
// meshlet_lod_object).
func (lv *Levels) Select(size float32) int {
	for l := 0; l < len(lv.MinSize)-1; l++ {
		if size >= lv.MinSize[l] {
			return l
		}
	}
	return len(lv.MinSize) - 1
}

// PackLevels lays out the level table of MeshletMSL's meshlet_lod_object:
// per level the uint32 first meshlet, meshlet count, float32 MinSize and
// a zero word.
func (lv *Levels) PackLevels() []byte {
	b := make([]byte, 0, 16*len(lv.First))
	for l := range lv.First {
		b = appendU32(b, uint32(lv.First[l]), uint32(lv.Count[l]), math.Float32bits(lv.MinSize[l]), 0)
	}
	return b
}

func appendU32(b []byte, v ...uint32) []byte {
	for _, x := range v {
		b = append(b, byte(x), byte(x>>8), byte(x>>16), byte(x>>24))
	}
	return b
}
