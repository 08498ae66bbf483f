package exec

import "github.com/ingot-render/ingot/shaders/ir"

// Built-in caching. The built-ins that depend only on a lane's place in its
// threadgroup (thread_index_in_threadgroup, thread_position_in_threadgroup,
// simdgroup_index_in_threadgroup, thread_index_in_simdgroup, the
// quad-group indices) have the same lanes in every batch that starts at the
// same thread of an equally shaped threadgroup: with barriers, batch i of
// every threadgroup runs in its own entry frame; without, a threadgroup of
// one batch always starts at thread 0. Such a built-in gets a lane vector
// no other register shares, and opVBuiltinC refills it only when the
// frame's batch key (first thread, threadgroup size) changed.

// The mask of a comparison between such a built-in and a constant is then
// a function of the batch key too: opIfCmpC keeps it per frame.

// builtinKey identifies the lanes of a cached built-in.
type builtinKey struct {
	base uint32
	quad bool // tile threadgroups arranged in 2×2 quads (RunGroup)
	size [3]uint32
	ok   bool
}

// batchInvariant reports whether built-in id depends only on (base,
// threads_per_threadgroup).
func batchInvariant(id ir.BuiltinID) bool {
	switch id {
	case ir.ThreadIndexInThreadgroup, ir.SimdgroupIndexInThreadgroup, ir.ThreadIndexInSimdgroup,
		ir.QuadgroupIndexInThreadgroup, ir.ThreadIndexInQuadgroup:
		return true
	}
	return id < ir.ThreadgroupPositionInGrid && id >= ir.ThreadPositionInThreadgroup
}

// planBuiltinCache gives the varying batch-invariant built-ins of the
// kernel function their own lane vectors.
func (c *compiler) planBuiltinCache() {
	f := c.f
	c.cachedBuiltin = make([]bool, len(f.Regs))
	if !c.entry {
		return
	}
	ir.Walk(f.Body, func(in *ir.Instr) bool {
		if in.Op == ir.OpBuiltin && !c.uniform(in.Dst) && !f.Regs[in.Dst].Var && batchInvariant(ir.BuiltinID(in.Imm)) &&
			c.loc[in.Dst].lane < 0 && !c.dead[in.Dst] {
			c.cachedBuiltin[in.Dst] = true
			c.loc[in.Dst].lane = c.newLane(false)
		}
		return true
	})
}

// batchInvariantCompare reports whether a comparison of x and y depends
// only on the batch key: one is a cached built-in, the other a constant.
func (c *compiler) batchInvariantCompare(x, y ir.Reg) bool {
	isConst := func(r ir.Reg) bool { d := c.def[r]; return d != nil && d.Op == ir.OpConst }
	return (c.cachedBuiltin[x] && (isConst(y) || c.cachedBuiltin[y])) || (c.cachedBuiltin[y] && isConst(x))
}
