package engine

import (
	"context"
	"errors"
	"fmt"
	"sort"

	"github.com/ingot-render/ingot/engine/exec"
	"github.com/ingot-render/ingot/shaders/lower"
)

// Size is a 3D size or position (MTLSize).
type Size struct{ Width, Height, Depth int }

// Sz returns Size{w, h, d}.
func Sz(w, h, d int) Size { return Size{w, h, d} }

// ComputeCommandEncoder encodes compute dispatches into a command buffer
// (MTLComputeCommandEncoder). Its binding state persists across
// dispatches. Every misuse is returned as an error naming the argument
// (and recorded: the command buffer then fails with the first one).
// Dispatches of one encoder run in order, each completing before the next
// starts, so MemoryBarrier is implied between them.
type ComputeCommandEncoder struct {
	cb *CommandBuffer
	encoderState

	pipeline *ComputePipelineState
	resourceSlots
	tgLen [MaxBufferArguments]int
	tgSet [MaxBufferArguments]bool
	// ibW, ibH: the imageblock size in pixels (SetImageblockWidth), 0 unset.
	ibW, ibH int
	label    string
}

type bufSlot struct {
	set    bool
	buf    *Buffer     // nil for SetBytes and SetHandle
	bytes  exec.Buffer // SetBytes data at its own address
	offset int
	// handle is a resource ID bound with SetHandle (acceleration
	// structures, function tables), isHandle tells it apart.
	handle   uint64
	isHandle bool
	// kind is the resource kind of a typed handle setter (handleAny for
	// SetHandle); res keeps the resource alive.
	kind handleKind
	res  any
}

// ComputeCommandEncoder starts encoding compute work. Only one encoder
// may be open at a time; ending it with EndEncoding is required before
// another encoder or Commit.
func (cb *CommandBuffer) ComputeCommandEncoder() (*ComputeCommandEncoder, error) {
	if err := cb.beginEncoder("ComputeCommandEncoder"); err != nil {
		return nil, err
	}
	return &ComputeCommandEncoder{cb: cb}, nil
}

// beginEncoder marks an encoder open on cb, refusing when cb is committed
// or another encoder is still open; method names the caller in errors.
func (cb *CommandBuffer) beginEncoder(method string) error {
	cb.mu.Lock()
	defer cb.mu.Unlock()
	if cb.status >= StatusCommitted {
		return fmt.Errorf("engine: %s: %w", method, ErrCommitted)
	}
	if cb.encoding {
		return fmt.Errorf("engine: %s: another encoder is still open", method)
	}
	cb.encoding = true
	return nil
}

// SetLabel sets the encoder's debug label.
func (e *ComputeCommandEncoder) SetLabel(s string) { e.label = s }

// encoderState is what every encoder keeps: whether it ended and its
// first error, which also fails the command buffer.
type encoderState struct {
	ended bool
	err   error
}

// fail records and returns an error.
func (e *encoderState) fail(format string, args ...any) error {
	return e.record(fmt.Errorf("engine: "+format, args...))
}

// record keeps the first error of the encoder and returns err.
func (e *encoderState) record(err error) error {
	if e.err == nil {
		e.err = err
	}
	return err
}

// usable fails when the encoder has ended.
func (e *encoderState) usable(method string) error {
	if e.ended {
		return e.fail("%s: encoder already ended", method)
	}
	return nil
}

// SetComputePipelineState selects the pipeline of the next dispatches.
func (e *ComputeCommandEncoder) SetComputePipelineState(p *ComputePipelineState) error {
	if err := e.usable("SetComputePipelineState"); err != nil {
		return err
	}
	if p == nil {
		return e.fail("SetComputePipelineState: pipeline is nil")
	}
	if p.dev != e.cb.q.dev {
		return e.fail("SetComputePipelineState: pipeline %s belongs to another device", p.name)
	}
	e.pipeline = p
	return nil
}

// SetBuffer binds buf at offset to [[buffer(index)]]. A nil buf unbinds
// the slot.
func (e *ComputeCommandEncoder) SetBuffer(buf *Buffer, offset, index int) error {
	if err := e.usable("SetBuffer"); err != nil {
		return err
	}
	if index < 0 || index >= MaxBufferArguments {
		return e.fail("SetBuffer: index %d outside [0, %d)", index, MaxBufferArguments)
	}
	if buf == nil {
		e.buffers[index] = bufSlot{}
		return nil
	}
	if buf.dev != e.cb.q.dev {
		return e.fail("SetBuffer: buffer at index %d belongs to another device", index)
	}
	if buf.released.Load() {
		return e.fail("SetBuffer: buffer at index %d: %w", index, errReleased)
	}
	if offset < 0 || offset > buf.Length() {
		return e.fail("SetBuffer: offset %d at index %d outside the buffer's %d bytes", offset, index, buf.Length())
	}
	e.buffers[index] = bufSlot{set: true, buf: buf, offset: offset}
	return nil
}

// SetBufferOffset changes the offset of the buffer bound at index.
func (e *ComputeCommandEncoder) SetBufferOffset(offset, index int) error {
	if index < 0 || index >= MaxBufferArguments || !e.buffers[index].set || e.buffers[index].buf == nil {
		return e.fail("SetBufferOffset: no buffer bound at index %d", index)
	}
	return e.SetBuffer(e.buffers[index].buf, offset, index)
}

// SetBytes copies data into command-buffer-owned constant memory bound to
// [[buffer(index)]] (MTLComputeCommandEncoder setBytes; Metal allows up to
// 4 KB).
func (e *ComputeCommandEncoder) SetBytes(data []byte, index int) error {
	if err := e.usable("SetBytes"); err != nil {
		return err
	}
	if index < 0 || index >= MaxBufferArguments {
		return e.fail("SetBytes: index %d outside [0, %d)", index, MaxBufferArguments)
	}
	if len(data) == 0 {
		return e.fail("SetBytes: no data for index %d", index)
	}
	if len(data) > 4096 {
		return e.fail("SetBytes: %d bytes at index %d, more than 4096 (use a buffer)", len(data), index)
	}
	d := e.cb.q.dev
	d.mu.Lock()
	addr := d.nextAddr
	d.nextAddr += bufferAlign + guardGap
	d.mu.Unlock()
	cp := append([]byte(nil), data...)
	e.buffers[index] = bufSlot{set: true, bytes: exec.Buffer{Addr: addr, Data: cp, ReadOnly: true, Name: fmt.Sprintf("setBytes(%d)", index)}}
	return nil
}

// SetHandle binds a 64-bit resource ID (an acceleration structure or
// function table handle, as setAccelerationStructure and
// setIntersectionFunctionTable do) to the buffer binding point index.
func (e *ComputeCommandEncoder) SetHandle(id uint64, index int) error {
	if err := e.usable("SetHandle"); err != nil {
		return err
	}
	if index < 0 || index >= MaxBufferArguments {
		return e.fail("SetHandle: index %d outside [0, %d)", index, MaxBufferArguments)
	}
	e.buffers[index] = bufSlot{set: true, handle: id, isHandle: true}
	return nil
}

// SetTexture binds tex to [[texture(index)]]; nil unbinds.
func (e *ComputeCommandEncoder) SetTexture(tex *Texture, index int) error {
	if err := e.usable("SetTexture"); err != nil {
		return err
	}
	if index < 0 || index >= MaxTextureArguments {
		return e.fail("SetTexture: index %d outside [0, %d)", index, MaxTextureArguments)
	}
	if tex != nil && tex.dev != e.cb.q.dev {
		return e.fail("SetTexture: texture at index %d belongs to another device", index)
	}
	if tex.memoryless() {
		return e.fail("SetTexture: texture at index %d: %w", index, errMemoryless)
	}
	e.textures[index] = tex
	return nil
}

// SetSamplerState binds s to [[sampler(index)]]; nil unbinds.
func (e *ComputeCommandEncoder) SetSamplerState(s *SamplerState, index int) error {
	if err := e.usable("SetSamplerState"); err != nil {
		return err
	}
	if index < 0 || index >= MaxSamplerArguments {
		return e.fail("SetSamplerState: index %d outside [0, %d)", index, MaxSamplerArguments)
	}
	if s != nil && s.dev != e.cb.q.dev {
		return e.fail("SetSamplerState: sampler at index %d belongs to another device", index)
	}
	e.samplers[index] = s
	return nil
}

// SetThreadgroupMemoryLength sets the bytes of the [[threadgroup(index)]]
// argument (rounded up to 16, as Metal requires).
func (e *ComputeCommandEncoder) SetThreadgroupMemoryLength(length, index int) error {
	if err := e.usable("SetThreadgroupMemoryLength"); err != nil {
		return err
	}
	if index < 0 || index >= MaxBufferArguments {
		return e.fail("SetThreadgroupMemoryLength: index %d outside [0, %d)", index, MaxBufferArguments)
	}
	if length < 0 || length > MaxThreadgroupMemoryLength {
		return e.fail("SetThreadgroupMemoryLength: length %d at index %d outside [0, %d]", length, index, MaxThreadgroupMemoryLength)
	}
	e.tgLen[index] = (length + 15) &^ 15
	e.tgSet[index] = true
	return nil
}

// SetImageblockWidth sets the size in pixels of the explicit imageblocks
// of the kernels dispatched next (setImageblockWidth:height:): each
// threadgroup gets width × height × sizeof(T) bytes of imageblock memory,
// counted with its threadgroup memory.
func (e *ComputeCommandEncoder) SetImageblockWidth(width, height int) error {
	if err := e.usable("SetImageblockWidth"); err != nil {
		return err
	}
	if width <= 0 || height <= 0 || width > 1<<15 || height > 1<<15 {
		return e.fail("SetImageblockWidth: %d × %d pixels, want 1 … 32768 each", width, height)
	}
	e.ibW, e.ibH = width, height
	return nil
}

// UseResource keeps a buffer, texture, sampler, acceleration structure or
// function table referenced only through an argument buffer (or an
// instance structure) alive and visible until the command buffer
// completes (MTLComputeCommandEncoder useResource).
func (e *ComputeCommandEncoder) UseResource(r any) error {
	return e.cb.useResource(&e.encoderState, r)
}

// MemoryBarrier orders memory accesses between dispatches. Dispatches of
// an encoder already run one after another, so it only checks state.
func (e *ComputeCommandEncoder) MemoryBarrier() error { return e.usable("MemoryBarrier") }

// DispatchThreadgroups encodes a dispatch of groups threadgroups of
// perGroup threads each.
func (e *ComputeCommandEncoder) DispatchThreadgroups(groups, perGroup Size) error {
	if err := e.usable("DispatchThreadgroups"); err != nil {
		return err
	}
	g, err := e.sizes("DispatchThreadgroups", "threadgroupsPerGrid", groups, perGroup)
	if err != nil {
		return err
	}
	return e.dispatch("DispatchThreadgroups", exec.ThreadgroupsGrid(g, e.perGroup(perGroup)))
}

// DispatchThreads encodes a dispatch of threads threads in threadgroups
// of perGroup threads; the threadgroups at the far edges are partial
// (non-uniform threadgroups) when threads is not a multiple of perGroup.
func (e *ComputeCommandEncoder) DispatchThreads(threads, perGroup Size) error {
	if err := e.usable("DispatchThreads"); err != nil {
		return err
	}
	t, err := e.sizes("DispatchThreads", "threadsPerGrid", threads, perGroup)
	if err != nil {
		return err
	}
	return e.dispatch("DispatchThreads", exec.ThreadsGrid(t, e.perGroup(perGroup)))
}

func (e *ComputeCommandEncoder) perGroup(s Size) [3]uint32 {
	return [3]uint32{uint32(s.Width), uint32(s.Height), uint32(s.Depth)}
}

// sizes validates the grid and threadgroup sizes.
func (e *ComputeCommandEncoder) sizes(method, gridName string, grid, tg Size) ([3]uint32, error) {
	p := e.pipeline
	if p == nil {
		return [3]uint32{}, e.fail("%s: no compute pipeline state set", method)
	}
	for i, v := range [3]int{grid.Width, grid.Height, grid.Depth} {
		if v < 0 || v > 1<<31 {
			return [3]uint32{}, e.fail("%s %s: %s.%s is %d", method, p.name, gridName, dimName[i], v)
		}
	}
	tgs := [3]int{tg.Width, tg.Height, tg.Depth}
	total := 1
	for i, v := range tgs {
		if v < 1 || v > MaxThreadsPerThreadgroup {
			return [3]uint32{}, e.fail("%s %s: threadsPerThreadgroup.%s is %d, want 1..%d", method, p.name, dimName[i], v, MaxThreadsPerThreadgroup)
		}
		total *= v
	}
	if total > p.maxThreads {
		return [3]uint32{}, e.fail("%s %s: %d threads per threadgroup, more than the pipeline's maxTotalThreadsPerThreadgroup %d", method, p.name, total, p.maxThreads)
	}
	if p.required != [3]int{} && tgs != p.required {
		return [3]uint32{}, e.fail("%s %s: threadsPerThreadgroup is %v, but the kernel requires %v", method, p.name, tgs, p.required)
	}
	return [3]uint32{uint32(grid.Width), uint32(grid.Height), uint32(grid.Depth)}, nil
}

var dimName = [3]string{"width", "height", "depth"}

// textureShapes maps reflection's MSL texture type names to the texture
// types that may be bound to them.
var textureShapes = map[string]TextureType{
	"texture1d": TextureType1D, "texture1d_array": TextureType1DArray,
	"texture2d": TextureType2D, "texture2d_array": TextureType2DArray,
	"texture3d": TextureType3D, "texturecube": TextureTypeCube,
	"texturecube_array": TextureTypeCubeArray, "texture2d_ms": TextureType2DMultisample,
	"texture2d_ms_array": TextureType2DMultisampleArray, "texture_buffer": TextureTypeTextureBuffer,
	"depth2d": TextureType2D, "depth2d_array": TextureType2DArray,
	"depthcube": TextureTypeCube, "depthcube_array": TextureTypeCubeArray,
	"depth2d_ms": TextureType2DMultisample, "depth2d_ms_array": TextureType2DMultisampleArray,
}

// dispatch checks the bindings against the pipeline and records the
// dispatch.
func (e *ComputeCommandEncoder) dispatch(method string, grid exec.Grid) error {
	p := e.pipeline
	args := make([]uint64, len(p.bindings))
	var bound boundResources
	type tgArg struct{ index, param int }
	var tgArgs []tgArg
	type ibArg struct{ param, size int }
	var ibArgs []ibArg
	var stage *stageDispatch
	for _, b := range p.bindings {
		if !b.enabled {
			continue
		}
		if ok, err := e.resourceSlots.bindResource(p.name, p.lib, p, b, args, &bound); ok || err != nil {
			if err != nil {
				return e.record(err)
			}
			continue
		}
		switch b.kind {
		case lower.BindThreadgroup:
			if !e.tgSet[b.index] {
				return e.fail("%s: missing threadgroup memory length at index %d for argument %q", p.name, b.index, b.name)
			}
			tgArgs = append(tgArgs, tgArg{b.index, b.param})
		case lower.BindImageblock:
			if b.implicit != nil {
				return e.fail("%s: argument %q: implicit imageblocks exist only in tile functions of render passes, not in compute dispatches", p.name, b.name)
			}
			if e.ibW == 0 {
				return e.fail("%s: missing imageblock size (SetImageblockWidth) for argument %q", p.name, b.name)
			}
			ibArgs = append(ibArgs, ibArg{b.param, b.size})
		case lower.BindStageIO:
			if p.stage == nil {
				return e.fail("%s: argument %q (%s binding at index %d) cannot be bound by a compute encoder", p.name, b.name, b.kind, b.index)
			}
			sd, err := e.stageDispatch(p, grid)
			if err != nil {
				return err
			}
			stage = sd
			args[b.param] = sd.records.Addr
			bound.transient = append(bound.transient, sd.records)
		default:
			return e.fail("%s: argument %q (%s binding at index %d) cannot be bound by a compute encoder", p.name, b.name, b.kind, b.index)
		}
	}
	sort.Slice(tgArgs, func(i, j int) bool { return tgArgs[i].index < tgArgs[j].index })
	off := (p.staticTG + 15) &^ 15
	var dyn uint32
	for _, a := range tgArgs {
		args[a.param] = uint64(off + dyn)
		dyn += uint32(e.tgLen[a.index])
	}
	for _, a := range ibArgs {
		at := (off + dyn + 15) &^ 15
		args[a.param] = lower.ImageblockValue(at, uint16(e.ibW), uint16(e.ibH))
		n := uint64(e.ibW) * uint64(e.ibH) * uint64(a.size)
		if n > MaxThreadgroupMemoryLength {
			return e.fail("%s: a %d × %d imageblock of %d-byte pixels needs %d bytes, more than %d", p.name, e.ibW, e.ibH, a.size, n, MaxThreadgroupMemoryLength)
		}
		dyn = at - off + uint32(n)
	}
	if total := int(off) + int(dyn); total > MaxThreadgroupMemoryLength {
		return e.fail("%s: %d bytes of threadgroup memory (%d static), more than %d", p.name, total, p.staticTG, MaxThreadgroupMemoryLength)
	}
	e.cb.mu.Lock()
	e.cb.keep = append(e.cb.keep, bound.keep...)
	e.cb.cmds = append(e.cb.cmds, &dispatchCmd{p: p, d: exec.Dispatch{Grid: grid, Args: args, ThreadgroupMemory: off - p.staticTG + dyn}, transient: bound.transient, accels: bound.accels, stage: stage})
	e.cb.mu.Unlock()
	return nil
}

// EndEncoding finishes the encoder; it returns the first error recorded
// while encoding (which also fails the command buffer).
func (e *ComputeCommandEncoder) EndEncoding() error {
	if e.ended {
		return errors.New("engine: EndEncoding: encoder already ended")
	}
	e.ended = true
	e.cb.mu.Lock()
	e.cb.encoding = false
	if e.err != nil && e.cb.err == nil {
		e.cb.err = e.err
	}
	e.cb.mu.Unlock()
	return e.err
}

// command is one encoded operation.
type command interface {
	run(ctx context.Context) error
}

// dispatchCmd is one compute dispatch.
type dispatchCmd struct {
	p         *ComputePipelineState
	d         exec.Dispatch
	transient []exec.Buffer
	// accels are the acceleration structures bound with
	// SetAccelerationStructure, checked to be built when the dispatch
	// executes.
	accels []boundAccel
	// stage fetches the [[stage_in]] records before the kernel runs.
	stage *stageDispatch
}

// boundAccel is an acceleration structure bound to an argument.
type boundAccel struct {
	as    *AccelerationStructure
	index int
	name  string
}

func (c *dispatchCmd) run(ctx context.Context) error {
	dev := c.p.dev
	for _, a := range c.accels {
		if a.as.structure() == nil {
			return fmt.Errorf("%s: the acceleration structure %q at buffer index %d for argument %q has not been built", c.p.name, a.as.Label(), a.index, a.name)
		}
	}
	snap, err := dev.snapshot()
	if err != nil {
		return err
	}
	if c.stage != nil {
		if err := c.stage.fill(c.p.name); err != nil {
			return err
		}
	}
	d := c.d
	d.Memory = snap.mem
	if len(c.transient) > 0 {
		bufs := append(append(make([]exec.Buffer, 0, len(snap.bufs)+len(c.transient)), snap.bufs...), uniqueBuffers(c.transient)...)
		if d.Memory, err = exec.NewMemory(bufs...); err != nil {
			return fmt.Errorf("%s: %w", c.p.name, err)
		}
	}
	d.Env = snap.res
	d.Budget = stepBudgetFrom(ctx)
	d.Done = dev.releaseDispatch
	return c.p.pl.Run(ctx, d)
}

// uniqueBuffers drops repeated transient buffers (the same SetBytes data
// bound at several binding points).
func uniqueBuffers(bs []exec.Buffer) []exec.Buffer {
	seen := map[uint64]bool{}
	out := bs[:0:0]
	for _, b := range bs {
		if !seen[b.Addr] {
			seen[b.Addr] = true
			out = append(out, b)
		}
	}
	return out
}
