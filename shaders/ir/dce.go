package ir

// EliminateDeadCode removes, in every function of p, instructions after a
// break, continue, return or discard in the same block, pure instructions
// (and loads) whose result is unused, assignments to variables that are
// never read, and empty ifs, until nothing changes. It reports whether
// anything changed.
func EliminateDeadCode(p *Program) bool {
	any := false
	for _, f := range p.Funcs {
		for {
			uses := make([]int, len(f.Regs))
			Walk(f.Body, func(in *Instr) bool {
				for _, a := range in.Args {
					uses[a]++
				}
				return true
			})
			d := &dce{uses: uses}
			f.Body = d.block(f.Body)
			if !d.changed {
				break
			}
			any = true
		}
	}
	return any
}

type dce struct {
	uses    []int
	changed bool
}

func (d *dce) block(b Block) Block {
	out := b[:0]
	for i, in := range b {
		switch in.Op {
		case OpIf:
			in.Then = d.block(in.Then)
			in.Else = d.block(in.Else)
			if len(in.Then) == 0 && len(in.Else) == 0 {
				d.changed = true
				continue
			}
		case OpLoop:
			in.Body = d.block(in.Body)
			in.Continuing = d.block(in.Continuing)
		case OpSwitch:
			for i := range in.Cases {
				in.Cases[i].Body = d.block(in.Cases[i].Body)
			}
		case OpSet:
			if d.uses[in.Dst] == 0 {
				d.changed = true
				continue
			}
		default:
			if (in.Op.IsPure() || in.Op == OpLoad || in.Op == OpAlloca) && d.uses[in.Dst] == 0 {
				d.changed = true
				continue
			}
		}
		out = append(out, in)
		if in.Op == OpBreak || in.Op == OpContinue || in.Op == OpReturn {
			if i < len(b)-1 {
				d.changed = true
			}
			break
		}
	}
	n := len(out)
	for i := n; i < len(b); i++ {
		b[i] = nil // let dropped instructions be collected
	}
	return out[:n]
}
