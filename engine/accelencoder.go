package engine

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"strings"

	"github.com/ingot-render/ingot/accel"
)

// AccelerationStructureCommandEncoder encodes acceleration structure
// builds, refits, copies and compactions into a command buffer
// (MTLAccelerationStructureCommandEncoder). The commands execute in
// command-buffer order with compute work: a build reads its geometry
// buffers when it executes, so a compute dispatch encoded earlier may
// produce them. Misuse is returned as an error naming the argument or
// descriptor field (and recorded: the command buffer then fails with the
// first one); problems only visible at execution (an instanced structure
// never built, a structure too small) fail the command buffer.
type AccelerationStructureCommandEncoder struct {
	cb    *CommandBuffer
	ended bool
	err   error
	label string
}

// AccelerationStructureCommandEncoder starts encoding acceleration
// structure commands. Only one encoder may be open at a time.
func (cb *CommandBuffer) AccelerationStructureCommandEncoder() (*AccelerationStructureCommandEncoder, error) {
	if err := cb.beginEncoder("AccelerationStructureCommandEncoder"); err != nil {
		return nil, err
	}
	return &AccelerationStructureCommandEncoder{cb: cb}, nil
}

// SetLabel sets the encoder's debug label.
func (e *AccelerationStructureCommandEncoder) SetLabel(s string) { e.label = s }

func (e *AccelerationStructureCommandEncoder) fail(format string, args ...any) error {
	err := fmt.Errorf("engine: "+format, args...)
	if e.err == nil {
		e.err = err
	}
	return err
}

// check validates the encoder state and the structures and buffers a
// command names (nil entries of optional are allowed).
func (e *AccelerationStructureCommandEncoder) check(method string, structs map[string]*AccelerationStructure, bufs map[string]*Buffer) error {
	if e.ended {
		return e.fail("%s: encoder already ended", method)
	}
	dev := e.cb.q.dev
	for name, s := range structs {
		if s == nil {
			return e.fail("%s: %s is nil", method, name)
		}
		if s.dev != dev {
			return e.fail("%s: %s belongs to another device", method, name)
		}
	}
	for name, b := range bufs {
		if _, err := contents(dev, b, name, false); err != nil {
			return e.fail("%s: %w", method, err)
		}
	}
	return nil
}

func (e *AccelerationStructureCommandEncoder) add(c command, keep ...any) {
	e.cb.mu.Lock()
	e.cb.cmds = append(e.cb.cmds, c)
	e.cb.keep = append(e.cb.keep, keep...)
	e.cb.mu.Unlock()
}

// scratch checks a scratch buffer against the size desc needs.
func (e *AccelerationStructureCommandEncoder) scratch(method string, desc AccelerationStructureDescriptor, buf *Buffer, offset int, refit bool) error {
	z, err := e.cb.q.dev.AccelerationStructureSizes(desc)
	if err != nil {
		return e.fail("%s: %s", method, strings.TrimPrefix(err.Error(), "engine: AccelerationStructureSizes: "))
	}
	need := z.BuildScratchBufferSize
	if refit {
		need = z.RefitScratchBufferSize
	}
	if offset < 0 || buf.Length()-offset < need {
		return e.fail("%s: scratchBuffer holds %d bytes from offset %d, the descriptor needs %d", method, buf.Length()-offset, offset, need)
	}
	return nil
}

// BuildAccelerationStructure builds dst from desc
// (buildAccelerationStructure:descriptor:scratchBuffer:scratchBufferOffset:).
// dst must be at least AccelerationStructureSizes(desc) large; scratch at
// least its BuildScratchBufferSize from scratchOffset.
func (e *AccelerationStructureCommandEncoder) BuildAccelerationStructure(dst *AccelerationStructure, desc AccelerationStructureDescriptor, scratch *Buffer, scratchOffset int) error {
	const m = "BuildAccelerationStructure"
	if err := e.check(m, map[string]*AccelerationStructure{"accelerationStructure": dst}, map[string]*Buffer{"scratchBuffer": scratch}); err != nil {
		return err
	}
	if err := e.scratch(m, desc, scratch, scratchOffset, false); err != nil {
		return err
	}
	e.add(&accelCmd{dev: e.cb.q.dev, op: opBuild, dst: dst, desc: cloneDescriptor(desc)}, dst, scratch)
	return nil
}

// RefitAccelerationStructure refits src to desc's current geometry and
// writes the result to dst (nil or src: in place), as
// refitAccelerationStructure:descriptor:destination:scratchBuffer:scratchBufferOffset:.
// desc must describe the same primitives (or instances) src was built
// from, with AccelerationStructureUsageRefit set at build time.
func (e *AccelerationStructureCommandEncoder) RefitAccelerationStructure(src *AccelerationStructure, desc AccelerationStructureDescriptor, dst *AccelerationStructure, scratch *Buffer, scratchOffset int) error {
	const m = "RefitAccelerationStructure"
	if dst == nil {
		dst = src
	}
	if err := e.check(m, map[string]*AccelerationStructure{"sourceAccelerationStructure": src, "destinationAccelerationStructure": dst}, map[string]*Buffer{"scratchBuffer": scratch}); err != nil {
		return err
	}
	if nilDescriptor(desc) {
		return e.fail("%s: descriptor is nil", m)
	}
	if desc.usage()&AccelerationStructureUsageRefit == 0 {
		return e.fail("%s: descriptor.Usage lacks AccelerationStructureUsageRefit", m)
	}
	if err := e.scratch(m, desc, scratch, scratchOffset, true); err != nil {
		return err
	}
	e.add(&accelCmd{dev: e.cb.q.dev, op: opRefit, src: src, dst: dst, desc: cloneDescriptor(desc)}, src, dst, scratch)
	return nil
}

// CopyAccelerationStructure copies src into dst
// (copyAccelerationStructure:toAccelerationStructure:).
func (e *AccelerationStructureCommandEncoder) CopyAccelerationStructure(src, dst *AccelerationStructure) error {
	if err := e.check("CopyAccelerationStructure", map[string]*AccelerationStructure{"sourceAccelerationStructure": src, "destinationAccelerationStructure": dst}, nil); err != nil {
		return err
	}
	e.add(&accelCmd{dev: e.cb.q.dev, op: opCopy, src: src, dst: dst}, src, dst)
	return nil
}

// CopyAndCompactAccelerationStructure copies src into dst without spare
// memory (copyAndCompactAccelerationStructure:toAccelerationStructure:);
// dst needs the size WriteCompactedAccelerationStructureSize reports.
func (e *AccelerationStructureCommandEncoder) CopyAndCompactAccelerationStructure(src, dst *AccelerationStructure) error {
	if err := e.check("CopyAndCompactAccelerationStructure", map[string]*AccelerationStructure{"sourceAccelerationStructure": src, "destinationAccelerationStructure": dst}, nil); err != nil {
		return err
	}
	e.add(&accelCmd{dev: e.cb.q.dev, op: opCompact, src: src, dst: dst}, src, dst)
	return nil
}

// WriteCompactedAccelerationStructureSize writes the compacted size of as
// in bytes, a little-endian uint32, at offset of buf when the command
// executes (writeCompactedAccelerationStructureSize:toBuffer:offset:).
func (e *AccelerationStructureCommandEncoder) WriteCompactedAccelerationStructureSize(as *AccelerationStructure, buf *Buffer, offset int) error {
	const m = "WriteCompactedAccelerationStructureSize"
	if err := e.check(m, map[string]*AccelerationStructure{"accelerationStructure": as}, map[string]*Buffer{"buffer": buf}); err != nil {
		return err
	}
	if offset < 0 || offset%4 != 0 || offset+4 > buf.Length() {
		return e.fail("%s: offset %d: a 4-byte size does not fit (aligned) in the buffer's %d bytes", m, offset, buf.Length())
	}
	e.add(&accelCmd{dev: e.cb.q.dev, op: opWriteSize, src: as, buf: buf, offset: offset}, as, buf)
	return nil
}

// EndEncoding finishes the encoder; it returns the first error recorded
// while encoding (which also fails the command buffer).
func (e *AccelerationStructureCommandEncoder) EndEncoding() error {
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

type accelOp uint8

const (
	opBuild accelOp = iota
	opRefit
	opCopy
	opCompact
	opWriteSize
)

// accelCmd is one acceleration structure command.
type accelCmd struct {
	dev      *Device
	op       accelOp
	src, dst *AccelerationStructure
	desc     AccelerationStructureDescriptor
	buf      *Buffer
	offset   int
}

// built returns the structure of a, or an error naming field.
func built(a *AccelerationStructure, field string) (*accel.Structure, AccelerationStructureUsage, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.s == nil {
		return nil, 0, fmt.Errorf("%s (%q) has not been built", field, a.label)
	}
	return a.s, a.usage, nil
}

func (c *accelCmd) run(ctx context.Context) error {
	switch c.op {
	case opBuild:
		s, err := c.build(ctx)
		if err != nil {
			return fmt.Errorf("BuildAccelerationStructure: %w", err)
		}
		if err := c.dst.set(s, c.desc.usage(), "the built structure"); err != nil {
			return fmt.Errorf("BuildAccelerationStructure: %w", err)
		}
	case opRefit:
		src, usage, err := built(c.src, "sourceAccelerationStructure")
		if err == nil && usage&AccelerationStructureUsageRefit == 0 {
			err = fmt.Errorf("sourceAccelerationStructure (%q) was built without AccelerationStructureUsageRefit", c.src.Label())
		}
		if err == nil {
			s := src.Copy() // never refit a structure other work may traverse
			err = c.refit(ctx, s)
			if err == nil {
				err = c.dst.set(s, usage, "the refitted structure")
			}
		}
		if err != nil {
			return fmt.Errorf("RefitAccelerationStructure: %w", err)
		}
	case opCopy, opCompact:
		name := "CopyAccelerationStructure"
		if c.op == opCompact {
			name = "CopyAndCompactAccelerationStructure"
		}
		src, usage, err := built(c.src, "sourceAccelerationStructure")
		if err == nil {
			if c.op == opCompact {
				src = src.Compact()
			} else {
				src = src.Copy()
			}
			err = c.dst.set(src, usage, "the copy")
		}
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
	case opWriteSize:
		src, _, err := built(c.src, "accelerationStructure")
		if err != nil {
			return fmt.Errorf("WriteCompactedAccelerationStructureSize: %w", err)
		}
		if c.buf.released.Load() {
			return fmt.Errorf("WriteCompactedAccelerationStructureSize: buffer: %w", errReleased)
		}
		binary.LittleEndian.PutUint32(c.buf.Contents()[c.offset:], uint32(src.Compact().Sizes().Bytes))
	}
	return nil
}

func (c *accelCmd) build(ctx context.Context) (*accel.Structure, error) {
	switch d := c.desc.(type) {
	case *PrimitiveAccelerationStructureDescriptor:
		ad, err := d.toAccel(c.dev)
		if err != nil {
			return nil, fmt.Errorf("PrimitiveAccelerationStructureDescriptor.%w", err)
		}
		ad.Build.Workers = c.dev.opts.Workers
		return accel.BuildPrimitive(ctx, ad)
	case *InstanceAccelerationStructureDescriptor:
		ad, err := d.toAccel(c.dev)
		if err != nil {
			return nil, fmt.Errorf("InstanceAccelerationStructureDescriptor.%w", err)
		}
		ad.Build.Workers = c.dev.opts.Workers
		return accel.BuildInstance(ctx, ad)
	}
	return nil, fmt.Errorf("descriptor is %T", c.desc)
}

func (c *accelCmd) refit(ctx context.Context, s *accel.Structure) error {
	switch d := c.desc.(type) {
	case *PrimitiveAccelerationStructureDescriptor:
		ad, err := d.toAccel(c.dev)
		if err != nil {
			return fmt.Errorf("PrimitiveAccelerationStructureDescriptor.%w", err)
		}
		return s.Refit(ctx, ad)
	case *InstanceAccelerationStructureDescriptor:
		ad, err := d.toAccel(c.dev)
		if err != nil {
			return fmt.Errorf("InstanceAccelerationStructureDescriptor.%w", err)
		}
		return s.RefitInstances(ctx, ad)
	}
	return fmt.Errorf("descriptor is %T", c.desc)
}

// cloneDescriptor copies desc's fields at encoding time (as Metal reads
// descriptor properties when encoding); buffer contents are read when the
// command executes.
func cloneDescriptor(desc AccelerationStructureDescriptor) AccelerationStructureDescriptor {
	switch d := desc.(type) {
	case *PrimitiveAccelerationStructureDescriptor:
		c := *d
		c.Geometries = make([]AccelerationStructureGeometry, len(d.Geometries))
		for i, g := range d.Geometries {
			switch g := g.(type) {
			case *TriangleGeometryDescriptor:
				v := *g
				c.Geometries[i] = &v
			case *BoundingBoxGeometryDescriptor:
				v := *g
				c.Geometries[i] = &v
			case *MotionTriangleGeometryDescriptor:
				v := *g
				v.VertexBuffers = append([]MotionKeyframeData(nil), g.VertexBuffers...)
				c.Geometries[i] = &v
			case *MotionBoundingBoxGeometryDescriptor:
				v := *g
				v.BoundingBoxBuffers = append([]MotionKeyframeData(nil), g.BoundingBoxBuffers...)
				c.Geometries[i] = &v
			default:
				c.Geometries[i] = g
			}
		}
		return &c
	case *InstanceAccelerationStructureDescriptor:
		c := *d
		c.InstancedAccelerationStructures = append([]*AccelerationStructure(nil), d.InstancedAccelerationStructures...)
		return &c
	}
	return desc
}
