package engine

import (
	"encoding/binary"
	"fmt"
	"slices"

	"github.com/ingot-render/ingot/engine/exec"
	"github.com/ingot-render/ingot/engine/raster"
	"github.com/ingot-render/ingot/shaders/lower"
)

// drawMesh runs a mesh draw: the object grid (one exec dispatch; each
// object threadgroup writes its payload and mesh grid size into device
// memory of the draw), then each object threadgroup's mesh grid in order
// (one dispatch each, every mesh threadgroup writing its mesh into its own
// output record), then primitive assembly in the same order and one
// rasterizer draw. Everything is ordered by threadgroup position, so the
// result does not depend on the worker count.
func (r *passRun) drawMesh(d *drawCmd) error {
	p, md := d.p, d.mesh
	mp := p.mesh
	grid := md.grid
	if md.indirect != nil {
		b := md.indirect.Contents()[md.indirectOffset:]
		for k := range 3 {
			grid[k] = binary.LittleEndian.Uint32(b[4*k:])
		}
	}
	if grid[0] == 0 || grid[1] == 0 || grid[2] == 0 {
		return nil
	}
	var grids []meshGrid
	var payload exec.Buffer
	var recs meshRecords // mesh_traffic.go
	if mp.object != nil {
		og := meshGridOf(md.threads, grid, md.objTG)
		n := numGroups(md.threads, grid, md.objTG)
		if n > maxObjectThreadgroups {
			return fmt.Errorf("%s: %d object threadgroups, more than %d", mp.object.name, n, maxObjectThreadgroups)
		}
		recs = r.newMeshRecords(n*mp.payloadLen, n*lower.MeshGridSlotSize)
		payload = exec.Buffer{Addr: recs.addr(r, recs.payload, n*mp.payloadLen), Data: r.scratch.bytesN(n * mp.payloadLen), Name: "object payloads"}
		props := exec.Buffer{Addr: recs.addr(r, recs.props, n*lower.MeshGridSlotSize), Data: r.scratch.bytesN(n * lower.MeshGridSlotSize), Name: "mesh grid properties"}
		args := append([]uint64(nil), md.oargs...)
		fillMeshArgs(mp.object, args, payload.Addr, uint64(mp.payloadLen), props.Addr, 0, 0, d.amp)
		mem, err := r.memory(append(append([]exec.Buffer(nil), md.obound.transient...), payload, props)...)
		if err != nil {
			return fmt.Errorf("%s: %w", mp.object.name, err)
		}
		err = mp.object.pl.Run(r.ctx, exec.Dispatch{Grid: og, Args: args, Memory: mem, ThreadgroupMemory: md.otgMem, Env: r.snap.res,
			Budget: stepBudgetFrom(r.ctx), Done: r.pass.dev.releaseDispatch, Traffic: r.traffic, TrafficSkip: recs.skip()})
		if err != nil {
			return err
		}
		for k := range n {
			s := props.Data[k*lower.MeshGridSlotSize:]
			if binary.LittleEndian.Uint32(s[12:]) == 0 {
				continue // set_threadgroups_per_grid never called: no mesh grid
			}
			var dims [3]uint32
			total := uint64(1)
			for c := range 3 {
				dims[c] = binary.LittleEndian.Uint32(s[4*c:])
				total *= uint64(min(dims[c], 1<<20)) // no overflow; still > the limit when clamped
			}
			if total == 0 {
				continue
			}
			if total > uint64(mp.maxMeshTGs) {
				return fmt.Errorf("%s: object threadgroup %d sets a mesh grid of %d×%d×%d = %d threadgroups, more than MaxTotalThreadgroupsPerMeshGrid %d",
					mp.object.name, k, dims[0], dims[1], dims[2], total, mp.maxMeshTGs)
			}
			grids = append(grids, meshGrid{dims: dims, payload: payload.Addr + uint64(k*mp.payloadLen)})
		}
	} else {
		if n := numGroups(md.threads, grid, md.meshTG); n > mp.maxMeshTGs {
			return fmt.Errorf("%s: the grid of %d mesh threadgroups is more than MaxTotalThreadgroupsPerMeshGrid %d", mp.mesh.name, n, mp.maxMeshTGs)
		}
		grids = append(grids, meshGrid{dims: grid, threads: md.threads})
		recs = r.newMeshRecords(0, 0)
	}
	var fs *fragmentShader
	if p.frag != nil && mp.out != nil && !p.rasterOff {
		var err error
		if fs, err = r.newFragmentShader(d); err != nil {
			return err
		}
	}
	if !mp.readsAmpID || d.amp == 1 {
		return r.meshGrids(d, grids, payload, &recs, 0, fs)
	}
	// A mesh function that reads [[amplification_id]] runs its grids once
	// per amplification; each run's primitives take that amplification's
	// view mapping.
	for k := range d.amp {
		if err := r.meshGrids(d, grids, payload, &recs, k, fs); err != nil {
			return err
		}
	}
	return nil
}

// meshGrid is one mesh grid of a draw: its size, whether it counts
// threads (DrawMeshThreads) and the payload its threadgroups read.
type meshGrid struct {
	dims    [3]uint32
	threads bool
	payload uint64
}

// meshGrids runs a draw's mesh grids in order (one dispatch each, every
// mesh threadgroup writing its mesh into its own output record), assembles
// the emitted primitives in the same order and draws them. payload holds
// the object threadgroups' payloads (none without an object stage), recs
// places the output records. amp is the
// [[amplification_id]] the mesh function reads when it reads one
// (readsAmpID); otherwise the primitives are drawn once per amplification
// of the draw from copies of their vertices.
func (r *passRun) meshGrids(d *drawCmd, grids []meshGrid, payload exec.Buffer, recs *meshRecords, amp int, fs *fragmentShader) error {
	p, md := d.p, d.mesh
	mp := p.mesh
	// One output record per mesh threadgroup of the draw, in launch order,
	// in one buffer: each grid's dispatch writes its own range.
	size := 16
	if mp.out != nil {
		size = mp.out.Size
	}
	total := 0
	for _, g := range grids {
		total += numGroups(g.threads, g.dims, md.meshTG)
	}
	if total > maxMeshOutputBytes/size {
		return fmt.Errorf("%s: %d mesh threadgroups of %d output bytes in one draw, more than %d bytes", mp.mesh.name, total, size, maxMeshOutputBytes)
	}
	outs := exec.Buffer{Addr: recs.addr(r, recs.outs, total*size), Data: r.scratch.bytesN(total * size), Name: "mesh outputs"}
	// One memory for every grid: each dispatch's output address points
	// into outs.
	extra := append(append([]exec.Buffer(nil), md.mbound.transient...), outs)
	if payload.Data != nil {
		extra = append(extra, payload)
	}
	mem, err := r.memory(extra...)
	if err != nil {
		return fmt.Errorf("%s: %w", mp.mesh.name, err)
	}
	args := append([]uint64(nil), md.margs...)
	at := 0
	for _, g := range grids {
		fillMeshArgs(mp.mesh, args, g.payload, 0, 0, outs.Addr+uint64(at*size), amp, d.amp)
		at += numGroups(g.threads, g.dims, md.meshTG)
		err := mp.mesh.pl.Run(r.ctx, exec.Dispatch{Grid: meshGridOf(g.threads, g.dims, md.meshTG), Args: args, Memory: mem, Env: r.snap.res,
			Budget: stepBudgetFrom(r.ctx), Done: r.pass.dev.releaseDispatch, Traffic: r.traffic, TrafficSkip: recs.skip()})
		if err != nil {
			return err
		}
	}
	if mp.out == nil || p.rasterOff || total == 0 {
		return nil
	}
	a := &meshAssembly{mp: mp, wantIDs: mp.primID.ok() && p.fin.primitiveID.ok()}
	var vo *raster.VertexOutputs
	if a.direct() {
		var err error
		if vo, err = a.assembleDirect(p, &r.scratch, outs.Data, total, r.workers); err != nil {
			return err
		}
	} else {
		if err := a.add(outs.Data, total); err != nil {
			return err
		}
		if len(a.idx) == 0 {
			return nil
		}
		vo = p.vertexOutputs(&r.scratch, a.rec, len(a.rec)/mp.recStride, r.workers)
	}
	if len(a.idx) == 0 {
		return nil
	}
	if mp.readsAmpID {
		if d.amp > 1 {
			d.mapView(&r.scratch, vo, amp)
		}
		return r.drawMeshPrims(d, mp.topology, vo, a.idx, a.ids, fs)
	}
	nvert := vo.Count
	if d.amp > 1 {
		vo = amplify(&r.scratch, vo, d.amp)
		d.mapViews(&r.scratch, vo, nvert)
	}
	// Each amplification draws the same primitives from its own copy of
	// the vertices.
	for k := range d.amp {
		idx := a.idx
		if k > 0 {
			idx = r.scratch.uints(len(a.idx))
			for i, v := range a.idx {
				idx[i] = v + uint32(k*nvert)
			}
		}
		if err := r.drawMeshPrims(d, mp.topology, vo, idx, a.ids, fs); err != nil {
			return err
		}
	}
	return nil
}

// mapView adds amplification amp's view mapping offsets to the viewport
// and render target array indices of all of vo's vertices.
func (d *drawCmd) mapView(sc *drawScratch, vo *raster.VertexOutputs, amp int) {
	m := d.ampMaps[amp]
	add := func(dst *[]uint32, o uint32) {
		if o == 0 {
			return
		}
		if *dst == nil {
			*dst = sc.uints(vo.Count)
			clear(*dst)
		}
		for i := range *dst {
			(*dst)[i] += o
		}
	}
	add(&vo.ViewportIndex, m.ViewportArrayIndexOffset)
	add(&vo.Layer, m.RenderTargetArrayIndexOffset)
}

// drawMeshPrims hands one amplification's emitted primitives to the
// rasterizer as one draw: with [[primitive_id]] values (ids), each
// primitive carries its own; otherwise they number from 0.
func (r *passRun) drawMeshPrims(d *drawCmd, topology raster.Topology, vo *raster.VertexOutputs, idx, ids []uint32, fs *fragmentShader) error {
	p := d.p
	rd := &raster.Draw{Topology: topology, Vertices: vo, Indices: idx, State: &d.state, Interp: p.interp,
		Flags: p.flags, ColorMask: p.colorMask(), AlphaToCoverage: p.alphaToCov, AlphaToOne: p.alphaToOne, SampleMask: 0xFFFFFFFF,
		PrimitiveIDs: ids}
	if fs != nil {
		rd.Shader = fs
	}
	if err := r.rp.Draw(rd); err != nil {
		return fmt.Errorf("draw: %w", err)
	}
	return nil
}

// maxMeshOutputBytes bounds the mesh output records of one draw (they are
// allocated together).
const maxMeshOutputBytes = 1 << 30

// maxObjectThreadgroups bounds a draw's object grid (its payloads are
// allocated up front).
const maxObjectThreadgroups = 1 << 20

// numGroups is the number of threadgroups of a grid of n threads or
// threadgroups, saturated at 1<<40 so that it never overflows.
func numGroups(threads bool, n, perGroup [3]uint32) int {
	t := uint64(1)
	for c := range 3 {
		k := uint64(n[c])
		if threads {
			k = (k + uint64(perGroup[c]) - 1) / uint64(max(perGroup[c], 1))
		}
		t = min(t*min(k, 1<<20), 1<<40)
	}
	return int(t)
}

// fillMeshArgs sets a stage's payload (base, stride), mesh-grid and
// mesh-output parameters.
func fillMeshArgs(st *renderStage, args []uint64, payload, stride, props, out uint64, ampID, ampCount int) {
	first := true
	for _, b := range st.bindings {
		switch b.kind {
		case lower.BindAmplificationID:
			args[b.param] = uint64(ampID)
		case lower.BindAmplificationCount:
			args[b.param] = uint64(ampCount)
		case lower.BindPayload:
			if first {
				args[b.param] = payload
			} else {
				args[b.param] = stride
			}
			first = false
		case lower.BindMeshGrid:
			args[b.param] = props
		case lower.BindMesh:
			args[b.param] = out
		}
	}
}

// meshAssembly turns mesh output records into the rasterizer's vertex
// records and index list.
type meshAssembly struct {
	mp  *meshPipeline
	rec []byte
	idx []uint32
	// ids are the [[primitive_id]] values of the primitives of idx, when
	// wantIDs (the primitive type has one and the fragment reads it).
	ids     []uint32
	wantIDs bool
	tg      int    // mesh threadgroups seen
	prim    uint32 // primitives emitted
}

// add assembles the n output records of one mesh grid: culled primitives
// are dropped, indices are checked against the mesh's vertex count.
func (a *meshAssembly) add(out []byte, n int) error {
	mp, o := a.mp, a.mp.out
	ipp := o.IndicesPerPrimitive
	if !mp.perPrimitive {
		a.rec = slices.Grow(a.rec, n*o.MaxVertices*mp.recStride)
		a.idx = slices.Grow(a.idx, n*o.MaxPrimitives*ipp)
	}
	for t := range n {
		r := out[t*o.Size : (t+1)*o.Size]
		count := int(binary.LittleEndian.Uint32(r))
		if count > o.MaxPrimitives {
			return fmt.Errorf("%s: mesh threadgroup %d: primitive count %d is past the mesh's %d primitives", mp.mesh.name, a.tg, count, o.MaxPrimitives)
		}
		base := -1
		for j := range count {
			var prim []byte
			if o.Primitive != nil {
				prim = r[o.PrimitiveOffset+j*o.PrimitiveStride:][:o.PrimitiveStride]
				if mp.culled.ok() && mp.culled.get32(prim, 0) != 0 {
					continue
				}
			}
			ids := r[o.IndexOffset+j*ipp:][:ipp]
			for _, v := range ids {
				if int(v) >= o.MaxVertices {
					return fmt.Errorf("%s: mesh threadgroup %d: primitive %d uses vertex %d, past the mesh's %d vertices", mp.mesh.name, a.tg, j, v, o.MaxVertices)
				}
			}
			if mp.perPrimitive {
				for _, v := range ids {
					a.idx = append(a.idx, uint32(len(a.rec)/mp.recStride))
					a.rec = a.appendRecord(r, int(v), prim)
				}
			} else {
				if base < 0 {
					base = len(a.rec) / mp.recStride
					if mp.recStride == o.VertexStride {
						a.rec = append(a.rec, r[o.VertexOffset:][:o.MaxVertices*o.VertexStride]...)
					} else {
						for v := range o.MaxVertices {
							a.rec = a.appendRecord(r, v, nil)
						}
					}
				}
				for _, v := range ids {
					a.idx = append(a.idx, uint32(base+int(v)))
				}
			}
			if a.wantIDs {
				a.ids = append(a.ids, mp.primID.get32(prim, 0))
			}
			a.prim++
		}
		a.tg++
	}
	return nil
}

// appendRecord appends the rasterizer record of vertex v of output record
// r with primitive bytes prim (nil: none).
func (a *meshAssembly) appendRecord(r []byte, v int, prim []byte) []byte {
	mp, o := a.mp, a.mp.out
	at := len(a.rec)
	rec := slices.Grow(a.rec, mp.recStride)[:at+mp.recStride]
	clear(rec[at:])
	copy(rec[at:], r[o.VertexOffset+v*o.VertexStride:][:o.VertexStride])
	if prim != nil {
		copy(rec[at+mp.primOff:], prim)
	}
	return rec
}

// amplify returns vo's vertices repeated amp times (amplification k's
// copy at vertices k·Count to (k+1)·Count-1).
func amplify(sc *drawScratch, vo *raster.VertexOutputs, amp int) *raster.VertexOutputs {
	n := vo.Count
	out := &raster.VertexOutputs{Count: n * amp, Stride: vo.Stride, ClipCount: vo.ClipCount}
	rf := func(src []float32) []float32 {
		if src == nil {
			return nil
		}
		d := sc.floats(len(src) * amp)
		for k := range amp {
			copy(d[k*len(src):], src)
		}
		return d
	}
	ru := func(src []uint32) []uint32 {
		if src == nil {
			return nil
		}
		d := sc.uints(len(src) * amp)
		for k := range amp {
			copy(d[k*len(src):], src)
		}
		return d
	}
	out.Position, out.Varyings, out.PointSize, out.ClipDistances = rf(vo.Position), rf(vo.Varyings), rf(vo.PointSize), rf(vo.ClipDistances)
	out.Layer, out.ViewportIndex = ru(vo.Layer), ru(vo.ViewportIndex)
	return out
}
