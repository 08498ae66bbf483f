package ir

// Clone returns a deep copy of p (functions, blocks and instructions; the
// FileSet is shared).
func Clone(p *Program) *Program {
	q := &Program{Fset: p.Fset}
	q.Intrinsics = make([]IntrinsicDecl, len(p.Intrinsics))
	for i, d := range p.Intrinsics {
		d.Params = append([]Kind(nil), d.Params...)
		d.Results = append([]Kind(nil), d.Results...)
		q.Intrinsics[i] = d
	}
	q.Constants = append([]FuncConstant(nil), p.Constants...)
	q.Data = append([]byte(nil), p.Data...)
	for _, f := range p.Funcs {
		g := *f
		g.Params = append([]Reg(nil), f.Params...)
		g.Results = append([]Kind(nil), f.Results...)
		g.Regs = append([]RegInfo(nil), f.Regs...)
		g.Body = cloneBlock(f.Body, func(r Reg) Reg { return r })
		q.Funcs = append(q.Funcs, &g)
	}
	return q
}

// cloneBlock deep-copies b, passing every register through m.
func cloneBlock(b Block, m func(Reg) Reg) Block {
	if b == nil {
		return nil
	}
	out := make(Block, len(b))
	for i, in := range b {
		c := *in
		if in.Dst != NoReg {
			c.Dst = m(in.Dst)
		}
		c.Args = mapRegs(in.Args, m)
		c.Results = mapRegs(in.Results, m)
		c.Then = cloneBlock(in.Then, m)
		c.Else = cloneBlock(in.Else, m)
		c.Body = cloneBlock(in.Body, m)
		c.Continuing = cloneBlock(in.Continuing, m)
		if in.Cases != nil {
			c.Cases = make([]Case, len(in.Cases))
			for j, cs := range in.Cases {
				c.Cases[j] = Case{Values: append([]int64(nil), cs.Values...), Default: cs.Default, Body: cloneBlock(cs.Body, m)}
			}
		}
		out[i] = &c
	}
	return out
}

func mapRegs(rs []Reg, m func(Reg) Reg) []Reg {
	if rs == nil {
		return nil
	}
	out := make([]Reg, len(rs))
	for i, r := range rs {
		out[i] = m(r)
	}
	return out
}

// substitute rewrites every operand r with s[r] when s[r] != NoReg,
// following chains.
func substitute(b Block, s []Reg) {
	get := func(r Reg) Reg {
		for int(r) < len(s) && s[r] != NoReg {
			r = s[r]
		}
		return r
	}
	Walk(b, func(in *Instr) bool {
		for i, a := range in.Args {
			in.Args[i] = get(a)
		}
		return true
	})
}
