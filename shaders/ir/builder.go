package ir

import (
	"fmt"
	"math"

	"github.com/ingot-render/ingot/shaders/diag"
)

// Builder appends instructions to one Function. Structured control flow is
// built with matching Begin/End calls (If/Else/EndIf, Loop/Continuing/
// EndLoop, Switch/Case/Default/EndSwitch). Misuse does not panic: the first
// error is kept and returned by Finish (and Err), and later calls still
// return usable (if meaningless) registers.
//
// Every instruction gets the position in Pos at the time it is created.
type Builder struct {
	Prog *Program
	Fn   *Function
	Pos  diag.Pos

	stack []open
	err   error
}

type open struct {
	in   *Instr
	part int    // OpIf: 0 then, 1 else; OpLoop: 0 body, 1 continuing; OpSwitch: case index (-1 before the first)
	blk  *Block // where instructions go now
}

// NewFunction adds a function to p and returns a Builder for its body.
// params are the kinds of its parameters (readable with Param), results
// the kinds of the values Return must give.
func NewFunction(p *Program, name string, params, results []Kind) *Builder {
	f := &Function{Name: name, Regs: []RegInfo{{}}, Results: append([]Kind(nil), results...)}
	p.Funcs = append(p.Funcs, f)
	b := &Builder{Prog: p, Fn: f}
	for i, k := range params {
		f.Params = append(f.Params, b.newReg(k, false, fmt.Sprintf("p%d", i)))
	}
	b.stack = []open{{blk: &f.Body}}
	return b
}

func (b *Builder) fail(format string, args ...any) {
	if b.err == nil {
		b.err = fmt.Errorf("ir builder: function %s: "+format, append([]any{b.Fn.Name}, args...)...)
	}
}

// Err returns the first misuse recorded.
func (b *Builder) Err() error { return b.err }

func (b *Builder) newReg(k Kind, v bool, name string) Reg {
	b.Fn.Regs = append(b.Fn.Regs, RegInfo{Kind: k, Var: v, Name: name})
	return Reg(len(b.Fn.Regs) - 1)
}

func (b *Builder) kindOf(r Reg) Kind {
	if r <= 0 || int(r) >= len(b.Fn.Regs) {
		b.fail("register r%d does not exist", r)
		return Void
	}
	return b.Fn.Regs[r].Kind
}

func (b *Builder) emit(in *Instr) *Instr {
	in.Pos = b.Pos
	top := &b.stack[len(b.stack)-1]
	*top.blk = append(*top.blk, in)
	return in
}

func (b *Builder) def(in *Instr, k Kind) Reg {
	in.Dst = b.newReg(k, false, "")
	b.emit(in)
	return in.Dst
}

// Param returns the register of parameter i.
func (b *Builder) Param(i int) Reg {
	if i < 0 || i >= len(b.Fn.Params) {
		b.fail("parameter %d out of range", i)
		return b.Const(I32, 0)
	}
	return b.Fn.Params[i]
}

// Var creates a mutable variable register (initially zero).
func (b *Builder) Var(k Kind, name string) Reg {
	if !k.Valid() {
		b.fail("variable %s: invalid kind %v", name, k)
	}
	return b.newReg(k, true, name)
}

// Set assigns x to variable v.
func (b *Builder) Set(v, x Reg) {
	if b.kindOf(v) != b.kindOf(x) {
		b.fail("set r%d (%v) = r%d (%v): kind mismatch", v, b.kindOf(v), x, b.kindOf(x))
	}
	if v > 0 && int(v) < len(b.Fn.Regs) && !b.Fn.Regs[v].Var {
		b.fail("set r%d: not a variable", v)
	}
	b.emit(&Instr{Op: OpSet, Kind: b.kindOf(v), Dst: v, Args: []Reg{x}})
}

// Const returns a new temporary holding the value pattern bits of kind k
// (normalized, see Normalize).
func (b *Builder) Const(k Kind, bits uint64) Reg {
	return b.def(&Instr{Op: OpConst, Kind: k, Imm: Normalize(k, bits)}, k)
}

// ConstF32 returns a float constant.
func (b *Builder) ConstF32(x float32) Reg { return b.Const(F32, uint64(math.Float32bits(x))) }

// ConstI32 returns an int constant.
func (b *Builder) ConstI32(x int32) Reg { return b.Const(I32, uint64(int64(x))) }

// ConstU32 returns a uint constant.
func (b *Builder) ConstU32(x uint32) Reg { return b.Const(U32, uint64(x)) }

// ConstU64 returns a ulong constant (also used for addresses).
func (b *Builder) ConstU64(x uint64) Reg { return b.Const(U64, x) }

// ConstBool returns a bool constant.
func (b *Builder) ConstBool(x bool) Reg {
	if x {
		return b.Const(Bool, 1)
	}
	return b.Const(Bool, 0)
}

// Unary applies a one-operand op (OpNeg .. OpReverseBits) of kind k.
func (b *Builder) Unary(op Op, k Kind, a Reg) Reg {
	if !op.IsUnary() {
		b.fail("%v is not a unary op", op)
	}
	b.checkArg(op, k, a)
	return b.def(&Instr{Op: op, Kind: k, Args: []Reg{a}}, k)
}

// Binary applies a two-operand op of kind k; for a comparison (OpEq ..
// OpGe) k is the operand kind and the result is Bool.
func (b *Builder) Binary(op Op, k Kind, x, y Reg) Reg {
	if !op.IsBinary() && !op.IsCompare() {
		b.fail("%v is not a binary op", op)
	}
	b.checkArg(op, k, x)
	b.checkArg(op, k, y)
	rk := k
	if op.IsCompare() {
		rk = Bool
	}
	return b.def(&Instr{Op: op, Kind: k, Args: []Reg{x, y}}, rk)
}

// Fma returns x*y+z rounded once (float kinds) or wrapped (integers).
func (b *Builder) Fma(k Kind, x, y, z Reg) Reg {
	b.checkArg(OpFma, k, x)
	b.checkArg(OpFma, k, y)
	b.checkArg(OpFma, k, z)
	return b.def(&Instr{Op: OpFma, Kind: k, Args: []Reg{x, y, z}}, k)
}

// Select returns c ? x : y (c is Bool, x and y of kind k).
func (b *Builder) Select(k Kind, c, x, y Reg) Reg {
	if b.kindOf(c) != Bool {
		b.fail("select condition r%d is %v, not bool", c, b.kindOf(c))
	}
	b.checkArg(OpSelect, k, x)
	b.checkArg(OpSelect, k, y)
	return b.def(&Instr{Op: OpSelect, Kind: k, Args: []Reg{c, x, y}}, k)
}

// Conv converts a (of kind from) to kind to.
func (b *Builder) Conv(to, from Kind, a Reg) Reg {
	b.checkArg(OpConv, from, a)
	return b.def(&Instr{Op: OpConv, Kind: to, From: from, Args: []Reg{a}}, to)
}

// Bitcast reinterprets the bits of a (kind from) as kind to (as_type).
func (b *Builder) Bitcast(to, from Kind, a Reg) Reg {
	if to.Size() != from.Size() {
		b.fail("bitcast %v -> %v: sizes differ", from, to)
	}
	b.checkArg(OpBitcast, from, a)
	return b.def(&Instr{Op: OpBitcast, Kind: to, From: from, Args: []Reg{a}}, to)
}

func (b *Builder) checkArg(op Op, k Kind, a Reg) {
	if ak := b.kindOf(a); ak != k {
		b.fail("%v %v: operand r%d is %v", op, k, a, ak)
	}
}

// Builtin returns the kernel input built-in id (a U32).
func (b *Builder) Builtin(id BuiltinID) Reg {
	if id >= NumBuiltins {
		b.fail("unknown built-in %d", id)
	}
	return b.def(&Instr{Op: OpBuiltin, Kind: U32, Imm: uint64(id)}, U32)
}

// FuncConst returns the value of function constant index (declared in
// Prog.Constants); Specialize replaces it with a constant.
func (b *Builder) FuncConst(index int, k Kind) Reg {
	return b.def(&Instr{Op: OpFuncConst, Kind: k, Imm: uint64(index)}, k)
}

// FuncConstDefined returns is_function_constant_defined(index).
func (b *Builder) FuncConstDefined(index int) Reg {
	return b.def(&Instr{Op: OpFuncConstDefined, Kind: Bool, Imm: uint64(index)}, Bool)
}

// Load reads one element of kind k at addr (a U64) in space sp; addr must
// be a multiple of align (0 means k.Size()).
func (b *Builder) Load(sp Space, k Kind, addr Reg, align uint32) Reg {
	b.checkArg(OpLoad, U64, addr)
	if align == 0 {
		align = uint32(k.Size())
	}
	return b.def(&Instr{Op: OpLoad, Kind: k, Space: sp, Align: align, Args: []Reg{addr}}, k)
}

// Store writes val (kind k) at addr in space sp.
func (b *Builder) Store(sp Space, k Kind, addr, val Reg, align uint32) {
	b.checkArg(OpStore, U64, addr)
	b.checkArg(OpStore, k, val)
	if sp == Constant {
		b.fail("store to constant memory")
	}
	if align == 0 {
		align = uint32(k.Size())
	}
	b.emit(&Instr{Op: OpStore, Kind: k, Space: sp, Align: align, Args: []Reg{addr, val}})
}

// Alloca reserves size bytes of the lane's private (Thread) memory for the
// whole call of the function and returns its address (uniform: the same
// offset in every lane's frame).
func (b *Builder) Alloca(size, align uint32) Reg {
	if align == 0 {
		align = 1
	}
	return b.def(&Instr{Op: OpAlloca, Kind: U64, Imm: uint64(size), Align: align}, U64)
}

// Call calls callee (a function of the same program, possibly the one being
// built: recursion is allowed) and returns one register per result.
func (b *Builder) Call(callee *Function, args ...Reg) []Reg {
	idx := b.Prog.FuncIndex(callee)
	if idx < 0 {
		b.fail("call of a function outside the program")
		return nil
	}
	if len(args) != len(callee.Params) {
		b.fail("call %s: %d arguments, want %d", callee.Name, len(args), len(callee.Params))
	} else {
		for i, a := range args {
			if b.kindOf(a) != callee.Regs[callee.Params[i]].Kind {
				b.fail("call %s: argument %d is %v, want %v", callee.Name, i, b.kindOf(a), callee.Regs[callee.Params[i]].Kind)
			}
		}
	}
	in := &Instr{Op: OpCall, Imm: uint64(idx), Args: append([]Reg(nil), args...)}
	for _, k := range callee.Results {
		in.Results = append(in.Results, b.newReg(k, false, ""))
	}
	b.emit(in)
	return in.Results
}

// Intrinsic calls intrinsic id (an index returned by Prog.Intrinsic).
func (b *Builder) Intrinsic(id int, args ...Reg) []Reg {
	if id < 0 || id >= len(b.Prog.Intrinsics) {
		b.fail("intrinsic %d not declared", id)
		return nil
	}
	d := b.Prog.Intrinsics[id]
	if len(args) != len(d.Params) {
		b.fail("intrinsic %s: %d arguments, want %d", d.Name, len(args), len(d.Params))
	} else {
		for i, a := range args {
			if b.kindOf(a) != d.Params[i] {
				b.fail("intrinsic %s: argument %d is %v, want %v", d.Name, i, b.kindOf(a), d.Params[i])
			}
		}
	}
	in := &Instr{Op: OpIntrinsic, Imm: uint64(id), Args: append([]Reg(nil), args...)}
	for _, k := range d.Results {
		in.Results = append(in.Results, b.newReg(k, false, ""))
	}
	b.emit(in)
	return in.Results
}

func (b *Builder) top() *open { return &b.stack[len(b.stack)-1] }

// If opens if (cond) { ... }.
func (b *Builder) If(cond Reg) {
	if b.kindOf(cond) != Bool {
		b.fail("if condition r%d is not bool", cond)
	}
	in := b.emit(&Instr{Op: OpIf, Args: []Reg{cond}})
	b.stack = append(b.stack, open{in: in, blk: &in.Then})
}

// Else switches the innermost If to its else block.
func (b *Builder) Else() {
	t := b.top()
	if t.in == nil || t.in.Op != OpIf || t.part != 0 {
		b.fail("Else without If")
		return
	}
	t.part, t.blk = 1, &t.in.Else
}

// EndIf closes the innermost If.
func (b *Builder) EndIf() { b.close(OpIf, "EndIf") }

// Loop opens loop { ... }; it runs until a Break or Return.
func (b *Builder) Loop() {
	in := b.emit(&Instr{Op: OpLoop})
	b.stack = append(b.stack, open{in: in, blk: &in.Body})
}

// Continuing switches the innermost Loop to its continuing block: the code
// Continue jumps to, run at the end of every iteration (a for loop's step).
func (b *Builder) Continuing() {
	t := b.top()
	if t.in == nil || t.in.Op != OpLoop || t.part != 0 {
		b.fail("Continuing without Loop")
		return
	}
	t.part, t.blk = 1, &t.in.Continuing
}

// EndLoop closes the innermost Loop.
func (b *Builder) EndLoop() { b.close(OpLoop, "EndLoop") }

// Switch opens switch (sel) { ... } on an integer selector; add arms with
// Case and Default.
func (b *Builder) Switch(sel Reg) {
	if k := b.kindOf(sel); !k.IsInt() {
		b.fail("switch selector r%d is %v, not an integer", sel, k)
	}
	in := b.emit(&Instr{Op: OpSwitch, Args: []Reg{sel}})
	var dummy Block
	b.stack = append(b.stack, open{in: in, part: -1, blk: &dummy})
}

// Case starts an arm for the given selector values (case v1: case v2:).
func (b *Builder) Case(values ...int64) { b.arm(false, values) }

// Default starts the default arm (it may also carry values).
func (b *Builder) Default(values ...int64) { b.arm(true, values) }

func (b *Builder) arm(def bool, values []int64) {
	t := b.top()
	if t.in == nil || t.in.Op != OpSwitch {
		b.fail("Case outside Switch")
		return
	}
	if def {
		for _, c := range t.in.Cases {
			if c.Default {
				b.fail("second default")
			}
		}
	}
	t.in.Cases = append(t.in.Cases, Case{Values: append([]int64(nil), values...), Default: def})
	t.part = len(t.in.Cases) - 1
	t.blk = &t.in.Cases[t.part].Body
}

// EndSwitch closes the innermost Switch.
func (b *Builder) EndSwitch() { b.close(OpSwitch, "EndSwitch") }

func (b *Builder) close(op Op, name string) {
	t := b.top()
	if t.in == nil || t.in.Op != op {
		b.fail("%s does not match the open construct", name)
		return
	}
	b.stack = b.stack[:len(b.stack)-1]
}

// Break leaves the innermost Loop or Switch.
func (b *Builder) Break() { b.emit(&Instr{Op: OpBreak}) }

// Continue jumps to the Continuing block of the innermost Loop.
func (b *Builder) Continue() { b.emit(&Instr{Op: OpContinue}) }

// Return returns vals (one per result of the function).
func (b *Builder) Return(vals ...Reg) {
	if len(vals) != len(b.Fn.Results) {
		b.fail("return with %d values, want %d", len(vals), len(b.Fn.Results))
	}
	for i, v := range vals {
		if i < len(b.Fn.Results) && b.kindOf(v) != b.Fn.Results[i] {
			b.fail("return value %d is %v, want %v", i, b.kindOf(v), b.Fn.Results[i])
		}
	}
	b.emit(&Instr{Op: OpReturn, Args: append([]Reg(nil), vals...)})
}

// Discard is discard_fragment().
func (b *Builder) Discard() { b.emit(&Instr{Op: OpDiscard}) }

// Finish checks that every construct was closed and verifies the function.
func (b *Builder) Finish() error {
	if b.err != nil {
		return b.err
	}
	if len(b.stack) != 1 {
		return fmt.Errorf("ir builder: function %s: %d constructs left open", b.Fn.Name, len(b.stack)-1)
	}
	return VerifyFunction(b.Prog, b.Fn)
}

// ConstValue returns the value of r when it is computed from constants
// only (OpConst, conversions, arithmetic, select) by instructions already
// built in the open blocks; ok is false otherwise.
func (b *Builder) ConstValue(r Reg) (v uint64, ok bool) {
	defs := map[Reg]*Instr{}
	for _, o := range b.stack {
		for _, in := range *o.blk {
			if in.Dst != NoReg {
				defs[in.Dst] = in
			}
		}
	}
	var eval func(r Reg, depth int) (uint64, bool)
	eval = func(r Reg, depth int) (uint64, bool) {
		in := defs[r]
		if in == nil || depth > 64 || (r > 0 && int(r) < len(b.Fn.Regs) && b.Fn.Regs[r].Var) {
			return 0, false
		}
		switch {
		case in.Op == OpConst:
			return in.Imm, true
		case in.Op == OpConv || in.Op == OpBitcast || in.Op.IsUnary() || in.Op.IsBinary() || in.Op.IsCompare() ||
			in.Op == OpFma || in.Op == OpSelect:
			var a [3]uint64
			for i, x := range in.Args {
				if i >= len(a) {
					return 0, false
				}
				v, ok := eval(x, depth+1)
				if !ok {
					return 0, false
				}
				a[i] = v
			}
			if in.Op == OpSelect {
				if a[0]&1 != 0 {
					return a[1], true
				}
				return a[2], true
			}
			return Eval(in.Op, in.Kind, in.From, a[0], a[1], a[2]), true
		}
		return 0, false
	}
	return eval(r, 0)
}
