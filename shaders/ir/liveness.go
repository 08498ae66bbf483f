package ir

// Liveness is the per-invocation liveness of a function's variables where
// a register allocator needs it: on entry to the function and at the start
// of every loop body (reached from before the loop and by the back edge).
// It is the backward analysis of EliminateDeadSets, so it holds under
// masked execution too: a lane whose value of a variable is not live there
// never reads it before assigning it.
type Liveness struct {
	entry bitset
	heads map[*Instr]bitset
}

// LiveVariables computes the Liveness of f's variables. f is not modified.
func LiveVariables(f *Function) *Liveness {
	d := &deadSets{f: f, n: (len(f.Regs) + 63) / 64, heads: map[*Instr]bitset{}}
	var entry bitset
	for {
		d.grew = false
		entry = d.block(f.Body, d.empty())
		if !d.grew {
			break
		}
	}
	return &Liveness{entry: entry, heads: d.heads}
}

// OnEntry reports whether variable r may be read before it is assigned
// (it then holds its initial zero).
func (l *Liveness) OnEntry(r Reg) bool { return l.entry.has(r) }

// AtLoopHead reports whether variable r is live at the start of the body
// of loop (an OpLoop of the analysed function): some iteration may read
// the value it had when the iteration began. An instruction that is not
// a loop of the function counts as live.
func (l *Liveness) AtLoopHead(loop *Instr, r Reg) bool {
	h, ok := l.heads[loop]
	return !ok || h.has(r)
}
