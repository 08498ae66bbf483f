package ir

// EliminateDeadSets removes, in every function of p, the assignments to
// variables whose value no path reads before the variable is assigned
// again or the function ends. The analysis is backward liveness over the
// structured control flow: an if joins its branches, a switch its cases
// (with C fallthrough, and the path past every case when there is no
// default), a loop is iterated to a fixed point through its Continuing
// block, break and continue take the liveness of their targets, and
// return and discard end it. Liveness is per invocation, so it holds under
// masked execution too: a lane whose value is dead never reads it. It
// reports whether anything changed.
//
// It also sets Instr.Unmasked on the assignments whose variable is dead
// wherever the lanes inactive at that point wait to rejoin: the else
// branch or the exit of an if being run, the exit and Continuing block of
// an enclosing loop, the later cases and the exit of a switch (lanes that
// returned wait at the end of the function, where nothing is live).
//
// ForwardVariables removes overwritten assignments within one run of
// plain instructions; this pass also finds those separated by control
// flow, such as an initial value that both branches of a later if
// replace (the pattern inlining leaves for early returns).
func EliminateDeadSets(p *Program) bool {
	changed := false
	for _, f := range p.Funcs {
		d := &deadSets{f: f, n: (len(f.Regs) + 63) / 64, heads: map[*Instr]bitset{}}
		d.solve()
		d.block(f.Body, d.empty())
		if len(d.dead) > 0 {
			f.Body = removeSets(f.Body, d.dead)
			changed = true
		}
	}
	return changed
}

type bitset []uint64

func (b bitset) has(r Reg) bool { return b[r>>6]&(1<<(r&63)) != 0 }
func (b bitset) set(r Reg)      { b[r>>6] |= 1 << (r & 63) }
func (b bitset) clear(r Reg)    { b[r>>6] &^= 1 << (r & 63) }

func (b bitset) or(o bitset) {
	for i := range b {
		b[i] |= o[i]
	}
}

func (b bitset) clone() bitset { return append(bitset(nil), b...) }

// covers reports whether b includes every element of o.
func (b bitset) covers(o bitset) bool {
	for i := range b {
		if o[i]&^b[i] != 0 {
			return false
		}
	}
	return true
}

// target is where break and continue go: the live sets at the innermost
// loop's or switch's exit and at the innermost loop's Continuing block.
type target struct{ brk, cont bitset }

type deadSets struct {
	f       *Function
	rejoin  []bitset // live sets where the lanes inactive inside each enclosing construct wait
	n       int
	heads   map[*Instr]bitset // live at the start of each loop's body
	targets []target
	grew    bool
	mark    bool
	dead    map[*Instr]bool
	// onSet, when set, is called in the marking pass for every assignment
	// to a variable with the variables live after it (not to be kept).
	onSet func(in *Instr, after bitset)
}

func (d *deadSets) empty() bitset { return make(bitset, d.n) }

func (d *deadSets) isVar(r Reg) bool { return r > 0 && int(r) < len(d.f.Regs) && d.f.Regs[r].Var }

func (d *deadSets) useArgs(in *Instr, live bitset) {
	for _, a := range in.Args {
		if d.isVar(a) {
			live.set(a)
		}
	}
}

// block returns the variables live at the start of b given those live
// after it (out is not modified).
func (d *deadSets) block(b Block, out bitset) bitset {
	live := out.clone()
	for i := len(b) - 1; i >= 0; i-- {
		live = d.instr(b[i], live)
	}
	return live
}

// instr returns the variables live before in given those live after it
// (it may reuse live).
func (d *deadSets) instr(in *Instr, live bitset) bitset {
	switch in.Op {
	case OpSet:
		if !d.isVar(in.Dst) {
			d.useArgs(in, live)
			return live
		}
		if d.mark && d.onSet != nil {
			d.onSet(in, live)
		}
		if !live.has(in.Dst) {
			if d.mark {
				d.dead[in] = true
			}
			return live // its operand is read by nothing else here
		}
		if d.mark {
			in.Unmasked = true
			for _, r := range d.rejoin {
				if r.has(in.Dst) {
					in.Unmasked = false
					break
				}
			}
		}
		live.clear(in.Dst)
		d.useArgs(in, live)
		return live
	case OpIf:
		// The then branch runs first: its inactive lanes wait at the else
		// branch (or the exit); the else branch's wait at the exit.
		d.rejoin = append(d.rejoin, live)
		e := d.block(in.Else, live)
		d.rejoin[len(d.rejoin)-1] = e
		t := d.block(in.Then, live)
		d.rejoin = d.rejoin[:len(d.rejoin)-1]
		t.or(e)
		d.useArgs(in, t)
		return t
	case OpLoop:
		exit := live
		head := d.heads[in]
		if head == nil {
			head = d.empty()
		}
		for {
			d.targets = append(d.targets, target{brk: exit, cont: nil})
			d.rejoin = append(d.rejoin, exit)
			cont := d.block(in.Continuing, head)
			d.targets[len(d.targets)-1].cont = cont
			wait := exit.clone()
			wait.or(cont)
			d.rejoin[len(d.rejoin)-1] = wait
			body := d.block(in.Body, cont)
			d.rejoin = d.rejoin[:len(d.rejoin)-1]
			d.targets = d.targets[:len(d.targets)-1]
			if head.covers(body) {
				break
			}
			head.or(body)
			d.grew = true
		}
		d.heads[in] = head
		return head.clone()
	case OpSwitch:
		exit := live
		var cont bitset
		if len(d.targets) > 0 {
			cont = d.targets[len(d.targets)-1].cont
		}
		d.targets = append(d.targets, target{brk: exit, cont: cont})
		all := d.empty()
		next := exit
		hasDefault := false
		for _, cs := range in.Cases {
			hasDefault = hasDefault || cs.Default
		}
		later := d.empty() // live at the entries of the cases after i
		for i := len(in.Cases) - 1; i >= 0; i-- {
			// Case i's inactive lanes: those of later cases, and at the
			// exit those of earlier cases and those no case takes.
			wait := later.clone()
			if i > 0 || !hasDefault {
				wait.or(exit)
			}
			d.rejoin = append(d.rejoin, wait)
			next = d.block(in.Cases[i].Body, next)
			d.rejoin = d.rejoin[:len(d.rejoin)-1]
			all.or(next)
			later.or(next)
		}
		d.targets = d.targets[:len(d.targets)-1]
		if !hasDefault {
			all.or(exit)
		}
		d.useArgs(in, all)
		return all
	case OpBreak:
		if len(d.targets) == 0 {
			return d.empty()
		}
		return d.targets[len(d.targets)-1].brk.clone()
	case OpContinue:
		for i := len(d.targets) - 1; i >= 0; i-- {
			if c := d.targets[i].cont; c != nil {
				return c.clone()
			}
		}
		return d.empty()
	case OpReturn:
		live = d.empty()
		d.useArgs(in, live)
		return live
	}
	d.useArgs(in, live)
	return live
}

// removeSets returns b without the instructions of dead, recursively.
func removeSets(b Block, dead map[*Instr]bool) Block {
	out := b[:0]
	for _, in := range b {
		if dead[in] {
			continue
		}
		in.Then = removeSets(in.Then, dead)
		in.Else = removeSets(in.Else, dead)
		in.Body = removeSets(in.Body, dead)
		in.Continuing = removeSets(in.Continuing, dead)
		for i := range in.Cases {
			in.Cases[i].Body = removeSets(in.Cases[i].Body, dead)
		}
		out = append(out, in)
	}
	return out
}

// solve iterates until every loop's live-at-head set is stable, then
// turns marking on: the next walk of the body records the dead sets.
func (d *deadSets) solve() {
	for {
		d.grew = false
		d.block(d.f.Body, d.empty())
		if !d.grew {
			break
		}
	}
	d.mark = true
	d.dead = map[*Instr]bool{}
}
