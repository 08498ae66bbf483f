package exec

import "github.com/ingot-render/ingot/shaders/ir"

// Multiply-add superinstructions. "m = a * b; d = m + c" (or c + m, m - c,
// c - m) on float32 lane vectors, where the product is used only by the
// instruction right after it, runs as one op: one dispatch and one pass
// over the lanes instead of two, with the product still rounded to float32
// before the add (two roundings, exactly as the separate ops; this is not
// fma). Saxpy, dot products and polynomial steps have this shape.

// mulAddShape says where the product goes in the add or subtract.
type mulAddShape uint8

const (
	mulPlus  mulAddShape = iota // m + c
	plusMul                     // c + m
	mulMinus                    // m - c
	minusMul                    // c - m
)

// mulAdd is a fused product: mul is the multiply the add reads.
type mulAdd struct {
	mul   *ir.Instr
	shape mulAddShape
	other ir.Reg // c
}

// planMulAdd finds the adds and subtracts to fuse with the multiply right
// before them and marks the products dead.
func (c *compiler) planMulAdd() {
	f := c.f
	c.mulAdds = map[*ir.Instr]mulAdd{}
	varyingF32 := func(in *ir.Instr) bool {
		return in.Kind == ir.F32 && in.Dst != ir.NoReg && !f.Regs[in.Dst].Var && !c.uniform(in.Dst) && !c.dead[in.Dst]
	}
	var visit func(b ir.Block)
	visit = func(b ir.Block) {
		for i, in := range b {
			visit(in.Then)
			visit(in.Else)
			visit(in.Body)
			visit(in.Continuing)
			for _, cs := range in.Cases {
				visit(cs.Body)
			}
			if i == 0 || (in.Op != ir.OpAdd && in.Op != ir.OpSub) || !varyingF32(in) {
				continue
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
	visit(f.Body)
}

// emitMulAdd emits the fused op for add/subtract in.
func (c *compiler) emitMulAdd(in *ir.Instr, fm mulAdd) {
	a, b := c.laneOperand(fm.mul.Args[0]), c.laneOperand(fm.mul.Args[1])
	o := c.laneOperand(fm.other)
	op := [...]vop{mulPlus: opMulAddF, plusMul: opAddMulF, mulMinus: opMulSubF, minusMul: opSubMulF}[fm.shape]
	c.emit(instDef{op: op, irop: in.Op, k: in.Kind, d: int(c.loc[in.Dst].lane), a: int(a.off), b: int(b.off), c: int(o.off), src: in,
		ops: []operand{a, b, o}, res: []operand{c.dstOperand(in.Dst)}})
}
