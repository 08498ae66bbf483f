package lower

import (
	"github.com/ingot-render/ingot/shaders/ir"
	"github.com/ingot-render/ingot/shaders/sema"
	"github.com/ingot-render/ingot/shaders/syntax"
)

func (f *fn) block(b *syntax.BlockStmt) {
	for _, s := range b.Stmts {
		f.stmt(s)
	}
}

func (f *fn) stmt(s syntax.Stmt) {
	if s == nil {
		return
	}
	save := f.b.Pos
	f.b.Pos = s.Pos()
	defer func() { f.b.Pos = save }()
	switch s := s.(type) {
	case *syntax.BlockStmt:
		f.block(s)
	case *syntax.EmptyStmt:
	case *syntax.ExprStmt:
		f.effect(s.X)
	case *syntax.DeclStmt:
		for _, d := range s.Decls {
			f.decl(d)
		}
	case *syntax.IfStmt:
		f.stmt(s.Init)
		if s.Constexpr {
			if xi := f.info.Exprs[s.Cond]; xi != nil && xi.Value != nil {
				if xi.Value.AsBool() {
					f.stmt(s.Then)
				} else {
					f.stmt(s.Else)
				}
				return
			}
		}
		c := f.condition(s.Cond, s.CondDecl)
		f.b.If(c)
		f.stmt(s.Then)
		if s.Else != nil {
			f.b.Else()
			f.stmt(s.Else)
		}
		f.b.EndIf()
	case *syntax.ForStmt:
		f.stmt(s.Init)
		f.b.Loop()
		if s.Cond != nil {
			f.exitUnless(f.toBool(s.Cond))
		}
		f.stmt(s.Body)
		if s.Post != nil {
			f.b.Continuing()
			f.effect(s.Post)
		}
		f.b.EndLoop()
	case *syntax.WhileStmt:
		f.b.Loop()
		f.exitUnless(f.condition(s.Cond, s.CondDecl))
		f.stmt(s.Body)
		f.b.EndLoop()
	case *syntax.DoStmt:
		f.b.Loop()
		f.stmt(s.Body)
		f.b.Continuing()
		f.exitUnless(f.toBool(s.Cond))
		f.b.EndLoop()
	case *syntax.SwitchStmt:
		f.switchStmt(s)
	case *syntax.BreakStmt:
		f.b.Break()
	case *syntax.ContinueStmt:
		f.b.Continue()
	case *syntax.ReturnStmt:
		f.returnStmt(s)
	case *syntax.CaseStmt:
		f.errorf(s.Pos(), "case label outside a switch body")
	default:
		f.errorf(s.Pos(), "unsupported statement %T", s)
	}
}

// exitUnless breaks out of the innermost loop when c is false.
func (f *fn) exitUnless(c ir.Reg) {
	// if (c) {} else { break } keeps the comparison as the condition, which
	// the executor fuses with the branch.
	f.b.If(c)
	f.b.Else()
	f.b.Break()
	f.b.EndIf()
}

func (f *fn) condition(cond syntax.Expr, decl *syntax.VarDecl) ir.Reg {
	if decl != nil {
		v := f.decl(decl)
		return f.convert(f.load(v), sema.Bool, decl.Pos()).regs[0]
	}
	return f.toBool(cond)
}

func (f *fn) returnStmt(s *syntax.ReturnStmt) {
	if f.io != nil {
		if f.result != nil && s.Result != nil {
			var v value
			if il, ok := s.Result.(*syntax.InitListExpr); ok {
				v = f.initList(f.result, il)
			} else {
				v = f.valueAs(s.Result, f.result)
			}
			if fd := f.io.field("result"); fd != nil {
				f.ioStore(fd, v)
			}
		} else if s.Result != nil {
			f.effect(s.Result)
		}
		if fd := f.io.field("alive"); fd != nil {
			f.ioStore(fd, value{t: sema.UInt, regs: []ir.Reg{f.b.ConstU32(1)}})
		}
		f.endQueries()
		f.b.Return()
		return
	}
	if f.result == nil {
		if s.Result != nil {
			f.effect(s.Result)
		}
		f.endQueries()
		f.b.Return()
		return
	}
	if f.result.Kind == sema.KReference {
		lv := f.lval(s.Result)
		if !lv.mem || lv.swz != nil {
			f.errorf(s.Pos(), "returned reference does not designate memory")
		}
		f.endQueries()
		f.b.Return(lv.addr)
		return
	}
	var v value
	if il, ok := s.Result.(*syntax.InitListExpr); ok {
		v = f.initList(f.result, il)
	} else {
		v = f.valueAs(s.Result, f.result)
	}
	f.endQueries()
	f.b.Return(v.regs...)
}

func (f *fn) switchStmt(s *syntax.SwitchStmt) {
	f.stmt(s.Init)
	var sel value
	if s.CondDecl != nil {
		sel = f.load(f.decl(s.CondDecl))
	} else {
		sel = f.value(s.Cond)
	}
	st := valueType(sel.t)
	k := f.kindOf(st)
	r := sel.regs[0]
	if k == ir.Bool {
		r = f.b.Conv(ir.I32, ir.Bool, r)
	}
	f.b.Switch(r)
	var stmts []syntax.Stmt
	if b, ok := s.Body.(*syntax.BlockStmt); ok {
		stmts = b.Stmts
	} else {
		stmts = []syntax.Stmt{s.Body}
	}
	var vals []int64
	def, pending, open := false, false, false
	flush := func() {
		if !pending {
			return
		}
		if def {
			f.b.Default(vals...)
		} else {
			f.b.Case(vals...)
		}
		vals, def, pending, open = nil, false, false, true
	}
	for _, st := range stmts {
		if cs, ok := st.(*syntax.CaseStmt); ok {
			pending = true
			if cs.Value == nil {
				def = true
			} else {
				xi := f.x(cs.Value)
				if xi.Value == nil {
					f.errorf(cs.Pos(), "case value is not constant")
				}
				vals = append(vals, xi.Value.I)
			}
			continue
		}
		flush()
		if !open {
			continue // statements before the first label never run
		}
		f.stmt(st)
	}
	flush()
	f.b.EndSwitch()
}

// decl lowers a local declaration and returns the variable's storage.
// programScopeVar returns the program-scope definition of the variable a
// block-scope extern declaration names, or nil.
func (f *fn) programScopeVar(v *sema.Var) *sema.Var {
	for _, g := range f.p.sp.Globals {
		if g.Name == v.Name && g != v {
			if d, ok := g.Decl.(*syntax.VarDecl); ok && d.Init != nil {
				return g
			}
		}
	}
	return nil
}

func (f *fn) decl(d syntax.Decl) *lvalue {
	vd, ok := d.(*syntax.VarDecl)
	if !ok {
		return nil // local types, using, static_assert: nothing to run
	}
	v := f.info.Vars[vd]
	if v == nil {
		if vd.Name == nil {
			return nil
		}
		f.errorf(vd.Pos(), "declaration was not type-checked")
	}
	t := v.Type
	if isRTQuery(t) {
		return f.queryDecl(v, vd)
	}
	if v.Extern && vd.Init == nil {
		// A block-scope extern declaration names a program-scope variable
		// (defined here or in a linked library).
		if g := f.programScopeVar(v); g != nil {
			if lv := f.locals[g]; lv != nil {
				f.locals[v] = lv
				return lv
			}
			f.global(g, vd.Pos())
			f.locals[v] = f.locals[g]
			return f.locals[v]
		}
		f.global(v, vd.Pos())
		return f.locals[v]
	}
	switch {
	case v.Space == sema.SpaceThreadgroup && t.Kind != sema.KPointer && t.Kind != sema.KReference:
		return f.threadgroupVar(v, vd)
	case t.Kind == sema.KReference:
		var lv *lvalue
		if xi := f.x(vd.Init); xi.LValue {
			lv = f.lval(vd.Init)
		} else {
			lv = f.alloca(t.Elem)
			f.store(lv, f.valueAs(vd.Init, t.Elem))
		}
		f.locals[v] = lv
		return lv
	case v.Static && !v.Const && !v.Constexpr:
		f.errorf(vd.Pos(), "non-constant static local variables are not supported")
	}
	if vd.Init == nil {
		if isRayType(t) {
			init := f.rayValue(t, nil, vd.Pos())
			return f.declare(v, t, &init, vd.Pos())
		}
		if t.Kind == sema.KStruct && len(t.Struct.Ctors) > 0 {
			for _, c := range t.Struct.Ctors {
				if len(c.Params) == 0 {
					lv := f.declare(v, t, nil, vd.Pos())
					val := f.ctorCall(t, c, nil, vd.Pos())
					f.store(lv, val)
					return lv
				}
			}
		}
		if t.Kind == sema.KSampler {
			init := f.b.ConstU64(f.samplerDesc(nil))
			return f.declare(v, t, &value{t: t, regs: []ir.Reg{init}}, vd.Pos())
		}
		if _, ok := flatten(t); !ok {
			f.errorf(vd.Pos(), "local variable of type '%s' is not supported", t)
		}
		return f.declare(v, t, nil, vd.Pos())
	}
	val := f.initValue(t, vd.Init, vd.InitKind)
	return f.declare(v, t, &val, vd.Pos())
}

// threadgroupVar allocates a threadgroup variable of a kernel.
func (f *fn) threadgroupVar(v *sema.Var, vd *syntax.VarDecl) *lvalue {
	if !f.kernel {
		f.errorf(vd.Pos(), "threadgroup variables outside the kernel function are not supported")
	}
	if lv := f.locals[v]; lv != nil {
		return lv
	}
	size, align, _ := sema.Layout(v.Type)
	off := alignUp(f.tgSize, max(align, 1))
	f.tgSize = off + size
	f.b.Fn.ThreadgroupMemory = uint32(alignUp(f.tgSize, 16))
	lv := &lvalue{t: v.Type, mem: true, addr: f.b.ConstU64(uint64(off)), space: ir.Threadgroup}
	f.locals[v] = lv
	return lv
}
