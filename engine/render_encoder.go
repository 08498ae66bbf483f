package engine

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"

	"github.com/ingot-render/ingot/engine/exec"
	"github.com/ingot-render/ingot/engine/raster"
)

// DepthStencilState is a compiled depth/stencil configuration
// (MTLDepthStencilState).
type DepthStencilState struct {
	dev   *Device
	label string
	ds    raster.DepthStencil
}

// Label returns the state's label.
func (s *DepthStencilState) Label() string { return s.label }

// NewDepthStencilState validates desc (nil: Metal's default) and makes
// the state (MTLDevice newDepthStencilStateWithDescriptor).
func (d *Device) NewDepthStencilState(desc *DepthStencilDescriptor) (*DepthStencilState, error) {
	s := &DepthStencilState{dev: d, ds: defaultDepthStencil}
	if desc == nil {
		return s, nil
	}
	s.label = desc.Label
	if c := desc.DepthCompareFunction; c != nil {
		if *c > CompareFunctionAlways {
			return nil, fmt.Errorf("engine: NewDepthStencilState: DepthCompareFunction is %d, not a compare function", *c)
		}
		s.ds.DepthCompare = raster.CompareFunc(*c)
	}
	s.ds.DepthWrite = desc.DepthWriteEnabled
	faces := []struct {
		name string
		sd   *StencilDescriptor
		dst  *raster.StencilFace
	}{{"FrontFaceStencil", desc.FrontFaceStencil, &s.ds.Front}, {"BackFaceStencil", desc.BackFaceStencil, &s.ds.Back}}
	for _, f := range faces {
		if f.sd == nil {
			continue
		}
		s.ds.StencilEnabled = true
		sd := f.sd
		if sd.StencilCompareFunction > CompareFunctionAlways {
			return nil, fmt.Errorf("engine: NewDepthStencilState: %s.StencilCompareFunction is %d, not a compare function", f.name, sd.StencilCompareFunction)
		}
		for _, op := range []struct {
			name string
			v    StencilOperation
		}{{"StencilFailureOperation", sd.StencilFailureOperation}, {"DepthFailureOperation", sd.DepthFailureOperation}, {"DepthStencilPassOperation", sd.DepthStencilPassOperation}} {
			if op.v > raster.StencilDecrementWrap {
				return nil, fmt.Errorf("engine: NewDepthStencilState: %s.%s is %d, not a stencil operation", f.name, op.name, op.v)
			}
		}
		*f.dst = raster.StencilFace{Compare: raster.CompareFunc(sd.StencilCompareFunction), Fail: sd.StencilFailureOperation,
			DepthFail: sd.DepthFailureOperation, Pass: sd.DepthStencilPassOperation, ReadMask: 0xFF, WriteMask: 0xFF}
		if sd.ReadMask != nil {
			f.dst.ReadMask = *sd.ReadMask
		}
		if sd.WriteMask != nil {
			f.dst.WriteMask = *sd.WriteMask
		}
	}
	return s, nil
}

// defaultDepthStencil is Metal's default: no depth test, no writes, no stencil.
var defaultDepthStencil = raster.DepthStencil{DepthCompare: raster.CompareAlways,
	Front: raster.StencilFace{Compare: raster.CompareAlways, ReadMask: 0xFF, WriteMask: 0xFF},
	Back:  raster.StencilFace{Compare: raster.CompareAlways, ReadMask: 0xFF, WriteMask: 0xFF}}

// RenderCommandEncoder encodes the draws of a render pass
// (MTLRenderCommandEncoder). Its state persists across draws; every
// misuse is returned as an error naming the argument and fails the
// command buffer.
type RenderCommandEncoder struct {
	cb     *CommandBuffer
	pass   *renderPass
	parent *ParallelRenderCommandEncoder
	encoderState
	label string

	pipeline     *RenderPipelineState
	vertex       resourceSlots
	fragment     resourceSlots
	state        raster.State
	viewports    []Viewport
	scissors     []ScissorRect
	depthStencil *DepthStencilState
	visMode      VisibilityResultMode
	visOffset    int
	ampCount     int // SetVertexAmplificationCount (0: 1)
	ampMaps      []VertexAmplificationViewMapping
	// draws are this encoder's draws in encoding order.
	draws []*drawCmd
	// meshState holds the object and mesh stage bindings (mesh_encoder.go).
	meshState *meshSlots
	// tile holds the tile-function bindings and the threadgroup memory
	// layout (tile_encoder.go), nil until first used.
	tile *tileSlots
}

// RenderCommandEncoder starts a render pass (MTLCommandBuffer
// renderCommandEncoderWithDescriptor). The descriptor is validated here:
// every attachment's texture, level, slice and plane, matching sizes and
// sample counts, and the resolve textures.
func (cb *CommandBuffer) RenderCommandEncoder(desc *RenderPassDescriptor) (*RenderCommandEncoder, error) {
	pass, err := newRenderPass(cb.q.dev, "RenderCommandEncoder", desc)
	if err != nil {
		return nil, err
	}
	if err := cb.beginEncoder("RenderCommandEncoder"); err != nil {
		return nil, err
	}
	e := newRenderEncoder(cb, pass, nil)
	cb.mu.Lock()
	cb.cmds = append(cb.cmds, pass)
	cb.keep = append(cb.keep, pass.keep...)
	cb.mu.Unlock()
	pass.encoders = append(pass.encoders, e)
	return e, nil
}

func newRenderEncoder(cb *CommandBuffer, pass *renderPass, parent *ParallelRenderCommandEncoder) *RenderCommandEncoder {
	e := &RenderCommandEncoder{cb: cb, pass: pass, parent: parent}
	e.state.DepthStencil = defaultDepthStencil
	e.viewports = []Viewport{{X: 0, Y: 0, W: float64(pass.width), H: float64(pass.height), ZNear: 0, ZFar: 1}}
	return e
}

// SetLabel sets the encoder's label.
func (e *RenderCommandEncoder) SetLabel(s string) { e.label = s }

// Label returns the encoder's label.
func (e *RenderCommandEncoder) Label() string { return e.label }

// SetRenderPipelineState selects the pipeline of the next draws.
func (e *RenderCommandEncoder) SetRenderPipelineState(p *RenderPipelineState) error {
	if err := e.usable("SetRenderPipelineState"); err != nil {
		return err
	}
	if p == nil {
		return e.fail("SetRenderPipelineState: pipeline is nil")
	}
	if p.dev != e.cb.q.dev {
		return e.fail("SetRenderPipelineState: pipeline %q belongs to another device", p.label)
	}
	e.pipeline = p
	return nil
}

// stageSlots returns the slots of stage "Vertex" or "Fragment".
func (e *RenderCommandEncoder) stageSlots(stage string) *resourceSlots {
	if s := e.meshStageSlots(stage); s != nil {
		return s
	}
	if stage == "Vertex" {
		return &e.vertex
	}
	if stage == "Tile" {
		return &e.tiles().slots
	}
	return &e.fragment
}

func (e *RenderCommandEncoder) setBuffer(stage string, buf *Buffer, offset, index int) error {
	m := "Set" + stage + "Buffer"
	if err := e.usable(m); err != nil {
		return err
	}
	if err := e.cb.q.dev.checkBufferBinding(m, buf, offset, index); err != nil {
		return e.fail("%w", err)
	}
	s := e.stageSlots(stage)
	if buf == nil {
		s.buffers[index] = bufSlot{}
		return nil
	}
	s.buffers[index] = bufSlot{set: true, buf: buf, offset: offset}
	return nil
}

func (e *RenderCommandEncoder) setBufferOffset(stage string, offset, index int) error {
	s := e.stageSlots(stage)
	if index < 0 || index >= MaxBufferArguments || !s.buffers[index].set || s.buffers[index].buf == nil {
		return e.fail("Set%sBufferOffset: no buffer bound at index %d", stage, index)
	}
	return e.setBuffer(stage, s.buffers[index].buf, offset, index)
}

func (e *RenderCommandEncoder) setBytes(stage string, data []byte, index int) error {
	m := "Set" + stage + "Bytes"
	if err := e.usable(m); err != nil {
		return err
	}
	b, err := e.cb.q.dev.bytesBinding(m, data, index)
	if err != nil {
		return e.fail("%w", err)
	}
	e.stageSlots(stage).buffers[index] = bufSlot{set: true, bytes: b}
	return nil
}

func (e *RenderCommandEncoder) setTexture(stage string, tex *Texture, index int) error {
	m := "Set" + stage + "Texture"
	if err := e.usable(m); err != nil {
		return err
	}
	if index < 0 || index >= MaxTextureArguments {
		return e.fail("%s: index %d outside [0, %d)", m, index, MaxTextureArguments)
	}
	if tex != nil && tex.dev != e.cb.q.dev {
		return e.fail("%s: texture at index %d belongs to another device", m, index)
	}
	if tex.memoryless() {
		return e.fail("%s: texture at index %d: %w", m, index, errMemoryless)
	}
	e.stageSlots(stage).textures[index] = tex
	return nil
}

func (e *RenderCommandEncoder) setSampler(stage string, s *SamplerState, index int) error {
	m := "Set" + stage + "SamplerState"
	if err := e.usable(m); err != nil {
		return err
	}
	if index < 0 || index >= MaxSamplerArguments {
		return e.fail("%s: index %d outside [0, %d)", m, index, MaxSamplerArguments)
	}
	if s != nil && s.dev != e.cb.q.dev {
		return e.fail("%s: sampler at index %d belongs to another device", m, index)
	}
	e.stageSlots(stage).samplers[index] = s
	return nil
}

// SetVertexBuffer binds buf at offset to the vertex function's
// [[buffer(index)]] (and to vertex fetch); nil unbinds.
func (e *RenderCommandEncoder) SetVertexBuffer(buf *Buffer, offset, index int) error {
	return e.setBuffer("Vertex", buf, offset, index)
}

// SetVertexBufferOffset changes the offset of the vertex buffer at index.
func (e *RenderCommandEncoder) SetVertexBufferOffset(offset, index int) error {
	return e.setBufferOffset("Vertex", offset, index)
}

// SetVertexBytes copies data (at most 4 KB) to constant memory bound to the
// vertex function's [[buffer(index)]].
func (e *RenderCommandEncoder) SetVertexBytes(data []byte, index int) error {
	return e.setBytes("Vertex", data, index)
}

// SetVertexTexture binds tex to the vertex function's [[texture(index)]].
func (e *RenderCommandEncoder) SetVertexTexture(tex *Texture, index int) error {
	return e.setTexture("Vertex", tex, index)
}

// SetVertexSamplerState binds s to the vertex function's [[sampler(index)]].
func (e *RenderCommandEncoder) SetVertexSamplerState(s *SamplerState, index int) error {
	return e.setSampler("Vertex", s, index)
}

// SetFragmentBuffer binds buf at offset to the fragment function's
// [[buffer(index)]]; nil unbinds.
func (e *RenderCommandEncoder) SetFragmentBuffer(buf *Buffer, offset, index int) error {
	return e.setBuffer("Fragment", buf, offset, index)
}

// SetFragmentBufferOffset changes the offset of the fragment buffer at index.
func (e *RenderCommandEncoder) SetFragmentBufferOffset(offset, index int) error {
	return e.setBufferOffset("Fragment", offset, index)
}

// SetFragmentBytes copies data (at most 4 KB) to constant memory bound to
// the fragment function's [[buffer(index)]].
func (e *RenderCommandEncoder) SetFragmentBytes(data []byte, index int) error {
	return e.setBytes("Fragment", data, index)
}

// SetFragmentTexture binds tex to the fragment function's [[texture(index)]].
func (e *RenderCommandEncoder) SetFragmentTexture(tex *Texture, index int) error {
	return e.setTexture("Fragment", tex, index)
}

// SetFragmentSamplerState binds s to the fragment function's [[sampler(index)]].
func (e *RenderCommandEncoder) SetFragmentSamplerState(s *SamplerState, index int) error {
	return e.setSampler("Fragment", s, index)
}

// SetViewport sets viewport 0 (and drops any others).
func (e *RenderCommandEncoder) SetViewport(v Viewport) error { return e.SetViewports([]Viewport{v}) }

// SetViewports sets the viewports [[viewport_array_index]] selects (at
// most 16).
func (e *RenderCommandEncoder) SetViewports(vs []Viewport) error {
	if err := e.usable("SetViewports"); err != nil {
		return err
	}
	if len(vs) == 0 || len(vs) > maxViewports {
		return e.fail("SetViewports: %d viewports, want 1..%d", len(vs), maxViewports)
	}
	for i, v := range vs {
		for _, f := range []float64{v.X, v.Y, v.W, v.H, v.ZNear, v.ZFar} {
			if math.IsNaN(f) || math.IsInf(f, 0) {
				return e.fail("SetViewports: viewport %d has a non-finite field (%+v)", i, v)
			}
		}
		if v.W <= 0 || v.H <= 0 {
			return e.fail("SetViewports: viewport %d is %g × %g, want a positive width and height", i, v.W, v.H)
		}
	}
	e.viewports = append([]Viewport(nil), vs...)
	return nil
}

const maxViewports = 16

// SetVertexAmplificationCount makes the following draws run the vertex
// function count times per vertex and instance ([[amplification_id]] 0 to
// count-1, [[amplification_count]] count) and rasterize each
// amplification's primitives with mappings[id]'s viewport and render
// target array index offsets added to the vertex function's (or to 0);
// mappings may be nil (no offsets) or hold count entries. The pipeline's
// MaxVertexAmplificationCount bounds count at the draw.
func (e *RenderCommandEncoder) SetVertexAmplificationCount(count int, mappings []VertexAmplificationViewMapping) error {
	if err := e.usable("SetVertexAmplificationCount"); err != nil {
		return err
	}
	if count < 1 || count > MaxVertexAmplification {
		return e.fail("SetVertexAmplificationCount: count %d, want 1..%d", count, MaxVertexAmplification)
	}
	if mappings != nil && len(mappings) != count {
		return e.fail("SetVertexAmplificationCount: %d view mappings for count %d", len(mappings), count)
	}
	for i, m := range mappings {
		if m.ViewportArrayIndexOffset >= maxViewports {
			return e.fail("SetVertexAmplificationCount: mappings[%d].ViewportArrayIndexOffset %d, want < %d", i, m.ViewportArrayIndexOffset, maxViewports)
		}
		if int(m.RenderTargetArrayIndexOffset) >= max(e.pass.layer, 1) {
			return e.fail("SetVertexAmplificationCount: mappings[%d].RenderTargetArrayIndexOffset %d is not below the pass's %d layers", i, m.RenderTargetArrayIndexOffset, max(e.pass.layer, 1))
		}
	}
	e.ampCount, e.ampMaps = count, append([]VertexAmplificationViewMapping(nil), mappings...)
	return nil
}

// SetScissorRect sets scissor rectangle 0 (and drops any others).
func (e *RenderCommandEncoder) SetScissorRect(r ScissorRect) error {
	return e.SetScissorRects([]ScissorRect{r})
}

// SetScissorRects sets one scissor rectangle per viewport. Each must lie
// within the render target, as Metal requires.
func (e *RenderCommandEncoder) SetScissorRects(rs []ScissorRect) error {
	if err := e.usable("SetScissorRects"); err != nil {
		return err
	}
	if len(rs) == 0 || len(rs) > maxViewports {
		return e.fail("SetScissorRects: %d rectangles, want 1..%d", len(rs), maxViewports)
	}
	for i, r := range rs {
		if r.X < 0 || r.Y < 0 || r.W < 0 || r.H < 0 || r.X+r.W > e.pass.width || r.Y+r.H > e.pass.height {
			return e.fail("SetScissorRects: rectangle %d (%d, %d, %d × %d) is not within the %d × %d render target", i, r.X, r.Y, r.W, r.H, e.pass.width, e.pass.height)
		}
	}
	e.scissors = append([]ScissorRect(nil), rs...)
	return nil
}

// SetCullMode selects the faces culled (default none).
func (e *RenderCommandEncoder) SetCullMode(m CullMode) error {
	if m > CullModeBack {
		return e.fail("SetCullMode: %d is not a cull mode", m)
	}
	e.state.Cull = m
	return e.usable("SetCullMode")
}

// SetFrontFacingWinding sets the front-facing winding (default clockwise).
func (e *RenderCommandEncoder) SetFrontFacingWinding(w Winding) error {
	if w > WindingCounterClockwise {
		return e.fail("SetFrontFacingWinding: %d is not a winding", w)
	}
	e.state.Front = w
	return e.usable("SetFrontFacingWinding")
}

// SetTriangleFillMode fills triangles or draws their edges (default fill).
func (e *RenderCommandEncoder) SetTriangleFillMode(m TriangleFillMode) error {
	if m > TriangleFillModeLines {
		return e.fail("SetTriangleFillMode: %d is not a fill mode", m)
	}
	e.state.Fill = m
	return e.usable("SetTriangleFillMode")
}

// SetDepthClipMode clips (default) or clamps depth.
func (e *RenderCommandEncoder) SetDepthClipMode(m DepthClipMode) error {
	if m > DepthClipModeClamp {
		return e.fail("SetDepthClipMode: %d is not a depth clip mode", m)
	}
	e.state.DepthClip = m
	return e.usable("SetDepthClipMode")
}

// SetDepthStencilState selects the depth/stencil state; nil restores the
// default (no tests, no writes).
func (e *RenderCommandEncoder) SetDepthStencilState(s *DepthStencilState) error {
	if err := e.usable("SetDepthStencilState"); err != nil {
		return err
	}
	if s != nil && s.dev != e.cb.q.dev {
		return e.fail("SetDepthStencilState: state %q belongs to another device", s.label)
	}
	e.depthStencil = s
	if s == nil {
		e.state.DepthStencil = defaultDepthStencil
	} else {
		e.state.DepthStencil = s.ds
	}
	return nil
}

// SetStencilReferenceValue sets the stencil reference of both faces.
func (e *RenderCommandEncoder) SetStencilReferenceValue(v uint32) error {
	return e.SetStencilReferenceValues(v, v)
}

// SetStencilReferenceValues sets the front and back stencil references.
func (e *RenderCommandEncoder) SetStencilReferenceValues(front, back uint32) error {
	e.state.StencilRefFront, e.state.StencilRefBack = front, back
	return e.usable("SetStencilReferenceValues")
}

// SetDepthBias sets the constant depth bias, the slope scale and the clamp
// (0: none).
func (e *RenderCommandEncoder) SetDepthBias(bias, slope, clamp float32) error {
	for _, f := range []float32{bias, slope, clamp} {
		if f != f || math.IsInf(float64(f), 0) {
			return e.fail("SetDepthBias: non-finite value (bias %g, slope %g, clamp %g)", bias, slope, clamp)
		}
	}
	e.state.DepthBias, e.state.DepthSlope, e.state.DepthBiasClamp = bias, slope, clamp
	return e.usable("SetDepthBias")
}

// SetBlendColor sets the constant colour of the BlendColor factors.
func (e *RenderCommandEncoder) SetBlendColor(r, g, b, a float32) error {
	e.state.BlendColor = [4]float32{r, g, b, a}
	return e.usable("SetBlendColor")
}

// SetVisibilityResultMode makes the next draws count the samples that pass
// the depth and stencil tests into the pass's visibility result buffer at
// offset (a multiple of 8): a 0/1 flag (Boolean) or a count (Counting).
func (e *RenderCommandEncoder) SetVisibilityResultMode(mode VisibilityResultMode, offset int) error {
	if err := e.usable("SetVisibilityResultMode"); err != nil {
		return err
	}
	if mode > VisibilityResultModeCounting {
		return e.fail("SetVisibilityResultMode: %d is not a visibility result mode", mode)
	}
	if mode != VisibilityResultModeDisabled {
		vb := e.pass.visibility
		if vb == nil {
			return e.fail("SetVisibilityResultMode: the render pass has no VisibilityResultBuffer")
		}
		if offset < 0 || offset%8 != 0 || offset+8 > vb.Length() {
			return e.fail("SetVisibilityResultMode: offset %d is not a multiple of 8 within the %d-byte VisibilityResultBuffer", offset, vb.Length())
		}
	}
	e.visMode, e.visOffset = mode, offset
	return nil
}

// UseResource keeps a resource reached only through argument buffers
// alive and visible until the command buffer completes.
func (e *RenderCommandEncoder) UseResource(r any) error {
	return e.cb.useResource(&e.encoderState, r)
}

// EndEncoding finishes the encoder; it returns the first error recorded
// while encoding (which also fails the command buffer). The sub-encoders
// of a parallel encoder end in any order.
func (e *RenderCommandEncoder) EndEncoding() error {
	if e.ended {
		return errors.New("engine: EndEncoding: encoder already ended")
	}
	e.ended = true
	e.cb.mu.Lock()
	defer e.cb.mu.Unlock()
	if e.parent == nil {
		e.cb.encoding = false
	}
	if e.err != nil && e.cb.err == nil {
		e.cb.err = e.err
	}
	return e.err
}

// checkBufferBinding validates a buffer binding's index, buffer and offset.
func (d *Device) checkBufferBinding(method string, buf *Buffer, offset, index int) error {
	if index < 0 || index >= MaxBufferArguments {
		return fmt.Errorf("%s: index %d outside [0, %d)", method, index, MaxBufferArguments)
	}
	if buf == nil {
		return nil
	}
	if buf.dev != d {
		return fmt.Errorf("%s: buffer at index %d belongs to another device", method, index)
	}
	if buf.released.Load() {
		return fmt.Errorf("%s: buffer at index %d: %w", method, index, errReleased)
	}
	if offset < 0 || offset > buf.Length() {
		return fmt.Errorf("%s: offset %d at index %d outside the buffer's %d bytes", method, offset, index, buf.Length())
	}
	return nil
}

// bytesBinding copies setBytes data to a read-only buffer at an address of
// its own.
func (d *Device) bytesBinding(method string, data []byte, index int) (exec.Buffer, error) {
	if index < 0 || index >= MaxBufferArguments {
		return exec.Buffer{}, fmt.Errorf("%s: index %d outside [0, %d)", method, index, MaxBufferArguments)
	}
	if len(data) == 0 {
		return exec.Buffer{}, fmt.Errorf("%s: no data for index %d", method, index)
	}
	if len(data) > 4096 {
		return exec.Buffer{}, fmt.Errorf("%s: %d bytes at index %d, more than 4096 (use a buffer)", method, len(data), index)
	}
	addr := d.reserveAddr(len(data))
	cp := append([]byte(nil), data...)
	return exec.Buffer{Addr: addr, Data: cp, ReadOnly: true, Name: fmt.Sprintf("setBytes(%d)", index)}, nil
}

// reserveAddr reserves GPU address space for size bytes of transient
// memory (setBytes data, stage records), with a guard gap after it.
func (d *Device) reserveAddr(size int) uint64 {
	d.mu.Lock()
	defer d.mu.Unlock()
	addr := d.nextAddr
	d.nextAddr += (uint64(max(size, 1))+bufferAlign-1)&^(bufferAlign-1) + guardGap
	return addr
}

// putU64 writes a little-endian value.
func putU64(b []byte, v uint64) { binary.LittleEndian.PutUint64(b, v) }
