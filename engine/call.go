package engine

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/ingot-render/ingot/engine/exec"
	"github.com/ingot-render/ingot/shaders/ir"
	"github.com/ingot-render/ingot/shaders/lower"
	"github.com/ingot-render/ingot/shaders/sema"
)

// CallPipeline is any MSL function with a body — a helper, a method, a
// template instance, or a kernel's body — compiled so that the host can
// call it (used by engine/msltest to unit-test shader code). Each
// invocation reads its arguments from one record of an argument buffer
// and writes its result (and by-reference arguments) back into it; the
// record layout is given by Fields and RecordSize.
type CallPipeline struct {
	dev    *Device
	name   string
	pl     *exec.Pipeline
	layout *lower.WrapperLayout
	fn     *sema.Func
}

// CallField is one field of a CallPipeline record.
type CallField = lower.WrapperField

// Record field kinds.
const (
	CallReceiver = lower.FieldReceiver // the object a method is called on
	CallArg      = lower.FieldArg      // a by-value argument
	CallInOut    = lower.FieldInOut    // the object a reference parameter binds to
	CallResult   = lower.FieldResult   // the returned value
)

// funcSignature spells f's parameter types: "(float3, float)".
func funcSignature(f *sema.Func) string {
	ps := make([]string, len(f.Params))
	for i, p := range f.Params {
		ps[i] = p.Type.String()
	}
	return "(" + strings.Join(ps, ", ") + ")"
}

// lookupFunc finds a function with a body by name: its qualified name
// ("ns::f", "S::method"), its unqualified name, or either followed by a
// parameter list to pick an overload ("lerp(float, float, float)").
func (l *Library) lookupFunc(name string) (*sema.Func, error) {
	want, sig, _ := strings.Cut(name, "(")
	want = strings.TrimSpace(want)
	if sig != "" {
		sig = "(" + strings.Join(strings.Fields(strings.ReplaceAll(strings.TrimSuffix(sig, ")"), ",", " , ")), " ") + ")"
		sig = strings.ReplaceAll(sig, " , ", ", ")
	}
	var found []*sema.Func
	for _, f := range l.lib.Program.Funcs {
		if f.Decl == nil || f.Decl.Body == nil || f.Info == nil {
			continue
		}
		if f.QualName != want && f.Name != want && (f.Entry == nil || f.Entry.HostName != want) {
			continue
		}
		if sig != "" && funcSignature(f) != sig {
			continue
		}
		found = append(found, f)
	}
	switch len(found) {
	case 0:
		return nil, fmt.Errorf("engine: no function %q with a body in the library", name)
	case 1:
		return found[0], nil
	}
	var sigs []string
	for _, f := range found {
		sigs = append(sigs, f.QualName+funcSignature(f))
	}
	sort.Strings(sigs)
	return nil, fmt.Errorf("engine: %q is ambiguous; name one of %s", name, strings.Join(sigs, ", "))
}

// NewCallPipeline compiles the function called name (see lookupFunc for
// the accepted spellings) with the given function constants for calls
// from the host.
func (l *Library) NewCallPipeline(name string, constants *FunctionConstantValues) (*CallPipeline, error) {
	sf, err := l.lookupFunc(name)
	if err != nil {
		return nil, err
	}
	res, err := lower.Function(l.lib.Program, sf, lower.Options{})
	if err != nil {
		return nil, fmt.Errorf("engine: NewCallPipeline %s: %w", name, err)
	}
	values, err := constants.resolve(res.Program)
	if err != nil {
		return nil, fmt.Errorf("engine: NewCallPipeline %s: %w", name, err)
	}
	prog, err := ir.Specialize(res.Program, values)
	if err != nil {
		return nil, fmt.Errorf("engine: NewCallPipeline %s: %w", name, err)
	}
	d := l.dev
	pl, err := exec.Compile(prog, res.Entry, exec.Options{
		Workers:      d.opts.Workers,
		MaxCallDepth: d.opts.MaxCallDepth,
		Intrinsics:   d.intrinsics,
	})
	if err != nil {
		return nil, fmt.Errorf("engine: NewCallPipeline %s: %w", name, err)
	}
	return &CallPipeline{dev: d, name: sf.QualName, pl: pl, layout: res.Wrapper, fn: sf}, nil
}

// Name returns the qualified name of the function.
func (c *CallPipeline) Name() string { return c.name }

// Signature returns the function's parameter list, e.g. "(float3, float)".
func (c *CallPipeline) Signature() string { return funcSignature(c.fn) }

// Fields describes the fields of one record, in order.
func (c *CallPipeline) Fields() []CallField { return c.layout.Fields }

// RecordSize returns the size of one record in bytes.
func (c *CallPipeline) RecordSize() int { return c.layout.RecordSize }

// Call runs n invocations of the function, invocation i on the record at
// records' offset i·RecordSize. A shader fault is returned as an error
// wrapping an *exec.Fault.
func (c *CallPipeline) Call(ctx context.Context, records *Buffer, n int) error {
	if records == nil || records.dev != c.dev {
		return fmt.Errorf("engine: CallPipeline.Call %s: records buffer is nil or belongs to another device", c.name)
	}
	if n < 0 || n*c.layout.RecordSize > records.Length() {
		return fmt.Errorf("engine: CallPipeline.Call %s: %d records of %d bytes do not fit the %d-byte buffer", c.name, n, c.layout.RecordSize, records.Length())
	}
	if n == 0 {
		return nil
	}
	snap, err := c.dev.snapshot()
	if err != nil {
		return err
	}
	if ctx == nil {
		ctx = context.Background()
	}
	if tb := c.dev.opts.TimeBudget; tb > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeoutCause(ctx, tb, ErrTimeBudget)
		defer cancel()
	}
	err = c.pl.Run(ctx, exec.Dispatch{
		Grid:   exec.ThreadsGrid([3]uint32{uint32(n), 1, 1}, [3]uint32{64, 1, 1}),
		Args:   []uint64{records.GPUAddress()},
		Memory: snap.mem,
		Env:    snap.res,
		Budget: exec.NewStepBudget(c.dev.opts.InstructionBudget),
		Done:   c.dev.releaseDispatch,
	})
	if err != nil {
		return fmt.Errorf("engine: call %s: %w", c.name, err)
	}
	return nil
}
