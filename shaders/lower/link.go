package lower

import (
	"slices"

	"github.com/ingot-render/ingot/shaders/diag"
	"github.com/ingot-render/ingot/shaders/ir"
	"github.com/ingot-render/ingot/shaders/sema"
)

// Linking. An extern function or program-scope variable that the entry's
// program declares without defining is looked up through Options.Externs
// in other (separately compiled) programs. A function found there is
// lowered by a program state of its own that writes into the same IR
// program, so it and everything it calls become ordinary IR functions of
// the pipeline; a variable's initializer is lowered where it is used, as
// for a variable defined in place. Linked programs may not have
// program-scope resource bindings (they would need hidden parameters the
// caller does not have) and report their instructions at the extern
// declaration that pulled them in.

// linkState is shared by a program and the programs linked into it.
type linkState struct {
	programs map[*sema.Program]*program
	order    []*program                // programs linked so far, in order
	fns      map[*ir.Function]*program // functions lowered by a linked program, and that program
}

// externFunc resolves extern function decl, or returns nil.
func (p *program) externFunc(decl *sema.Func, pos diag.Pos) *ir.Function {
	if p.opts.Externs == nil {
		return nil
	}
	dp, df := p.opts.Externs.Func(decl)
	if df == nil || df.Decl == nil || df.Decl.Body == nil || df.Info == nil {
		return nil
	}
	lp := p.linkedProgram(dp, pos)
	fn := lp.function(df, pos)
	want := p.declKinds(decl, pos)
	got := slices.Clone(fn.Params)
	var gk []ir.Kind
	for _, r := range got {
		gk = append(gk, fn.Regs[r].Kind)
	}
	if !slices.Equal(want, gk) || !slices.Equal(p.resultKinds(decl.Result, pos), fn.Results) {
		p.errorf(pos, "extern function '%s' is defined with another signature in the linked library", decl.QualName)
	}
	p.funcs[decl] = fn
	return fn
}

// declKinds are the IR parameter kinds of a declaration (no hidden
// parameters).
func (p *program) declKinds(sf *sema.Func, pos diag.Pos) []ir.Kind {
	var ks []ir.Kind
	if sf.Method != nil && !sf.Static {
		ks = append(ks, ir.U64)
	}
	for _, v := range sf.Params {
		ks = append(ks, p.paramKinds(v.Type, v.Pos)...)
	}
	return ks
}

// externVar resolves extern variable decl, or returns nil.
func (p *program) externVar(decl *sema.Var) (*sema.Program, *sema.Var) {
	if p.opts.Externs == nil {
		return nil, nil
	}
	return p.opts.Externs.Var(decl)
}

// linkedProgram returns the lowering state of linked program sp.
func (p *program) linkedProgram(sp *sema.Program, pos diag.Pos) *program {
	if sp == p.sp {
		return p
	}
	if lp := p.link.programs[sp]; lp != nil {
		return lp
	}
	lp := &program{sp: sp, out: p.out, funcs: map[*sema.Func]*ir.Function{}, consts: p.consts,
		gbinds: globalBindings(sp), dataAddr: map[*sema.Var]uint64{}, opts: p.opts, link: p.link, externPos: pos}
	if len(lp.gbinds) > 0 {
		p.errorf(pos, "a linked library with program-scope resource bindings ('%s') is not supported", lp.gbinds[0].v.Name)
	}
	p.link.programs[sp] = lp
	p.link.order = append(p.link.order, lp)
	return lp
}
