package exec

import (
	"unsafe"

	"github.com/ingot-render/ingot/internal/lane"
	"github.com/ingot-render/ingot/shaders/ir"
)

// IntrinsicFunc is a native lane function implementing an ir intrinsic.
// It reads its arguments and writes its results as lane vectors (every lane
// of the batch is present; only lanes in c.Mask are active and only those
// may be read, written or have effects). It returns an error to fault the
// dispatch. It must not retain c.
type IntrinsicFunc func(c *Call) error

// Intrinsics maps intrinsic names (ir.IntrinsicDecl.Name) to their
// implementations. Pipelines resolve every intrinsic their program declares
// at compile time; a missing one is a compile error.
type Intrinsics map[string]IntrinsicFunc

// Call is the view an intrinsic gets of one call: lane vectors for its
// arguments and results, the active-lane mask, and the batch.
type Call struct {
	W    int       // lanes in the batch
	Mask lane.Mask // active lanes
	// StoreMask is the subset of Mask allowed to have side effects
	// (helper lanes and discarded fragments excluded).
	StoreMask lane.Mask

	args, results []operand
	w             *worker
	fr            *frame
	in            *inst
}

// NumArgs returns the number of arguments.
func (c *Call) NumArgs() int { return len(c.args) }

// Arg32 returns argument i (a 32-bit kind) as raw lane bits.
func (c *Call) Arg32(i int) []uint32 { return c.fr.lanes32(c.args[i], c.W) }

// ArgF32 returns argument i (F32 or F16) as float lanes.
func (c *Call) ArgF32(i int) []float32 { return u32f(c.Arg32(i)) }

// ArgI32 returns argument i as signed lanes.
func (c *Call) ArgI32(i int) []int32 { return u32i(c.Arg32(i)) }

// Arg64 returns argument i (I64 or U64) as lanes.
func (c *Call) Arg64(i int) []uint64 { return c.fr.lanes64(c.args[i], c.W) }

// Res32 returns result i (a 32-bit kind) for writing.
func (c *Call) Res32(i int) []uint32 { return c.fr.lanes32(c.results[i], c.W) }

// ResultIsLanes32 reports whether result i lives in 32-bit lanes (what
// Res32 returns); otherwise set it with SetResult.
func (c *Call) ResultIsLanes32(i int) bool { return c.results[i].file == file32 }

// ResF32 returns result i as float lanes.
func (c *Call) ResF32(i int) []float32 { return u32f(c.Res32(i)) }

// ResI32 returns result i as signed lanes.
func (c *Call) ResI32(i int) []int32 { return u32i(c.Res32(i)) }

// Res64 returns result i (I64 or U64) for writing.
func (c *Call) Res64(i int) []uint64 { return c.fr.lanes64(c.results[i], c.W) }

// ArgKind returns the kind of argument i.
func (c *Call) ArgKind(i int) ir.Kind { return c.args[i].kind }

// Memory returns the dispatch's buffer table (device and constant memory).
func (c *Call) Memory() *Memory { return c.w.mem }

// DispatchID returns the unique ID of the dispatch running the call (the
// one exec.Dispatch.Done receives).
func (c *Call) DispatchID() uint64 { return c.w.ds.id }

// Env returns Dispatch.Env of the running dispatch.
func (c *Call) Env() any { return c.w.ds.env }

// Lane returns thread_position_in_grid of lane l (for messages and for
// intrinsics that depend on the thread, such as quad-group functions).
func (c *Call) Lane(l int) [3]uint32 { return c.fr.b.threadPos(l) }

// Threadgroup returns the threadgroup's memory.
func (c *Call) Threadgroup() []byte { return c.w.tg }

// Fault builds a fault of the given kind for lane l of the call, naming
// the function, position and thread.
func (c *Call) Fault(kind FaultKind, l int, addr uint64, detail string) error {
	return c.w.fault(c.fr, c.in, kind, l, addr, detail)
}

func u32f(s []uint32) []float32 {
	if len(s) == 0 {
		return nil
	}
	return unsafe.Slice((*float32)(unsafe.Pointer(&s[0])), len(s))
}

func u32i(s []uint32) []int32 {
	if len(s) == 0 {
		return nil
	}
	return unsafe.Slice((*int32)(unsafe.Pointer(&s[0])), len(s))
}

func u32bits(s []float32) []uint32 {
	if len(s) == 0 {
		return nil
	}
	return unsafe.Slice((*uint32)(unsafe.Pointer(&s[0])), len(s))
}
