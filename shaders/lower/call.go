package lower

import (
	"github.com/ingot-render/ingot/shaders/diag"
	"github.com/ingot-render/ingot/shaders/ir"
	"github.com/ingot-render/ingot/shaders/sema"
	"github.com/ingot-render/ingot/shaders/stdlib"
	"github.com/ingot-render/ingot/shaders/syntax"
)

// call lowers a call expression; the result is nil for void calls and a
// (possibly read-only) lvalue otherwise.
func (f *fn) call(e *syntax.CallExpr) *lvalue {
	if ce := f.info.Expanded[e]; ce != nil {
		e = ce // pack expansions in the arguments, expanded by sema
	}
	xi := f.x(e)
	if xi != nil && xi.Func != nil && xi.Func.Method != nil && xi.Func.Method.QualName == "metal::os_log" {
		// os_log messages (Metal 3.2 logging) are discarded: ingot has no
		// log stream. The arguments are still evaluated.
		for _, a := range e.Args {
			if t := f.x(a); t != nil && t.Type.Kind != sema.KString {
				f.effect(a)
			}
		}
		return nil
	}
	if fi := f.info.Exprs[e.Fun]; fi != nil && fi.IsType || xi.Construct {
		v := f.construct(xi.Type, e.Args, e.Pos(), xi)
		return &lvalue{t: v.t, alts: []alt{{regs: v.regs}}, readOnly: true}
	}
	if me, ok := unparen(e.Fun).(*syntax.MemberExpr); ok {
		bt := f.x(me.X).Type
		if me.Arrow && bt.Kind == sema.KPointer {
			bt = bt.Elem
		}
		switch bt.Kind {
		case sema.KTexture:
			return f.textureCall(e, me, bt, xi)
		case sema.KStruct:
			if xi.Func == nil {
				f.errorf(e.Pos(), "unresolved method call")
			}
			var recv *lvalue
			if me.Arrow {
				p := f.value(me.X)
				recv = &lvalue{t: bt, mem: true, addr: p.regs[0], space: spaceOf(f.x(me.X).Type.Space)}
			} else {
				recv = f.lval(me.X)
			}
			if xi.Func.Static {
				recv = nil
			}
			return f.callFunc(xi.Func, recv, e.Args, nil, e.Pos())
		case sema.KOpaque:
			if isRTQuery(bt) {
				return f.queryCall(e, me, bt, xi)
			}
			if isRTConfig(bt) {
				return f.intersectorCall(e, me, bt, xi)
			}
			if isOpaqueNamed(bt, "intersection_function_table") && !me.Arrow && (me.Name.Last().Name == "size" || me.Name.Last().Name == "empty") {
				n := f.rtCall(stdlib.RTTableSize, f.value(me.X).regs[0])[0]
				if me.Name.Last().Name == "empty" {
					n = f.b.Binary(ir.OpEq, ir.U32, n, f.b.ConstU32(0))
					return &lvalue{t: sema.Bool, alts: []alt{{regs: []ir.Reg{n}}}, readOnly: true}
				}
				return &lvalue{t: sema.UInt, alts: []alt{{regs: []ir.Reg{n}}}, readOnly: true}
			}
			if isFuncTable(bt) && !me.Arrow && (me.Name.Last().Name == "size" || me.Name.Last().Name == "empty") {
				tab := f.value(me.X).regs[0]
				n := f.b.Intrinsic(f.p.out.Intrinsic(stdlib.FunctionTableIntrinsics[1]), tab)[0]
				if me.Name.Last().Name == "empty" {
					n = f.b.Binary(ir.OpEq, ir.U32, n, f.b.ConstU32(0))
					return &lvalue{t: sema.Bool, alts: []alt{{regs: []ir.Reg{n}}}, readOnly: true}
				}
				return &lvalue{t: sema.UInt, alts: []alt{{regs: []ir.Reg{n}}}, readOnly: true}
			}
			if isOpaqueNamed(bt, "mesh") || isOpaqueNamed(bt, "mesh_grid_properties") {
				return f.meshCall(e, me, bt)
			}
			if isOpaqueNamed(bt, "imageblock") && !me.Arrow {
				return f.imageblockCall(e, me, bt, xi)
			}
			if n := bt.Opaque.Name; (n == "simd_vote" || n == "quad_vote") && !me.Arrow {
				v := f.value(me.X).regs[0]
				var r ir.Reg
				switch me.Name.Last().Name {
				case "any":
					r = f.b.Binary(ir.OpNe, ir.U64, v, f.b.ConstU64(0))
				case "all":
					active := f.vote("simd_active_threads_mask")
					if n == "quad_vote" {
						lane := f.b.Builtin(ir.ThreadIndexInSimdgroup)
						base := f.b.Binary(ir.OpAnd, ir.U32, lane, f.b.ConstU32(^uint32(3)))
						active = f.b.Binary(ir.OpAnd, ir.U64, f.b.Binary(ir.OpShr, ir.U64, active, f.b.Conv(ir.U64, ir.U32, base)), f.b.ConstU64(15))
					}
					r = f.b.Binary(ir.OpEq, ir.U64, v, active)
				default:
					f.errorf(e.Pos(), "unsupported %s method '%s'", n, me.Name.Last().Name)
				}
				return &lvalue{t: sema.Bool, alts: []alt{{regs: []ir.Reg{r}}}, readOnly: true}
			}
		case sema.KArray:
			if me.Name.Last().Name == "size" && hasConst(xi) {
				c := f.constValue(*xi.Value, xi.Type, e.Pos())
				return &lvalue{t: c.t, alts: []alt{{regs: c.regs}}, readOnly: true}
			}
		}
		f.errorf(e.Pos(), "unsupported method call '%s' on '%s'", me.Name.Last().Name, bt)
	}
	if isLambda(xi.Func) {
		return f.lambdaCall(e, xi.Func) // an instance of a generic lambda
	}
	if sf := f.lambdaOf(e.Fun); sf != nil {
		return f.lambdaCall(e, sf)
	}
	if xi.Func != nil {
		var recv *lvalue
		if xi.Func.Method != nil && !xi.Func.Static {
			if fx := f.x(e.Fun); fx != nil && fx.Type != nil && fx.Type.Kind == sema.KStruct {
				recv = f.lval(e.Fun) // obj(args): the object's operator()
			} else {
				if f.this == ir.NoReg {
					f.errorf(e.Pos(), "method call without an object")
				}
				recv = f.thisLV()
			}
		}
		return f.callFunc(xi.Func, recv, e.Args, nil, e.Pos())
	}
	if xi.Builtin != nil {
		v := f.builtinCall(e, xi)
		if v == nil {
			return nil
		}
		return &lvalue{t: v.t, alts: []alt{{regs: v.regs}}, readOnly: true}
	}
	if ft := f.x(e.Fun).Type; ft != nil {
		if ft.Kind == sema.KPointer && ft.Elem != nil && ft.Elem.Kind == sema.KFunc {
			ft = ft.Elem
		}
		if ft.Kind == sema.KFunc && ft.Func != nil {
			return f.indirectCall(e, ft.Func)
		}
	}
	f.errorf(e.Pos(), "unsupported call (lambdas and function tables are not lowered)")
	return nil
}

func unparen(e syntax.Expr) syntax.Expr {
	for {
		p, ok := e.(*syntax.ParenExpr)
		if !ok {
			return e
		}
		e = p.X
	}
}

// operatorCall calls an overloaded operator: a method of x's struct, or a
// free function taking x first.
func (f *fn) operatorCall(sf *sema.Func, x syntax.Expr, rest []syntax.Expr, pos diag.Pos) *lvalue {
	if sf.Method != nil && !sf.Static {
		return f.callFunc(sf, f.lval(x), rest, nil, pos)
	}
	return f.callFunc(sf, nil, append([]syntax.Expr{x}, rest...), nil, pos)
}

// addressOf returns a Thread address holding lv's object and a function
// to copy it back after the call (nil when lv is addressable as is). want
// is the address space the callee expects.
func (f *fn) addressOf(lv *lvalue, want ir.Space, writeBack bool) (ir.Reg, func()) {
	if lv.mem && lv.swz == nil && lv.space == want {
		return lv.addr, nil
	}
	if want == ir.Constant {
		// A constant-qualified method on a program-scope constant whose
		// value lives in registers: lay it out in the data segment.
		if addr, ok := f.dataSegment(lv.t, f.load(lv)); ok {
			return f.b.ConstU64(addr), nil
		}
		f.errorf(diag.NoPos, "the object of a constant-qualified method must be a compile-time constant")
	}
	tmp := f.alloca(lv.t)
	f.store(tmp, f.load(lv))
	if !writeBack || lv.readOnly || lv.space == ir.Constant && lv.mem {
		return tmp.addr, nil
	}
	return tmp.addr, func() { f.store(lv, f.load(tmp)) }
}

// callFunc calls user function sf with receiver recv (methods) and
// arguments given as expressions (exprs) or values (vals).
func (f *fn) callFunc(sf *sema.Func, recv *lvalue, exprs []syntax.Expr, vals []value, pos diag.Pos) *lvalue {
	return f.callWith(sf, recv, exprs, vals, nil, pos)
}

// callWith is callFunc with arguments optionally given as objects (lvs),
// which reference parameters bind to directly.
func (f *fn) callWith(sf *sema.Func, recv *lvalue, exprs []syntax.Expr, vals []value, lvs []*lvalue, pos diag.Pos) *lvalue {
	return f.callExtra(sf, recv, exprs, vals, lvs, nil, pos)
}

// callExtra is callWith passing extra hidden arguments (a lambda's
// capture addresses) after the parameters; the extras are computed by the
// caller before the arguments are evaluated.
func (f *fn) callExtra(sf *sema.Func, recv *lvalue, exprs []syntax.Expr, vals []value, lvs []*lvalue, extra []ir.Reg, pos diag.Pos) *lvalue {
	callee := f.p.function(sf, pos)
	var args []ir.Reg
	var after []func()
	if sf.Method != nil && !sf.Static {
		if recv == nil {
			f.errorf(pos, "method '%s' called without an object", sf.Name)
		}
		a, back := f.addressOf(recv, receiverSpace(sf), !sf.ConstM)
		args = append(args, a)
		if back != nil {
			after = append(after, back)
		}
	}
	for i, pv := range sf.Params {
		var ex syntax.Expr
		var val *value
		var given *lvalue
		if i < len(lvs) {
			given = lvs[i]
		}
		switch {
		case given != nil:
		case vals != nil && i < len(vals):
			val = &vals[i]
		case i < len(exprs):
			ex = exprs[i]
		case i < len(sf.Defaults) && sf.Defaults[i] != nil:
			save := f.info
			f.info = sf.Info
			v := f.valueAs(sf.Defaults[i], pv.Type)
			f.info = save
			val = &v
		default:
			f.errorf(pos, "missing argument %d of '%s'", i+1, sf.Name)
		}
		if pv.Type.Kind == sema.KReference {
			et := pv.Type.Elem
			lv := given
			if lv != nil {
			} else if ex != nil && f.x(ex).LValue {
				lv = f.lval(ex)
			} else {
				var v value
				if ex != nil {
					v = f.valueAs(ex, et)
				} else {
					v = f.convert(*val, et, pos)
				}
				lv = f.alloca(et)
				f.store(lv, v)
			}
			a, back := f.addressOf(lv, spaceOf(pv.Type.Space), !pv.Type.Const)
			args = append(args, a)
			if back != nil {
				after = append(after, back)
			}
			continue
		}
		var v value
		if given != nil {
			v = f.convert(f.load(given), pv.Type, pos)
		} else if ex != nil {
			v = f.valueAs(ex, pv.Type)
		} else {
			v = f.convert(*val, pv.Type, pos)
		}
		args = append(args, v.regs...)
	}
	args = append(args, extra...)
	if f.p.link.fns[callee] == nil {
		// Functions linked from another library take no hidden
		// program-scope bindings (linkedProgram refuses libraries with any).
		args = append(args, f.gregs...)
	}
	res := f.b.Call(callee, args...)
	for _, fn := range after {
		fn()
	}
	rt := sf.Result
	if rt == nil || rt.Kind == sema.KVoid {
		return nil
	}
	if rt.Kind == sema.KReference {
		return &lvalue{t: rt.Elem, mem: true, addr: res[0], space: spaceOf(rt.Space)}
	}
	return &lvalue{t: rt, alts: []alt{{regs: res}}, readOnly: true}
}
