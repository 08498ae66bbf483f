package engine

import (
	"encoding/binary"
	"fmt"

	"github.com/ingot-render/ingot/engine/raster"
	"github.com/ingot-render/ingot/shaders/lower"
)

// drawCmd is one encoded draw: the pipeline and a copy of the encoder's
// state, with the stages' arguments resolved at encoding time.
type drawCmd struct {
	enc   *RenderCommandEncoder
	p     *RenderPipelineState
	state raster.State
	prim  PrimitiveType

	vertexStart, vertexCount, instanceCount, baseInstance int
	indexed                                               bool
	indexType                                             IndexType
	index                                                 stageSource // the index buffer from its offset
	baseVertex                                            int
	// indirect, when set, holds the draw's counts (MTLDraw(Indexed)PrimitivesIndirectArguments).
	indirect       *Buffer
	indirectOffset int

	vargs, fargs []uint64
	vbound       boundResources
	fbound       boundResources
	// sources are the vertex buffers vertex fetch reads.
	sources map[int]stageSource
	// vrec and frec are the parameters of the stage records (-1: none).
	vrec, frec int
	// mesh is set for mesh draws (mesh_encoder.go, mesh_run.go).
	mesh *meshDraw
	// amp and ampMaps are the vertex amplification (amp ≥ 1).
	amp     int
	ampMaps []VertexAmplificationViewMapping
	// tile is set for a tile dispatch (tile_encoder.go); ftg are the
	// fragment function's [[threadgroup(i)]] arguments.
	tile *tileCmd
	ftg  []tgRef
}

// DrawPrimitives draws vertexCount vertices from vertexStart as prim.
func (e *RenderCommandEncoder) DrawPrimitives(prim PrimitiveType, vertexStart, vertexCount int) error {
	return e.DrawPrimitivesInstanced(prim, vertexStart, vertexCount, 1, 0)
}

// DrawPrimitivesInstanced draws instanceCount instances of vertexCount
// vertices from vertexStart; [[instance_id]] runs from baseInstance.
func (e *RenderCommandEncoder) DrawPrimitivesInstanced(prim PrimitiveType, vertexStart, vertexCount, instanceCount, baseInstance int) error {
	const m = "DrawPrimitives"
	if vertexStart < 0 || vertexCount < 0 || instanceCount < 0 || baseInstance < 0 {
		return e.fail("%s: vertexStart %d, vertexCount %d, instanceCount %d, baseInstance %d: want non-negative values", m, vertexStart, vertexCount, instanceCount, baseInstance)
	}
	if uint64(vertexStart)+uint64(vertexCount) > 1<<32 || uint64(baseInstance)+uint64(instanceCount) > 1<<32 {
		return e.fail("%s: vertex or instance numbers past 2^32", m)
	}
	d, err := e.newDraw(m, prim)
	if err != nil {
		return err
	}
	d.vertexStart, d.vertexCount, d.instanceCount, d.baseInstance = vertexStart, vertexCount, instanceCount, baseInstance
	return e.record(d)
}

// DrawIndexedPrimitives draws indexCount indices of type indexType read
// from indexBuffer at indexBufferOffset, instanceCount times; a vertex's
// [[vertex_id]] is its index plus baseVertex. The largest index value of
// the type (0xFFFF, 0xFFFFFFFF) restarts a strip (primitive restart).
func (e *RenderCommandEncoder) DrawIndexedPrimitives(prim PrimitiveType, indexCount int, indexType IndexType, indexBuffer *Buffer, indexBufferOffset, instanceCount, baseVertex, baseInstance int) error {
	const m = "DrawIndexedPrimitives"
	if indexCount < 0 || instanceCount < 0 || baseInstance < 0 {
		return e.fail("%s: indexCount %d, instanceCount %d, baseInstance %d: want non-negative values", m, indexCount, instanceCount, baseInstance)
	}
	d, err := e.newDraw(m, prim)
	if err != nil {
		return err
	}
	if err := e.setIndexBuffer(m, d, indexType, indexBuffer, indexBufferOffset); err != nil {
		return err
	}
	if need := indexBufferOffset + indexCount*indexSize(indexType); need > indexBuffer.Length() {
		return e.fail("%s: %d indices of %d bytes from offset %d need %d bytes; the index buffer has %d", m, indexCount, indexSize(indexType), indexBufferOffset, need, indexBuffer.Length())
	}
	d.vertexCount, d.instanceCount, d.baseVertex, d.baseInstance = indexCount, instanceCount, baseVertex, baseInstance
	return e.record(d)
}

// DrawPrimitivesIndirect draws with the counts read, when the command
// buffer runs, from the MTLDrawPrimitivesIndirectArguments (four uint32:
// vertexCount, instanceCount, vertexStart, baseInstance) at offset.
func (e *RenderCommandEncoder) DrawPrimitivesIndirect(prim PrimitiveType, indirectBuffer *Buffer, offset int) error {
	const m = "DrawPrimitivesIndirect"
	d, err := e.newDraw(m, prim)
	if err != nil {
		return err
	}
	if err := e.setIndirect(m, d, indirectBuffer, offset, 16); err != nil {
		return err
	}
	return e.record(d)
}

// DrawIndexedPrimitivesIndirect draws with the counts read, when the
// command buffer runs, from the MTLDrawIndexedPrimitivesIndirectArguments
// (uint32 indexCount, instanceCount, indexStart, int32 baseVertex, uint32
// baseInstance) at indirectOffset.
func (e *RenderCommandEncoder) DrawIndexedPrimitivesIndirect(prim PrimitiveType, indexType IndexType, indexBuffer *Buffer, indexBufferOffset int, indirectBuffer *Buffer, indirectOffset int) error {
	const m = "DrawIndexedPrimitivesIndirect"
	d, err := e.newDraw(m, prim)
	if err != nil {
		return err
	}
	if err := e.setIndexBuffer(m, d, indexType, indexBuffer, indexBufferOffset); err != nil {
		return err
	}
	if err := e.setIndirect(m, d, indirectBuffer, indirectOffset, 20); err != nil {
		return err
	}
	return e.record(d)
}

func indexSize(t IndexType) int {
	if t == IndexTypeUInt16 {
		return 2
	}
	return 4
}

func (e *RenderCommandEncoder) setIndexBuffer(m string, d *drawCmd, t IndexType, b *Buffer, off int) error {
	if t != IndexTypeUInt16 && t != IndexTypeUInt32 {
		return e.fail("%s: indexType %d is neither UInt16 nor UInt32", m, t)
	}
	if b == nil {
		return e.fail("%s: indexBuffer is nil", m)
	}
	if b.dev != e.cb.q.dev {
		return e.fail("%s: indexBuffer belongs to another device", m)
	}
	if off < 0 || off > b.Length() || off%indexSize(t) != 0 {
		return e.fail("%s: indexBufferOffset %d is not a multiple of %d within the %d-byte index buffer", m, off, indexSize(t), b.Length())
	}
	d.indexed, d.indexType, d.index = true, t, stageSource{buf: b, off: off}
	e.cb.retain(b)
	return nil
}

func (e *RenderCommandEncoder) setIndirect(m string, d *drawCmd, b *Buffer, off, size int) error {
	if b == nil {
		return e.fail("%s: indirectBuffer is nil", m)
	}
	if b.dev != e.cb.q.dev {
		return e.fail("%s: indirectBuffer belongs to another device", m)
	}
	if off < 0 || off%4 != 0 || off+size > b.Length() {
		return e.fail("%s: indirect offset %d (+%d bytes) is not 4-aligned within the %d-byte indirect buffer", m, off, size, b.Length())
	}
	d.indirect, d.indirectOffset = b, off
	e.cb.retain(b)
	return nil
}

// topologyClass is the class of a primitive type.
func topologyClass(p PrimitiveType) PrimitiveTopologyClass {
	switch p {
	case PrimitiveTypePoint:
		return PrimitiveTopologyClassPoint
	case PrimitiveTypeLine, PrimitiveTypeLineStrip:
		return PrimitiveTopologyClassLine
	}
	return PrimitiveTopologyClassTriangle
}

// newDraw checks the encoder's state against its pipeline and the pass
// and resolves both stages' arguments.
func (e *RenderCommandEncoder) newDraw(m string, prim PrimitiveType) (*drawCmd, error) {
	if err := e.usable(m); err != nil {
		return nil, err
	}
	p := e.pipeline
	if p == nil {
		return nil, e.fail("%s: no render pipeline state is set", m)
	}
	if p.mesh != nil {
		return nil, e.fail("%s: pipeline %q is a mesh pipeline: draw it with DrawMeshThreadgroups or DrawMeshThreads", m, p.label)
	}
	if prim > PrimitiveTypeTriangleStrip {
		return nil, e.fail("%s: primitive type %d is not a primitive type", m, prim)
	}
	if c := p.topology; c != PrimitiveTopologyClassUnspecified && c != topologyClass(prim) {
		return nil, e.fail("%s: primitive type %d is not of the pipeline's InputPrimitiveTopology class %d", m, prim, c)
	}
	if err := e.checkPipelineAgainstPass(m, p); err != nil {
		return nil, err
	}
	d := &drawCmd{enc: e, p: p, prim: prim, state: e.state, vrec: -1, frec: -1, amp: max(e.ampCount, 1), ampMaps: e.ampMaps}
	if d.amp > p.maxAmp {
		return nil, e.fail("%s: the vertex amplification count %d exceeds the pipeline's MaxVertexAmplificationCount %d", m, d.amp, p.maxAmp)
	}
	d.state.Viewports = e.viewports
	d.state.Scissors = e.scissors
	d.state.Blends = p.blends
	d.state.Visibility, d.state.VisibilityOffset = e.visMode, e.visOffset
	var err error
	if d.vargs, d.vrec, err = e.resolveStage(p.vert, &e.vertex, &d.vbound); err != nil {
		return nil, e.fail("%s: %w", m, err)
	}
	if p.frag != nil {
		if d.fargs, d.frec, err = e.resolveStage(p.frag, &e.fragment, &d.fbound); err != nil {
			return nil, e.fail("%s: %w", m, err)
		}
		if err := e.fragmentThreadgroup(m, p.frag, d); err != nil {
			return nil, err
		}
		if n := p.fin.ibSize; n > e.pass.desc.ImageblockSampleLength {
			return nil, e.fail("%s: fragment function %s uses a %d-byte explicit imageblock, more than the pass's ImageblockSampleLength %d", m, p.frag.name, n, e.pass.desc.ImageblockSampleLength)
		}
	}
	if f := p.fetch; f != nil {
		d.sources = map[int]stageSource{}
		for _, i := range f.buffers {
			s := e.vertex.buffers[i]
			if !s.set || s.isHandle {
				return nil, e.fail("%s: missing vertex buffer at index %d for the vertex descriptor's attributes", m, i)
			}
			src := stageSource{index: i, buf: s.buf, off: s.offset}
			if s.buf == nil {
				src.bytes = s.bytes.Data
			} else {
				e.cb.retain(s.buf)
			}
			d.sources[i] = src
		}
	}
	return d, nil
}

// checkPipelineAgainstPass compares the pipeline's attachment formats and
// sample count with the pass's attachments.
func (e *RenderCommandEncoder) checkPipelineAgainstPass(m string, p *RenderPipelineState) error {
	pass := e.pass
	for i, ca := range pass.desc.ColorAttachments {
		var f PixelFormat
		if ca.Texture != nil {
			f = ca.Texture.PixelFormat()
		}
		if p.colors[i] != f {
			return e.fail("%s: pipeline %q has ColorAttachments[%d].PixelFormat %v, the pass's attachment is %v", m, p.label, i, p.colors[i], f)
		}
	}
	var df, sf PixelFormat
	if t := pass.desc.Depth.Texture; t != nil {
		df = t.PixelFormat()
	}
	if t := pass.desc.Stencil.Texture; t != nil {
		sf = t.PixelFormat()
	}
	if p.depthFormat != df {
		return e.fail("%s: pipeline %q has DepthAttachmentPixelFormat %v, the pass's depth attachment is %v", m, p.label, p.depthFormat, df)
	}
	if p.stencilFormat != sf {
		return e.fail("%s: pipeline %q has StencilAttachmentPixelFormat %v, the pass's stencil attachment is %v", m, p.label, p.stencilFormat, sf)
	}
	if p.samples != pass.samples {
		return e.fail("%s: pipeline %q has RasterSampleCount %d, the pass's attachments have %d samples", m, p.label, p.samples, pass.samples)
	}
	return nil
}

// resolveStage resolves a stage's bindings against its slots; rec is the
// parameter of the stage record (-1 if none).
func (e *RenderCommandEncoder) resolveStage(st *renderStage, slots *resourceSlots, out *boundResources) (args []uint64, rec int, err error) {
	args = make([]uint64, st.params)
	rec = -1
	for _, b := range st.bindings {
		if !b.enabled {
			continue
		}
		if b.kind == lower.BindStageIO {
			rec = b.param
			continue
		}
		if _, err := slots.bindResource(st.name, st.lib, nil, b, args, out); err != nil {
			return nil, -1, err
		}
	}
	e.cb.retain(out.keep...)
	return args, rec, nil
}

// record appends d to the encoder's draws.
func (e *RenderCommandEncoder) record(d *drawCmd) error {
	e.draws = append(e.draws, d)
	return nil
}

// counts returns the draw's counts, read from the indirect buffer when the
// draw is indirect (at execution time, so earlier commands' writes count).
func (d *drawCmd) counts() (start, count, instances, baseInstance, baseVertex int, err error) {
	if d.indirect == nil {
		return d.vertexStart, d.vertexCount, d.instanceCount, d.baseInstance, d.baseVertex, nil
	}
	b := d.indirect.Contents()[d.indirectOffset:]
	u := func(i int) int { return int(binary.LittleEndian.Uint32(b[4*i:])) }
	if !d.indexed {
		return u(2), u(0), u(1), u(3), 0, nil
	}
	start, count = u(2), u(0)
	if need := d.index.off + (start+count)*indexSize(d.indexType); need > d.index.buf.Length() {
		return 0, 0, 0, 0, 0, fmt.Errorf("indirect indexed draw: indices %d..%d need %d bytes; the index buffer has %d", start, start+count, need, d.index.buf.Length())
	}
	return start, count, u(1), u(4), int(int32(binary.LittleEndian.Uint32(b[12:]))), nil
}
