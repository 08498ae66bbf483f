package ir

// AnalyzeUniformity sets RegInfo.Class of every register of every function
// of p: Uniform when the register provably holds the same value in every
// active lane of a batch, Varying otherwise.
//
// Rules: constants, function constants, allocas, the parameters of kernel
// functions and the per-threadgroup built-ins are uniform; a pure op is
// uniform when all its operands are; a load is uniform when its address is
// and it does not read Thread memory; call results are varying; intrinsic
// results follow UniformResult. A variable is uniform only when every
// assignment stores a uniform value in non-divergent control flow. Control
// flow is divergent inside an if or switch with a varying condition, in a
// loop with a break or continue taken in divergent control flow, and after
// a return or discard taken in divergent control flow.
//
// A parameter of a function that only calls reach (not a kernel) is
// uniform when every call passes a uniform argument: the callee runs with
// the caller's active lanes, so a value that is the same in all of them
// stays so. Functions that no call reaches and that are not kernels (entry
// points of other stages) have varying parameters. The analysis is a
// fixed point (optimistic start, monotone) within and across functions.
//
// Every function counts as a possible entry point, so calls in functions
// that never run (callees whose calls were all inlined) still count; an
// executor that knows its entry uses AnalyzeUniformityFrom instead.
func AnalyzeUniformity(p *Program) {
	called := make([]bool, len(p.Funcs))
	for _, f := range p.Funcs {
		Walk(f.Body, func(in *Instr) bool {
			if in.Op == OpCall && int(in.Imm) < len(called) {
				called[in.Imm] = true
			}
			return true
		})
	}
	roots := make([]int, 0, len(p.Funcs))
	for i, f := range p.Funcs {
		if f.Kernel || !called[i] {
			roots = append(roots, i)
		}
	}
	analyzeUniformity(p, roots)
}

// AnalyzeUniformityFrom is AnalyzeUniformity for a program that runs only
// from the functions p.Funcs[roots[i]]: a call site counts only in a
// function that calls reach from a root, so a function that no root reaches
// (for instance one whose every call was inlined) makes no parameter
// varying. A root that is not a kernel has varying parameters, as the
// entry of another stage does. The registers of unreached functions, which
// never run, are classified as if their parameters were varying. Indices
// out of range are ignored.
func AnalyzeUniformityFrom(p *Program, roots ...int) {
	analyzeUniformity(p, roots)
}

// analyzeUniformity classifies the registers of p's functions, running
// from roots.
func analyzeUniformity(p *Program, roots []int) {
	n := len(p.Funcs)
	callees := make([][]int, n)
	for i, f := range p.Funcs {
		Walk(f.Body, func(in *Instr) bool {
			if in.Op == OpCall && int(in.Imm) < n {
				callees[i] = append(callees[i], int(in.Imm))
			}
			return true
		})
	}
	reached := make([]bool, n)
	root := make([]bool, n)
	stack := make([]int, 0, n)
	for _, r := range roots {
		if r >= 0 && r < n {
			root[r] = true
			stack = append(stack, r)
		}
	}
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if reached[i] {
			continue
		}
		reached[i] = true
		stack = append(stack, callees[i]...)
	}
	// A root that is not a kernel and every function no root reaches start
	// with varying parameters; those reached only through calls start
	// uniform and become varying as call sites pass varying values.
	paramVarying := make([][]bool, n)
	for i, f := range p.Funcs {
		paramVarying[i] = make([]bool, len(f.Params))
		if !f.Kernel && (root[i] || !reached[i]) {
			for k := range paramVarying[i] {
				paramVarying[i][k] = true
			}
		}
	}
	us := make([]*uniformity, n)
	for {
		changed := false
		for i, f := range p.Funcs {
			us[i] = analyzeFunc(p, f, paramVarying[i])
		}
		for i, u := range us {
			if !reached[i] {
				continue
			}
			Walk(u.f.Body, func(in *Instr) bool {
				if in.Op != OpCall || int(in.Imm) >= n {
					return true
				}
				pv := paramVarying[in.Imm]
				for k, a := range in.Args {
					if k < len(pv) && !pv[k] && u.varying[a] {
						pv[k] = true
						changed = true
					}
				}
				return true
			})
		}
		if !changed {
			break
		}
	}
	for _, u := range us {
		f := u.f
		for r := 1; r < len(f.Regs); r++ {
			if u.varying[r] {
				f.Regs[r].Class = Varying
			} else {
				f.Regs[r].Class = Uniform
			}
		}
	}
}

type exits struct{ ret, brk, cont bool }

func (e exits) or(o exits) exits { return exits{e.ret || o.ret, e.brk || o.brk, e.cont || o.cont} }

type uniformity struct {
	p       *Program
	f       *Function
	varying []bool
	divCons map[*Instr]bool // loops and switches found divergent
	changed bool
}

// analyzeFunc classifies f's registers given which of its parameters
// are varying.
func analyzeFunc(p *Program, f *Function, paramVarying []bool) *uniformity {
	u := &uniformity{p: p, f: f, varying: make([]bool, len(f.Regs)), divCons: map[*Instr]bool{}}
	for k, r := range f.Params {
		if !f.Kernel && (k >= len(paramVarying) || paramVarying[k]) {
			u.varying[r] = true
		}
	}
	for {
		u.changed = false
		u.block(f.Body, false)
		if !u.changed {
			break
		}
	}
	return u
}

func (u *uniformity) mark(r Reg) {
	if r != NoReg && !u.varying[r] {
		u.varying[r] = true
		u.changed = true
	}
}

func (u *uniformity) anyVarying(rs []Reg) bool {
	for _, r := range rs {
		if u.varying[r] {
			return true
		}
	}
	return false
}

func (u *uniformity) block(b Block, div bool) exits {
	var acc exits
	for _, in := range b {
		e := u.instr(in, div)
		if e.ret || e.brk || e.cont {
			div = true
		}
		acc = acc.or(e)
	}
	return acc
}

func (u *uniformity) instr(in *Instr, div bool) exits {
	switch in.Op {
	case OpIf:
		cd := div || u.varying[in.Args[0]]
		return u.block(in.Then, cd).or(u.block(in.Else, cd))
	case OpLoop:
		ld := div || u.divCons[in]
		e := u.block(in.Body, ld).or(u.block(in.Continuing, ld))
		if (e.brk || e.cont || e.ret) && !u.divCons[in] {
			u.divCons[in] = true
			u.changed = true
		}
		return exits{ret: e.ret}
	case OpSwitch:
		sd := div || u.varying[in.Args[0]] || u.divCons[in]
		var e exits
		for _, c := range in.Cases {
			e = e.or(u.block(c.Body, sd))
		}
		if (e.brk || e.ret || e.cont) && !u.divCons[in] {
			u.divCons[in] = true
			u.changed = true
		}
		return exits{ret: e.ret, cont: e.cont}
	case OpBreak:
		return exits{brk: div}
	case OpContinue:
		return exits{cont: div}
	case OpReturn:
		return exits{ret: div}
	case OpSet:
		if div || u.varying[in.Args[0]] {
			u.mark(in.Dst)
		}
	case OpConst, OpFuncConst, OpFuncConstDefined, OpAlloca:
	case OpBuiltin:
		if !UniformBuiltin(BuiltinID(in.Imm)) {
			u.mark(in.Dst)
		}
	case OpLoad:
		if in.Space == Thread || u.varying[in.Args[0]] {
			u.mark(in.Dst)
		}
	case OpCall:
		for _, r := range in.Results {
			u.mark(r)
		}
	case OpIntrinsic:
		d := u.p.Intrinsics[in.Imm]
		if d.Flags&UniformResult == 0 || u.anyVarying(in.Args) {
			for _, r := range in.Results {
				u.mark(r)
			}
		}
	case OpStore:
	default:
		if u.anyVarying(in.Args) {
			u.mark(in.Dst)
		}
	}
	return exits{}
}
