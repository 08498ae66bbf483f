package ir

// EliminateCommonSubexpressions replaces, in every function of p, a pure
// instruction that repeats an earlier one with the same operands, in the
// same or an enclosing block, by that earlier instruction's result. A load
// is replaced the same way when no store to its address space, call,
// side-effecting or convergent intrinsic can have run in between (loops
// that write memory count as writing on entry): memory another thread
// writes without synchronizing is a data race in MSL, as in C++, so only
// the thread's own writes and synchronization points end a load's reuse.
// Constant memory is read-only: its loads are always reused. It reports
// whether anything changed.
func EliminateCommonSubexpressions(p *Program) bool {
	changed := false
	for _, f := range p.Funcs {
		c := &cse{f: f, p: p, seen: map[cseKey]Reg{}, subst: make([]Reg, len(f.Regs)), gen: make([]int, len(f.Regs))}
		c.block(f.Body)
		if c.changed {
			f.Body = removeSubstituted(f.Body, c.subst)
			substitute(f.Body, c.subst)
			changed = true
		}
	}
	return changed
}

type cseKey struct {
	op         Op
	kind       Kind
	from       Kind
	imm        uint64
	a, b, c    Reg
	ga, gb, gc int // generations of variable operands
	space      Space
	mem        int // loads: the generation of their address space's memory
}

// A variable's generation changes at every assignment (and, for the
// variables a loop assigns, on entry to the loop), so an expression of a
// variable is only reused while the variable keeps its value.
type cse struct {
	f       *Function
	gen     []int
	next    int
	seen    map[cseKey]Reg
	log     []cseKey
	subst   []Reg
	changed bool
	// mem is the generation of each address space's contents: it changes
	// at every instruction that may write there.
	mem [numSpaces]int
	p   *Program
}

func (c *cse) get(r Reg) Reg {
	for c.subst[r] != NoReg {
		r = c.subst[r]
	}
	return r
}

func (c *cse) block(b Block) {
	mark := len(c.log)
	for _, in := range b {
		for i, a := range in.Args {
			in.Args[i] = c.get(a)
		}
		switch {
		case in.Op == OpIf:
			c.block(in.Then)
			c.block(in.Else)
		case in.Op == OpLoop:
			c.bumpSets(in.Body)
			c.bumpSets(in.Continuing)
			c.bumpWrites(in.Body)
			c.bumpWrites(in.Continuing)
			c.block(in.Body)
			c.block(in.Continuing)
			c.bumpSets(in.Body)
			c.bumpSets(in.Continuing)
			c.bumpWrites(in.Body)
			c.bumpWrites(in.Continuing)
		case in.Op == OpSet:
			c.bump(in.Dst)
		case in.Op == OpLoad && len(in.Args) == 1 && in.Dst != NoReg && !c.f.Regs[in.Dst].Var:
			k := cseKey{op: OpLoad, kind: in.Kind, imm: uint64(in.Align), space: in.Space, a: in.Args[0], ga: c.gen[in.Args[0]], mem: c.mem[in.Space]}
			if r, ok := c.seen[k]; ok {
				c.subst[in.Dst] = r
				c.changed = true
				continue
			}
			c.seen[k] = in.Dst
			c.log = append(c.log, k)
		case c.writes(in):
			c.bumpMem(in)
		case in.Op == OpSwitch:
			for _, cs := range in.Cases {
				c.block(cs.Body)
			}
		case in.Op.IsPure():
			if in.Op == OpFuncConst || in.Op == OpFuncConstDefined {
				continue
			}
			k := cseKey{op: in.Op, kind: in.Kind, from: in.From, imm: in.Imm}
			if len(in.Args) > 0 {
				k.a, k.ga = in.Args[0], c.gen[in.Args[0]]
			}
			if len(in.Args) > 1 {
				k.b, k.gb = in.Args[1], c.gen[in.Args[1]]
			}
			if len(in.Args) > 2 {
				k.c, k.gc = in.Args[2], c.gen[in.Args[2]]
			}
			if r, ok := c.seen[k]; ok {
				c.subst[in.Dst] = r
				c.changed = true
				continue
			}
			c.seen[k] = in.Dst
			c.log = append(c.log, k)
		}
	}
	for _, k := range c.log[mark:] {
		delete(c.seen, k)
	}
	c.log = c.log[:mark]
}

func (c *cse) bump(r Reg) {
	c.next++
	c.gen[r] = c.next
}

// bumpSets gives a new generation to every variable assigned in b.
func (c *cse) bumpSets(b Block) {
	Walk(b, func(in *Instr) bool {
		if in.Op == OpSet {
			c.bump(in.Dst)
		}
		return true
	})
}

// writes reports whether in (not a control-flow instruction) may change
// memory or let another thread's changes be seen.
func (c *cse) writes(in *Instr) bool {
	switch in.Op {
	case OpStore, OpCall:
		return true
	case OpIntrinsic:
		if int(in.Imm) >= len(c.p.Intrinsics) {
			return true
		}
		return c.p.Intrinsics[in.Imm].Flags&(SideEffects|Convergent|Barrier) != 0
	}
	return false
}

// bumpMem starts new generations of the memory in may write: a store's
// own space, or every space.
func (c *cse) bumpMem(in *Instr) {
	for sp := range c.mem {
		if in.Op != OpStore || Space(sp) == in.Space {
			c.next++
			c.mem[sp] = c.next
		}
	}
	c.mem[Constant] = 0 // read-only
}

// bumpWrites applies bumpMem for every instruction of b that writes.
func (c *cse) bumpWrites(b Block) {
	Walk(b, func(in *Instr) bool {
		if c.writes(in) {
			c.bumpMem(in)
		}
		return true
	})
}

// removeSubstituted drops the instructions whose result was replaced.
func removeSubstituted(b Block, s []Reg) Block {
	out := b[:0]
	for _, in := range b {
		if in.Dst != NoReg && int(in.Dst) < len(s) && s[in.Dst] != NoReg && in.Op != OpSet {
			continue
		}
		in.Then = removeSubstituted(in.Then, s)
		in.Else = removeSubstituted(in.Else, s)
		in.Body = removeSubstituted(in.Body, s)
		in.Continuing = removeSubstituted(in.Continuing, s)
		for i := range in.Cases {
			in.Cases[i].Body = removeSubstituted(in.Cases[i].Body, s)
		}
		out = append(out, in)
	}
	return out
}
