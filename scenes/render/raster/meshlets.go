package raster

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"math"

	"github.com/ingot-render/ingot/engine"
	"github.com/ingot-render/ingot/mesh"
	"github.com/ingot-render/ingot/scenes/render/internal/kernel"
)

// Meshlet draws (Options.Meshlets): every geometry is split into meshlets
// of at most 64 vertices and 124 triangles when it is uploaded; opaque and
// mask draws run raster_meshlet_object, which culls the draw's meshlets
// against the view frustum and, for single-sided materials under a
// similarity transform, by normal cone, and raster_meshlet_mesh, which
// exports the survivors' vertices through the same rx_vertex as the
// vertex pipeline and each triangle's index in the geometry as its
// [[primitive_id]]. Blended draws keep the vertex pipeline: their
// triangles blend in index order, which meshlets would change.

// meshletThreads are the threads of one object threadgroup (the meshlets
// it culls) and of one mesh threadgroup (a meshlet's vertices).
const (
	meshletObjectThreads = 32
	meshletMeshThreads   = mesh.DefaultMaxVertices
)

// Buffer indices of the meshlet pipeline (raster_types.h).
const (
	bufferMeshlets          = 3
	bufferMeshletCulls      = 4
	bufferMeshletVertices   = 5
	bufferMeshletTriangles  = 6
	bufferMeshletPrimitives = 7
	bufferMeshletView       = 8
)

// drawConeCull is RASTER_DRAW_CONE_CULL.
const drawConeCull = 1

// rasterMeshlet is raster_types.h RasterMeshlet (32 bytes).
type rasterMeshlet struct {
	VertexOffset, TriangleOffset, VertexCount, TriangleCount, PrimitiveOffset uint32
	Pad                                                                       [3]uint32
}

// rasterMeshletCull is raster_types.h RasterMeshletCull (48 bytes).
type rasterMeshletCull struct {
	Sphere, Apex, AxisCutoff [4]float32
}

// rasterMeshletView is raster_types.h RasterMeshletView (144 bytes).
type rasterMeshletView struct {
	Planes       [6][4]float32
	Eye          [4]float32
	Forward      [4]float32
	Orthographic uint32
	Pad          [3]uint32
}

// meshletSet is the meshlets of an upload's geometries in the buffers of
// the meshlet pipeline; first and count give each geometry's range.
type meshletSet struct {
	descs, culls, vertices, triangles, primitives *engine.Buffer
	first, count                                  []uint32
	// lods are each geometry's levels of detail (Options.LOD; nil
	// otherwise): level 0 is first/count.
	lods []geometryLOD
	// meshlets and triangles are the totals, for tests and reports.
	meshlets, tris int
}

// buildMeshlets splits every geometry of p into meshlets and uploads them,
// adding the buffers to u's (released with it).
func buildMeshlets(ctx context.Context, dev *engine.Device, u *upload, lod bool) (*meshletSet, error) {
	p := u.packed
	ms := &meshletSet{first: make([]uint32, len(p.Geometries)), count: make([]uint32, len(p.Geometries))}
	if lod {
		ms.lods = make([]geometryLOD, len(p.Geometries))
	}
	var descs []rasterMeshlet
	var culls []rasterMeshletCull
	var verts, prims []uint32
	var tris []byte
	for gi := range p.GeometryInfo {
		info := &p.GeometryInfo[gi]
		if info.TriangleCount == 0 {
			continue
		}
		pos, idx, err := geometryStreams(p, gi)
		if err != nil {
			return nil, err
		}
		lv, sources, cells, err := geometryLevels(ctx, pos, idx, lod)
		if err != nil {
			return nil, fmt.Errorf("raster: meshlets of geometry %d (mesh %d, primitive %d): %w", gi, info.Mesh, info.Primitive, err)
		}
		set := lv.Meshlets
		// Each meshlet triangle's index in the geometry, found by its
		// vertices (rotated so the smallest comes first, winding kept).
		byVerts := make(map[[3]uint32]uint32, info.TriangleCount)
		for t := info.TriangleCount - 1; t >= 0; t-- {
			byVerts[canonical([3]uint32{idx[3*t], idx[3*t+1], idx[3*t+2]})] = uint32(t)
		}
		base := uint32(len(descs))
		ms.first[gi], ms.count[gi] = base, uint32(lv.Count[0])
		if lod {
			ms.lods[gi] = newGeometryLOD(lv, cells, base)
		}
		level := 0
		for m, ml := range set.Meshlets {
			for level+1 < len(lv.First) && m >= lv.First[level+1] {
				level++
			}
			d := rasterMeshlet{VertexOffset: uint32(len(verts)), TriangleOffset: uint32(len(tris) / 4),
				VertexCount: ml.VertexCount, TriangleCount: ml.TriangleCount, PrimitiveOffset: uint32(len(prims))}
			verts = append(verts, set.Vertices[ml.VertexOffset:ml.VertexOffset+ml.VertexCount]...)
			tris = append(tris, set.Triangles[ml.TriangleOffset:ml.TriangleOffset+3*ml.TriangleCount]...)
			for len(tris)%4 != 0 {
				tris = append(tris, 0)
			}
			for t := range int(ml.TriangleCount) {
				tri := canonical(set.Triangle(m, t))
				id, ok := byVerts[tri]
				if level > 0 {
					// A coarse level's triangle stands for the first
					// triangle of the geometry that became it.
					id, ok = sources[level][tri]
				}
				if !ok {
					return nil, fmt.Errorf("raster: meshlets of geometry %d: meshlet %d (level %d) triangle %d is not a triangle of the level", gi, m, level, t)
				}
				prims = append(prims, id)
			}
			b := &set.Bounds[m]
			culls = append(culls, rasterMeshletCull{
				Sphere:     [4]float32{b.Center[0], b.Center[1], b.Center[2], b.Radius},
				Apex:       [4]float32{b.ConeApex[0], b.ConeApex[1], b.ConeApex[2], 0},
				AxisCutoff: [4]float32{b.ConeAxis[0], b.ConeAxis[1], b.ConeAxis[2], b.ConeCutoff}})
			descs = append(descs, d)
		}
		ms.tris += info.TriangleCount
	}
	ms.meshlets = len(descs)
	buf := func(name string, b []byte) (*engine.Buffer, error) {
		if len(b) < 16 {
			b = append(b, make([]byte, 16-len(b))...)
		}
		bb, err := dev.NewBufferWithBytes(b)
		if err != nil {
			return nil, fmt.Errorf("raster: buffer %s: %w", name, err)
		}
		bb.SetLabel(name)
		u.buffers = append(u.buffers, bb)
		return bb, nil
	}
	var err error
	for _, b := range []struct {
		dst  **engine.Buffer
		name string
		data []byte
	}{
		{&ms.descs, "meshlets", bytesOf(descs)}, {&ms.culls, "meshlet culls", bytesOf(culls)},
		{&ms.vertices, "meshlet vertices", bytesOf(verts)}, {&ms.triangles, "meshlet triangles", tris},
		{&ms.primitives, "meshlet primitives", bytesOf(prims)},
	} {
		if *b.dst, err = buf(b.name, b.data); err != nil {
			return nil, err
		}
	}
	return ms, nil
}

// canonical rotates a triangle's vertices so that the smallest is first,
// keeping the winding.
func canonical(t [3]uint32) [3]uint32 {
	switch {
	case t[1] < t[0] && t[1] <= t[2]:
		return [3]uint32{t[1], t[2], t[0]}
	case t[2] < t[0] && t[2] < t[1]:
		return [3]uint32{t[2], t[0], t[1]}
	}
	return t
}

// geometryStreams reads geometry gi's positions and indices from the
// packed arena.
func geometryStreams(p *kernel.Packed, gi int) ([][3]float32, []uint32, error) {
	info := &p.GeometryInfo[gi]
	po, io := info.PositionsOffset, info.IndicesOffset
	if po < 0 || io < 0 || po+12*info.VertexCount > len(p.Arena) || io+12*info.TriangleCount > len(p.Arena) {
		return nil, nil, fmt.Errorf("raster: geometry %d (mesh %d, primitive %d): streams outside the arena", gi, info.Mesh, info.Primitive)
	}
	pos := make([][3]float32, info.VertexCount)
	for v := range pos {
		for c := range 3 {
			pos[v][c] = math.Float32frombits(binary.LittleEndian.Uint32(p.Arena[po+12*v+4*c:]))
		}
	}
	idx := make([]uint32, 3*info.TriangleCount)
	for i := range idx {
		idx[i] = binary.LittleEndian.Uint32(p.Arena[io+4*i:])
	}
	return pos, idx, nil
}

// annotate gives every draw its meshlet range, the factor that bounds a
// bounding sphere's radius under its instance's transform and whether
// normal-cone culling applies (a single-sided material under a similarity
// transform, which keeps the cone's angle).
func (ms *meshletSet) annotate(ds []draw, p *kernel.Packed) {
	for i := range ds {
		d := &ds[i]
		d.rec.MeshletFirst, d.rec.MeshletCount = ms.first[d.rec.Geometry], ms.count[d.rec.Geometry]
		in := &p.Instances[d.rec.Instance]
		scale, similar := float32(1), true
		if in.Flags&kernel.InstanceIdentity == 0 {
			scale, similar = transformScale(in.ToWorld)
		}
		d.rec.RadiusScale = scale
		if similar && d.cull == engine.CullModeBack {
			d.rec.Flags |= drawConeCull
		}
	}
}

// transformScale returns a bound on how much the linear part M of the
// affine rows r stretches a length (the square root of a Gershgorin bound
// on the largest eigenvalue of MᵀM, with a rounding margin) and whether M
// is a similarity (MᵀM a multiple of the identity, to 1e-5).
func transformScale(r [3]kernel.Float4) (float32, bool) {
	var g [3][3]float64
	for i := range 3 {
		for j := range 3 {
			for k := range 3 {
				g[i][j] += float64(r[k][i]) * float64(r[k][j])
			}
		}
	}
	bound := 0.0
	for i := range 3 {
		bound = max(bound, math.Abs(g[i][0])+math.Abs(g[i][1])+math.Abs(g[i][2]))
	}
	s := g[0][0]
	similar := s > 0
	for i := range 3 {
		for j := range 3 {
			want := 0.0
			if i == j {
				want = s
			}
			similar = similar && math.Abs(g[i][j]-want) <= 1e-5*s
		}
	}
	return float32(math.Sqrt(bound) * (1 + 1e-5)), similar
}

// meshletView is the culling view of a frame: its world-space frustum
// planes and camera.
func meshletView(fr *rasterFrame) rasterMeshletView {
	var m [16]float32 // column-major
	for row := range 4 {
		for col := range 4 {
			m[4*col+row] = fr.ViewProj[row][col]
		}
	}
	v := rasterMeshletView{Planes: mesh.FrustumPlanes(&m),
		Eye:     [4]float32{fr.Eye[0], fr.Eye[1], fr.Eye[2], 1},
		Forward: [4]float32{fr.Forward[0], fr.Forward[1], fr.Forward[2], 0}}
	if fr.Projection == kernel.ProjectionOrthographic {
		v.Orthographic = 1
	}
	return v
}

// encodeMeshletDraw encodes one draw through the meshlet pipeline: its
// object and mesh bindings and one object threadgroup per 32 meshlets.
func (r *Renderer) encodeMeshletDraw(enc *engine.RenderCommandEncoder, d *draw, rec, frame, view []byte) []error {
	ms := r.cur.meshlets
	if ms == nil {
		return []error{errors.New("raster: a meshlet draw without meshlets")}
	}
	groups := (int(d.rec.MeshletCount) + meshletObjectThreads - 1) / meshletObjectThreads
	return []error{
		enc.SetObjectBuffer(r.cur.resources, 0, bufferScene), enc.SetObjectBytes(rec, bufferDraw),
		enc.SetObjectBuffer(ms.culls, 0, bufferMeshletCulls), enc.SetObjectBytes(view, bufferMeshletView),
		enc.SetMeshBuffer(r.cur.resources, 0, bufferScene), enc.SetMeshBytes(rec, bufferDraw), enc.SetMeshBytes(frame, bufferFrame),
		enc.SetMeshBuffer(ms.descs, 0, bufferMeshlets), enc.SetMeshBuffer(ms.vertices, 0, bufferMeshletVertices),
		enc.SetMeshBuffer(ms.triangles, 0, bufferMeshletTriangles), enc.SetMeshBuffer(ms.primitives, 0, bufferMeshletPrimitives),
		enc.SetFragmentBytes(rec, bufferDraw), enc.SetCullMode(d.cull), enc.SetFrontFacingWinding(d.winding),
		enc.DrawMeshThreadgroups(engine.Size{Width: groups, Height: 1, Depth: 1},
			engine.Size{Width: meshletObjectThreads, Height: 1, Depth: 1}, engine.Size{Width: meshletMeshThreads, Height: 1, Depth: 1}),
	}
}
