package exec

import (
	"github.com/ingot-render/ingot/internal/lane"
	"github.com/ingot-render/ingot/shaders/ir"
)

// Address fusion. Lowered MSL computes most addresses as
//
//	base + zext(index) * size (+ offset)
//
// with base and offset uniform (buffer argument, member offset) and index
// a varying 32-bit value. The compiler folds that chain into the load or
// store (affine addressing: one pass over the index instead of three over
// 64-bit lanes) and drops the intermediate instructions when nothing else
// uses them. The arithmetic is the same modulo 2^64.

// fusedAddr describes base1 + base2 + ext(index) * scale, or (loads only,
// varBase set) varBase [+ base1] [+ ext(index) * scale]: a varying
// pointer plus a uniform offset and/or a scaled index, as in p->member or
// p[i] for a pointer loaded per lane (base1 and index may be NoReg).
type fusedAddr struct {
	base1, base2 ir.Reg // uniform; base2 may be NoReg
	index        ir.Reg // varying U32 or I32
	signed       bool
	scale        uint64
	varBase      ir.Reg   // varying U64 (the varBase + base1 form), or NoReg
	consumed     []ir.Reg // registers this fusion reads through
}

// planFusion finds the loads and stores whose address can be fused and the
// registers that become dead.
func (c *compiler) planFusion() {
	f := c.f
	def := make([]*ir.Instr, len(f.Regs))
	uses := make([]int, len(f.Regs))
	ir.Walk(f.Body, func(in *ir.Instr) bool {
		if in.Dst != ir.NoReg && !f.Regs[in.Dst].Var {
			def[in.Dst] = in
		}
		for _, a := range in.Args {
			uses[a]++
		}
		return true
	})
	uniform := func(r ir.Reg) bool { return f.Regs[r].Class == ir.Uniform }
	constVal := func(r ir.Reg) (uint64, bool) {
		if d := def[r]; d != nil && d.Op == ir.OpConst {
			return d.Imm, true
		}
		return 0, false
	}
	// scaled matches ext(index)*scale (or << k, or ext(index) alone).
	scaled := func(r ir.Reg) (fusedAddr, bool) {
		d := def[r]
		if d == nil || uniform(r) {
			return fusedAddr{}, false
		}
		fa := fusedAddr{scale: 1}
		if d.Op == ir.OpMul || d.Op == ir.OpShl {
			k, ok := constVal(d.Args[1])
			x := d.Args[0]
			if !ok && d.Op == ir.OpMul {
				k, ok = constVal(d.Args[0])
				x = d.Args[1]
			}
			if !ok {
				return fusedAddr{}, false
			}
			if d.Op == ir.OpShl {
				k = 1 << (k & 63)
			}
			fa.scale = k
			fa.consumed = append(fa.consumed, r)
			d, r = def[x], x
			if d == nil {
				return fusedAddr{}, false
			}
		}
		if d.Op != ir.OpConv || (d.From != ir.U32 && d.From != ir.I32) || uniform(d.Args[0]) {
			return fusedAddr{}, false
		}
		fa.index, fa.signed = d.Args[0], d.From == ir.I32
		fa.consumed = append(fa.consumed, r)
		return fa, true
	}
	// match: addr = U + S | addr = (U + S) + V.
	var match func(r ir.Reg, depth int) (fusedAddr, bool)
	match = func(r ir.Reg, depth int) (fusedAddr, bool) {
		d := def[r]
		if d == nil || d.Op != ir.OpAdd || d.Kind != ir.U64 || uniform(r) {
			return fusedAddr{}, false
		}
		x, y := d.Args[0], d.Args[1]
		if uniform(y) {
			x, y = y, x
		}
		if !uniform(x) {
			return fusedAddr{}, false
		}
		if fa, ok := scaled(y); ok {
			fa.base1 = x
			fa.consumed = append(fa.consumed, r)
			return fa, true
		}
		if depth == 0 {
			if fa, ok := match(y, 1); ok && fa.base2 == ir.NoReg {
				fa.base2 = x
				fa.consumed = append(fa.consumed, r)
				return fa, true
			}
		}
		return fusedAddr{}, false
	}
	// varBaseAddr matches a load address V + U, V + S or (V + S) + U with
	// V a varying pointer, U uniform and S a scaled varying index.
	varBaseAddr := func(in *ir.Instr) (fusedAddr, bool) {
		r := in.Args[0]
		d := def[r]
		if in.Op != ir.OpLoad || d == nil || d.Op != ir.OpAdd || d.Kind != ir.U64 || uniform(r) {
			return fusedAddr{}, false
		}
		fa := fusedAddr{base1: ir.NoReg, consumed: []ir.Reg{r}}
		x, y := d.Args[0], d.Args[1]
		if uniform(x) {
			x, y = y, x
		}
		if uniform(y) {
			// (V + S) + U or V + U.
			fa.base1 = y
			if dx := def[x]; dx != nil && dx.Op == ir.OpAdd && dx.Kind == ir.U64 && !uniform(x) {
				a, b := dx.Args[0], dx.Args[1]
				if sa, ok := scaled(b); ok && !uniform(a) {
					sa.base1, sa.varBase = y, a
					sa.consumed = append(sa.consumed, x, r)
					return sa, true
				}
				if sa, ok := scaled(a); ok && !uniform(b) {
					sa.base1, sa.varBase = y, b
					sa.consumed = append(sa.consumed, x, r)
					return sa, true
				}
			}
			fa.varBase = x
			return fa, true
		}
		// V + S.
		if sa, ok := scaled(y); ok {
			sa.base1, sa.varBase = ir.NoReg, x
			sa.consumed = append(sa.consumed, r)
			return sa, true
		}
		if sa, ok := scaled(x); ok {
			sa.base1, sa.varBase = ir.NoReg, y
			sa.consumed = append(sa.consumed, r)
			return sa, true
		}
		return fusedAddr{}, false
	}
	c.def, c.uses = def, uses
	c.fused = map[*ir.Instr]fusedAddr{}
	fusedUses := make([]int, len(f.Regs))
	ir.Walk(f.Body, func(in *ir.Instr) bool {
		if in.Op != ir.OpLoad && in.Op != ir.OpStore {
			return true
		}
		fa, ok := match(in.Args[0], 0)
		if !ok {
			// A bare scaled index (threadgroup and thread offsets).
			if fa, ok = scaled(in.Args[0]); !ok || fa.scale == 1 {
				// A varying pointer plus a uniform offset and/or a scaled
				// index (loads): p->m, p[i], p[i].m.
				if fa, ok = varBaseAddr(in); !ok {
					return true
				}
			}
		}
		c.fused[in] = fa
		// Each consumed register is read once along the chain.
		for _, r := range fa.consumed {
			fusedUses[r]++
		}
		return true
	})
	// A register is dead when every use is inside fused chains: count the
	// uses the chains make of each other (an add reads its scaled operand,
	// a mul reads its conv).
	chainUses := make([]int, len(f.Regs))
	c.dead = make([]bool, len(f.Regs))
	// The varying pointer of a varBase load is read by the load itself:
	// it stays alive even when its own address chain is fused elsewhere.
	pinned := make([]bool, len(f.Regs))
	for _, fa := range c.fused {
		if fa.varBase != ir.NoReg {
			pinned[fa.varBase] = true
		}
	}
	defer ir.Walk(f.Body, func(in *ir.Instr) bool {
		// Comparisons folded into opIfCmp; their operands stay alive.
		if in.Op == ir.OpIf && (c.fusableCompare(in.Args[0]) || c.fusableUniformCompare(in)) {
			c.dead[in.Args[0]] = true
		}
		return true
	})
	// Iterate: a register is dead if all its uses come from dead
	// registers or fused memory ops.
	for changed := true; changed; {
		changed = false
		for r := range chainUses {
			chainUses[r] = 0
		}
		ir.Walk(f.Body, func(in *ir.Instr) bool {
			if _, ok := c.fused[in]; ok {
				chainUses[in.Args[0]]++
				return true
			}
			if in.Dst != ir.NoReg && c.dead[in.Dst] {
				for _, a := range in.Args {
					chainUses[a]++
				}
			}
			return true
		})
		for r, n := range fusedUses {
			if n > 0 && !c.dead[r] && !pinned[r] && chainUses[r] == uses[r] {
				c.dead[r] = true
				changed = true
			}
		}
	}
}

// uloadAddr is the address of a uniform load folded to base + off: a
// uniform base and a constant byte offset (a member of a struct reached
// through a uniform pointer, p->m).
type uloadAddr struct {
	base ir.Reg
	off  uint64
}

// planUniformLoads folds "t = add.u64 base, const; load t" with t uniform
// into one opULoad reading base and adding the offset, through chains of
// such adds (p + c1 + c2: a member of a member, a row of a matrix in a
// struct), and marks the adds dead when loads and other dead adds are
// their only uses. Every base on the way is a temporary or a parameter
// (defined once, so it holds the same value at the load as at the add).
// The sum is the same modulo 2^64.
func (c *compiler) planUniformLoads() {
	f := c.f
	c.uloads = map[*ir.Instr]uloadAddr{}
	// step returns base and off when t is "add.u64 base, off" with off a
	// constant and t and base uniform temporaries or parameters.
	step := func(t ir.Reg) (ir.Reg, uint64, bool) {
		d := c.def[t]
		if d == nil || d.Op != ir.OpAdd || d.Kind != ir.U64 || f.Regs[t].Var || !c.uniform(t) {
			return ir.NoReg, 0, false
		}
		for k := range 2 {
			base, k2 := d.Args[k], d.Args[1-k]
			cd := c.def[k2]
			if cd == nil || cd.Op != ir.OpConst || f.Regs[base].Var || !c.uniform(base) {
				continue
			}
			return base, cd.Imm, true
		}
		return ir.NoReg, 0, false
	}
	folded := make([]int, len(f.Regs))
	ir.Walk(f.Body, func(in *ir.Instr) bool {
		if in.Op != ir.OpLoad || !c.uniform(in.Dst) || !c.uniform(in.Args[0]) {
			return true
		}
		if _, ok := c.fused[in]; ok {
			return true
		}
		base, off, n := in.Args[0], uint64(0), 0
		for {
			b, o, ok := step(base)
			if !ok {
				break
			}
			base, off, n = b, off+o, n+1
		}
		if n > 0 {
			c.uloads[in] = uloadAddr{base: base, off: off}
			folded[in.Args[0]]++
		}
		return true
	})
	// An add all of whose uses are folded is dead; the loads that fold
	// through it also fold past its base, so it no longer reads that.
	for changed := true; changed; {
		changed = false
		for r, n := range folded {
			if n == 0 || n != c.uses[r] || c.dead[r] {
				continue
			}
			// (The last base of a chain is read by the loads: only adds
			// on the way die.)
			if b, _, ok := step(ir.Reg(r)); ok {
				c.dead[r] = true
				changed = true
				folded[b]++
			}
		}
	}
}

// fusePairs turns the first of two consecutive instructions that form a
// frequent pair (pairOps) into the pair's op, which runs both in one
// dispatch, left to right through the code. The second instruction stays
// as it is: the pair op steps over it, and a jump that lands on it runs
// it alone. Pairs call the 64-lane kernels directly, so they are formed
// only where the run loop would (64-lane batches with lane.Direct64, and
// lane.DirectFMA64 for the FMA ones); a pair does not cross the end of
// the entry's prologue, which runs once.
func (c *compiler) fusePairs() {
	if c.cf.w != 64 || !lane.Direct64 {
		return
	}
	code := c.cf.code
	for pc := 0; pc+1 < len(code); pc++ {
		if int32(pc+1) == c.cf.prologueEnd {
			continue
		}
		a, b := code[pc].op, code[pc+1].op
		p, ok := pairOps[[2]vop{a, b}]
		if !ok || (a == opFmaF || b == opFmaF) && !lane.DirectFMA64 {
			continue
		}
		code[pc].op = p
		pc++
	}
}
