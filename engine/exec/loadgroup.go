package exec

import (
	"github.com/ingot-render/ingot/shaders/ir"
)

// Load grouping. A vector load from a buffer of float4 (int3, a struct of
// floats, ...) is scalarized into one affine load per component, at
// base + ext(index)*scale + 0, +4, +8, ...: n passes over the same memory
// with a stride. The compiler merges such consecutive component loads into
// one opVLoadAffN that reads each lane's components together (one bounds
// check, one sequential pass). When its fast path does not apply (some
// lanes inactive, indices not consecutive, the span not inside one buffer,
// misalignment), it runs the component loads one after the other, exactly
// as they were, so faults and results do not change.

// loadGroup is the affine load (or group) emitted last.
type loadGroup struct {
	pc  int    // its pc, or -1
	off uint64 // constant byte offset of its first component
	n   int    // components so far
}

// maxGroup is the largest number of components merged into one load.
const maxGroup = 4

// affineOffset returns the constant part of a fused address beyond base1
// (base2 when it is a constant, 0 without base2).
func (c *compiler) affineOffset(fa fusedAddr) (uint64, bool) {
	if fa.base2 == ir.NoReg {
		return 0, true
	}
	if d := c.def[fa.base2]; d != nil && d.Op == ir.OpConst {
		return d.Imm, true
	}
	return 0, false
}

// emitAffineLoad emits fused load ai, merging it into the previous
// instruction when that is a load of the preceding component of the same
// lanes.
func (c *compiler) emitAffineLoad(ai instDef, fa fusedAddr) {
	groupable := ai.k.Size() == 4 && (ai.space == ir.Device || ai.space == ir.Constant) &&
		ai.align <= 4 && ai.res[0].file == file32 && int(ai.res[0].off) != ai.a
	c.emitGrouped(ai, fa, groupable, &c.lastLoad, opVLoadAffN, func(in *inst) int32 { return in.res[0].off })
}

// emitAffineStore emits fused store ai, merging it into the previous
// instruction when that is a store of the preceding component of the same
// lanes (a float4 written to buffer[i]): one pass writing each lane's
// components together instead of n strided passes.
func (c *compiler) emitAffineStore(ai instDef, fa fusedAddr) {
	groupable := ai.k.Size() == 4 && ai.space == ir.Device && ai.align <= 4 && ai.ops[0].file == file32
	c.emitGrouped(ai, fa, groupable, &c.lastStore, opVStoreAffN, func(in *inst) int32 { return in.ops[0].off })
}

// emitGrouped emits the affine component access ai, or appends it to the
// group g (op group, its single-access form ai.op) when the previous
// instruction accesses the preceding component of the same lanes; comp
// gives the register an access reads or writes.
func (c *compiler) emitGrouped(ai instDef, fa fusedAddr, groupable bool, g *loadGroup, group vop, comp func(*inst) int32) {
	off, known := c.affineOffset(fa)
	groupable = groupable && known
	pc := len(c.cf.code)
	if groupable && g.pc >= 0 && g.pc == pc-1 && c.boundAt != pc && g.n < maxGroup &&
		off == g.off+4*uint64(g.n) && 4*uint64(g.n+1) <= ai.imm {
		p := &c.cf.code[g.pc]
		if p.k == ai.k && p.space == ai.space && p.a == ai.a && p.b == ai.b && p.imm == ai.imm &&
			p.from == ai.from && p.align == ai.align && p.seqOK == ai.seqOK {
			ext := *p.instExt
			if p.op == ai.op {
				first := *p
				ext.parts = []inst{first}
				ext.comp = []int32{comp(&first)}
				p.op = group
			}
			part := ai.compact()
			ext.parts = append(ext.parts, part)
			ext.comp = append(ext.comp, comp(&part))
			p.instExt = &ext
			g.n++
			return
		}
	}
	pc = c.emit(ai)
	*g = loadGroup{pc: -1}
	if groupable {
		*g = loadGroup{pc: pc, off: off, n: 1}
	}
}
