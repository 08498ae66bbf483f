package ir

import (
	"fmt"
	"sort"
)

// ConstantIndex returns the index of the function constant called name.
func (p *Program) ConstantIndex(name string) (int, bool) {
	for _, c := range p.Constants {
		if c.Name == name {
			return c.Index, true
		}
	}
	return 0, false
}

// Specialize returns a copy of p in which every OpFuncConst is replaced by
// the value given for its index in values (a value pattern, normalized to
// the constant's kind) and every OpFuncConstDefined by whether a value was
// given; constants without a value read as zero. The copy is then
// simplified with FoldConstants and EliminateDeadCode, so code disabled by
// a constant disappears. p itself is not modified. Values for indices that
// the program does not declare are an error.
func Specialize(p *Program, values map[int]uint64) (*Program, error) {
	declared := map[int]bool{}
	for _, c := range p.Constants {
		declared[c.Index] = true
	}
	idx := make([]int, 0, len(values))
	for i := range values {
		idx = append(idx, i)
	}
	sort.Ints(idx)
	for _, i := range idx {
		if !declared[i] {
			return nil, fmt.Errorf("ir: specialize: no function constant has index %d", i)
		}
	}
	q := Clone(p)
	for _, f := range q.Funcs {
		Walk(f.Body, func(in *Instr) bool {
			switch in.Op {
			case OpFuncConst:
				v, ok := values[int(in.Imm)]
				if !ok {
					v = 0
				}
				*in = Instr{Op: OpConst, Kind: in.Kind, Dst: in.Dst, Imm: Normalize(in.Kind, v), Pos: in.Pos}
			case OpFuncConstDefined:
				_, ok := values[int(in.Imm)]
				var v uint64
				if ok {
					v = 1
				}
				*in = Instr{Op: OpConst, Kind: Bool, Dst: in.Dst, Imm: v, Pos: in.Pos}
			}
			return true
		})
	}
	Simplify(q)
	return q, nil
}

// Simplify runs FoldConstants, EliminateCommonSubexpressions,
// ForwardVariables, CoalesceVariables, EliminateDeadSets and
// EliminateDeadCode until none changes anything.
func Simplify(p *Program) {
	for i := 0; i < 16; i++ {
		a := FoldConstants(p)
		c := EliminateCommonSubexpressions(p)
		v := ForwardVariables(p)
		k := CoalesceVariables(p)
		s := EliminateDeadSets(p)
		b := EliminateDeadCode(p)
		if !a && !b && !c && !v && !k && !s {
			return
		}
	}
}

// Optimize runs the pipeline an executor applies after Specialize:
// Inline, Simplify and AnalyzeUniformity. It modifies p.
func Optimize(p *Program) {
	Inline(p, InlineOptions{})
	Simplify(p)
	AnalyzeUniformity(p)
}

// OptimizeEntry is Optimize for a program that runs only from its function
// called entry (as an executor's pipeline does): the uniformity analysis
// counts only the calls that entry reaches (AnalyzeUniformityFrom), so a
// function left behind by inlining, which never runs, makes no parameter of
// its callees varying. Without a function called entry it is Optimize.
func OptimizeEntry(p *Program, entry string) {
	Inline(p, InlineOptions{Entry: p.Func(entry)})
	Simplify(p)
	if f := p.Func(entry); f != nil {
		AnalyzeUniformityFrom(p, p.FuncIndex(f))
		return
	}
	AnalyzeUniformity(p)
}
