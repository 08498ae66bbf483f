package lower

import (
	"github.com/ingot-render/ingot/shaders/diag"
	"github.com/ingot-render/ingot/shaders/ir"
	"github.com/ingot-render/ingot/shaders/sema"
	"github.com/ingot-render/ingot/shaders/syntax"
)

// Function pointers. A pointer to a function is a U64 id: 1 + the
// function's position among the functions whose address the program takes
// (collected once, in declaration order). A call through a pointer is a
// switch over the address-taken functions of the same signature.

// addressTaken lists the functions named other than as a callee.
func (p *program) addressTaken() []*sema.Func {
	if p.fptrs != nil {
		return p.fptrs
	}
	p.fptrs = []*sema.Func{}
	seen := map[*sema.Func]bool{}
	// [[visible]] functions first: a visible_function_table may hold them.
	for _, fn := range p.sp.Functions {
		if fn.Kind == sema.FuncVisible && fn.Func != nil && fn.Func.Decl != nil && fn.Func.Decl.Body != nil && !seen[fn.Func] {
			seen[fn.Func] = true
			p.fptrs = append(p.fptrs, fn.Func)
		}
	}
	for _, sf := range p.sp.Funcs {
		if sf.Decl == nil || sf.Decl.Body == nil || sf.Info == nil {
			continue
		}
		callee := map[syntax.Expr]bool{}
		syntax.Inspect(sf.Decl.Body, func(n syntax.Node) bool {
			switch e := n.(type) {
			case *syntax.CallExpr:
				callee[unparen(e.Fun)] = true
			case *syntax.NameExpr:
				if xi := sf.Info.Exprs[e]; xi != nil && xi.Func != nil && xi.Var == nil && !callee[e] && !seen[xi.Func] {
					seen[xi.Func] = true
					p.fptrs = append(p.fptrs, xi.Func)
				}
			}
			return true
		})
	}
	return p.fptrs
}

// funcID returns the pointer value of sf.
func (f *fn) funcID(sf *sema.Func, pos diag.Pos) value {
	for i, g := range f.p.addressTaken() {
		if g == sf {
			t := sema.PointerTo(funcType(sf), sema.SpaceNone, false, false)
			return value{t: t, regs: []ir.Reg{f.b.ConstU64(uint64(i + 1))}}
		}
	}
	f.errorf(pos, "address of '%s' was not collected", sf.Name)
	return value{}
}

func funcType(sf *sema.Func) *sema.Type {
	ps := make([]*sema.Type, len(sf.Params))
	for i, v := range sf.Params {
		ps[i] = v.Type
	}
	return sema.FuncType(sf.Result, ps)
}

// indirectCall calls through the function pointer e.Fun of signature sig.
func (f *fn) indirectCall(e *syntax.CallExpr, sig *sema.FuncSig) *lvalue {
	if sig.Generic != nil {
		f.errorf(e.Pos(), "calls of generic lambdas (a parameter declared auto) are not supported by the lowering")
		return &lvalue{t: sema.Invalid}
	}
	id := f.value(e.Fun).regs[0]
	var cands []*sema.Func
	for _, g := range f.p.addressTaken() {
		if g.Method == nil && sameSig(funcType(g).Func, sig) {
			cands = append(cands, g)
		}
	}
	if len(cands) == 0 {
		f.errorf(e.Pos(), "no function of this signature has its address taken")
	}
	// Evaluate the arguments once.
	vals := make([]value, len(sig.Params))
	lvs := make([]*lvalue, len(sig.Params))
	for i, pt := range sig.Params {
		if i >= len(e.Args) {
			f.errorf(e.Pos(), "missing argument %d", i+1)
		}
		if pt.Kind == sema.KReference {
			lvs[i] = f.lval(e.Args[i])
			continue
		}
		vals[i] = f.valueAs(e.Args[i], pt)
		tmp := &lvalue{t: vals[i].t, alts: []alt{{regs: vals[i].regs}}, readOnly: true}
		lvs[i] = tmp
	}
	var res []ir.Reg
	var resKinds []ir.Kind
	var rt *sema.Type
	if sig.Result != nil && sig.Result.Kind != sema.KVoid {
		rt = sig.Result
		if rt.Kind == sema.KReference {
			f.errorf(e.Pos(), "calls through pointers to functions returning references are not supported")
		}
		cs, ok := flatten(rt)
		if !ok {
			f.errorf(e.Pos(), "unsupported result type '%s'", rt)
		}
		for _, c := range cs {
			res = append(res, f.b.Var(c.kind, "ret"))
			resKinds = append(resKinds, c.kind)
		}
	}
	f.b.Switch(id)
	ids := f.p.addressTaken()
	for _, g := range cands {
		for i, h := range ids {
			if h == g {
				f.b.Case(int64(i + 1))
			}
		}
		r := f.callWith(g, nil, nil, nil, lvs, e.Pos())
		if r != nil && rt != nil {
			v := f.load(r)
			for i := range res {
				f.b.Set(res[i], v.regs[i])
			}
		}
		f.b.Break()
	}
	// A lane whose id names no candidate gets a zero result. Setting it
	// here rather than before the switch keeps the zeroing off the lanes
	// that call a function (which overwrite every component anyway).
	if len(res) > 0 {
		f.b.Default()
		for i, v := range res {
			f.b.Set(v, f.b.Const(resKinds[i], 0))
		}
		f.b.Break()
	}
	f.b.EndSwitch()
	if rt == nil {
		return nil
	}
	return &lvalue{t: rt, alts: []alt{{regs: res}}, readOnly: true}
}

func sameSig(a, b *sema.FuncSig) bool {
	if a == nil || b == nil || a.Result != b.Result || len(a.Params) != len(b.Params) {
		return false
	}
	for i := range a.Params {
		if a.Params[i] != b.Params[i] {
			return false
		}
	}
	return true
}

// functionIDs maps the host names of the [[visible]] functions to their
// function ids.
func (p *program) functionIDs() map[string]uint64 {
	var m map[string]uint64
	ids := p.addressTaken()
	for _, fn := range p.sp.Functions {
		if fn.Kind != sema.FuncVisible {
			continue
		}
		for i, g := range ids {
			if g == fn.Func {
				if m == nil {
					m = map[string]uint64{}
				}
				m[fn.HostName] = uint64(i + 1)
			}
		}
	}
	return m
}

// isFuncTable reports whether t is a visible_function_table.
func isFuncTable(t *sema.Type) bool {
	return t != nil && t.Kind == sema.KOpaque && t.Opaque != nil && t.Opaque.Name == "visible_function_table"
}
