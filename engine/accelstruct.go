package engine

import (
	"encoding/binary"
	"fmt"
	"math"
	"runtime"
	"sync"

	"github.com/ingot-render/ingot/accel"
)

// accelTag marks acceleration structure resource IDs; tableTag
// intersection function tables and visibleTag visible function tables.
const (
	accelTag   = uint64(0x4a) << 48
	tableTag   = uint64(0x1f) << 48
	visibleTag = uint64(0x3c) << 48
)

// AccelerationStructure is ray-tracing acceleration structure memory
// (MTLAccelerationStructure). It is empty until an
// AccelerationStructureCommandEncoder builds or copies into it; its
// resource ID is what SetAccelerationStructure binds and what argument
// buffers hold.
type AccelerationStructure struct {
	dev  *Device
	id   uint64
	size int

	mu    sync.Mutex
	label string
	s     *accel.Structure
	usage AccelerationStructureUsage
}

// AccelerationStructureSizes are the memory requirements of building a
// structure (MTLAccelerationStructureSizes).
type AccelerationStructureSizes struct {
	// AccelerationStructureSize is the size NewAccelerationStructure
	// needs (an upper bound of the built structure).
	AccelerationStructureSize int
	// BuildScratchBufferSize is the smallest scratch buffer a build
	// accepts.
	BuildScratchBufferSize int
	// RefitScratchBufferSize is the smallest scratch buffer a refit
	// accepts.
	RefitScratchBufferSize int
}

// Scratch and instance size model: ingot needs no scratch memory, but
// the API demands a buffer of the stated size, as Metal does.
const (
	scratchPerPrimitive = 8
	bytesPerInstance    = 512
)

// AccelerationStructureSizes returns the sizes a structure built from desc
// needs (MTLDevice accelerationStructureSizesWithDescriptor). An invalid
// descriptor is an error naming the field.
func (d *Device) AccelerationStructureSizes(desc AccelerationStructureDescriptor) (AccelerationStructureSizes, error) {
	switch desc := desc.(type) {
	case *PrimitiveAccelerationStructureDescriptor:
		if desc == nil {
			break
		}
		ad, err := desc.toAccel(d)
		if err != nil {
			return AccelerationStructureSizes{}, fmt.Errorf("engine: AccelerationStructureSizes: PrimitiveAccelerationStructureDescriptor.%w", err)
		}
		z, err := accel.EstimateSizes(ad)
		if err != nil {
			return AccelerationStructureSizes{}, fmt.Errorf("engine: AccelerationStructureSizes: %w", err)
		}
		scratch := 64 + scratchPerPrimitive*z.Primitives
		return AccelerationStructureSizes{AccelerationStructureSize: z.Bytes, BuildScratchBufferSize: scratch, RefitScratchBufferSize: scratch}, nil
	case *InstanceAccelerationStructureDescriptor:
		if desc == nil {
			break
		}
		if err := desc.validate(d); err != nil {
			return AccelerationStructureSizes{}, fmt.Errorf("engine: AccelerationStructureSizes: InstanceAccelerationStructureDescriptor.%w", err)
		}
		n := desc.InstanceCount
		size := 1024 + bytesPerInstance*n + 64*n*desc.MotionTransformCount
		scratch := 64 + scratchPerPrimitive*n
		return AccelerationStructureSizes{AccelerationStructureSize: size, BuildScratchBufferSize: scratch, RefitScratchBufferSize: scratch}, nil
	}
	return AccelerationStructureSizes{}, fmt.Errorf("engine: AccelerationStructureSizes: descriptor is nil")
}

// NewAccelerationStructure allocates an empty acceleration structure of
// size bytes (MTLDevice newAccelerationStructureWithSize).
func (d *Device) NewAccelerationStructure(size int) (*AccelerationStructure, error) {
	if size <= 0 || size > MaxBufferLength {
		return nil, fmt.Errorf("engine: NewAccelerationStructure: size is %d, want 1..%d", size, MaxBufferLength)
	}
	d.mu.Lock()
	d.nextID++
	id := accelTag | d.nextID
	d.mu.Unlock()
	as := &AccelerationStructure{dev: d, id: id, size: size}
	reg := d.rt
	runtime.AddCleanup(as, func(id uint64) { reg.SetStructure(id, nil) }, id)
	return as, nil
}

// NewAccelerationStructureWithDescriptor allocates an empty structure of
// the size desc needs (MTLDevice newAccelerationStructureWithDescriptor);
// it still has to be built with an AccelerationStructureCommandEncoder.
func (d *Device) NewAccelerationStructureWithDescriptor(desc AccelerationStructureDescriptor) (*AccelerationStructure, error) {
	z, err := d.AccelerationStructureSizes(desc)
	if err != nil {
		return nil, err
	}
	return d.NewAccelerationStructure(z.AccelerationStructureSize)
}

// Device returns the device that created the structure.
func (a *AccelerationStructure) Device() *Device { return a.dev }

// Size returns the structure's allocated size in bytes.
func (a *AccelerationStructure) Size() int { return a.size }

// GPUResourceID returns the structure's resource ID (MTLAccelerationStructure
// gpuResourceID), the value an acceleration-structure member of an
// argument buffer holds.
func (a *AccelerationStructure) GPUResourceID() uint64 { return a.id }

// SetLabel sets the structure's debug label.
func (a *AccelerationStructure) SetLabel(s string) { a.mu.Lock(); a.label = s; a.mu.Unlock() }

// Label returns the structure's debug label.
func (a *AccelerationStructure) Label() string { a.mu.Lock(); defer a.mu.Unlock(); return a.label }

// Structure returns the built accel structure (nil before the first build
// or copy has executed), for tools and tests.
func (a *AccelerationStructure) Structure() *accel.Structure { return a.structure() }

func (a *AccelerationStructure) structure() *accel.Structure {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.s
}

// set replaces the built structure after checking it fits and registers
// it under the structure's resource ID.
func (a *AccelerationStructure) set(s *accel.Structure, usage AccelerationStructureUsage, what string) error {
	if n := s.Sizes().Bytes; n > a.size {
		return fmt.Errorf("%s needs %d bytes, the structure %q has %d (see AccelerationStructureSizes)", what, n, a.Label(), a.size)
	}
	a.mu.Lock()
	a.s, a.usage = s, usage
	a.mu.Unlock()
	return a.dev.rt.SetStructure(a.id, s)
}

func f32le(b []byte) float32 { return math.Float32frombits(binary.LittleEndian.Uint32(b)) }
