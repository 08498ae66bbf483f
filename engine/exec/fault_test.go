package exec_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/ingot-render/ingot/engine/exec"
	"github.com/ingot-render/ingot/engine/exec/refexec"
	"github.com/ingot-render/ingot/shaders/diag"
	"github.com/ingot-render/ingot/shaders/ir"
)

const faultSrc = "kernel void k(device uint* out) {\n  out[i * stride] = 7;\n  while (true) {}\n}\n"

// buildFaulty: out[i*stride + bias] = 7 as a `stride`-byte access (line 2);
// then, if spin, an endless loop (line 3); then, if depth > 0, a recursion
// that never ends.
func buildFaulty(stride, bias uint64, spin, recurse bool) *ir.Program {
	fs := diag.NewFileSet()
	f := fs.AddFile("faulty.metal", []byte(faultSrc))
	p := ir.NewProgram(fs)
	rec := ir.NewFunction(p, "forever", []ir.Kind{ir.U32}, []ir.Kind{ir.U32})
	rec.Pos = f.Pos(strings.Index(faultSrc, "while"))
	rec.Return(rec.Call(rec.Fn, rec.Binary(ir.OpAdd, ir.U32, rec.Param(0), rec.ConstU32(1)))[0])
	must(rec.Finish())
	b := ir.NewFunction(p, "k", []ir.Kind{ir.U64}, nil)
	b.Fn.Kernel = true
	b.Pos = f.Pos(strings.Index(faultSrc, "out[i"))
	i := b.Builtin(ir.ThreadPositionInGrid)
	a := b.Binary(ir.OpAdd, ir.U64, elemAddr(b, b.Param(0), i, stride), b.ConstU64(bias))
	b.Store(ir.Device, ir.U32, a, b.ConstU32(7), 4)
	if spin {
		b.Pos = f.Pos(strings.Index(faultSrc, "while"))
		n := b.Var(ir.U32, "n")
		b.Loop()
		b.Set(n, b.Binary(ir.OpAdd, ir.U32, n, b.ConstU32(1)))
		b.EndLoop()
	}
	if recurse {
		b.Store(ir.Device, ir.U32, a, b.Call(rec.Fn, i)[0], 4)
	}
	must(b.Finish())
	return p
}

func TestFaults(t *testing.T) {
	out := func() []exec.Buffer { return []exec.Buffer{{Addr: 0x1000, Data: make([]byte, 4*100), Name: "out"}} }
	cases := []struct {
		name   string
		prog   *ir.Program
		grid   [3]uint32
		opt    exec.Options
		ctx    func() (context.Context, context.CancelFunc)
		kind   exec.FaultKind
		thread uint32
		line   int
		ro     bool
	}{
		{name: "out of bounds write", prog: buildFaulty(4, 0, false, false), grid: [3]uint32{300, 1, 1}, kind: exec.FaultOutOfBounds, thread: 100, line: 2},
		{name: "misaligned", prog: buildFaulty(4, 2, false, false), grid: [3]uint32{10, 1, 1}, kind: exec.FaultMisaligned, thread: 0, line: 2},
		{name: "read only", prog: buildFaulty(4, 0, false, false), grid: [3]uint32{10, 1, 1}, kind: exec.FaultReadOnly, thread: 0, line: 2, ro: true},
		{name: "endless loop budget", prog: buildFaulty(4, 0, true, false), grid: [3]uint32{64, 1, 1}, opt: exec.Options{MaxSteps: 1 << 20}, kind: exec.FaultBudget, line: 3},
		{name: "endless loop timeout", prog: buildFaulty(4, 0, true, false), grid: [3]uint32{64, 1, 1}, opt: exec.Options{Timeout: 20 * time.Millisecond}, kind: exec.FaultTimeout, line: 3},
		{name: "cancelled", prog: buildFaulty(4, 0, true, false), grid: [3]uint32{64, 1, 1}, kind: exec.FaultCancelled, line: 3,
			ctx: func() (context.Context, context.CancelFunc) {
				return context.WithTimeout(context.Background(), 20*time.Millisecond)
			}},
		{name: "recursion", prog: buildFaulty(4, 0, false, true), grid: [3]uint32{8, 1, 1}, kind: exec.FaultStack, line: 3},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for _, workers := range []int{1, 2} {
				ctx, cancel := context.Background(), context.CancelFunc(func() {})
				if c.ctx != nil {
					ctx, cancel = c.ctx()
				}
				bufs := out()
				bufs[0].ReadOnly = c.ro
				opt := c.opt
				opt.Workers = workers
				pl, err := exec.Compile(c.prog, "k", opt)
				if err != nil {
					t.Fatal(err)
				}
				err = pl.Run(ctx, exec.Dispatch{Grid: exec.ThreadsGrid(c.grid, [3]uint32{32, 1, 1}), Args: addrArgs(bufs), Memory: mustMem(t, bufs)})
				cancel()
				var f *exec.Fault
				if !errors.As(err, &f) {
					t.Fatalf("workers=%d: error %v, want a *exec.Fault", workers, err)
				}
				if f.Kind != c.kind {
					t.Fatalf("workers=%d: %v, want kind %v", workers, f, c.kind)
				}
				if f.Pos.Line != c.line || f.Pos.Filename != "faulty.metal" {
					t.Errorf("workers=%d: position %v, want faulty.metal:%d", workers, f.Pos, c.line)
				}
				if c.kind == exec.FaultOutOfBounds || c.kind == exec.FaultMisaligned {
					if f.Thread[0] != c.thread {
						t.Errorf("workers=%d: thread %v, want %d", workers, f.Thread, c.thread)
					}
				}
				if !strings.Contains(f.Error(), "in k") && !strings.Contains(f.Error(), "in forever") {
					t.Errorf("message %q does not name the function", f.Error())
				}
			}
		})
	}
}

// TestFaultsRefexec checks that the reference interpreter reports the
// same memory faults.
func TestFaultsRefexec(t *testing.T) {
	bufs := []exec.Buffer{{Addr: 0x1000, Data: make([]byte, 400)}}
	err := refexec.Run(context.Background(), buildFaulty(4, 0, false, false), "k",
		exec.Dispatch{Grid: exec.ThreadsGrid([3]uint32{300, 1, 1}, [3]uint32{32, 1, 1}), Args: addrArgs(bufs), Memory: mustMem(t, bufs)}, refexec.Options{})
	var f *exec.Fault
	if !errors.As(err, &f) || f.Kind != exec.FaultOutOfBounds || f.Thread[0] != 100 || f.Pos.Line != 2 {
		t.Fatalf("refexec: %v", err)
	}
	err = refexec.Run(context.Background(), buildFaulty(4, 0, true, false), "k",
		exec.Dispatch{Grid: exec.ThreadsGrid([3]uint32{4, 1, 1}, [3]uint32{32, 1, 1}), Args: addrArgs(bufs), Memory: mustMem(t, bufs)}, refexec.Options{MaxSteps: 10000})
	if !errors.As(err, &f) || f.Kind != exec.FaultBudget {
		t.Fatalf("refexec budget: %v", err)
	}
}

func TestDispatchErrors(t *testing.T) {
	pl, err := exec.Compile(buildSaxpy(), "saxpy", exec.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	g := exec.ThreadsGrid([3]uint32{10, 1, 1}, [3]uint32{32, 1, 1})
	if err := pl.Run(ctx, exec.Dispatch{Grid: g, Args: []uint64{1}}); err == nil || !strings.Contains(err.Error(), "arguments") {
		t.Errorf("wrong argument count: %v", err)
	}
	// A missing buffer (address 0) faults instead of crashing.
	var f *exec.Fault
	if err := pl.Run(ctx, exec.Dispatch{Grid: g, Args: []uint64{0, 0, 0}}); !errors.As(err, &f) || f.Kind != exec.FaultOutOfBounds {
		t.Errorf("unbound buffer: %v", err)
	}
	bad := exec.Grid{Threadgroups: [3]uint32{1, 1, 1}, ThreadsPerThreadgroup: [3]uint32{2048, 1, 1}}
	if err := pl.Run(ctx, exec.Dispatch{Grid: bad, Args: []uint64{0, 0, 0}}); err == nil {
		t.Error("2048 threads per threadgroup accepted")
	}
	if _, err := exec.Compile(buildSaxpy(), "nope", exec.Options{}); err == nil {
		t.Error("unknown entry accepted")
	}
	if _, err := exec.Compile(buildSaxpy(), "saxpy", exec.Options{Width: 48}); err == nil {
		t.Error("width 48 accepted")
	}
	if _, err := exec.NewMemory(exec.Buffer{Addr: 16, Data: make([]byte, 32)}, exec.Buffer{Addr: 32, Data: make([]byte, 8)}); err == nil {
		t.Error("overlapping buffers accepted")
	}
}

// TestIntrinsicPanicContained: a panicking intrinsic fails the dispatch
// instead of crashing the process.
func TestIntrinsicPanicContained(t *testing.T) {
	p := ir.NewProgram(nil)
	id := p.Intrinsic(ir.IntrinsicDecl{Name: "boom", Params: []ir.Kind{ir.U32}, Flags: ir.SideEffects})
	b := ir.NewFunction(p, "k", nil, nil)
	b.Fn.Kernel = true
	b.Intrinsic(id, b.Builtin(ir.ThreadPositionInGrid))
	must(b.Finish())
	pl, err := exec.Compile(p, "k", exec.Options{Intrinsics: exec.Intrinsics{"boom": func(*exec.Call) error { panic("bad intrinsic") }}})
	if err != nil {
		t.Fatal(err)
	}
	err = pl.Run(context.Background(), exec.Dispatch{Grid: exec.ThreadsGrid([3]uint32{8, 1, 1}, [3]uint32{8, 1, 1})})
	var f *exec.Fault
	if !errors.As(err, &f) || f.Kind != exec.FaultInternal || !strings.Contains(f.Error(), "bad intrinsic") {
		t.Fatalf("got %v", err)
	}
	if _, err := exec.Compile(p, "k", exec.Options{}); err == nil || !strings.Contains(err.Error(), "boom") {
		t.Fatalf("missing intrinsic implementation: %v", err)
	}
}

// TestExponentialRecursionBudget: deep-but-bounded recursion that takes
// too long is stopped by the step budget checked at calls.
func TestExponentialRecursionBudget(t *testing.T) {
	pl, err := exec.Compile(buildFib(), "fibk", exec.Options{MaxSteps: 2000})
	if err != nil {
		t.Fatal(err)
	}
	bufs := outBuf(64)()
	err = pl.Run(context.Background(), exec.Dispatch{Grid: exec.ThreadsGrid([3]uint32{64, 1, 1}, [3]uint32{64, 1, 1}), Args: addrArgs(bufs), Memory: mustMem(t, bufs)})
	var f *exec.Fault
	if !errors.As(err, &f) || f.Kind != exec.FaultBudget {
		t.Fatalf("got %v", err)
	}
}

// TestBarrierOutsideKernelRejected: a barrier in a recursive helper (which
// cannot be inlined) is a compile error, not a hang.
func TestBarrierOutsideKernelRejected(t *testing.T) {
	p := ir.NewProgram(nil)
	bar := p.Intrinsic(mustDecl("threadgroup_barrier"))
	h := ir.NewFunction(p, "h", []ir.Kind{ir.U32}, nil)
	h.Intrinsic(bar, h.ConstU32(1))
	h.If(h.Binary(ir.OpGt, ir.U32, h.Param(0), h.ConstU32(0)))
	h.Call(h.Fn, h.Binary(ir.OpSub, ir.U32, h.Param(0), h.ConstU32(1)))
	h.EndIf()
	must(h.Finish())
	b := ir.NewFunction(p, "k", nil, nil)
	b.Fn.Kernel = true
	b.Call(h.Fn, b.ConstU32(3))
	must(b.Finish())
	if _, err := exec.Compile(p, "k", exec.Options{}); err == nil || !strings.Contains(err.Error(), "threadgroup_barrier") {
		t.Fatalf("got %v", err)
	}
}

// TestEnvReachesIntrinsics: Dispatch.Env is visible to intrinsics.
func TestEnvReachesIntrinsics(t *testing.T) {
	p := ir.NewProgram(nil)
	id := p.Intrinsic(ir.IntrinsicDecl{Name: "env_value", Results: []ir.Kind{ir.U32}})
	b := ir.NewFunction(p, "k", []ir.Kind{ir.U64}, nil)
	b.Fn.Kernel = true
	i := b.Builtin(ir.ThreadPositionInGrid)
	b.Store(ir.Device, ir.U32, elemAddr(b, b.Param(0), i, 4), b.Intrinsic(id)[0], 4)
	must(b.Finish())
	env := func(c *exec.Call) error {
		v := c.Env().(uint32)
		r := c.Res32(0)
		for m := c.Mask; m != 0; m &= m - 1 {
			r[m.First()] = v + c.Lane(m.First())[0]
		}
		return nil
	}
	pl, err := exec.Compile(p, "k", exec.Options{Intrinsics: exec.Intrinsics{"env_value": env}})
	if err != nil {
		t.Fatal(err)
	}
	bufs := outBuf(40)()
	if err := pl.Run(context.Background(), exec.Dispatch{Grid: exec.ThreadsGrid([3]uint32{40, 1, 1}, [3]uint32{16, 1, 1}), Args: addrArgs(bufs), Memory: mustMem(t, bufs), Env: uint32(1000)}); err != nil {
		t.Fatal(err)
	}
	perThread(40, func(i uint32) uint32 { return 1000 + i })(t, bufs)
}
