package engine

import (
	"github.com/ingot-render/ingot/engine/exec"
	"github.com/ingot-render/ingot/shaders/lower"
)

// tileSlots are a render encoder's tile-function bindings and the layout
// of the pass's persistent threadgroup memory.
type tileSlots struct {
	pipeline *TileRenderPipelineState
	slots    resourceSlots
	tgLen    [MaxBufferArguments]int
	tgOff    [MaxBufferArguments]int
	tgSet    [MaxBufferArguments]bool
}

// tiles returns the encoder's tile state, made on first use.
func (e *RenderCommandEncoder) tiles() *tileSlots {
	if e.tile == nil {
		e.tile = &tileSlots{}
	}
	return e.tile
}

// tgRef is a [[threadgroup(i)]] argument: parameter param at offset off of
// the pass's persistent threadgroup memory.
type tgRef struct{ param, off, length int }

// ibRef is an imageblock argument of a tile function: explicit (implicit
// nil) or implicit with its layout.
type ibRef struct {
	param    int
	name     string
	implicit *lower.ImplicitLayout
}

// tileCmd is one encoded DispatchThreadsPerTile.
type tileCmd struct {
	p       *TileRenderPipelineState
	threads [2]int
	args    []uint64
	// rec is the stage-record parameter of a fragment-based tile
	// function (-1: none).
	rec       int
	tg        []tgRef
	ib        []ibRef
	transient []exec.Buffer
	accels    []boundAccel
}

// SetTileRenderPipelineState selects the tile pipeline of the next
// DispatchThreadsPerTile (Metal's setRenderPipelineState with a tile
// pipeline).
func (e *RenderCommandEncoder) SetTileRenderPipelineState(p *TileRenderPipelineState) error {
	if err := e.usable("SetTileRenderPipelineState"); err != nil {
		return err
	}
	if p == nil {
		return e.fail("SetTileRenderPipelineState: pipeline is nil")
	}
	if p.dev != e.cb.q.dev {
		return e.fail("SetTileRenderPipelineState: pipeline %q belongs to another device", p.label)
	}
	e.tiles().pipeline = p
	return nil
}

// SetTileBuffer binds buf at offset to the tile function's
// [[buffer(index)]]; nil unbinds.
func (e *RenderCommandEncoder) SetTileBuffer(buf *Buffer, offset, index int) error {
	e.tiles()
	return e.setBuffer("Tile", buf, offset, index)
}

// SetTileBufferOffset changes the offset of the tile buffer at index.
func (e *RenderCommandEncoder) SetTileBufferOffset(offset, index int) error {
	e.tiles()
	return e.setBufferOffset("Tile", offset, index)
}

// SetTileBytes copies data (at most 4 KB) to constant memory bound to the
// tile function's [[buffer(index)]].
func (e *RenderCommandEncoder) SetTileBytes(data []byte, index int) error {
	e.tiles()
	return e.setBytes("Tile", data, index)
}

// SetTileTexture binds tex to the tile function's [[texture(index)]].
func (e *RenderCommandEncoder) SetTileTexture(tex *Texture, index int) error {
	e.tiles()
	return e.setTexture("Tile", tex, index)
}

// SetTileSamplerState binds s to the tile function's [[sampler(index)]].
func (e *RenderCommandEncoder) SetTileSamplerState(s *SamplerState, index int) error {
	e.tiles()
	return e.setSampler("Tile", s, index)
}

// SetThreadgroupMemoryLength makes bytes [offset, offset+length) of the
// pass's persistent threadgroup memory back the [[threadgroup(index)]]
// arguments of the tile and fragment functions of later commands
// (setThreadgroupMemoryLength:offset:atIndex:). length is rounded up to a
// multiple of 16, offset must be one, and the region must lie within the
// pass's ThreadgroupMemoryLength.
func (e *RenderCommandEncoder) SetThreadgroupMemoryLength(length, offset, index int) error {
	const m = "SetThreadgroupMemoryLength"
	if err := e.usable(m); err != nil {
		return err
	}
	if index < 0 || index >= MaxBufferArguments {
		return e.fail("%s: index %d outside [0, %d)", m, index, MaxBufferArguments)
	}
	if length < 0 || offset < 0 || offset%16 != 0 {
		return e.fail("%s: length %d, offset %d at index %d: want a non-negative length and an offset that is a multiple of 16", m, length, offset, index)
	}
	length = (length + 15) &^ 15
	if total := e.pass.desc.ThreadgroupMemoryLength; offset+length > total {
		return e.fail("%s: %d bytes at offset %d (index %d) exceed the render pass's ThreadgroupMemoryLength %d", m, length, offset, index, total)
	}
	t := e.tiles()
	t.tgLen[index], t.tgOff[index], t.tgSet[index] = length, offset, true
	return nil
}

// DispatchThreadsPerTile runs the tile pipeline once per tile of the pass
// (dispatchThreadsPerTile:): one threadgroup of threadsPerTile threads
// (width ≤ TileWidth, height ≤ TileHeight, depth 1), after every earlier
// draw and dispatch of the tile and before every later one. Threads are
// arranged in 2×2 quads (even sizes); [[thread_position_in_grid]] is the
// pixel, [[threadgroup_position_in_grid]] the tile (z: the layer). A
// fragment-based tile pipeline runs its fragment function once per pixel
// (or sample) of the threadsPerTile pixels at the tile's origin instead.
func (e *RenderCommandEncoder) DispatchThreadsPerTile(threadsPerTile Size) error {
	const m = "DispatchThreadsPerTile"
	if err := e.usable(m); err != nil {
		return err
	}
	t := e.tiles()
	p := t.pipeline
	if p == nil {
		return e.fail("%s: no tile render pipeline state is set", m)
	}
	k := p.kernel
	pass := e.pass
	tw, th := pass.tileSize()
	s := threadsPerTile
	if s.Width < 1 || s.Height < 1 || s.Depth != 1 || s.Width > tw || s.Height > th {
		return e.fail("%s %s: threadsPerTile is %d × %d × %d, want 1 … %d × 1 … %d × 1 (the pass's tile)", m, p.name, s.Width, s.Height, s.Depth, tw, th)
	}
	if s.Width*s.Height > p.maxThreads {
		return e.fail("%s %s: %d threads per tile, more than the pipeline's maxTotalThreadsPerThreadgroup %d", m, p.name, s.Width*s.Height, p.maxThreads)
	}
	if p.matches && (s.Width != tw || s.Height != th) {
		return e.fail("%s %s: threadsPerTile %d × %d differs from the %d × %d tile, but the pipeline has ThreadgroupSizeMatchesTileSize", m, p.name, s.Width, s.Height, tw, th)
	}
	if k != nil && k.required != [3]int{} && k.required != [3]int{s.Width, s.Height, 1} {
		return e.fail("%s %s: threadsPerTile is %d × %d, but the kernel requires %v", m, k.name, s.Width, s.Height, k.required)
	}
	for i, ca := range pass.desc.ColorAttachments {
		var f PixelFormat
		if ca.Texture != nil {
			f = ca.Texture.PixelFormat()
		}
		if p.colors[i] != f {
			return e.fail("%s: tile pipeline %q has ColorAttachments[%d].PixelFormat %v, the pass's attachment is %v", m, p.label, i, p.colors[i], f)
		}
	}
	if p.samples != pass.samples {
		return e.fail("%s: tile pipeline %q has RasterSampleCount %d, the pass's attachments have %d samples", m, p.label, p.samples, pass.samples)
	}
	if p.frag != nil {
		c := &tileCmd{p: p, threads: [2]int{s.Width, s.Height}, rec: -1}
		if err := e.encodeFragmentTile(m, t, c); err != nil {
			return err
		}
		e.draws = append(e.draws, &drawCmd{enc: e, tile: c})
		return nil
	}
	c := &tileCmd{p: p, threads: [2]int{s.Width, s.Height}, args: make([]uint64, len(k.bindings)), rec: -1}
	var bound boundResources
	for _, b := range k.bindings {
		if !b.enabled {
			continue
		}
		if ok, err := t.slots.bindResource(k.name, k.lib, k, b, c.args, &bound); ok || err != nil {
			if err != nil {
				return e.encoderState.record(err)
			}
			continue
		}
		switch b.kind {
		case lower.BindThreadgroup:
			if !t.tgSet[b.index] {
				return e.fail("%s %s: missing threadgroup memory length (SetThreadgroupMemoryLength) at index %d for argument %q", m, k.name, b.index, b.name)
			}
			c.tg = append(c.tg, tgRef{param: b.param, off: t.tgOff[b.index], length: t.tgLen[b.index]})
		case lower.BindImageblock:
			if b.implicit == nil && b.size > pass.desc.ImageblockSampleLength {
				return e.fail("%s %s: argument %q is an explicit imageblock of %d-byte samples, more than the pass's ImageblockSampleLength %d", m, k.name, b.name, b.size, pass.desc.ImageblockSampleLength)
			}
			c.ib = append(c.ib, ibRef{param: b.param, name: b.name, implicit: b.implicit})
		default:
			return e.fail("%s %s: argument %q (%s binding at index %d) cannot be bound in a tile function", m, k.name, b.name, b.kind, b.index)
		}
	}
	c.transient, c.accels = bound.transient, bound.accels
	e.cb.retain(bound.keep...)
	e.draws = append(e.draws, &drawCmd{enc: e, tile: c})
	return nil
}

// fragmentThreadgroup resolves the [[threadgroup(i)]] arguments of a
// draw's fragment function against the encoder's threadgroup memory
// layout.
func (e *RenderCommandEncoder) fragmentThreadgroup(m string, st *renderStage, d *drawCmd) error {
	for _, b := range st.bindings {
		if !b.enabled || b.kind != lower.BindThreadgroup {
			continue
		}
		if e.tile == nil || !e.tile.tgSet[b.index] {
			return e.fail("%s: %s: missing threadgroup memory length (SetThreadgroupMemoryLength) at index %d for argument %q", m, st.name, b.index, b.name)
		}
		d.ftg = append(d.ftg, tgRef{param: b.param, off: e.tile.tgOff[b.index], length: e.tile.tgLen[b.index]})
	}
	return nil
}

// fragmentTileArgs checks and records what a draw's fragment function
// takes from tile memory: its [[threadgroup(i)]] arguments and its explicit
// imageblock, which must fit the pass's ImageblockSampleLength (vertex and
// mesh draws alike).
func (e *RenderCommandEncoder) fragmentTileArgs(m string, p *RenderPipelineState, d *drawCmd) error {
	if p.frag == nil {
		return nil
	}
	if err := e.fragmentThreadgroup(m, p.frag, d); err != nil {
		return err
	}
	if n := p.fin.ibSize; n > e.pass.desc.ImageblockSampleLength {
		return e.fail("%s: fragment function %s uses a %d-byte explicit imageblock, more than the pass's ImageblockSampleLength %d", m, p.frag.name, n, e.pass.desc.ImageblockSampleLength)
	}
	return nil
}
