package ir

// ForwardVariables replaces reads of a variable by the temporary last
// assigned to it, where that assignment is known to reach the read, and
// removes assignments that a later one overwrites before anything can read
// them. It reports whether anything changed.
//
// After "set v = t" (t a temporary) a read of v later in the same block,
// or in blocks nested there, sees t as long as no assignment to v can come
// in between: an if, loop or switch that assigns v anywhere inside ends
// the forwarding of v, and a loop's body and continuing block only inherit
// the values of variables the loop never assigns. This is sound under
// masked execution: the lanes that read v are a subset of the lanes that
// executed the set, and inactive lanes of a temporary are never observed.
//
// Two assignments to v in one run of plain instructions (no if, loop,
// switch, break, continue, return or discard between them) with no read
// of v between: the first is dead. EliminateDeadCode then removes the
// assignments to variables that are no longer read at all.
//
// Straight-line code that accumulates into variables (x ^= ...; x ^= ...)
// thus runs on temporaries only, and struct variables built field by
// field and read in the same region need no copies.
func ForwardVariables(p *Program) bool {
	changed := false
	for _, f := range p.Funcs {
		fw := &forwarder{f: f}
		f.Body = fw.block(f.Body, map[Reg]Reg{})
		changed = changed || fw.changed
	}
	return changed
}

type forwarder struct {
	f       *Function
	changed bool
}

func (fw *forwarder) isVar(r Reg) bool { return r > 0 && int(r) < len(fw.f.Regs) && fw.f.Regs[r].Var }

// block forwards within b given env (variable → temporary valid on entry;
// block owns env and may change it) and returns b without dead sets.
func (fw *forwarder) block(b Block, env map[Reg]Reg) Block {
	lastSet := map[Reg]int{} // variable → index of its last set in the current plain run, unread since
	var dead []bool
	for i, in := range b {
		for j, a := range in.Args {
			if t, ok := env[a]; ok {
				in.Args[j] = t
				fw.changed = true
			} else if fw.isVar(a) {
				delete(lastSet, a)
			}
		}
		switch in.Op {
		case OpSet:
			v := in.Dst
			if k, ok := lastSet[v]; ok {
				if dead == nil {
					dead = make([]bool, len(b))
				}
				dead[k] = true
			}
			lastSet[v] = i
			if src := in.Args[0]; fw.isVar(src) {
				delete(env, v)
			} else {
				env[v] = src
			}
		case OpIf:
			in.Then = fw.block(in.Then, cloneEnv(env, nil))
			in.Else = fw.block(in.Else, cloneEnv(env, nil))
			fw.dropAssigned(env, in)
			fw.keepPending(lastSet, in)
		case OpLoop:
			set := map[Reg]bool{}
			fw.assigned(in.Body, set)
			fw.assigned(in.Continuing, set)
			in.Body = fw.block(in.Body, cloneEnv(env, set))
			in.Continuing = fw.block(in.Continuing, cloneEnv(env, set))
			for v := range set {
				delete(env, v)
			}
			fw.keepPending(lastSet, in)
		case OpSwitch:
			set := map[Reg]bool{}
			for _, c := range in.Cases {
				fw.assigned(c.Body, set)
			}
			for ci := range in.Cases {
				in.Cases[ci].Body = fw.block(in.Cases[ci].Body, cloneEnv(env, set))
			}
			for v := range set {
				delete(env, v)
			}
			fw.keepPending(lastSet, in)
		case OpBreak, OpContinue, OpReturn:
			clear(lastSet)
		}
	}
	if dead == nil {
		return b
	}
	fw.changed = true
	out := b[:0]
	for i, in := range b {
		if !dead[i] {
			out = append(out, in)
		}
	}
	for i := len(out); i < len(b); i++ {
		b[i] = nil
	}
	return out
}

// keepPending updates the sets awaiting a later overwrite across the
// if, loop or switch c: a variable that c reads or assigns is no longer
// pending (its set is kept), and so is every variable when some lanes may
// leave c to an enclosing loop or switch (break, continue), since they
// could read it there. A variable c does not touch stays pending: a later
// set in this run still makes the earlier one dead.
func (fw *forwarder) keepPending(lastSet map[Reg]int, c *Instr) {
	if len(lastSet) == 0 {
		return
	}
	if escapes(c) {
		clear(lastSet)
		return
	}
	visit := func(in *Instr) bool {
		for _, a := range in.Args {
			delete(lastSet, a)
		}
		if in.Op == OpSet {
			delete(lastSet, in.Dst)
		}
		return true
	}
	for _, b := range []Block{c.Then, c.Else, c.Body, c.Continuing} {
		Walk(b, visit)
	}
	for _, cs := range c.Cases {
		Walk(cs.Body, visit)
	}
}

// escapes reports whether a break or continue inside c leaves c (targets
// a loop or switch around it).
func escapes(c *Instr) bool {
	var walk func(b Block, loops, breakables int) bool
	walk = func(b Block, loops, breakables int) bool {
		for _, in := range b {
			switch in.Op {
			case OpBreak:
				if breakables == 0 {
					return true
				}
			case OpContinue:
				if loops == 0 {
					return true
				}
			case OpIf:
				if walk(in.Then, loops, breakables) || walk(in.Else, loops, breakables) {
					return true
				}
			case OpLoop:
				if walk(in.Body, loops+1, breakables+1) || walk(in.Continuing, loops+1, breakables+1) {
					return true
				}
			case OpSwitch:
				for _, cs := range in.Cases {
					if walk(cs.Body, loops, breakables+1) {
						return true
					}
				}
			}
		}
		return false
	}
	switch c.Op {
	case OpIf:
		return walk(c.Then, 0, 0) || walk(c.Else, 0, 0)
	case OpLoop:
		return walk(c.Body, 1, 1) || walk(c.Continuing, 1, 1)
	case OpSwitch:
		for _, cs := range c.Cases {
			if walk(cs.Body, 0, 1) {
				return true
			}
		}
	}
	return false
}

// dropAssigned removes from env the variables an if assigns.
func (fw *forwarder) dropAssigned(env map[Reg]Reg, in *Instr) {
	if len(env) == 0 {
		return
	}
	set := map[Reg]bool{}
	fw.assigned(in.Then, set)
	fw.assigned(in.Else, set)
	for v := range set {
		delete(env, v)
	}
}

// assigned adds to set every variable assigned in b or blocks nested there.
func (fw *forwarder) assigned(b Block, set map[Reg]bool) {
	Walk(b, func(in *Instr) bool {
		if in.Op == OpSet {
			set[in.Dst] = true
		}
		return true
	})
}

// cloneEnv copies env without the variables in drop.
func cloneEnv(env map[Reg]Reg, drop map[Reg]bool) map[Reg]Reg {
	c := make(map[Reg]Reg, len(env))
	for v, t := range env {
		if !drop[v] {
			c[v] = t
		}
	}
	return c
}
