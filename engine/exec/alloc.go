package exec

import (
	"slices"
	"sort"

	"github.com/ingot-render/ingot/shaders/ir"
)

// allocLanes gives lane vectors to the varying registers of the function:
// temporaries, variables and (outside the entry function) parameters. A
// temporary given a variable's vector by planCoalesce shares it for good,
// so a variable and those temporaries form one unit. Units whose live
// ranges do not overlap share a vector (linear scan over the instructions
// in emission order).
//
// A unit's range runs from its first to its last reference (definitions,
// reads, masked or not), from the entry for a parameter and for a
// variable that may be read before it is assigned (it is cleared on
// entry). Program order is the order in which a batch runs the code: an
// if runs its branches one after the other, a switch its cases, and the
// lanes a branch leaves inactive wait at a later point, so a value that
// some lane still needs lies between two references in program order. Loops are the exception: a unit referenced inside a loop
// whose range reaches outside it, or a variable live at the head of its
// body (a later iteration reads an earlier one's value), is live for the
// whole loop, which also covers the lanes that left it by break while
// others iterate. Ranges that merely touch do not share, so an
// instruction never writes its result over one of its operands (an
// in-place update of a variable is one unit).
//
// The entry function's parameters (stored once per dispatch) and its
// cached built-ins (refilled only when the batch changes) keep vectors of
// their own, as do results and shadows of uniform registers (allocated
// later); fewer vectors keep the register file in L1. Float and integer
// units never share a vector: a varying op runs over the lanes a batch has
// inactive too, and a float op reading a vector that last held integers
// there reads small integers as subnormal floats, for which Intel cores
// take a microcode assist per instruction.
func (c *compiler) allocLanes() {
	f := c.f
	n := len(f.Regs)
	isParam := make([]bool, n)
	for _, r := range f.Params {
		isParam[r] = true
	}
	// unit[r] is the register whose vector r uses (0: none), fixed[r]
	// those with a vector of their own.
	unit := make([]ir.Reg, n)
	fixed := make([]bool, n)
	for r := 1; r < n; r++ {
		reg := ir.Reg(r)
		switch {
		case c.uniform(reg):
		case c.cachedBuiltin[r] || c.entry && isParam[r]:
			fixed[r] = true
			unit[r] = reg
		case f.Regs[r].Var || isParam[r] || !c.dead[r]:
			unit[r] = reg
		}
	}
	for v, ts := range c.coalesce.into {
		for _, t := range ts {
			unit[t] = v
		}
	}
	type span struct{ s, e int }
	var loops []span
	var loopInstr []*ir.Instr
	loopIdx := map[*ir.Instr]int{}
	pos := 0
	var number func(b ir.Block)
	number = func(b ir.Block) {
		for _, in := range b {
			s := pos
			pos++
			number(in.Then)
			number(in.Else)
			number(in.Body)
			number(in.Continuing)
			for _, cs := range in.Cases {
				number(cs.Body)
			}
			if in.Op == ir.OpLoop {
				loopIdx[in] = len(loops)
				loops = append(loops, span{s, pos})
				loopInstr = append(loopInstr, in)
			}
		}
	}
	number(f.Body)
	start, end := make([]int, n), make([]int, n)
	for i := range start {
		start[i], end[i] = -2, -2
	}
	// inLoops[u] are the loops (indexes into loops) with a reference of u.
	inLoops := make([][]int32, n)
	var stack []int32
	touch := func(r ir.Reg, p int) {
		u := unit[r]
		if u == ir.NoReg || fixed[u] {
			return
		}
		if start[u] == -2 {
			start[u], end[u] = p, p
		}
		start[u], end[u] = min(start[u], p), max(end[u], p)
		for _, l := range stack {
			if !slices.Contains(inLoops[u], l) {
				inLoops[u] = append(inLoops[u], l)
			}
		}
	}
	live := ir.LiveVariables(f)
	c.live = live
	for r := 1; r < n; r++ {
		if isParam[r] || f.Regs[r].Var && live.OnEntry(ir.Reg(r)) {
			touch(ir.Reg(r), -1)
		}
	}
	pos = 0
	var walk func(b ir.Block)
	walk = func(b ir.Block) {
		for i, in := range b {
			p := pos
			pos++
			for _, a := range in.Args {
				touch(a, p)
			}
			// Fused ops read through their dead operands.
			if fa, ok := c.fused[in]; ok {
				for _, r := range []ir.Reg{fa.index, fa.varBase, fa.base1, fa.base2} {
					if r != ir.NoReg {
						touch(r, p)
					}
				}
			}
			if fm, ok := c.mulAdds[in]; ok {
				for _, a := range fm.mul.Args {
					touch(a, p)
				}
			}
			if in.Op == ir.OpIf && c.fusableCompare(in.Args[0]) {
				for _, a := range c.def[in.Args[0]].Args {
					touch(a, p)
				}
			}
			if in.Dst != ir.NoReg {
				touch(in.Dst, p)
			}
			for _, r := range in.Results {
				touch(r, p)
			}
			if in.Op == ir.OpCall {
				// The call writes the variables its results are assigned
				// to (block compiles it the same way).
				c.foldCallSets(in, b[i+1:])
				for _, v := range c.callVars[in] {
					touch(v, p)
				}
			}
			if in.Op == ir.OpLoop {
				stack = append(stack, int32(loopIdx[in]))
			}
			walk(in.Then)
			walk(in.Else)
			walk(in.Body)
			walk(in.Continuing)
			for _, cs := range in.Cases {
				walk(cs.Body)
			}
			if in.Op == ir.OpLoop {
				stack = stack[:len(stack)-1]
			}
		}
	}
	walk(f.Body)
	type iv struct {
		r    ir.Reg
		s, e int
	}
	var ivs []iv
	for r := 1; r < n; r++ {
		if unit[r] != ir.Reg(r) || fixed[r] || start[r] == -2 {
			continue
		}
		s, e := start[r], end[r]
		for grew := true; grew; {
			grew = false
			for _, l := range inLoops[r] {
				L := loops[l]
				if s <= L.s && e >= L.e {
					continue
				}
				if s < L.s || e >= L.e || f.Regs[r].Var && live.AtLoopHead(loopInstr[l], ir.Reg(r)) {
					s, e, grew = min(s, L.s), max(e, L.e), true
				}
			}
		}
		ivs = append(ivs, iv{ir.Reg(r), s, e})
	}
	// Every vector is given out anew: nothing holds a lane offset yet.
	c.cf.n32, c.cf.n64 = 0, 0
	lanes := make([]int32, n)
	for r := range lanes {
		lanes[r] = -1
	}
	for r := 1; r < n; r++ {
		if fixed[r] {
			lanes[r] = c.newLane(c.wide(ir.Reg(r)))
		}
	}
	sort.SliceStable(ivs, func(i, j int) bool { return ivs[i].s < ivs[j].s })
	var free [3][]int32
	var active []iv
	for _, v := range ivs {
		keep := active[:0]
		for _, a := range active {
			if a.e < v.s {
				w := c.laneClass(a.r)
				free[w] = append(free[w], lanes[a.r])
			} else {
				keep = append(keep, a)
			}
		}
		active = keep
		w := c.laneClass(v.r)
		if k := len(free[w]); k > 0 {
			lanes[v.r] = free[w][k-1]
			free[w] = free[w][:k-1]
		} else {
			lanes[v.r] = c.newLane(w == 2)
		}
		active = append(active, v)
	}
	for r := 1; r < n; r++ {
		if u := unit[r]; u != ir.NoReg {
			c.loc[r].lane = lanes[u]
		}
	}
}

// laneClass is the free list a temporary's lane vector goes to: 32-bit
// integers and masks, 32-bit floats, 64-bit values.
func (c *compiler) laneClass(r ir.Reg) int {
	k := c.f.Regs[r].Kind
	switch {
	case k.Wide():
		return 2
	case k.IsFloat():
		return 1
	}
	return 0
}
