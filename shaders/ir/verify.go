package ir

import (
	"errors"
	"fmt"
)

// Verify checks every function of p (see VerifyFunction) and returns all
// problems joined.
func Verify(p *Program) error {
	var errs []error
	for _, f := range p.Funcs {
		if err := VerifyFunction(p, f); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// VerifyFunction checks the invariants of f: registers exist and have the
// kinds their instructions need; temporaries are defined once and used only
// where their definition dominates (earlier in the same or an enclosing
// block; a loop's Continuing block sees only what precedes the loop);
// variables are written only by OpSet; Break/Continue sit inside a
// Loop/Switch; calls and intrinsics match their declarations.
func VerifyFunction(p *Program, f *Function) error {
	v := &verifier{p: p, f: f, defined: make([]bool, len(f.Regs)), seen: make([]bool, len(f.Regs))}
	for _, r := range f.Params {
		if v.regOK(r) {
			v.define(r)
		}
	}
	v.block(f.Body, 0, 0)
	return errors.Join(v.errs...)
}

type verifier struct {
	p       *Program
	f       *Function
	defined []bool // temporaries visible now
	seen    []bool // temporaries defined anywhere so far
	log     []Reg
	errs    []error
}

func (v *verifier) errorf(in *Instr, format string, args ...any) {
	if len(v.errs) >= 20 {
		return
	}
	pos := ""
	if in != nil {
		pos = fmt.Sprintf(" (%v)", in.Op)
		if v.p != nil && v.p.Fset != nil && in.Pos.IsValid() {
			pos = fmt.Sprintf(" at %v (%v)", v.p.Fset.Position(in.Pos), in.Op)
		}
	}
	v.errs = append(v.errs, fmt.Errorf("ir: function %s%s: %s", v.f.Name, pos, fmt.Sprintf(format, args...)))
}

func (v *verifier) regOK(r Reg) bool { return r > 0 && int(r) < len(v.f.Regs) }

func (v *verifier) define(r Reg) {
	if v.f.Regs[r].Var {
		return
	}
	v.defined[r] = true
	v.seen[r] = true
	v.log = append(v.log, r)
}

func (v *verifier) use(in *Instr, r Reg, want Kind) {
	if !v.regOK(r) {
		v.errorf(in, "operand r%d does not exist", r)
		return
	}
	ri := v.f.Regs[r]
	if !ri.Var && !v.defined[r] {
		v.errorf(in, "r%d used where its definition does not dominate", r)
	}
	if want != Void && ri.Kind != want {
		v.errorf(in, "operand r%d is %v, want %v", r, ri.Kind, want)
	}
}

func (v *verifier) def(in *Instr, r Reg, want Kind) {
	if !v.regOK(r) {
		v.errorf(in, "result r%d does not exist", r)
		return
	}
	ri := v.f.Regs[r]
	if ri.Var {
		v.errorf(in, "variable r%d written by %v (only set may write variables)", r, in.Op)
		return
	}
	if v.seen[r] {
		v.errorf(in, "temporary r%d defined twice", r)
	}
	if ri.Kind != want {
		v.errorf(in, "result r%d is %v, want %v", r, ri.Kind, want)
	}
	v.define(r)
}

// block checks b; loops counts enclosing loops, breakable enclosing loops
// and switches.
func (v *verifier) block(b Block, loops, breakable int) {
	mark := len(v.log)
	for _, in := range b {
		v.instr(in, loops, breakable)
	}
	for _, r := range v.log[mark:] {
		v.defined[r] = false
	}
	v.log = v.log[:mark]
}

func (v *verifier) args(in *Instr, n int) bool {
	if len(in.Args) != n {
		v.errorf(in, "%d operands, want %d", len(in.Args), n)
		return false
	}
	return true
}

func (v *verifier) instr(in *Instr, loops, breakable int) {
	op, k := in.Op, in.Kind
	if op.IsUnary() || op.IsBinary() || op.IsCompare() || op == OpFma || op == OpSelect || op == OpConv || op == OpBitcast || op == OpConst || op == OpLoad {
		if !k.Valid() {
			v.errorf(in, "invalid kind %v", k)
			return
		}
	}
	switch {
	case op == OpConst:
		v.args(in, 0)
		if Normalize(k, in.Imm) != in.Imm {
			v.errorf(in, "constant %#x is not a normalized %v", in.Imm, k)
		}
		v.def(in, in.Dst, k)
	case op == OpSet:
		if v.args(in, 1) {
			v.use(in, in.Args[0], k)
		}
		if !v.regOK(in.Dst) || !v.f.Regs[in.Dst].Var {
			v.errorf(in, "set target r%d is not a variable", in.Dst)
		} else if v.f.Regs[in.Dst].Kind != k {
			v.errorf(in, "set target r%d is %v, want %v", in.Dst, v.f.Regs[in.Dst].Kind, k)
		}
	case op == OpBuiltin:
		if in.Imm >= uint64(NumBuiltins) {
			v.errorf(in, "unknown built-in %d", in.Imm)
		}
		v.def(in, in.Dst, U32)
	case op == OpFuncConst, op == OpFuncConstDefined:
		want := k
		if op == OpFuncConstDefined {
			want = Bool
		}
		v.def(in, in.Dst, want)
	case op.IsUnary(), op.IsBinary(), op.IsCompare(), op == OpFma:
		n := 1
		switch {
		case op.IsBinary() || op.IsCompare():
			n = 2
		case op == OpFma:
			n = 3
		}
		if op.floatOnly() && !k.IsFloat() {
			v.errorf(in, "%v needs a float kind, not %v", op, k)
		}
		if op.intOnly() && !(k.IsInt() || (k == Bool && (op == OpAnd || op == OpOr || op == OpXor || op == OpNot))) {
			v.errorf(in, "%v needs an integer kind, not %v", op, k)
		}
		if k == Bool && !(op == OpAnd || op == OpOr || op == OpXor || op == OpNot || op == OpEq || op == OpNe) {
			v.errorf(in, "%v is not defined on bool", op)
		}
		if v.args(in, n) {
			for _, a := range in.Args {
				v.use(in, a, k)
			}
		}
		rk := k
		if op.IsCompare() {
			rk = Bool
		}
		v.def(in, in.Dst, rk)
	case op == OpSelect:
		if v.args(in, 3) {
			v.use(in, in.Args[0], Bool)
			v.use(in, in.Args[1], k)
			v.use(in, in.Args[2], k)
		}
		v.def(in, in.Dst, k)
	case op == OpConv, op == OpBitcast:
		if !in.From.Valid() {
			v.errorf(in, "invalid source kind %v", in.From)
		}
		if op == OpBitcast && in.From.Size() != k.Size() {
			v.errorf(in, "bitcast between %v and %v of different sizes", in.From, k)
		}
		if v.args(in, 1) {
			v.use(in, in.Args[0], in.From)
		}
		v.def(in, in.Dst, k)
	case op == OpLoad, op == OpStore:
		if in.Space >= numSpaces {
			v.errorf(in, "invalid address space %d", in.Space)
		}
		if in.Align == 0 || in.Align&(in.Align-1) != 0 {
			v.errorf(in, "alignment %d is not a power of two", in.Align)
		}
		if op == OpLoad {
			if v.args(in, 1) {
				v.use(in, in.Args[0], U64)
			}
			v.def(in, in.Dst, k)
		} else {
			if !k.Valid() {
				v.errorf(in, "invalid kind %v", k)
			}
			if in.Space == Constant {
				v.errorf(in, "store to constant memory")
			}
			if v.args(in, 2) {
				v.use(in, in.Args[0], U64)
				v.use(in, in.Args[1], k)
			}
		}
	case op == OpAlloca:
		if in.Imm >= 1<<ThreadFrameShift {
			v.errorf(in, "alloca of %d bytes is too large", in.Imm)
		}
		if in.Align == 0 || in.Align&(in.Align-1) != 0 {
			v.errorf(in, "alignment %d is not a power of two", in.Align)
		}
		v.def(in, in.Dst, U64)
	case op == OpCall:
		if in.Imm >= uint64(len(v.p.Funcs)) {
			v.errorf(in, "call of function %d outside the program", in.Imm)
			return
		}
		g := v.p.Funcs[in.Imm]
		if v.args(in, len(g.Params)) {
			for i, a := range in.Args {
				v.use(in, a, g.Regs[g.Params[i]].Kind)
			}
		}
		if len(in.Results) != len(g.Results) {
			v.errorf(in, "call %s: %d results, want %d", g.Name, len(in.Results), len(g.Results))
			return
		}
		for i, r := range in.Results {
			v.def(in, r, g.Results[i])
		}
	case op == OpIntrinsic:
		if in.Imm >= uint64(len(v.p.Intrinsics)) {
			v.errorf(in, "intrinsic %d not declared", in.Imm)
			return
		}
		d := v.p.Intrinsics[in.Imm]
		if v.args(in, len(d.Params)) {
			for i, a := range in.Args {
				v.use(in, a, d.Params[i])
			}
		}
		if len(in.Results) != len(d.Results) {
			v.errorf(in, "intrinsic %s: %d results, want %d", d.Name, len(in.Results), len(d.Results))
			return
		}
		for i, r := range in.Results {
			v.def(in, r, d.Results[i])
		}
	case op == OpIf:
		if v.args(in, 1) {
			v.use(in, in.Args[0], Bool)
		}
		v.block(in.Then, loops, breakable)
		v.block(in.Else, loops, breakable)
	case op == OpLoop:
		v.args(in, 0)
		v.block(in.Body, loops+1, breakable+1)
		v.block(in.Continuing, loops+1, breakable+1)
	case op == OpSwitch:
		if v.args(in, 1) {
			v.use(in, in.Args[0], Void)
			if v.regOK(in.Args[0]) && !v.f.Regs[in.Args[0]].Kind.IsInt() {
				v.errorf(in, "switch selector is not an integer")
			}
		}
		seen := map[int64]bool{}
		defs := 0
		for _, c := range in.Cases {
			if c.Default {
				defs++
			}
			for _, x := range c.Values {
				if seen[x] {
					v.errorf(in, "duplicate case value %d", x)
				}
				seen[x] = true
			}
			v.block(c.Body, loops, breakable+1)
		}
		if defs > 1 {
			v.errorf(in, "%d default cases", defs)
		}
	case op == OpBreak:
		if breakable == 0 {
			v.errorf(in, "break outside loop or switch")
		}
	case op == OpContinue:
		if loops == 0 {
			v.errorf(in, "continue outside loop")
		}
	case op == OpReturn:
		if v.args(in, len(v.f.Results)) {
			for i, a := range in.Args {
				v.use(in, a, v.f.Results[i])
			}
		}
	case op == OpDiscard:
	default:
		v.errorf(in, "unknown op %v", op)
	}
}
