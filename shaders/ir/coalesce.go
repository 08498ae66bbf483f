package ir

import "math/bits"

// CoalesceVariables merges, in every function of p, the two variables of
// an assignment "set v = u" into one when they never interfere, and drops
// the assignment: u's value then simply stays where it is. Struct values
// copied from variable to variable (a function's result built in one
// variable per field and returned into the caller's, the result variables
// of a function-table call assigned to the declared struct) cost one copy
// per field otherwise.
//
// Two variables interfere when one is assigned where the other is live
// (backward liveness as EliminateDeadSets computes it, per invocation, so
// it holds under masked execution: an assignment changes only its own
// lanes) or both are live on entry, where every variable holds zero; the
// assignment "set v = u" itself does not make v and u interfere, since
// after it they hold the same value. Assignments whose variable is dead
// count too (EliminateDeadSets may not have removed them yet). Merged
// variables need their Unmasked flags recomputed: Simplify runs
// EliminateDeadSets right after this pass. It reports whether anything
// changed.
func CoalesceVariables(p *Program) bool {
	changed := false
	for _, f := range p.Funcs {
		if coalesceFunction(f) {
			changed = true
		}
	}
	return changed
}

func coalesceFunction(f *Function) bool {
	var copies []*Instr
	Walk(f.Body, func(in *Instr) bool {
		if in.Op == OpSet && len(in.Args) == 1 && in.Dst != in.Args[0] && isVarOf(f, in.Dst) && isVarOf(f, in.Args[0]) &&
			f.Regs[in.Dst].Kind == f.Regs[in.Args[0]].Kind {
			copies = append(copies, in)
		}
		return true
	})
	if len(copies) == 0 {
		return false
	}
	// Interference sets, one bitset over all registers per variable; only
	// the variables of the copies matter.
	n := (len(f.Regs) + 63) / 64
	cand := make(bitset, n)
	for _, in := range copies {
		cand.set(in.Dst)
		cand.set(in.Args[0])
	}
	inter := map[Reg]bitset{}
	get := func(r Reg) bitset {
		b := inter[r]
		if b == nil {
			b = make(bitset, n)
			inter[r] = b
		}
		return b
	}
	d := &deadSets{f: f, n: n, heads: map[*Instr]bitset{}}
	d.solve()
	d.onSet = func(in *Instr, after bitset) {
		v := in.Dst
		if !cand.has(v) {
			return
		}
		src := NoReg
		if len(in.Args) == 1 && isVarOf(f, in.Args[0]) {
			src = in.Args[0]
		}
		bv := get(v)
		for i, w := range after {
			w &= cand[i]
			for w != 0 {
				b := w & -w
				w &^= b
				u := Reg(i*64 + bits.TrailingZeros64(b))
				if u == v || u == src {
					continue
				}
				bv.set(u)
				get(u).set(v)
			}
		}
	}
	// The marking pass also sets the Unmasked flags EliminateDeadSets
	// would set; nothing is removed here (d.dead is not used).
	entry := d.block(f.Body, d.empty())
	var live []Reg
	for i, w := range entry {
		w &= cand[i]
		for w != 0 {
			b := w & -w
			w &^= b
			live = append(live, Reg(i*64+bits.TrailingZeros64(b)))
		}
	}
	for _, a := range live {
		for _, b := range live {
			if a != b {
				get(a).set(b)
			}
		}
	}
	// Merge greedily in program order; rep maps a merged variable to the
	// one it became.
	rep := map[Reg]Reg{}
	find := func(r Reg) Reg {
		for {
			q, ok := rep[r]
			if !ok {
				return r
			}
			r = q
		}
	}
	merged := false
	for _, in := range copies {
		v, u := find(in.Dst), find(in.Args[0])
		if v == u || get(u).has(v) || f.Regs[v].Kind != f.Regs[u].Kind {
			continue
		}
		// v becomes u: u interferes with everything v did.
		bu, bv := get(u), get(v)
		bu.or(bv)
		for i, w := range bv {
			for w != 0 {
				b := w & -w
				w &^= b
				get(Reg(i*64 + bits.TrailingZeros64(b))).set(u)
			}
		}
		rep[v] = u
		merged = true
	}
	if !merged {
		return false
	}
	var rename func(b Block) Block
	rename = func(b Block) Block {
		out := b[:0]
		for _, in := range b {
			if in.Dst != NoReg {
				in.Dst = find(in.Dst)
			}
			for i, a := range in.Args {
				if isVarOf(f, a) {
					in.Args[i] = find(a)
				}
			}
			if in.Op == OpSet && len(in.Args) == 1 && in.Args[0] == in.Dst {
				continue // the copy the merge made redundant
			}
			in.Then = rename(in.Then)
			in.Else = rename(in.Else)
			in.Body = rename(in.Body)
			in.Continuing = rename(in.Continuing)
			for i := range in.Cases {
				in.Cases[i].Body = rename(in.Cases[i].Body)
			}
			out = append(out, in)
		}
		return out
	}
	f.Body = rename(f.Body)
	return true
}

func isVarOf(f *Function, r Reg) bool { return r > 0 && int(r) < len(f.Regs) && f.Regs[r].Var }
