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

//
// Lane-major records (word k of record r of a block at (k·W + r)·4) give
// the other shape: each component is a row of lanes 4 bytes apart, at
// base + off_k + ext(index)*4 with the rows' constant offsets increasing.
// Such consecutive loads (stores) become one opVLoadRows (opVStoreRows):
// one bounds check for the span of all the rows and a straight copy per
// row, in the order of the component accesses; when that does not apply,
// the component accesses run as they were.

// loadGroup is the affine load (or group) emitted last.
type loadGroup struct {
	pc   int    // its pc, or -1
	off  uint64 // constant byte offset of its first component
	last uint64 // row groups: constant byte offset of its last row
	n    int    // components so far
}

// maxGroup is the largest number of components merged into one load.
const maxGroup = 4

// maxRows is the largest number of rows merged into one row access.
const maxRows = 32

// maxRowSpan bounds the bytes from a row group's first row to its last.
const maxRowSpan = 1 << 16

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
	c.emitGrouped(ai, fa, groupable, &c.lastLoad, opVLoadAffN, opVLoadRows, func(in *inst) int32 { return in.res[0].off })
}

// emitAffineStore emits fused store ai, merging it into the previous
// instruction when that is a store of the preceding component of the same
// lanes (a float4 written to buffer[i]): one pass writing each lane's
// components together instead of n strided passes.
func (c *compiler) emitAffineStore(ai instDef, fa fusedAddr) {
	groupable := ai.k.Size() == 4 && ai.space == ir.Device && ai.align <= 4 && ai.ops[0].file == file32
	c.emitGrouped(ai, fa, groupable, &c.lastStore, opVStoreAffN, opVStoreRows, func(in *inst) int32 { return in.ops[0].off })
}

// emitGrouped emits the affine component access ai, or appends it to the
// group g (op group, or rows for accesses of contiguous lanes; its single
// form ai.op) when the previous instruction accesses the preceding
// component of the same lanes; comp gives the register an access reads or
// writes.
func (c *compiler) emitGrouped(ai instDef, fa fusedAddr, groupable bool, g *loadGroup, group, rows vop, comp func(*inst) int32) {
	off, known := c.affineOffset(fa)
	groupable = groupable && known
	pc := len(c.cf.code)
	if groupable && g.pc >= 0 && g.pc == pc-1 && c.boundAt != pc {
		p := &c.cf.code[g.pc]
		same := p.space == ai.space && p.a == ai.a && p.b == ai.b && p.imm == ai.imm &&
			p.from == ai.from && p.align == ai.align && p.seqOK == ai.seqOK
		switch {
		case ai.imm == 4:
			// Rows: each component its own row of contiguous lanes.
			if same && g.n < maxRows && off > g.last && (off-g.off)%4 == 0 && off-g.off <= maxRowSpan &&
				(p.op == ai.op || p.op == rows) {
				c.appendPart(p, ai, rows, off-g.off, comp)
				g.n, g.last = g.n+1, off
				return
			}
		case g.n < maxGroup && off == g.off+4*uint64(g.n) && 4*uint64(g.n+1) <= ai.imm:
			if same && p.k == ai.k {
				c.appendPart(p, ai, group, 0, comp)
				g.n++
				return
			}
		}
	}
	pc = c.emit(ai)
	*g = loadGroup{pc: -1}
	if groupable {
		*g = loadGroup{pc: pc, off: off, last: off, n: 1}
	}
}

// appendPart adds access ai to the group at p (turning p, a single
// access, into a group of op group first), at byte offset rowOff from the
// first component for row groups.
func (c *compiler) appendPart(p *inst, ai instDef, group vop, rowOff uint64, comp func(*inst) int32) {
	ext := *p.instExt
	if p.op == ai.op {
		first := *p
		ext.parts = []inst{first}
		ext.comp = []int32{comp(&first)}
		if group == opVLoadRows || group == opVStoreRows {
			ext.rowOff = []uint64{0}
		}
		p.op = group
	}
	part := ai.compact()
	ext.parts = append(ext.parts, part)
	ext.comp = append(ext.comp, comp(&part))
	if group == opVLoadRows || group == opVStoreRows {
		ext.rowOff = append(ext.rowOff, rowOff)
	}
	p.instExt = &ext
}
