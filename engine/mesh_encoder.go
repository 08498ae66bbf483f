package engine

import (
	"fmt"

	"github.com/ingot-render/ingot/engine/exec"
	"github.com/ingot-render/ingot/shaders/lower"
)

// meshSlots are a render encoder's object and mesh stage bindings.
type meshSlots struct {
	object, mesh resourceSlots
	// objectTG are the SetObjectThreadgroupMemoryLength lengths.
	objectTG    [MaxBufferArguments]int
	objectTGSet [MaxBufferArguments]bool
}

// meshStageSlots returns the slots of stage "Object" or "Mesh", nil for
// the other stages.
func (e *RenderCommandEncoder) meshStageSlots(stage string) *resourceSlots {
	if stage != "Object" && stage != "Mesh" {
		return nil
	}
	if e.meshState == nil {
		e.meshState = &meshSlots{}
	}
	if stage == "Object" {
		return &e.meshState.object
	}
	return &e.meshState.mesh
}

// SetObjectBuffer binds buf at offset to the object function's
// [[buffer(index)]]; nil unbinds.
func (e *RenderCommandEncoder) SetObjectBuffer(buf *Buffer, offset, index int) error {
	return e.setBuffer("Object", buf, offset, index)
}

// SetObjectBufferOffset changes the offset of the object buffer at index.
func (e *RenderCommandEncoder) SetObjectBufferOffset(offset, index int) error {
	e.meshStageSlots("Object")
	return e.setBufferOffset("Object", offset, index)
}

// SetObjectBytes binds a copy of data (at most 4096 bytes) to the object
// function's [[buffer(index)]].
func (e *RenderCommandEncoder) SetObjectBytes(data []byte, index int) error {
	return e.setBytes("Object", data, index)
}

// SetObjectTexture binds tex to the object function's [[texture(index)]].
func (e *RenderCommandEncoder) SetObjectTexture(tex *Texture, index int) error {
	return e.setTexture("Object", tex, index)
}

// SetObjectSamplerState binds s to the object function's [[sampler(index)]].
func (e *RenderCommandEncoder) SetObjectSamplerState(s *SamplerState, index int) error {
	return e.setSampler("Object", s, index)
}

// SetObjectThreadgroupMemoryLength sets the bytes of the object function's
// [[threadgroup(index)]] argument (rounded up to 16).
func (e *RenderCommandEncoder) SetObjectThreadgroupMemoryLength(length, index int) error {
	const m = "SetObjectThreadgroupMemoryLength"
	if err := e.usable(m); err != nil {
		return err
	}
	if index < 0 || index >= MaxBufferArguments {
		return e.fail("%s: index %d outside [0, %d)", m, index, MaxBufferArguments)
	}
	if length < 0 || length > MaxThreadgroupMemoryLength {
		return e.fail("%s: length %d at index %d outside [0, %d]", m, length, index, MaxThreadgroupMemoryLength)
	}
	e.meshStageSlots("Object")
	e.meshState.objectTG[index] = (length + 15) &^ 15
	e.meshState.objectTGSet[index] = true
	return nil
}

// SetMeshBuffer binds buf at offset to the mesh function's
// [[buffer(index)]]; nil unbinds.
func (e *RenderCommandEncoder) SetMeshBuffer(buf *Buffer, offset, index int) error {
	return e.setBuffer("Mesh", buf, offset, index)
}

// SetMeshBufferOffset changes the offset of the mesh buffer at index.
func (e *RenderCommandEncoder) SetMeshBufferOffset(offset, index int) error {
	e.meshStageSlots("Mesh")
	return e.setBufferOffset("Mesh", offset, index)
}

// SetMeshBytes binds a copy of data (at most 4096 bytes) to the mesh
// function's [[buffer(index)]].
func (e *RenderCommandEncoder) SetMeshBytes(data []byte, index int) error {
	return e.setBytes("Mesh", data, index)
}

// SetMeshTexture binds tex to the mesh function's [[texture(index)]].
func (e *RenderCommandEncoder) SetMeshTexture(tex *Texture, index int) error {
	return e.setTexture("Mesh", tex, index)
}

// SetMeshSamplerState binds s to the mesh function's [[sampler(index)]].
func (e *RenderCommandEncoder) SetMeshSamplerState(s *SamplerState, index int) error {
	return e.setSampler("Mesh", s, index)
}

// meshDraw is the object/mesh part of a mesh draw.
type meshDraw struct {
	// threads: the grid counts threads (DrawMeshThreads), else threadgroups.
	threads        bool
	grid           [3]uint32
	objTG, meshTG  [3]uint32
	indirect       *Buffer
	indirectOffset int

	oargs, margs   []uint64
	obound, mbound boundResources
	otgMem         uint32 // dynamic object threadgroup memory
}

// DrawMeshThreadgroups draws a mesh grid (MTLRenderCommandEncoder
// drawMeshThreadgroups): threadgroupsPerGrid object threadgroups of
// threadsPerObjectThreadgroup threads, each launching the mesh grid it
// sets with set_threadgroups_per_grid, of threadsPerMeshThreadgroup
// threads per mesh threadgroup; without an object function the grid is
// the mesh grid. The emitted primitives are rasterized in order: object
// threadgroup, then mesh threadgroup (linear positions), then primitive.
func (e *RenderCommandEncoder) DrawMeshThreadgroups(threadgroupsPerGrid, threadsPerObjectThreadgroup, threadsPerMeshThreadgroup Size) error {
	return e.drawMesh("DrawMeshThreadgroups", false, threadgroupsPerGrid, threadsPerObjectThreadgroup, threadsPerMeshThreadgroup, nil, 0)
}

// DrawMeshThreads draws like DrawMeshThreadgroups with a grid counted in
// threads (the object grid's, or the mesh grid's without an object
// function); edge threadgroups are partial.
func (e *RenderCommandEncoder) DrawMeshThreads(threadsPerGrid, threadsPerObjectThreadgroup, threadsPerMeshThreadgroup Size) error {
	return e.drawMesh("DrawMeshThreads", true, threadsPerGrid, threadsPerObjectThreadgroup, threadsPerMeshThreadgroup, nil, 0)
}

// DrawMeshThreadgroupsIndirect draws like DrawMeshThreadgroups with the
// threadgroups per grid read, when the command buffer runs, from the
// MTLDispatchThreadgroupsIndirectArguments (three uint32) at offset.
func (e *RenderCommandEncoder) DrawMeshThreadgroupsIndirect(indirectBuffer *Buffer, offset int, threadsPerObjectThreadgroup, threadsPerMeshThreadgroup Size) error {
	return e.drawMesh("DrawMeshThreadgroupsIndirect", false, Size{1, 1, 1}, threadsPerObjectThreadgroup, threadsPerMeshThreadgroup, indirectBuffer, offset)
}

func (e *RenderCommandEncoder) drawMesh(m string, threads bool, grid, objTG, meshTG Size, ind *Buffer, indOff int) error {
	if err := e.usable(m); err != nil {
		return err
	}
	p := e.pipeline
	if p == nil {
		return e.fail("%s: no render pipeline state is set", m)
	}
	mp := p.mesh
	if mp == nil {
		return e.fail("%s: pipeline %q is not a mesh pipeline (NewMeshRenderPipelineState)", m, p.label)
	}
	if err := e.checkPipelineAgainstPass(m, p); err != nil {
		return err
	}
	dims := func(field string, s Size, limit int) ([3]uint32, error) {
		if s.Width < 0 || s.Height < 0 || s.Depth < 0 {
			return [3]uint32{}, e.fail("%s: %s %v has a negative size", m, field, s)
		}
		if limit > 0 && s.Width*s.Height*s.Depth > limit {
			return [3]uint32{}, e.fail("%s: %s %d×%d×%d is %d threads, more than the pipeline's %d", m, field, s.Width, s.Height, s.Depth, s.Width*s.Height*s.Depth, limit)
		}
		if uint64(s.Width)*uint64(s.Height)*uint64(s.Depth) > 1<<31 {
			return [3]uint32{}, e.fail("%s: %s %v is too large", m, field, s)
		}
		return [3]uint32{uint32(s.Width), uint32(s.Height), uint32(s.Depth)}, nil
	}
	md := &meshDraw{threads: threads}
	var err error
	if md.grid, err = dims("the grid", grid, 0); err != nil {
		return err
	}
	if mp.object != nil {
		if md.objTG, err = dims("threadsPerObjectThreadgroup", objTG, mp.objThreads); err != nil {
			return err
		}
		if objTG.Width*objTG.Height*objTG.Depth == 0 {
			return e.fail("%s: threadsPerObjectThreadgroup %v is empty", m, objTG)
		}
	}
	if md.meshTG, err = dims("threadsPerMeshThreadgroup", meshTG, mp.meshThreads); err != nil {
		return err
	}
	if meshTG.Width*meshTG.Height*meshTG.Depth == 0 {
		return e.fail("%s: threadsPerMeshThreadgroup %v is empty", m, meshTG)
	}
	if mp.object == nil && !threads && ind == nil {
		if n := grid.Width * grid.Height * grid.Depth; n > mp.maxMeshTGs {
			return e.fail("%s: the grid of %d mesh threadgroups is more than the pipeline's MaxTotalThreadgroupsPerMeshGrid %d", m, n, mp.maxMeshTGs)
		}
	}
	if ind != nil {
		if ind.dev != e.cb.q.dev {
			return e.fail("%s: indirectBuffer belongs to another device", m)
		}
		if indOff < 0 || indOff%4 != 0 || indOff+12 > ind.Length() {
			return e.fail("%s: indirect offset %d (+12 bytes) is not 4-aligned within the %d-byte indirect buffer", m, indOff, ind.Length())
		}
		md.indirect, md.indirectOffset = ind, indOff
		e.cb.retain(ind)
	}
	d := &drawCmd{enc: e, p: p, prim: mp.topology, state: e.state, vrec: -1, frec: -1, mesh: md, amp: max(e.ampCount, 1), ampMaps: e.ampMaps}
	if d.amp > p.maxAmp {
		return e.fail("%s: the vertex amplification count %d exceeds the pipeline's MaxVertexAmplificationCount %d", m, d.amp, p.maxAmp)
	}
	d.state.Viewports = e.viewports
	d.state.Scissors = e.scissors
	d.state.Blends = p.blends
	d.state.Visibility, d.state.VisibilityOffset = e.visMode, e.visOffset
	e.meshStageSlots("Object")
	ms := e.meshState
	if mp.object != nil {
		if md.oargs, md.otgMem, err = e.resolveMeshStage(mp.object, &ms.object, &md.obound, ms); err != nil {
			return e.fail("%s: %w", m, err)
		}
	}
	if md.margs, _, err = e.resolveMeshStage(mp.mesh, &ms.mesh, &md.mbound, nil); err != nil {
		return e.fail("%s: %w", m, err)
	}
	if p.frag != nil {
		if d.fargs, d.frec, err = e.resolveStage(p.frag, &e.fragment, &d.fbound); err != nil {
			return e.fail("%s: %w", m, err)
		}
		if err := e.fragmentTileArgs(m, p, d); err != nil { // tile_encoder.go
			return err
		}
	}
	return e.record(d)
}

// resolveMeshStage resolves an object or mesh stage's resource bindings;
// threadgroup arguments (object stage, tg not nil) get their offsets
// after the function's static threadgroup memory and the total dynamic
// length is returned. Payload, mesh and mesh-grid parameters are filled
// when the draw runs.
func (e *RenderCommandEncoder) resolveMeshStage(st *renderStage, slots *resourceSlots, out *boundResources, tg *meshSlots) ([]uint64, uint32, error) {
	args := make([]uint64, st.params)
	off := (int(st.pl.ThreadgroupMemory()) + 15) &^ 15
	dyn := 0
	for _, b := range st.bindings {
		if !b.enabled {
			continue
		}
		switch b.kind {
		case lower.BindPayload, lower.BindMesh, lower.BindMeshGrid, lower.BindAmplificationID, lower.BindAmplificationCount:
			continue
		case lower.BindThreadgroup:
			if tg == nil {
				return nil, 0, fmt.Errorf("%s: threadgroup argument %q: mesh functions take no [[threadgroup(i)]] arguments here", st.name, b.name)
			}
			n := tg.objectTG[b.index]
			if !tg.objectTGSet[b.index] {
				return nil, 0, fmt.Errorf("%s: missing SetObjectThreadgroupMemoryLength for [[threadgroup(%d)]] argument %q", st.name, b.index, b.name)
			}
			args[b.param] = uint64(off)
			off += n
			dyn += n
			continue
		}
		if _, err := slots.bindResource(st.name, st.lib, nil, b, args, out); err != nil {
			return nil, 0, err
		}
	}
	if off > MaxThreadgroupMemoryLength {
		return nil, 0, fmt.Errorf("%s: %d bytes of threadgroup memory, more than %d", st.name, off, MaxThreadgroupMemoryLength)
	}
	e.cb.retain(out.keep...)
	return args, uint32(dyn), nil
}

// meshGridOf returns the exec grid of n (threads or threadgroups) of
// perGroup threads.
func meshGridOf(threads bool, n, perGroup [3]uint32) exec.Grid {
	if threads {
		return exec.ThreadsGrid(n, perGroup)
	}
	return exec.ThreadgroupsGrid(n, perGroup)
}
