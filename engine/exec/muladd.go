package exec

import (
	"slices"

	"github.com/ingot-render/ingot/shaders/ir"
)

// Multiply-add superinstructions. "m = a * b; d = m + c" (or c + m, m - c,
// c - m) on float32 lane vectors, where the product is used only by the
// instruction right after it, runs as one op: one dispatch and one pass
// over the lanes instead of two, with the product still rounded to float32
// before the add (two roundings, exactly as the separate ops; this is not
// fma). Saxpy, dot products and polynomial steps have this shape. A clamp,
// "t = max(a, b); d = min(t, c)" on float32 with t used only there, runs
// the same way (opClampF: fmax, then fmin, in one pass).

// mulAddShape says where the product goes in the add or subtract.
type mulAddShape uint8

const (
	mulPlus  mulAddShape = iota // m + c
	plusMul                     // c + m
	mulMinus                    // m - c
	minusMul                    // c - m
	xorMul                      // x ^ (x * b), 32-bit integers
	xorShr                      // x ^ (x >> b), unsigned 32-bit
	maxMin                      // min(max(a, b), c) on float32: MSL's clamp
)

// mulAdd is a fused product: mul is the multiply the add reads. For the
// hash steps (xorMul, xorShr) mul is the multiply or shift whose result is
// xored with its own operand x (other), and the fused op reads x and the
// multiply's or shift's other operand. For a clamp (maxMin) mul is the
// max, whose result is the min's first operand, and other the min's
// second.
type mulAdd struct {
	mul   *ir.Instr
	shape mulAddShape
	other ir.Reg // c; x for the hash steps
}

// planMulAdd finds the adds and subtracts to fuse with the multiply right
// before them and marks the products dead. A product computed earlier in
// the same block first moves down to just before its add (sinkProduct), so
// the component-wise code of vector expressions (three products, then
// three sums) fuses too.
func (c *compiler) planMulAdd(prologue int) {
	f := c.f
	c.mulAdds = map[*ir.Instr]mulAdd{}
	varyingF32 := func(in *ir.Instr) bool {
		return in.Kind == ir.F32 && in.Dst != ir.NoReg && !f.Regs[in.Dst].Var && !c.uniform(in.Dst) && !c.dead[in.Dst]
	}
	product := func(r ir.Reg) bool {
		d := c.def[r]
		return d != nil && d.Op == ir.OpMul && d.Dst == r && varyingF32(d) && c.uses[r] == 1
	}
	var visit func(b ir.Block, top bool)
	visit = func(b ir.Block, top bool) {
		for i, in := range b {
			visit(in.Then, false)
			visit(in.Else, false)
			visit(in.Body, false)
			visit(in.Continuing, false)
			for _, cs := range in.Cases {
				visit(cs.Body, false)
			}
			if i > 0 && in.Op == ir.OpXor && len(in.Args) == 2 {
				c.planHashStep(b, i, top, prologue)
				continue
			}
			if i > 0 && in.Op == ir.OpMin && varyingF32(in) && len(in.Args) == 2 {
				// "t = max(a, b); d = min(t, c)", t used only there; the
				// max first moves down to the min, as a product does.
				t := in.Args[0]
				j := i - 1
				for j >= 0 && j >= i-maxSink && b[j].Dst != t {
					j--
				}
				if j >= 0 && j >= i-maxSink && j < i-1 && (!top || j >= prologue) && b[j].Op == ir.OpMax {
					sinkProduct(b, j, i)
				}
				m := b[i-1]
				if m.Op == ir.OpMax && m.Dst == t && varyingF32(m) && len(m.Args) == 2 && c.uses[t] == 1 && in.Args[1] != t {
					c.mulAdds[in] = mulAdd{mul: m, shape: maxMin, other: in.Args[1]}
					c.dead[m.Dst] = true
				}
				continue
			}
			if i == 0 || (in.Op != ir.OpAdd && in.Op != ir.OpSub) || !varyingF32(in) || len(in.Args) != 2 {
				continue
			}
			if !product(b[i-1].Dst) || (b[i-1].Dst != in.Args[0] && b[i-1].Dst != in.Args[1]) {
				// The nearer of the operands' products, if one may move.
				best := -1
				for _, a := range in.Args {
					if !product(a) {
						continue
					}
					j := i - 1
					for j >= 0 && j >= i-maxSink && b[j].Dst != a {
						j--
					}
					if j >= 0 && j >= i-maxSink && j > best {
						best = j
					}
				}
				if best >= 0 && (!top || best >= prologue) {
					sinkProduct(b, best, i)
				}
			}
			m := b[i-1]
			if m.Op != ir.OpMul || !varyingF32(m) || c.uses[m.Dst] != 1 || len(in.Args) != 2 {
				continue
			}
			x, y := in.Args[0], in.Args[1]
			var fm mulAdd
			switch {
			case x == m.Dst && y != m.Dst:
				fm = mulAdd{mul: m, shape: mulPlus, other: y}
			case y == m.Dst && x != m.Dst:
				fm = mulAdd{mul: m, shape: plusMul, other: x}
			default:
				continue
			}
			if in.Op == ir.OpSub {
				fm.shape += mulMinus
			}
			c.mulAdds[in] = fm
			c.dead[m.Dst] = true
		}
	}
	visit(f.Body, true)
}

// planHashStep fuses "t = x * b; d = x ^ t" (either operand order of both)
// or "t = x >> b; d = x ^ t" (unsigned) on varying 32-bit integers, where t
// has no other use, into one op, first moving the multiply or shift down
// to just before the xor when it is earlier in the block. Multiply-xor and
// xorshift steps are the body of the integer hashes (laine_karras, hash32).
func (c *compiler) planHashStep(b ir.Block, i int, top bool, prologue int) {
	f := c.f
	in := b[i]
	varying32 := func(x *ir.Instr) bool {
		return (x.Kind == ir.U32 || x.Kind == ir.I32) && x.Dst != ir.NoReg && !f.Regs[x.Dst].Var && !c.uniform(x.Dst) && !c.dead[x.Dst]
	}
	if !varying32(in) {
		return
	}
	// step returns x and the shape when r is such a step of x.
	step := func(r, x ir.Reg) (mulAddShape, bool) {
		d := c.def[r]
		if d == nil || d.Dst != r || c.uses[r] != 1 || !varying32(d) || d.Kind != in.Kind || len(d.Args) != 2 {
			return 0, false
		}
		switch {
		case d.Op == ir.OpMul && (d.Args[0] == x) != (d.Args[1] == x):
			return xorMul, true
		case d.Op == ir.OpShr && d.Kind == ir.U32 && d.Args[0] == x && d.Args[1] != x:
			return xorShr, true
		}
		return 0, false
	}
	for k := range 2 {
		t, x := in.Args[k], in.Args[1-k]
		shape, ok := step(t, x)
		if !ok || t == x {
			continue
		}
		j := i - 1
		for j >= 0 && j >= i-maxSink && b[j].Dst != t {
			j--
		}
		if j < 0 || j < i-maxSink {
			continue
		}
		if j < i-1 && (!top || j >= prologue) {
			sinkProduct(b, j, i)
		}
		if b[i-1].Dst != t {
			continue
		}
		c.mulAdds[in] = mulAdd{mul: b[i-1], shape: shape, other: x}
		c.dead[t] = true
		return
	}
}

// maxSink is how far back in its block a product may be found to move down
// to its add (vector code keeps them within a few instructions; the limit
// keeps the search linear in long blocks).
const maxSink = 32

// sinkProduct moves the multiply b[j] to just before b[i] when no
// instruction between them (nested blocks included) assigns one of its
// operands; the product's only use is b[i], and a pure op computes the
// same value anywhere its operands hold the same values.
func sinkProduct(b ir.Block, j, i int) {
	m := b[j]
	clobbered := false
	ir.Walk(b[j+1:i], func(x *ir.Instr) bool {
		clobbered = clobbered || (x.Op == ir.OpSet && slices.Contains(m.Args, x.Dst))
		return !clobbered
	})
	if clobbered {
		return
	}
	copy(b[j:i-1], b[j+1:i])
	b[i-1] = m
}

// emitMulAdd emits the fused op for add/subtract in.
func (c *compiler) emitMulAdd(in *ir.Instr, fm mulAdd) {
	if fm.shape == xorMul || fm.shape == xorShr {
		// a = x, b = the multiply's or shift's other operand.
		y := fm.mul.Args[1]
		if y == fm.other {
			y = fm.mul.Args[0]
		}
		a, b := c.laneOperand(fm.other), c.laneOperand(y)
		op := opXorMulI
		if fm.shape == xorShr {
			op = opXorShrU
		}
		c.emit(instDef{op: op, irop: in.Op, k: in.Kind, d: int(c.loc[in.Dst].lane), a: int(a.off), b: int(b.off), src: in,
			ops: []operand{a, b}, res: []operand{c.dstOperand(in.Dst)}})
		return
	}
	a, b := c.laneOperand(fm.mul.Args[0]), c.laneOperand(fm.mul.Args[1])
	o := c.laneOperand(fm.other)
	op := [...]vop{mulPlus: opMulAddF, plusMul: opAddMulF, mulMinus: opMulSubF, minusMul: opSubMulF, maxMin: opClampF}[fm.shape]
	c.emit(instDef{op: op, irop: in.Op, k: in.Kind, d: int(c.loc[in.Dst].lane), a: int(a.off), b: int(b.off), c: int(o.off), src: in,
		ops: []operand{a, b, o}, res: []operand{c.dstOperand(in.Dst)}})
}
