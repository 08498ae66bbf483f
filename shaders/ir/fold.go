package ir

// FoldConstants evaluates, in every function of p, pure instructions whose
// operands are all constants (replacing them by OpConst), resolves OpSelect
// and OpIf on constant conditions (an if with a constant condition is
// replaced by the instructions of the taken branch) and a switch on a
// constant selector whose matching arm ends in a break. An involution
// applied twice (neg, not, reverse_bits of its own result, same kind) is
// replaced by its operand. It reports whether anything changed.
func FoldConstants(p *Program) bool {
	changed := false
	for _, f := range p.Funcs {
		fo := &folder{f: f, isConst: make([]bool, len(f.Regs)), val: make([]uint64, len(f.Regs)), subst: make([]Reg, len(f.Regs)),
			def: make([]*Instr, len(f.Regs))}
		f.Body = fo.block(f.Body)
		if fo.substUsed {
			substitute(f.Body, fo.subst)
		}
		changed = changed || fo.changed
	}
	return changed
}

type folder struct {
	f         *Function
	isConst   []bool
	val       []uint64
	subst     []Reg
	substUsed bool
	changed   bool
	def       []*Instr // defining instruction of temporaries seen so far
}

// involution reports whether op applied twice is the identity.
func involution(op Op) bool { return op == OpNeg || op == OpNot || op == OpReverseBits }

func (fo *folder) resolve(r Reg) Reg {
	for fo.subst[r] != NoReg {
		r = fo.subst[r]
	}
	return r
}

func (fo *folder) block(b Block) Block {
	out := b[:0:0]
	for _, in := range b {
		for i, a := range in.Args {
			in.Args[i] = fo.resolve(a)
		}
		switch in.Op {
		case OpConst:
			fo.isConst[in.Dst], fo.val[in.Dst] = true, in.Imm
		case OpIf:
			c := in.Args[0]
			if fo.isConst[c] {
				fo.changed = true
				taken := in.Else
				if fo.val[c] != 0 {
					taken = in.Then
				}
				out = append(out, fo.block(taken)...)
				continue
			}
			in.Then = fo.block(in.Then)
			in.Else = fo.block(in.Else)
		case OpLoop:
			in.Body = fo.block(in.Body)
			in.Continuing = fo.block(in.Continuing)
		case OpSwitch:
			for i := range in.Cases {
				in.Cases[i].Body = fo.block(in.Cases[i].Body)
			}
			if sel := in.Args[0]; fo.isConst[sel] {
				if body, ok := constSwitch(in, fo.f.Regs[sel].Kind, fo.val[sel]); ok {
					fo.changed = true
					out = append(out, body...)
					continue
				}
			}
		case OpSelect:
			if c := in.Args[0]; fo.isConst[c] {
				pick := in.Args[2]
				if fo.val[c] != 0 {
					pick = in.Args[1]
				}
				if fo.f.Regs[pick].Var {
					// A variable may be reassigned between the select and the
					// uses of its result: turn the select into a copy
					// (OpSet is for variables only, so keep the select with
					// equal operands, which later passes treat as a move).
					in.Args = []Reg{c, pick, pick}
					break
				}
				fo.subst[in.Dst] = pick
				fo.substUsed, fo.changed = true, true
				continue
			}
		}
		if involution(in.Op) && len(in.Args) == 1 && !fo.f.Regs[in.Dst].Var {
			// op(op(x)) = x when x is a temporary (a variable may have
			// been reassigned since).
			if d := fo.def[in.Args[0]]; d != nil && d.Op == in.Op && d.Kind == in.Kind && len(d.Args) == 1 && !fo.f.Regs[d.Args[0]].Var {
				fo.subst[in.Dst] = d.Args[0]
				fo.substUsed, fo.changed = true, true
				continue
			}
		}
		if foldable(in.Op) && fo.allConst(in.Args) {
			var a, b, c uint64
			if len(in.Args) > 0 {
				a = fo.val[in.Args[0]]
			}
			if len(in.Args) > 1 {
				b = fo.val[in.Args[1]]
			}
			if len(in.Args) > 2 {
				c = fo.val[in.Args[2]]
			}
			rk := in.Kind
			if in.Op.IsCompare() {
				rk = Bool
			}
			v := Eval(in.Op, in.Kind, in.From, a, b, c)
			*in = Instr{Op: OpConst, Kind: rk, Dst: in.Dst, Imm: v, Pos: in.Pos}
			fo.isConst[in.Dst], fo.val[in.Dst] = true, v
			fo.changed = true
		}
		if in.Dst != NoReg && !fo.f.Regs[in.Dst].Var {
			fo.def[in.Dst] = in
		}
		out = append(out, in)
	}
	return out
}

func foldable(op Op) bool {
	return op.IsUnary() || op.IsBinary() || op.IsCompare() || op == OpFma || op == OpConv || op == OpBitcast
}

func (fo *folder) allConst(rs []Reg) bool {
	for _, r := range rs {
		if !fo.isConst[r] {
			return false
		}
	}
	return len(rs) > 0
}

// constSwitch returns the body of the arm a constant selector enters, when
// that arm ends in a break and contains no other break (so no fallthrough
// and no early exit from the switch need to be kept).
func constSwitch(in *Instr, k Kind, v uint64) (Block, bool) {
	idx := -1
	for i, c := range in.Cases {
		for _, x := range c.Values {
			if Normalize(k, uint64(x)) == v {
				idx = i
			}
		}
	}
	if idx < 0 {
		for i, c := range in.Cases {
			if c.Default {
				idx = i
			}
		}
	}
	if idx < 0 {
		return Block{}, true
	}
	body := in.Cases[idx].Body
	if len(body) == 0 || body[len(body)-1].Op != OpBreak || containsBreak(body[:len(body)-1]) {
		return nil, false
	}
	return body[:len(body)-1], true
}

// containsBreak reports whether b holds a break that leaves the construct
// b belongs to (breaks inside nested loops and switches do not count).
func containsBreak(b Block) bool {
	for _, in := range b {
		switch in.Op {
		case OpBreak:
			return true
		case OpIf:
			if containsBreak(in.Then) || containsBreak(in.Else) {
				return true
			}
		}
	}
	return false
}
