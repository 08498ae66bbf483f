package engine

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/ingot-render/ingot/engine/exec"
)

// CommandQueue orders command buffers (MTLCommandQueue): buffers of one
// queue execute one after another in commit order; buffers of different
// queues may run concurrently.
type CommandQueue struct {
	dev   *Device
	label string

	mu   sync.Mutex
	last chan struct{} // closed when the last committed buffer finished
}

// NewCommandQueue returns a new queue.
func (d *Device) NewCommandQueue() *CommandQueue { return &CommandQueue{dev: d} }

// Device returns the queue's device.
func (q *CommandQueue) Device() *Device { return q.dev }

// SetLabel sets the queue's debug label.
func (q *CommandQueue) SetLabel(s string) { q.label = s }

// Label returns the queue's debug label.
func (q *CommandQueue) Label() string { return q.label }

// CommandBufferStatus is the life cycle of a command buffer
// (MTLCommandBufferStatus).
type CommandBufferStatus int32

// Command buffer statuses.
const (
	StatusNotEnqueued CommandBufferStatus = iota
	StatusEnqueued
	StatusCommitted
	StatusScheduled
	StatusCompleted
	StatusError
)

var statusNames = [...]string{"notEnqueued", "enqueued", "committed", "scheduled", "completed", "error"}

// String returns Metal's name of the status.
func (s CommandBufferStatus) String() string {
	if s >= 0 && int(s) < len(statusNames) {
		return statusNames[s]
	}
	return fmt.Sprintf("CommandBufferStatus(%d)", int32(s))
}

// Errors of the command buffer life cycle.
var (
	// ErrCommitted is returned when a committed command buffer is
	// encoded into or committed again.
	ErrCommitted = errors.New("command buffer already committed")
	// ErrTimeBudget is the cause of a command buffer stopped by
	// DeviceOptions.TimeBudget.
	ErrTimeBudget = errors.New("time budget exceeded")
)

// CommandBuffer is a list of encoded work (MTLCommandBuffer). Encode with
// ComputeCommandEncoder, then Commit; WaitUntilCompleted, Status and Error
// report the outcome. A shader fault, the device's budgets, or the
// buffer's context being cancelled stop it with StatusError.
type CommandBuffer struct {
	q     *CommandQueue
	ctx   context.Context
	label string

	mu       sync.Mutex
	status   CommandBufferStatus
	err      error
	cmds     []command
	encoding bool
	handlers []func(*CommandBuffer)
	done     chan struct{}
	// keep holds resources the commands reference (UseResource), so they
	// stay in the device's tables until the buffer completes.
	keep []any

	start, end time.Time
	// timeBudget overrides DeviceOptions.TimeBudget when set (> 0).
	timeBudget time.Duration
	// instrBudget overrides DeviceOptions.InstructionBudget when set (> 0).
	instrBudget int64
	// steps counts the executor instructions of the buffer's dispatches.
	steps *exec.StepBudget
	// passCounters are the render passes' counters, set on completion.
	passCounters []RenderPassCounters
}

// SetInstructionBudget overrides the device's instruction budget for
// this command buffer (0 keeps the device's): the total over all of its
// dispatches. It must be called before Commit.
func (cb *CommandBuffer) SetInstructionBudget(n int64) error {
	cb.mu.Lock()
	defer cb.mu.Unlock()
	if cb.status >= StatusCommitted {
		return fmt.Errorf("engine: SetInstructionBudget: %w", ErrCommitted)
	}
	if n < 0 {
		return fmt.Errorf("engine: SetInstructionBudget: budget is %d, want ≥ 0", n)
	}
	cb.instrBudget = n
	return nil
}

// InstructionsExecuted returns the executor instructions the buffer's
// dispatches have run so far (counted per batch of lanes, as the budget
// counts them).
func (cb *CommandBuffer) InstructionsExecuted() int64 {
	cb.mu.Lock()
	s := cb.steps
	cb.mu.Unlock()
	if s == nil {
		return 0
	}
	return s.Used()
}

// stepBudgetKey carries a command buffer's *exec.StepBudget to its
// dispatch commands.
type stepBudgetKey struct{}

func stepBudgetFrom(ctx context.Context) *exec.StepBudget {
	b, _ := ctx.Value(stepBudgetKey{}).(*exec.StepBudget)
	return b
}

// SetTimeBudget overrides the device's time budget for this command
// buffer (0 keeps the device's). It must be called before Commit.
func (cb *CommandBuffer) SetTimeBudget(d time.Duration) error {
	cb.mu.Lock()
	defer cb.mu.Unlock()
	if cb.status >= StatusCommitted {
		return fmt.Errorf("engine: SetTimeBudget: %w", ErrCommitted)
	}
	if d < 0 {
		return fmt.Errorf("engine: SetTimeBudget: budget is %v, want ≥ 0", d)
	}
	cb.timeBudget = d
	return nil
}

// CommandBuffer returns a new command buffer whose execution stops when
// ctx is cancelled (nil means context.Background()).
func (q *CommandQueue) CommandBuffer(ctx context.Context) *CommandBuffer {
	if ctx == nil {
		ctx = context.Background()
	}
	return &CommandBuffer{q: q, ctx: ctx, done: make(chan struct{})}
}

// SetLabel sets the command buffer's label (used in error messages).
func (cb *CommandBuffer) SetLabel(s string) { cb.label = s }

// Label returns the command buffer's label.
func (cb *CommandBuffer) Label() string { return cb.label }

// Status returns the command buffer's current status.
func (cb *CommandBuffer) Status() CommandBufferStatus {
	cb.mu.Lock()
	defer cb.mu.Unlock()
	return cb.status
}

// Error returns why the command buffer failed (Status StatusError), nil
// otherwise. A shader fault is an *exec.Fault in the chain (errors.As),
// naming the function, source position and thread.
func (cb *CommandBuffer) Error() error {
	cb.mu.Lock()
	defer cb.mu.Unlock()
	return cb.err
}

// GPUStartTime and GPUEndTime return when execution started and ended.
func (cb *CommandBuffer) GPUStartTime() time.Time {
	cb.mu.Lock()
	defer cb.mu.Unlock()
	return cb.start
}

// GPUEndTime returns when execution ended.
func (cb *CommandBuffer) GPUEndTime() time.Time { cb.mu.Lock(); defer cb.mu.Unlock(); return cb.end }

// AddCompletedHandler registers f to run once the command buffer has
// completed or failed (on the executing goroutine, before Done is closed:
// f must not wait for its own command buffer). Adding a handler after
// Commit is an error, as in Metal.
func (cb *CommandBuffer) AddCompletedHandler(f func(*CommandBuffer)) error {
	if f == nil {
		return errors.New("engine: AddCompletedHandler: handler is nil")
	}
	cb.mu.Lock()
	defer cb.mu.Unlock()
	if cb.status >= StatusCommitted {
		return fmt.Errorf("engine: AddCompletedHandler: %w", ErrCommitted)
	}
	cb.handlers = append(cb.handlers, f)
	return nil
}

// Enqueue reserves the command buffer's place in its queue (MTLCommandBuffer
// enqueue); Commit enqueues implicitly.
func (cb *CommandBuffer) Enqueue() error {
	cb.mu.Lock()
	defer cb.mu.Unlock()
	if cb.status >= StatusEnqueued {
		return fmt.Errorf("engine: Enqueue: %w", ErrCommitted)
	}
	cb.status = StatusEnqueued
	return nil
}

// Commit submits the command buffer for execution. Committing with an
// encoder still open, or twice, is an error; an error recorded while
// encoding makes the buffer fail with that error.
func (cb *CommandBuffer) Commit() error {
	cb.mu.Lock()
	if cb.status >= StatusCommitted {
		cb.mu.Unlock()
		return fmt.Errorf("engine: Commit: %w", ErrCommitted)
	}
	if cb.encoding {
		cb.mu.Unlock()
		return errors.New("engine: Commit: an encoder is still open (call EndEncoding)")
	}
	cb.status = StatusCommitted
	cb.mu.Unlock()

	q := cb.q
	q.mu.Lock()
	prev := q.last
	q.last = cb.done
	q.mu.Unlock()
	go cb.run(prev)
	return nil
}

// WaitUntilCompleted blocks until the command buffer has completed or
// failed; it returns Error(). Waiting on an uncommitted buffer is an error.
func (cb *CommandBuffer) WaitUntilCompleted() error {
	cb.mu.Lock()
	st := cb.status
	cb.mu.Unlock()
	if st < StatusCommitted {
		return errors.New("engine: WaitUntilCompleted: command buffer was not committed")
	}
	<-cb.done
	return cb.Error()
}

// Done returns a channel closed when the command buffer has completed or
// failed.
func (cb *CommandBuffer) Done() <-chan struct{} { return cb.done }

// run executes the commands after the previous buffer of the queue.
func (cb *CommandBuffer) run(prev chan struct{}) {
	if prev != nil {
		<-prev
	}
	cb.mu.Lock()
	cb.status = StatusScheduled
	cb.start = time.Now()
	err := cb.err
	cmds := cb.cmds
	cb.mu.Unlock()

	if err == nil {
		err = cb.execute(cmds)
	}

	cb.mu.Lock()
	cb.end = time.Now()
	if err != nil {
		cb.status, cb.err = StatusError, err
	} else {
		cb.status = StatusCompleted
	}
	hs := cb.handlers
	cb.passCounters = passCounters(cmds)
	cb.cmds, cb.keep = nil, nil
	cb.mu.Unlock()
	for _, h := range hs {
		h(cb)
	}
	close(cb.done)
}

// execute runs the commands in order under the buffer's context and
// time budget.
func (cb *CommandBuffer) execute(cmds []command) error {
	ctx := cb.ctx
	tb := cb.q.dev.opts.TimeBudget
	if cb.timeBudget > 0 {
		tb = cb.timeBudget
	}
	if tb > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeoutCause(ctx, tb, ErrTimeBudget)
		defer cancel()
	}
	ib := cb.q.dev.opts.InstructionBudget
	cb.mu.Lock()
	if cb.instrBudget > 0 {
		ib = cb.instrBudget
	}
	steps := exec.NewStepBudget(ib)
	cb.steps = steps
	cb.mu.Unlock()
	ctx = context.WithValue(ctx, stepBudgetKey{}, steps)
	for i := range cmds {
		if err := ctx.Err(); err != nil {
			return cb.wrap(context.Cause(ctx))
		}
		if err := cmds[i].run(ctx); err != nil {
			var f *exec.Fault
			if errors.As(err, &f) && f.Kind == exec.FaultCancelled && errors.Is(context.Cause(ctx), ErrTimeBudget) {
				g := *f
				g.Kind, g.Err = exec.FaultTimeout, ErrTimeBudget
				err = &g
			}
			return cb.wrap(err)
		}
	}
	return nil
}

func (cb *CommandBuffer) wrap(err error) error {
	if cb.label != "" {
		return fmt.Errorf("engine: command buffer %q: %w", cb.label, err)
	}
	return fmt.Errorf("engine: command buffer: %w", err)
}
