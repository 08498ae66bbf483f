package raster

import (
	"context"
	"math"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/ingot-render/ingot/mesh"
	"github.com/ingot-render/ingot/scenes/render/internal/kernel"
)

// lodCellFractions are the clustering cells of the coarse levels of
// Options.LOD, as fractions of a geometry's bounding-box diagonal.
var lodCellFractions = []float32{1.0 / 64, 1.0 / 32, 1.0 / 16, 1.0 / 8}

// lodKeep: a coarse level is kept only when it has at most this fraction
// of the previous level's triangles.
const lodKeep = 0.7

// geometryLOD is one geometry's levels of detail in the meshlet buffers:
// level l is meshlets first[l] .. first[l]+count[l]-1, made with
// clustering cells of side cell[l] (cell[0] = 0: the geometry itself);
// centre and radius bound the geometry in object space.
type geometryLOD struct {
	centre       mgl32.Vec3
	radius       float32
	cell         []float32
	first, count []uint32
}

// geometryLevels builds the meshlets of a geometry: the full mesh alone,
// or with lod its coarser levels too (each kept only when it drops
// enough triangles). sources[l] maps each level-l triangle (canonical
// corners) to the geometry triangle it stands for (nil for level 0);
// cells are the levels' cell sizes.
func geometryLevels(ctx context.Context, pos [][3]float32, idx []uint32, lod bool) (*mesh.Levels, []map[[3]uint32]uint32, []float32, error) {
	levels, sources, cells := [][]uint32{idx}, []map[[3]uint32]uint32{nil}, []float32{0}
	if lod {
		lo := mgl32.Vec3{float32(math.Inf(1)), float32(math.Inf(1)), float32(math.Inf(1))}
		hi := lo.Mul(-1)
		for _, v := range idx {
			for c := range 3 {
				lo[c], hi[c] = min(lo[c], pos[v][c]), max(hi[c], pos[v][c])
			}
		}
		diag := hi.Sub(lo).Len()
		for _, f := range lodCellFractions {
			cell := diag * f
			if !(cell > 0) || math.IsInf(float64(cell), 0) {
				break
			}
			out, src, err := mesh.SimplifySources(pos, idx, cell)
			if err != nil {
				return nil, nil, nil, err
			}
			if len(out) == 0 || float64(len(out)) > lodKeep*float64(len(levels[len(levels)-1])) {
				continue
			}
			m := make(map[[3]uint32]uint32, len(src))
			for t, s := range src {
				m[canonical([3]uint32{out[3*t], out[3*t+1], out[3*t+2]})] = s
			}
			levels, sources, cells = append(levels, out), append(sources, m), append(cells, cell)
		}
	}
	// BuildLevels wants decreasing sizes; the renderer selects levels by
	// cells (selectLOD), so these only order them.
	sizes := make([]float32, len(levels))
	for l := range sizes {
		sizes[l] = float32(len(levels) - 1 - l)
	}
	lv, err := mesh.BuildLevels(ctx, pos, levels, sizes, mesh.DefaultOptions())
	if err != nil {
		return nil, nil, nil, err
	}
	return lv, sources, cells, nil
}

// newGeometryLOD is the level table of lv, whose meshlets start at
// meshlet base of the set.
func newGeometryLOD(lv *mesh.Levels, cells []float32, base uint32) geometryLOD {
	g := geometryLOD{centre: mgl32.Vec3(lv.Center), radius: lv.Radius, cell: cells}
	for l := range lv.First {
		g.first = append(g.first, base+uint32(lv.First[l]))
		g.count = append(g.count, uint32(lv.Count[l]))
	}
	return g
}

// selectLOD gives each meshlet draw of ds its level: the coarsest whose
// cell, at the nearest point of the draw's bounding sphere, projects to
// at most px pixels of a frame height pixels high (level 0 when the eye
// is inside the sphere).
func (ms *meshletSet) selectLOD(ds []draw, p *kernel.Packed, fr *rasterFrame, px float32) {
	if ms.lods == nil {
		return
	}
	eye := mgl32.Vec3(fr.Eye)
	half := float32(fr.Height) / 2
	for i := range ds {
		d := &ds[i]
		if d.rec.Pass == passBlend {
			continue
		}
		g := &ms.lods[d.rec.Geometry]
		if len(g.cell) < 2 {
			continue
		}
		in := &p.Instances[d.rec.Instance]
		c := g.centre
		if in.Flags&kernel.InstanceIdentity == 0 {
			r := in.ToWorld
			c = mgl32.Vec3{r[0][0]*c[0] + r[0][1]*c[1] + r[0][2]*c[2] + r[0][3], r[1][0]*c[0] + r[1][1]*c[1] + r[1][2]*c[2] + r[1][3],
				r[2][0]*c[0] + r[2][1]*c[1] + r[2][2]*c[2] + r[2][3]}
		}
		scale := d.rec.RadiusScale
		// Pixels per world unit at the sphere's nearest point.
		var perUnit float32
		if fr.Projection == kernel.ProjectionOrthographic {
			perUnit = half / max(fr.OrthoHalfHeight, 1e-20)
		} else {
			dist := c.Sub(eye).Len() - g.radius*scale
			if !(dist > 0) {
				continue
			}
			perUnit = half / (max(fr.TanHalfFovY, 1e-20) * dist)
		}
		l := 0
		for l+1 < len(g.cell) && g.cell[l+1]*scale*perUnit <= px {
			l++
		}
		d.lod = l
		d.rec.MeshletFirst, d.rec.MeshletCount = g.first[l], g.count[l]
	}
}
