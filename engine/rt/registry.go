package rt

import (
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/ingot-render/ingot/accel"
)

// MaxTracers bounds the traversals in flight at once (over all workers and
// nesting levels).
const MaxTracers = 1 << 12

// Table is the content of an intersection function table: per entry the
// function id the lowering assigned (lower.Result.IntersectionFunctionIDs;
// 0 for an empty entry, stdlib.RTOpaqueTriangleFunction for
// setOpaqueTriangleIntersectionFunction), and the GPU addresses bound
// with setBuffer, by buffer index. A Table must not change while a
// dispatch uses it: replace it with SetTable.
type Table struct {
	Functions []uint32
	Buffers   []uint64
}

// Registry maps resource IDs to acceleration structures and intersection
// function tables and owns the traversal state of the intrinsics. It is
// safe for concurrent use.
type Registry struct {
	mu      sync.RWMutex
	structs map[uint64]*accel.Structure
	tables  map[uint64]*Table

	tmu     sync.Mutex
	tracers []*tracer // by slot
	free    []int32
	// bySlot mirrors tracers for tracerOf, which the result readers call
	// on every intersect: a lock-free load instead of the mutex both
	// workers contend for. Slots are filled once, under tmu.
	bySlot [MaxTracers]atomic.Pointer[tracer]
}

// NewRegistry returns an empty registry.
func NewRegistry() *Registry {
	return &Registry{structs: map[uint64]*accel.Structure{}, tables: map[uint64]*Table{}}
}

// SetStructure makes id name s (nil removes it). ID 0 is the null
// structure and cannot be set.
func (r *Registry) SetStructure(id uint64, s *accel.Structure) error {
	if id == 0 {
		return fmt.Errorf("rt: SetStructure: id 0 is the null acceleration structure")
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if s == nil {
		delete(r.structs, id)
	} else {
		r.structs[id] = s
	}
	return nil
}

// SetTable makes id name t (nil removes it). ID 0 is the null table.
func (r *Registry) SetTable(id uint64, t *Table) error {
	if id == 0 {
		return fmt.Errorf("rt: SetTable: id 0 is the null intersection function table")
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if t == nil {
		delete(r.tables, id)
	} else {
		r.tables[id] = t
	}
	return nil
}

// lookup resolves a structure and a table id (0 gives nil).
func (r *Registry) lookup(sid, tid uint64) (*accel.Structure, *Table, error) {
	r.mu.RLock()
	defer r.mu.RUnlock()
	var s *accel.Structure
	var t *Table
	if sid != 0 {
		if s = r.structs[sid]; s == nil {
			return nil, nil, fmt.Errorf("unknown acceleration structure %#x", sid)
		}
	}
	if tid != 0 {
		if t = r.tables[tid]; t == nil {
			return nil, nil, fmt.Errorf("unknown intersection function table %#x", tid)
		}
	}
	return s, t, nil
}

// table resolves a table id for size().
func (r *Registry) table(tid uint64) *Table {
	r.mu.RLock()
	defer r.mu.RUnlock()
	return r.tables[tid]
}

// acquire takes a free tracer for dispatch owner (exec.Call.DispatchID;
// 0 when unknown).
func (r *Registry) acquire(owner uint64) (*tracer, error) {
	r.tmu.Lock()
	defer r.tmu.Unlock()
	if n := len(r.free); n > 0 {
		t := r.tracers[r.free[n-1]]
		r.free = r.free[:n-1]
		t.busy, t.owner = true, owner
		return t, nil
	}
	if len(r.tracers) >= MaxTracers {
		return nil, fmt.Errorf("more than %d ray traversals in flight", MaxTracers)
	}
	t := &tracer{slot: int32(len(r.tracers)), tr: accel.NewTraverser(), busy: true, owner: owner}
	r.tracers = append(r.tracers, t)
	r.bySlot[t.slot].Store(t)
	return t, nil
}

// ReleaseDispatch returns to the free list every tracer dispatch owner
// still holds: the traversals a dispatch abandoned when it faulted or was
// cancelled between rt.begin and rt.end. Executors call it when a
// dispatch ends (exec.Dispatch.Done); it reports how many it freed.
func (r *Registry) ReleaseDispatch(owner uint64) int {
	if owner == 0 {
		return 0
	}
	r.tmu.Lock()
	defer r.tmu.Unlock()
	n := 0
	for _, t := range r.tracers {
		if t.busy && t.owner == owner {
			t.busy, t.lanes = false, 0
			r.free = append(r.free, t.slot)
			n++
		}
	}
	return n
}

// release returns t to the free list.
func (r *Registry) release(t *tracer) {
	r.tmu.Lock()
	t.busy = false
	r.free = append(r.free, t.slot)
	r.tmu.Unlock()
}

// tracerOf returns the busy tracer a handle names.
func (r *Registry) tracerOf(h uint64) (*tracer, int, error) {
	slot, l := int(h>>8)-1, int(h&0xFF)
	var t *tracer
	if slot >= 0 && slot < MaxTracers {
		t = r.bySlot[slot].Load()
	}
	if t == nil || !t.busy || l >= accel.BatchSize || t.lanes&(1<<uint(l)) == 0 {
		return nil, 0, fmt.Errorf("invalid ray traversal handle %#x", h)
	}
	return t, l, nil
}

// InFlight returns the number of tracers taken and not yet returned:
// zero between dispatches unless a dispatch faulted mid-traversal.
func (r *Registry) InFlight() int {
	r.tmu.Lock()
	defer r.tmu.Unlock()
	return len(r.tracers) - len(r.free)
}
