package exec

import (
	"github.com/ingot-render/ingot/internal/lane"
	"github.com/ingot-render/ingot/shaders/ir"
)

// Hooks for the external tests.

// UsesCachedCompare reports whether the kernel of pl has a comparison
// whose mask is cached per batch (opIfCmpC).
func UsesCachedCompare(pl *Pipeline) bool { return pl.entry.has(opIfCmpC) }

// UsesGroupedLoad reports whether the kernel of pl has a grouped component
// load (opVLoadAffN).
func UsesGroupedLoad(pl *Pipeline) bool { return pl.entry.has(opVLoadAffN) }

func (cf *cfunc) has(op vop) bool {
	for i := range cf.code {
		if pairFirst(cf.code[i].op) == op {
			return true
		}
	}
	return false
}

// FusedOps counts the fused multiply-adds and hash steps of the kernel of
// pl, whatever their shapes.
func FusedOps(pl *Pipeline) int {
	n := 0
	for i := range pl.entry.code {
		switch pairFirst(pl.entry.code[i].op) {
		case opMulAddF, opAddMulF, opMulSubF, opSubMulF, opXorMulI, opXorShrU:
			n++
		}
	}
	return n
}

// MulAddOps counts the fused multiply-adds of the kernel of pl, requiring
// each of the four shapes at least once (else it returns -1).
func MulAddOps(pl *Pipeline) int {
	n := 0
	for _, op := range []vop{opMulAddF, opAddMulF, opMulSubF, opSubMulF} {
		k := 0
		for i := range pl.entry.code {
			if pairFirst(pl.entry.code[i].op) == op {
				k++
			}
		}
		if k == 0 {
			return -1
		}
		n += k
	}
	return n
}

// CountOps counts the instructions of the kernel of pl by op name:
// "clamp" (opClampF), "setN" (opVSet32N), "copyN" (opCopy32N), "uload"
// (opULoad), "ugen" (opUGen).
func CountOps(pl *Pipeline, name string) int {
	want := map[string]vop{"clamp": opClampF, "setN": opVSet32N, "copyN": opCopy32N, "uload": opULoad, "ugen": opUGen, "urun": opURun,
		"ifu": opIfU, "ifuj": opIfUJ, "ifucmp": opIfUCmp, "jump": opJump, "else": opElse, "endif": opEndIf}[name]
	n := 0
	for i := range pl.entry.code {
		in := &pl.entry.code[i]
		if pairFirst(in.op) == want {
			n++
		}
		if in.op == opURun && (want == opULoad || want == opUGen) {
			// Uniform loads and arithmetic count inside runs too.
			for _, p := range in.parts {
				if p.op == want {
					n++
				}
			}
		}
	}
	return n
}

// VarVectors compiles entry of p as Compile does and returns, per
// function, how many varying variables it has and how many lane vectors
// they occupy.
func VarVectors(p *ir.Program, entry string) (vars, vectors map[string]int, err error) {
	vars, vectors = map[string]int{}, map[string]int{}
	err = compileEach(p, entry, nil, func(c *compiler) {
		seen := map[[2]int32]bool{}
		for r := 1; r < len(c.f.Regs); r++ {
			if !c.f.Regs[r].Var || c.uniform(ir.Reg(r)) {
				continue
			}
			vars[c.f.Name]++
			w := int32(0)
			if c.wide(ir.Reg(r)) {
				w = 1
			}
			if k := [2]int32{w, c.loc[r].lane}; !seen[k] {
				seen[k] = true
				vectors[c.f.Name]++
			}
		}
	})
	return vars, vectors, err
}

// PrologueLoads counts the loads in the dispatch-invariant prologue of the
// kernel of pl.
func PrologueLoads(pl *Pipeline) int {
	n := 0
	for _, pc := range pl.entry.prologueLoads {
		in := &pl.entry.code[pc]
		if in.op != opURun {
			n++
			continue
		}
		for _, p := range in.parts {
			if p.op == opULoad {
				n++
			}
		}
	}
	return n
}

// UsesRowGroup reports whether pl's entry function has a grouped row load
// or store (opVLoadRows, opVStoreRows).
func UsesRowGroup(pl *Pipeline) bool { return pl.entry.has(opVLoadRows) || pl.entry.has(opVStoreRows) }

// PairOps counts the instructions of the kernel of pl that run as the
// first of a fused pair (fusePairs).
func PairOps(pl *Pipeline) int {
	n := 0
	for i := range pl.entry.code {
		if op := pl.entry.code[i].op; pairFirst(op) != op {
			n++
		}
	}
	return n
}

// Direct64 reports whether the run loop calls the 64-lane kernels directly
// (and so forms pairs in 64-lane pipelines).
func Direct64() bool { return lane.Direct64 }
