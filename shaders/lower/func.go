package lower

import (
	"encoding/binary"
	"math"

	"github.com/ingot-render/ingot/internal/fmath"
	"github.com/ingot-render/ingot/shaders/diag"
	"github.com/ingot-render/ingot/shaders/ir"
	"github.com/ingot-render/ingot/shaders/sema"
	"github.com/ingot-render/ingot/shaders/syntax"
)

// fn is the state of lowering one function body.
type fn struct {
	p      *program
	b      *ir.Builder
	sf     *sema.Func
	info   *sema.Info
	locals map[*sema.Var]*lvalue
	mem    map[*sema.Var]bool // locals that must live in memory
	mod    map[*sema.Var]bool // locals written after their declaration
	offs   map[ir.Reg]regOff  // addresses made by addOff: base + constant
	this   ir.Reg             // U64 thread address of the receiver (methods)
	thisT  *sema.Type
	thisSp ir.Space   // memory space of this (receiverSpace)
	result *sema.Type // declared result type (nil: void)
	kernel bool
	// tgSize is the static threadgroup memory allocated so far (kernels).
	tgSize int
	// io and ioBase: the stage record layout and this invocation's record
	// (vertex and fragment functions).
	io     *WrapperLayout
	ioBase ir.Reg
	// gregs are the values of the program-scope resource bindings (hidden
	// trailing parameters), passed on to every call.
	gregs []ir.Reg
	// queries are the intersection_query variables declared so far; every
	// return ends their traversals (query.go).
	queries []*lvalue
}

func (p *program) newFn(b *ir.Builder, sf *sema.Func, info *sema.Info) *fn {
	return &fn{p: p, b: b, sf: sf, info: info, locals: map[*sema.Var]*lvalue{}, mem: map[*sema.Var]bool{}, mod: map[*sema.Var]bool{}}
}

func (f *fn) errorf(pos diag.Pos, format string, args ...any) { f.p.errorf(pos, format, args...) }

// x returns the typing of e.
func (f *fn) x(e syntax.Expr) *sema.ExprInfo {
	if x := f.info.Exprs[e]; x != nil {
		return x
	}
	f.errorf(e.Pos(), "expression was not type-checked")
	return nil
}

// paramKinds gives the IR parameter kinds of a parameter of type t.
func (p *program) paramKinds(t *sema.Type, pos diag.Pos) []ir.Kind {
	if t.Kind == sema.KReference {
		return []ir.Kind{ir.U64}
	}
	cs, ok := flatten(t)
	if !ok {
		p.errorf(pos, "cannot pass a value of type '%s'", t)
	}
	ks := make([]ir.Kind, len(cs))
	for i, c := range cs {
		ks[i] = c.kind
	}
	return ks
}

func (p *program) resultKinds(t *sema.Type, pos diag.Pos) []ir.Kind {
	if t == nil || t.Kind == sema.KVoid {
		return nil
	}
	return p.paramKinds(t, pos)
}

// function returns the IR function of sf, declaring it and queueing its
// body on first use.
func (p *program) function(sf *sema.Func, pos diag.Pos) *ir.Function {
	if f := p.funcs[sf]; f != nil {
		return f
	}
	if sf.Decl == nil || sf.Decl.Body == nil || sf.Info == nil {
		if fn := p.externFunc(sf, pos); fn != nil {
			return fn
		}
		p.errorf(pos, "function '%s' is declared but not defined in this library or any linked library", sf.QualName)
	}
	var params []ir.Kind
	if sf.Method != nil && !sf.Static {
		params = append(params, ir.U64)
	}
	for _, v := range sf.Params {
		params = append(params, p.paramKinds(v.Type, v.Pos)...)
	}
	if isLambda(sf) {
		for range p.captures(sf) {
			params = append(params, ir.U64)
		}
	}
	for range p.numGlobalParams() {
		params = append(params, ir.U64)
	}
	res := p.resultKinds(sf.Result, sf.Pos())
	b := ir.NewFunction(p.out, p.irName(sf), params, res)
	b.Fn.Pos = sf.Pos()
	if p.link.programs[p.sp] == p {
		p.link.fns[b.Fn] = p // lowered from a linked library
	}
	p.funcs[sf] = b.Fn
	p.pending = append(p.pending, pendingFunc{sf: sf, fn: b.Fn})
	p.builders = append(p.builders, b)
	return b.Fn
}

func (p *program) builderOf(fn *ir.Function) *ir.Builder {
	for _, b := range p.builders {
		if b.Fn == fn {
			return b
		}
	}
	return nil
}

// lowerBody lowers the body of an ordinary function (or method).
func (p *program) lowerBody(sf *sema.Func, irf *ir.Function) {
	b := p.builderOf(irf)
	f := p.newFn(b, sf, sf.Info)
	b.Pos = sf.Pos()
	f.result = sf.Result
	if f.result != nil && f.result.Kind == sema.KVoid {
		f.result = nil
	}
	f.scan(sf.Decl.Body)
	i := 0
	if sf.Method != nil && !sf.Static {
		f.this = b.Param(0)
		f.thisT = methodType(sf)
		f.thisSp = receiverSpace(sf)
		i = 1
	}
	for _, v := range sf.Params {
		ks := p.paramKinds(v.Type, v.Pos)
		regs := make([]ir.Reg, len(ks))
		for k := range ks {
			regs[k] = b.Param(i)
			i++
		}
		if v.Type.Kind == sema.KReference {
			f.locals[v] = &lvalue{t: v.Type.Elem, mem: true, addr: regs[0], space: spaceOf(v.Type.Space)}
			continue
		}
		f.declare(v, v.Type, &value{t: v.Type, regs: regs}, v.Pos)
	}
	if isLambda(sf) {
		caps := p.captures(sf)
		regs := make([]ir.Reg, len(caps))
		for k := range regs {
			regs[k] = b.Param(i)
			i++
		}
		f.bindCaptures(sf, regs, sf.Pos())
	}
	if n := p.numGlobalParams(); n > 0 {
		g := make([]ir.Reg, n)
		for k := range g {
			g[k] = b.Param(i + k)
		}
		f.bindGlobals(g)
	}
	f.prologue(sf.Decl.Body)
	if sf.Ctor {
		f.memberInits(sf)
	}
	f.block(sf.Decl.Body)
	f.finishReturn()
	if err := b.Finish(); err != nil {
		p.errorf(sf.Pos(), "%v", err)
	}
}

// finishReturn ends a function that may fall off its end.
func (f *fn) finishReturn() {
	f.endQueries()
	if f.result == nil {
		f.b.Return()
		return
	}
	ks := f.p.resultKinds(f.result, f.sf.Pos())
	vals := make([]ir.Reg, len(ks))
	for i, k := range ks {
		vals[i] = f.b.Const(k, 0)
	}
	f.b.Return(vals...)
}

func methodType(sf *sema.Func) *sema.Type { return structType(sf.Method) }

// structType returns the type of struct st.
func structType(st *sema.Struct) *sema.Type {
	if st.Scope != nil {
		if sym := st.Scope.Syms[st.Name]; sym != nil && sym.Kind == sema.SymType && sym.Type != nil && sym.Type.Struct == st {
			return sym.Type
		}
	}
	return sema.NewStructTypeView(st)
}

// scan finds locals that must live in memory: those whose address is
// taken and arrays indexed with a non-constant index.
func (f *fn) scan(body syntax.Node) {
	mod := func(e syntax.Expr) {
		if v := f.rootVar(e); v != nil {
			f.mod[v] = true
		}
	}
	syntax.Inspect(body, func(n syntax.Node) bool {
		switch e := n.(type) {
		case *syntax.BinaryExpr:
			if e.Op.IsAssign() {
				mod(e.X)
			}
			if xi := f.info.Exprs[e]; opFunc(xi) != nil {
				mod(e.X)
				mod(e.Y)
			}
		case *syntax.PostfixExpr:
			mod(e.X)
		case *syntax.IndexExpr:
			if xi := f.info.Exprs[e]; opFunc(xi) != nil {
				mod(e.X)
			}
		case *syntax.VarDecl:
			if v := f.info.Vars[e]; v != nil && v.Type.Kind == sema.KReference && e.Init != nil {
				mod(e.Init)
			}
		}
		switch e := n.(type) {
		case *syntax.UnaryExpr:
			if e.Op == syntax.Inc || e.Op == syntax.Dec {
				mod(e.X)
			}
			if xi := f.info.Exprs[e]; opFunc(xi) != nil {
				mod(e.X)
			}
		case *syntax.CallExpr:
			xi := f.info.Exprs[e]
			if me, ok := unparen(e.Fun).(*syntax.MemberExpr); ok {
				mod(me.X)
				if mx := f.info.Exprs[me.X]; mx != nil && isRTConfig(mx.Type) && me.Name.Last().Name == "intersect" {
					// The payload (an argument after the ray and the
					// structure) is passed by reference: keep it in memory.
					for _, a := range e.Args[min(2, len(e.Args)):] {
						if v := f.rootVar(a); v != nil {
							f.mod[v], f.mem[v] = true, true
						}
					}
				}
			}
			if xi != nil && xi.Func != nil {
				for i, pv := range xi.Func.Params {
					if i < len(e.Args) && pv.Type.Kind == sema.KReference {
						mod(e.Args[i])
					}
				}
				if isLambda(xi.Func) && xi.Func.Info != nil {
					// A call of a generic lambda's instance (its LambdaExpr
					// has no Func): the variables it captures may be written.
					for _, v := range f.p.captures(xi.Func) {
						f.mod[v] = true
					}
				}
			}
			if xi != nil && xi.Builtin != nil && len(e.Args) > 1 {
				switch xi.Builtin.Name {
				case "sincos", "modf", "frexp":
					mod(e.Args[1]) // out-parameter
				}
			}
		}
		switch e := n.(type) {
		case *syntax.UnaryExpr:
			if e.Op == syntax.Amp {
				if v := f.rootVar(e.X); v != nil {
					f.mem[v] = true
				}
			}
		case *syntax.IndexExpr:
			if xi := f.info.Exprs[e.X]; xi != nil && xi.Type != nil && xi.Type.Kind == sema.KArray {
				if ii := f.info.Exprs[e.Index]; ii == nil || ii.Value == nil {
					if v := f.rootVar(e.X); v != nil {
						f.mem[v] = true
					}
				}
			}
		case *syntax.CallExpr:
			if me, ok := unparen(e.Fun).(*syntax.MemberExpr); ok && !me.Arrow {
				if xi := f.info.Exprs[e]; xi != nil && returnsAddress(xi.Func) {
					if v := f.rootVar(me.X); v != nil {
						f.mem[v] = true
					}
				}
			}
		case *syntax.BinaryExpr:
			if xi := f.info.Exprs[e]; xi != nil && returnsAddress(xi.Func) || e.Op == syntax.Assign && opFunc(xi) != nil {
				if v := f.rootVar(e.X); v != nil {
					f.mem[v] = true
				}
			}
		case *syntax.CastExpr:
			// reinterpret_cast<T&>(v) aliases v's storage as another type.
			xt := f.info.Exprs[e.X]
			if xi := f.info.Exprs[e]; xi != nil && (xi.LValue || xt != nil && xt.Type != nil && xt.Type.Kind == sema.KArray) {
				if v := f.rootVar(e.X); v != nil {
					f.mem[v] = true
				}
			}
		case *syntax.LambdaExpr:
			// Variables a lambda captures may be written by it.
			if xi := f.info.Exprs[e]; xi != nil && isLambda(xi.Func) && xi.Func.Info != nil {
				for _, v := range f.p.captures(xi.Func) {
					f.mod[v] = true
				}
			}
			return false
		}
		if ie, ok := n.(*syntax.IndexExpr); ok {
			if xi := f.info.Exprs[ie]; xi != nil && returnsAddress(xi.Func) {
				if v := f.rootVar(ie.X); v != nil {
					f.mem[v] = true
				}
			}
		}
		return true
	})
}

// returnsAddress reports whether method sf returns a reference or pointer
// (which may point into its receiver, so the receiver must not be a copy).
func returnsAddress(sf *sema.Func) bool {
	if sf == nil || sf.Method == nil || sf.Static || sf.Result == nil {
		return false
	}
	k := sf.Result.Kind
	return k == sema.KReference || k == sema.KPointer
}

// rootVar returns the local variable an lvalue expression designates part
// of (through members and array/vector indexing), or nil.
func (f *fn) rootVar(e syntax.Expr) *sema.Var {
	for {
		switch x := e.(type) {
		case *syntax.ParenExpr:
			e = x.X
		case *syntax.CastExpr:
			if xi := f.info.Exprs[x]; xi == nil || !xi.LValue {
				return nil
			}
			e = x.X
		case *syntax.MemberExpr:
			if x.Arrow {
				return nil
			}
			e = x.X
		case *syntax.IndexExpr:
			xi := f.info.Exprs[x.X]
			if xi == nil || xi.Type == nil || xi.Type.Kind == sema.KPointer {
				return nil
			}
			e = x.X
		case *syntax.NameExpr:
			if xi := f.info.Exprs[x]; xi != nil && xi.Var != nil && !xi.Var.Global {
				return xi.Var
			}
			return nil
		default:
			return nil
		}
	}
}

// prologue materializes the program-scope constants the body uses.
func (f *fn) prologue(body syntax.Node) {
	seen := map[*sema.Var]bool{}
	syntax.Inspect(body, func(n syntax.Node) bool {
		ne, ok := n.(*syntax.NameExpr)
		if !ok {
			return true
		}
		xi := f.info.Exprs[ne]
		if xi == nil || xi.Var == nil || !xi.Var.Global || seen[xi.Var] || xi.Value != nil || f.locals[xi.Var] != nil {
			return true
		}
		v := xi.Var
		seen[v] = true
		if v.FuncConst != nil || v.Value != nil {
			return true
		}
		f.global(v, ne.Pos())
		return true
	})
}

// global materializes program-scope variable v: constants with an
// initializer become registers (arrays: thread memory initialized here).
func (f *fn) global(v *sema.Var, pos diag.Pos) {
	for _, a := range v.Attrs {
		if val, ok := f.builtinValue(a.Name, v.Type, pos); ok {
			f.locals[v] = &lvalue{t: v.Type, alts: []alt{{regs: val.regs}}, readOnly: true}
			return
		}
	}
	d, _ := v.Decl.(*syntax.VarDecl)
	info := f.p.sp.Info
	if (d == nil || d.Init == nil) && v.Extern {
		// Defined in a linked library: lower its initializer here.
		if dp, dv := f.p.externVar(v); dv != nil {
			d, _ = dv.Decl.(*syntax.VarDecl)
			info = dp.Info
		}
	}
	if d == nil || d.Init == nil {
		if v.Extern {
			f.errorf(pos, "extern variable '%s' is not defined in any linked library", v.Name)
		}
		f.errorf(pos, "program-scope variable '%s' without initializer is not supported", v.Name)
	}
	save := f.info
	f.info = info
	defer func() { f.info = save }()
	if addr, ok := f.p.dataAddr[v]; ok {
		f.locals[v] = &lvalue{t: v.Type, mem: true, addr: f.b.ConstU64(addr), space: ir.Constant, readOnly: true}
		return
	}
	val := f.initValue(v.Type, d.Init, d.InitKind)
	if v.Type.Kind == sema.KArray {
		// A constant initializer goes into the program's data segment
		// once: indexing and constant pointers then read it in place.
		if addr, ok := f.dataSegment(v.Type, val); ok {
			f.p.dataAddr[v] = addr
			f.locals[v] = &lvalue{t: v.Type, mem: true, addr: f.b.ConstU64(addr), space: ir.Constant, readOnly: true}
			return
		}
		lv := f.alloca(v.Type)
		f.store(lv, val)
		f.locals[v] = lv
		return
	}
	f.locals[v] = &lvalue{t: v.Type, alts: []alt{{regs: val.regs}}, readOnly: true}
}

// dataSegment lays val (of array type t) out in the program's data
// segment when every component is a compile-time constant, and returns its
// Constant address.
func (f *fn) dataSegment(t *sema.Type, val value) (uint64, bool) {
	cs, ok := flatten(t)
	size, align, _ := sema.Layout(t)
	if !ok || len(cs) != len(val.regs) || size <= 0 || size > ir.MaxData {
		return 0, false
	}
	b := make([]byte, size)
	for i, c := range cs {
		v, ok := f.b.ConstValue(val.regs[i])
		if !ok {
			return 0, false
		}
		switch c.kind.Size() {
		case 1:
			b[c.off] = byte(v)
		case 2:
			if c.kind == ir.F16 {
				v = uint64(fmath.Float32ToHalf(math.Float32frombits(uint32(v))))
			}
			binary.LittleEndian.PutUint16(b[c.off:], uint16(v))
		case 4:
			binary.LittleEndian.PutUint32(b[c.off:], uint32(v))
		default:
			binary.LittleEndian.PutUint64(b[c.off:], v)
		}
	}
	return f.p.out.AddData(b, uint32(max(align, 1)))
}

// alloca reserves thread memory for a value of type t.
func (f *fn) alloca(t *sema.Type) *lvalue {
	size, align, _ := sema.Layout(t)
	if isRTConfig(t) {
		size, align = 4, 4
	}
	if size == 0 {
		size = 1
	}
	return &lvalue{t: t, mem: true, addr: f.b.Alloca(uint32(size), uint32(align)), space: ir.Thread}
}

// declare creates the storage of local v of type t, initialized with init
// (nil: zero).
func (f *fn) declare(v *sema.Var, t *sema.Type, init *value, pos diag.Pos) *lvalue {
	var lv *lvalue
	if init != nil && !f.mod[v] && !f.mem[v] && t.Kind != sema.KArray && !memOnly(t) && f.allTemps(init.regs) {
		// Never written again: the variable is its initial value.
		lv = &lvalue{t: t, alts: []alt{{regs: init.regs}}}
		f.locals[v] = lv
		return lv
	}
	if t.Kind == sema.KArray || f.mem[v] || memOnly(t) {
		lv = f.alloca(t)
		if init == nil {
			f.zeroMem(lv)
		}
	} else {
		cs, ok := flatten(t)
		if !ok {
			f.errorf(pos, "cannot declare a local of type '%s'", t)
		}
		regs := make([]ir.Reg, len(cs))
		for i, c := range cs {
			regs[i] = f.b.Var(c.kind, v.Name)
		}
		lv = &lvalue{t: t, alts: []alt{{regs: regs}}}
		if init == nil {
			// Variables start as zero (or their members' default
			// initializers), but a declaration inside a loop must reset
			// them on every iteration.
			d := f.defaultValue(t, pos)
			for i := range cs {
				f.b.Set(regs[i], d.regs[i])
			}
		}
	}
	f.locals[v] = lv
	if init != nil {
		f.store(lv, *init)
	}
	return lv
}

// allTemps reports whether no register of regs is a variable.
func (f *fn) allTemps(regs []ir.Reg) bool {
	for _, r := range regs {
		if f.b.Fn.Regs[r].Var {
			return false
		}
	}
	return true
}

// zeroMem stores zeros over lv (value-initialization), or the default
// member initializers of the structs in it.
func (f *fn) zeroMem(lv *lvalue) {
	if _, ok := flatten(lv.t); !ok {
		return
	}
	f.store(lv, f.defaultValue(lv.t, f.b.Pos))
}

// defaultValue is the value of a default- or value-initialized t: zero,
// except members with a default member initializer (sema.Field.Init),
// in structs, their arrays and nested structs.
func (f *fn) defaultValue(t *sema.Type, pos diag.Pos) value {
	if !hasMemberInits(t, 0) {
		return f.zero(t, pos)
	}
	var regs []ir.Reg
	switch t.Kind {
	case sema.KStruct:
		fs, _ := fieldsOf(t)
		for _, fl := range fs {
			regs = append(regs, f.memberDefault(fl, pos).regs...)
		}
	case sema.KArray:
		e := f.defaultValue(t.Elem, pos)
		for i := 0; i < t.N; i++ {
			regs = append(regs, e.regs...)
		}
	default:
		return f.zero(t, pos)
	}
	return value{t: t, regs: regs}
}

// memberDefault is the value member fl starts with when no initializer
// names it.
func (f *fn) memberDefault(fl *sema.Field, pos diag.Pos) value {
	if fl.Init != nil {
		return f.constValue(*fl.Init, fl.Type, pos)
	}
	return f.defaultValue(fl.Type, pos)
}

// hasMemberInits reports whether t (a struct, or arrays and nested
// structs of it) has a member with a default initializer.
func hasMemberInits(t *sema.Type, depth int) bool {
	if depth > 64 {
		return false
	}
	switch t.Kind {
	case sema.KArray:
		return hasMemberInits(t.Elem, depth+1)
	case sema.KStruct:
		if t.Struct == nil || t.Struct.Union {
			return false
		}
		fs, _ := fieldsOf(t)
		for _, fl := range fs {
			if fl.Init != nil || hasMemberInits(fl.Type, depth+1) {
				return true
			}
		}
	}
	return false
}

// memberInits runs a constructor's member initializer list.
func (f *fn) memberInits(sf *sema.Func) {
	for _, mi := range sf.Decl.Inits {
		name := mi.Name.Last().Name
		fld := f.thisT.Struct.FieldByName(name)
		if fld == nil {
			f.errorf(mi.Name.Pos(), "base-class initializer '%s' is not supported", name)
		}
		lv := f.member(f.thisLV(), fld, mi.Name.Pos())
		var val value
		if len(mi.Init.Elems) == 1 {
			val = f.valueAs(mi.Init.Elems[0], fld.Type)
		} else {
			val = f.construct(fld.Type, mi.Init.Elems, mi.Init.Lbrace, nil)
		}
		f.store(lv, val)
	}
}

func (f *fn) thisLV() *lvalue {
	return &lvalue{t: f.thisT, mem: true, addr: f.this, space: f.thisSp}
}

// receiverSpace is the memory space of a method's implicit object: the
// address space the method is qualified with (`) device`), else thread
// (callers copy other objects to a thread temporary).
func receiverSpace(sf *sema.Func) ir.Space {
	if sf.SpaceM != sema.SpaceNone {
		return spaceOf(sf.SpaceM)
	}
	return ir.Thread
}
