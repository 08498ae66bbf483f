package engine

import (
	"cmp"
	"encoding/binary"
	"fmt"
	"slices"

	"github.com/ingot-render/ingot/engine/raster"
)

// direct reports whether the mesh's output records can be handed to the
// rasterizer without first being copied into vertex records: every
// vertex is shared by its primitives (no per-primitive values reach the
// fragment stage), no primitive can be culled, and a rasterizer record is
// exactly one output vertex (so there is no primitive type, and no
// [[primitive_id]] member to pass on).
func (a *meshAssembly) direct() bool {
	mp := a.mp
	return !mp.perPrimitive && !mp.culled.ok() && mp.recStride == mp.out.VertexStride
}

// meshTG is one mesh threadgroup's share of a direct assembly: its first
// rasterizer vertex, how many of its vertices the primitives use (one
// more than the largest index; -1: a bad record), its first entry in the
// index list and its primitive count.
type meshTG struct{ base, verts, idx, prims int }

// assembleDirect assembles the n output records of out for direct
// (see direct): it checks the primitive counts and indices, writes the
// index list (threadgroup t's vertex v is rasterizer vertex base(t) + v,
// base counting only the vertices up to each threadgroup's largest
// index) and gathers the vertex outputs straight from the records.
func (a *meshAssembly) assembleDirect(p *RenderPipelineState, sc *drawScratch, out []byte, n, workers int) (*raster.VertexOutputs, error) {
	o := a.mp.out
	ipp := o.IndicesPerPrimitive
	// Pass 1: the primitive counts and each threadgroup's first index.
	tgs := make([]meshTG, n)
	idx := 0
	for t := range tgs {
		r := out[t*o.Size : (t+1)*o.Size]
		count := int(binary.LittleEndian.Uint32(r))
		if count > o.MaxPrimitives {
			tgs[t] = meshTG{idx: idx, verts: -1} // reported in pass 3, in order
			continue
		}
		tgs[t] = meshTG{idx: idx, prims: count}
		idx += count * ipp
	}
	a.tg += n
	// Pass 2 (parallel): the local indices and each threadgroup's largest
	// (verts < 0: one is past the mesh's vertices).
	a.idx = sc.uints(idx)[:idx]
	_ = parallelFor(n, workers, func(lo, hi int) error {
		for t := lo; t < hi; t++ {
			g := &tgs[t]
			if g.prims == 0 {
				continue
			}
			ids := out[t*o.Size+o.IndexOffset:][:g.prims*ipp]
			dst := a.idx[g.idx : g.idx+len(ids)]
			top := byte(0)
			for k, v := range ids {
				dst[k] = uint32(v)
				top = max(top, v)
			}
			switch {
			case int(top) >= o.MaxVertices:
				g.verts = -1
			case g.prims > 0:
				g.verts = int(top) + 1
			}
		}
		return nil
	})
	// Pass 3: the first vertex of each threadgroup, faults in order.
	base := 0
	for t := range tgs {
		g := &tgs[t]
		if g.verts < 0 {
			return nil, a.fault(out[t*o.Size:(t+1)*o.Size], t)
		}
		g.base = base
		base += g.verts
		a.prim += uint32(g.prims)
	}
	if idx == 0 {
		a.idx = nil
		return nil, nil
	}
	// Pass 4 (parallel): local indices to rasterizer vertices.
	_ = parallelFor(n, workers, func(lo, hi int) error {
		for t := lo; t < hi; t++ {
			g := tgs[t]
			if g.base == 0 {
				continue
			}
			b := uint32(g.base)
			dst := a.idx[g.idx : g.idx+g.prims*ipp]
			for k := range dst {
				dst[k] += b
			}
		}
		return nil
	})
	vo := p.allocVertexOutputs(sc, base)
	_ = parallelFor(base, workers, func(lo, hi int) error {
		// The threadgroups whose vertices overlap lo..hi-1.
		t, _ := slices.BinarySearchFunc(tgs, lo, func(g meshTG, v int) int { return cmp.Compare(g.base+g.verts, v+1) })
		for ; t < n && tgs[t].base < hi; t++ {
			g := tgs[t]
			from, to := max(g.base, lo), min(g.base+g.verts, hi)
			if from >= to {
				continue
			}
			// gatherOutputs reads vertex i at rec[i·stride:]: slide the
			// record so that vertex base(t) is this threadgroup's vertex
			// 0 (base(t) ≤ t·MaxVertices, so the start is in range).
			start := t*o.Size + o.VertexOffset - g.base*o.VertexStride
			p.gatherOutputs(vo, out[start:], from, to)
		}
		return nil
	})
	return vo, nil
}

// fault returns the error of the bad output record r of mesh threadgroup
// t (a primitive count past the mesh's, or an index past its vertices).
func (a *meshAssembly) fault(r []byte, t int) error {
	mp, o := a.mp, a.mp.out
	count := int(binary.LittleEndian.Uint32(r))
	if count > o.MaxPrimitives {
		return fmt.Errorf("%s: mesh threadgroup %d: primitive count %d is past the mesh's %d primitives", mp.mesh.name, t, count, o.MaxPrimitives)
	}
	ipp := o.IndicesPerPrimitive
	for j := range count {
		for _, v := range r[o.IndexOffset+j*ipp:][:ipp] {
			if int(v) >= o.MaxVertices {
				return fmt.Errorf("%s: mesh threadgroup %d: primitive %d uses vertex %d, past the mesh's %d vertices", mp.mesh.name, t, j, v, o.MaxVertices)
			}
		}
	}
	return fmt.Errorf("%s: mesh threadgroup %d: bad output record", mp.mesh.name, t)
}
