package exec

import (
	"fmt"

	"github.com/ingot-render/ingot/shaders/diag"
)

// FaultKind classifies a shader fault.
type FaultKind uint8

// Fault kinds.
const (
	FaultOutOfBounds FaultKind = iota + 1
	FaultMisaligned
	FaultReadOnly
	FaultBudget      // instruction budget exceeded
	FaultTimeout     // time budget exceeded
	FaultCancelled   // context cancelled
	FaultStack       // call depth exceeded
	FaultIntrinsic   // an intrinsic reported an error
	FaultUnsupported // an operation the executor cannot perform here
	FaultInternal    // a panic inside the executor or an intrinsic, contained
)

var faultNames = [...]string{"", "out-of-bounds access", "misaligned access", "store to read-only memory",
	"instruction budget exceeded", "time budget exceeded", "cancelled", "call stack overflow",
	"intrinsic failed", "unsupported", "internal error"}

func (k FaultKind) String() string {
	if int(k) < len(faultNames) {
		return faultNames[k]
	}
	return "fault"
}

// Fault is the error a dispatch returns when a shader misbehaves: it names
// the function, the source position and the thread. The host is never
// harmed: a fault stops the dispatch, nothing else.
type Fault struct {
	Kind     FaultKind
	Function string
	Pos      diag.Position // invalid when the IR carried no position
	Thread   [3]uint32     // thread_position_in_grid of the first faulting lane
	Addr     uint64        // the faulting address, for memory faults
	Detail   string
	Err      error // underlying error (intrinsics, context)
}

func (f *Fault) Error() string {
	s := fmt.Sprintf("shader fault: %v in %s", f.Kind, f.Function)
	if f.Pos.IsValid() {
		s += " at " + f.Pos.String()
	}
	s += fmt.Sprintf(" (thread %d,%d,%d)", f.Thread[0], f.Thread[1], f.Thread[2])
	if f.Detail != "" {
		s += ": " + f.Detail
	}
	if f.Err != nil {
		s += ": " + f.Err.Error()
	}
	return s
}

// Unwrap returns the underlying error.
func (f *Fault) Unwrap() error { return f.Err }
