package engine

import (
	"fmt"
	"math/bits"
	"runtime"
	"sync"

	"github.com/ingot-render/ingot/engine/exec"
	"github.com/ingot-render/ingot/engine/rt"
	"github.com/ingot-render/ingot/shaders/reflect"
	"github.com/ingot-render/ingot/shaders/stdlib"
)

// FunctionHandle names a function linked into a pipeline
// (MTLFunctionHandle): an [[intersection]] function for an
// IntersectionFunctionTable or a [[visible]] function for a
// VisibleFunctionTable of the same pipeline.
type FunctionHandle struct {
	p    *ComputePipelineState
	name string
	kind reflect.FunctionKind
	id   uint64
}

// Name returns the function's name.
func (h *FunctionHandle) Name() string { return h.name }

// FunctionType returns the function's kind (intersection or visible).
func (h *FunctionHandle) FunctionType() FunctionType { return h.kind }

// FunctionHandle returns the handle of fn, which must be one of the
// pipeline's ComputePipelineOptions.LinkedFunctions (or, with no linked
// functions given, any intersection or visible function of the kernel's
// library), as MTLComputePipelineState functionHandleWithFunction.
func (p *ComputePipelineState) FunctionHandle(fn *Function) (*FunctionHandle, error) {
	if fn == nil {
		return nil, fmt.Errorf("engine: FunctionHandle %s: function is nil", p.name)
	}
	name := fn.Name()
	kind := fn.FunctionType()
	var id uint64
	var ok bool
	switch kind {
	case reflect.KindIntersection:
		id, ok = p.intersectionIDs[name]
	case reflect.KindVisible:
		id, ok = p.visibleIDs[name]
	default:
		return nil, fmt.Errorf("engine: FunctionHandle %s: function %s is a %s function, want intersection or visible", p.name, name, kind)
	}
	if !ok || id == 0 || fn.lib != p.lib {
		return nil, fmt.Errorf("engine: FunctionHandle %s: function %s is not linked into the pipeline (ComputePipelineOptions.LinkedFunctions)", p.name, name)
	}
	return &FunctionHandle{p: p, name: name, kind: kind, id: id}, nil
}

// IntersectionFunctionTableDescriptor describes an intersection function
// table (MTLIntersectionFunctionTableDescriptor).
type IntersectionFunctionTableDescriptor struct {
	// FunctionCount is the number of entries.
	FunctionCount int
}

// IntersectionFunctionTable maps table indices (instance offset +
// geometry offset) to intersection functions, and holds the buffers
// those functions bind (MTLIntersectionFunctionTable). It belongs to the
// pipeline that created it (and may serve other pipelines of the same
// library). Dispatches see the content the table has when they start;
// as in Metal, do not change a table that executing work uses.
type IntersectionFunctionTable struct {
	p  *ComputePipelineState
	id uint64

	mu      sync.Mutex
	fns     []uint32
	buffers []uint64
	keep    []*Buffer
	label   string
}

// NewIntersectionFunctionTable returns a table of desc.FunctionCount empty
// entries for the pipeline (MTLComputePipelineState
// newIntersectionFunctionTableWithDescriptor).
func (p *ComputePipelineState) NewIntersectionFunctionTable(desc IntersectionFunctionTableDescriptor) (*IntersectionFunctionTable, error) {
	if desc.FunctionCount < 0 || desc.FunctionCount > 1<<24 {
		return nil, fmt.Errorf("engine: NewIntersectionFunctionTable %s: IntersectionFunctionTableDescriptor.FunctionCount is %d", p.name, desc.FunctionCount)
	}
	d := p.dev
	d.mu.Lock()
	d.nextID++
	id := tableTag | d.nextID
	d.mu.Unlock()
	t := &IntersectionFunctionTable{p: p, id: id, fns: make([]uint32, desc.FunctionCount)}
	t.publish()
	reg := d.rt
	runtime.AddCleanup(t, func(id uint64) { reg.SetTable(id, nil) }, id)
	return t, nil
}

// publish registers a fresh copy of the table's content (a registered
// rt.Table never changes while dispatches read it).
func (t *IntersectionFunctionTable) publish() {
	t.p.dev.rt.SetTable(t.id, &rt.Table{Functions: append([]uint32(nil), t.fns...), Buffers: append([]uint64(nil), t.buffers...)})
}

// GPUResourceID returns the table's resource ID, the value an
// intersection-function-table member of an argument buffer holds.
func (t *IntersectionFunctionTable) GPUResourceID() uint64 { return t.id }

// Size returns the number of entries.
func (t *IntersectionFunctionTable) Size() int { return len(t.fns) }

// SetLabel sets the table's debug label.
func (t *IntersectionFunctionTable) SetLabel(s string) { t.mu.Lock(); t.label = s; t.mu.Unlock() }

// Label returns the table's debug label.
func (t *IntersectionFunctionTable) Label() string { t.mu.Lock(); defer t.mu.Unlock(); return t.label }

func (t *IntersectionFunctionTable) entry(method string, index int) error {
	if index < 0 || index >= len(t.fns) {
		return fmt.Errorf("engine: IntersectionFunctionTable.%s: index %d outside the table's %d entries", method, index, len(t.fns))
	}
	return nil
}

// SetFunction puts the intersection function h at index (nil empties the
// entry: candidates reaching it are not accepted).
func (t *IntersectionFunctionTable) SetFunction(h *FunctionHandle, index int) error {
	if err := t.entry("SetFunction", index); err != nil {
		return err
	}
	var id uint32
	if h != nil {
		if h.p != t.p {
			return fmt.Errorf("engine: IntersectionFunctionTable.SetFunction: handle of %s at index %d belongs to another pipeline", h.name, index)
		}
		if h.kind != reflect.KindIntersection {
			return fmt.Errorf("engine: IntersectionFunctionTable.SetFunction: %s at index %d is a %s function, not an intersection function", h.name, index, h.kind)
		}
		id = uint32(h.id)
	}
	t.mu.Lock()
	t.fns[index] = id
	t.publish()
	t.mu.Unlock()
	return nil
}

// SetOpaqueTriangleIntersectionFunction puts the system function that
// accepts every triangle hit at index (setOpaqueTriangleIntersectionFunction).
func (t *IntersectionFunctionTable) SetOpaqueTriangleIntersectionFunction(index int) error {
	if err := t.entry("SetOpaqueTriangleIntersectionFunction", index); err != nil {
		return err
	}
	t.mu.Lock()
	t.fns[index] = stdlib.RTOpaqueTriangleFunction
	t.publish()
	t.mu.Unlock()
	return nil
}

// SetBuffer binds buf at offset to [[buffer(index)]] of the table's
// intersection functions (nil unbinds).
func (t *IntersectionFunctionTable) SetBuffer(buf *Buffer, offset, index int) error {
	if index < 0 || index >= MaxBufferArguments {
		return fmt.Errorf("engine: IntersectionFunctionTable.SetBuffer: index %d outside [0, %d)", index, MaxBufferArguments)
	}
	var addr uint64
	if buf != nil {
		if buf.dev != t.p.dev {
			return fmt.Errorf("engine: IntersectionFunctionTable.SetBuffer: buffer at index %d belongs to another device", index)
		}
		if buf.released.Load() {
			return fmt.Errorf("engine: IntersectionFunctionTable.SetBuffer: buffer at index %d: %w", index, errReleased)
		}
		if offset < 0 || offset > buf.Length() {
			return fmt.Errorf("engine: IntersectionFunctionTable.SetBuffer: offset %d at index %d outside the buffer's %d bytes", offset, index, buf.Length())
		}
		addr = buf.GPUAddress() + uint64(offset)
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	for len(t.buffers) <= index {
		t.buffers = append(t.buffers, 0)
		t.keep = append(t.keep, nil)
	}
	t.buffers[index], t.keep[index] = addr, buf
	t.publish()
	return nil
}

// VisibleFunctionTableDescriptor describes a visible function table
// (MTLVisibleFunctionTableDescriptor).
type VisibleFunctionTableDescriptor struct {
	// FunctionCount is the number of entries.
	FunctionCount int
}

// VisibleFunctionTable maps indices to [[visible]] functions of its
// pipeline (MTLVisibleFunctionTable); shaders call through it with a
// visible_function_table argument.
type VisibleFunctionTable struct {
	p  *ComputePipelineState
	id uint64

	mu    sync.Mutex
	ids   []uint64 // replaced, never modified, so readers need no lock
	label string
}

// NewVisibleFunctionTable returns a table of desc.FunctionCount empty
// entries for the pipeline (newVisibleFunctionTableWithDescriptor).
func (p *ComputePipelineState) NewVisibleFunctionTable(desc VisibleFunctionTableDescriptor) (*VisibleFunctionTable, error) {
	if desc.FunctionCount < 0 || desc.FunctionCount > 1<<24 {
		return nil, fmt.Errorf("engine: NewVisibleFunctionTable %s: VisibleFunctionTableDescriptor.FunctionCount is %d", p.name, desc.FunctionCount)
	}
	d := p.dev
	d.mu.Lock()
	d.nextID++
	id := visibleTag | d.nextID
	d.mu.Unlock()
	t := &VisibleFunctionTable{p: p, id: id, ids: make([]uint64, desc.FunctionCount)}
	d.vft.Store(id, t.ids)
	runtime.AddCleanup(t, func(id uint64) { d.vft.Delete(id) }, id)
	return t, nil
}

// GPUResourceID returns the table's resource ID.
func (t *VisibleFunctionTable) GPUResourceID() uint64 { return t.id }

// Size returns the number of entries.
func (t *VisibleFunctionTable) Size() int { return len(t.ids) }

// SetLabel sets the table's debug label.
func (t *VisibleFunctionTable) SetLabel(s string) { t.mu.Lock(); t.label = s; t.mu.Unlock() }

// Label returns the table's debug label.
func (t *VisibleFunctionTable) Label() string { t.mu.Lock(); defer t.mu.Unlock(); return t.label }

// SetFunction puts the visible function h at index (nil empties it; a
// call through an empty entry faults).
func (t *VisibleFunctionTable) SetFunction(h *FunctionHandle, index int) error {
	if index < 0 || index >= len(t.ids) {
		return fmt.Errorf("engine: VisibleFunctionTable.SetFunction: index %d outside the table's %d entries", index, len(t.ids))
	}
	var id uint64
	if h != nil {
		if h.p != t.p {
			return fmt.Errorf("engine: VisibleFunctionTable.SetFunction: handle of %s at index %d belongs to another pipeline", h.name, index)
		}
		if h.kind != reflect.KindVisible {
			return fmt.Errorf("engine: VisibleFunctionTable.SetFunction: %s at index %d is a %s function, not a visible function", h.name, index, h.kind)
		}
		id = h.id
	}
	t.mu.Lock()
	ids := append([]uint64(nil), t.ids...)
	ids[index] = id
	t.ids = ids
	t.p.dev.vft.Store(t.id, ids)
	t.mu.Unlock()
	return nil
}

// functionTableIntrinsics implements stdlib.FunctionTableIntrinsics over
// the device's visible function tables.
func (d *Device) functionTableIntrinsics() exec.Intrinsics {
	lookup := func(id uint64) []uint64 {
		v, ok := d.vft.Load(id)
		if !ok {
			return nil
		}
		return v.([]uint64)
	}
	return exec.Intrinsics{
		stdlib.FuncTableGet: func(c *exec.Call) error {
			tab, idx, out := c.Arg64(0), c.Arg32(1), c.Res64(0)
			// The table is almost always the same on every lane: look it
			// up again only when it changes.
			var last uint64
			var ids []uint64
			for m := uint64(c.Mask); m != 0; m &= m - 1 {
				l := bits.TrailingZeros64(m)
				if ids == nil || tab[l] != last {
					last, ids = tab[l], lookup(tab[l])
				}
				if ids == nil {
					return c.Fault(exec.FaultIntrinsic, l, 0, fmt.Sprintf("unknown visible function table %#x", tab[l]))
				}
				if int(idx[l]) >= len(ids) {
					return c.Fault(exec.FaultIntrinsic, l, 0, fmt.Sprintf("visible function table index %d outside its %d entries", idx[l], len(ids)))
				}
				if ids[idx[l]] == 0 {
					return c.Fault(exec.FaultIntrinsic, l, 0, fmt.Sprintf("visible function table entry %d is empty", idx[l]))
				}
				out[l] = ids[idx[l]]
			}
			return nil
		},
		stdlib.FuncTableSize: func(c *exec.Call) error {
			tab, out := c.Arg64(0), c.Res32(0)
			for m := uint64(c.Mask); m != 0; m &= m - 1 {
				l := bits.TrailingZeros64(m)
				out[l] = uint32(len(lookup(tab[l])))
			}
			return nil
		},
	}
}
