package exec

import (
	"sort"

	"github.com/ingot-render/ingot/shaders/ir"
)

// allocTemps gives lane vectors to the varying temporaries of the function,
// reusing the vector of a temporary whose live range has ended (linear
// scan over the instructions in emission order). A temporary used inside
// a loop it was defined outside of stays live to the end of that loop.
// Ranges that merely touch do not share, so an instruction never writes
// its result over one of its operands. Variables, parameters and shadows
// keep their own vectors. Fewer vectors keep the register file in L1.
// Float and integer temporaries never share a vector: a varying op runs
// over the lanes a batch has inactive too, and a float op reading a vector
// that last held integers there reads small integers as subnormal floats,
// for which Intel cores take a microcode assist per instruction.
func (c *compiler) allocTemps() {
	f := c.f
	n := len(f.Regs)
	start, end := make([]int, n), make([]int, n)
	for i := range start {
		start[i] = -1
	}
	type span struct{ s, e int }
	loops := map[*ir.Instr]span{}
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
				loops[in] = span{s, pos}
			}
		}
	}
	number(f.Body)
	pos = 0
	var stack []span
	var walk func(b ir.Block)
	walk = func(b ir.Block) {
		for _, in := range b {
			p := pos
			pos++
			reads := in.Args
			// Fused ops read through their dead operands.
			if fa, ok := c.fused[in]; ok {
				reads = append([]ir.Reg(nil), reads...)
				for _, r := range []ir.Reg{fa.index, fa.varBase, fa.base1, fa.base2} {
					if r != ir.NoReg {
						reads = append(reads, r)
					}
				}
			}
			if fm, ok := c.mulAdds[in]; ok {
				reads = append(append([]ir.Reg(nil), reads...), fm.mul.Args...)
			}
			if in.Op == ir.OpIf && c.fusableCompare(in.Args[0]) {
				reads = append(append([]ir.Reg(nil), reads...), c.def[in.Args[0]].Args...)
			}
			for _, a := range reads {
				if p > end[a] {
					end[a] = p
				}
				for _, l := range stack {
					if start[a] < l.s && l.e > end[a] {
						end[a] = l.e
					}
				}
			}
			for _, r := range append([]ir.Reg{in.Dst}, in.Results...) {
				if r != ir.NoReg && !f.Regs[r].Var && start[r] < 0 {
					start[r], end[r] = p, max(end[r], p)
				}
			}
			if in.Op == ir.OpLoop {
				stack = append(stack, loops[in])
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
		reg := ir.Reg(r)
		if f.Regs[r].Var || c.uniform(reg) || c.dead[r] || c.loc[r].lane >= 0 || start[r] < 0 {
			continue
		}
		ivs = append(ivs, iv{reg, start[r], end[r]})
	}
	sort.SliceStable(ivs, func(i, j int) bool { return ivs[i].s < ivs[j].s })
	var free [3][]int32
	var active []iv
	for _, v := range ivs {
		keep := active[:0]
		for _, a := range active {
			if a.e < v.s {
				w := c.laneClass(a.r)
				free[w] = append(free[w], c.loc[a.r].lane)
			} else {
				keep = append(keep, a)
			}
		}
		active = keep
		w := c.laneClass(v.r)
		if k := len(free[w]); k > 0 {
			c.loc[v.r].lane = free[w][k-1]
			free[w] = free[w][:k-1]
		} else {
			c.loc[v.r].lane = c.newLane(w == 2)
		}
		active = append(active, v)
	}
}

// varsNeedingZero returns the variables that may be read before any
// assignment dominates the read; only those are cleared on entry (MSL
// programs initialise their variables, so usually none are, and a large
// shader does not pay a clear per variable per batch).
func varsNeedingZero(f *ir.Function) []bool {
	need := make([]bool, len(f.Regs))
	assigned := make([]bool, len(f.Regs))
	var block func(b ir.Block)
	block = func(b ir.Block) {
		var log []ir.Reg
		for _, in := range b {
			for _, a := range in.Args {
				if f.Regs[a].Var && !assigned[a] {
					need[a] = true
				}
			}
			block(in.Then)
			block(in.Else)
			block(in.Body)
			block(in.Continuing)
			for _, cs := range in.Cases {
				block(cs.Body)
			}
			if in.Op == ir.OpSet && !assigned[in.Dst] {
				assigned[in.Dst] = true
				log = append(log, in.Dst)
			}
		}
		for _, r := range log {
			assigned[r] = false
		}
	}
	block(f.Body)
	return need
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
