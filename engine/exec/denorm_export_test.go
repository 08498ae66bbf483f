package exec

import (
	"fmt"

	"github.com/ingot-render/ingot/shaders/ir"
)

// MixedLaneVectors compiles entry of p as Compile does and returns, per
// function, how many lane vectors hold both a float register and an
// integer or mask register (temporaries, variables, parameters, shadows)
// at different times. Such a vector hands stale
// integer bits (subnormal floats) to the float ops of the lanes a batch
// has inactive; the allocator keeps the classes apart, so it is 0.
func MixedLaneVectors(p *ir.Program, entry string, intr Intrinsics) (map[string]int, error) {
	out := map[string]int{}
	err := compileEach(p, entry, intr, func(c *compiler) {
		const isFloat, isOther = 1, 2
		class := map[int32]int{}
		for r := 1; r < len(c.f.Regs); r++ {
			reg := c.f.Regs[r]
			l := c.loc[r].lane
			if l < 0 || reg.Kind.Wide() {
				continue
			}
			k := isOther
			if reg.Kind.IsFloat() {
				k = isFloat
			}
			class[l] |= k
		}
		n := 0
		for _, k := range class {
			if k == isFloat|isOther {
				n++
			}
		}
		out[c.f.Name] = n
	})
	return out, err
}

// compileEach compiles entry of p as Compile does and calls inspect with
// the compiler of every function, after it compiled it.
func compileEach(p *ir.Program, entry string, intr Intrinsics, inspect func(c *compiler)) error {
	q := ir.Clone(p)
	ir.OptimizeEntry(q, entry)
	ef := q.Func(entry)
	if ef == nil {
		return fmt.Errorf("no function %q", entry)
	}
	opt := Options{Width: 64, Workers: 1, MaxCallDepth: 64}
	pl := &Pipeline{prog: q, opt: opt, funcs: make([]*cfunc, len(q.Funcs))}
	impls := Builtins()
	for k, v := range intr {
		impls[k] = v
	}
	var err error
	var get func(i int) *cfunc
	get = func(i int) *cfunc {
		if pl.funcs[i] != nil {
			return pl.funcs[i]
		}
		cf := &cfunc{fn: q.Funcs[i], w: opt.Width, idx: i}
		pl.funcs[i] = cf
		c := &compiler{pl: pl, cf: cf, f: q.Funcs[i], impls: impls, get: get, entry: q.Funcs[i] == ef}
		if e := c.compile(); e != nil && err == nil {
			err = e
		}
		inspect(c)
		return cf
	}
	get(q.FuncIndex(ef))
	return err
}
