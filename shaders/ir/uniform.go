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
	paramVarying := make([][]bool, len(p.Funcs))
	for i, f := range p.Funcs {
		paramVarying[i] = make([]bool, len(f.Params))
		if !f.Kernel && !called[i] {
			for k := range paramVarying[i] {
				paramVarying[i][k] = true
			}
		}
	}
	us := make([]*uniformity, len(p.Funcs))
	for {
		changed := false
		for i, f := range p.Funcs {
			us[i] = analyzeFunc(p, f, paramVarying[i])
		}
		for _, u := range us {
			Walk(u.f.Body, func(in *Instr) bool {
				if in.Op != OpCall || int(in.Imm) >= len(paramVarying) {
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
