package sema

import (
	"github.com/ingot-render/ingot/shaders/diag"
	"github.com/ingot-render/ingot/shaders/syntax"
)

// autoType marks a type to be deduced from an initializer.
var autoType = &Type{Kind: KUnknown, name: "auto"}

func spaceOf(a syntax.AddrSpace) AddrSpace {
	switch a {
	case syntax.AddrDevice:
		return SpaceDevice
	case syntax.AddrConstant:
		return SpaceConstant
	case syntax.AddrThread:
		return SpaceThread
	case syntax.AddrThreadgroup:
		return SpaceThreadgroup
	case syntax.AddrThreadgroupImageblock:
		return SpaceThreadgroupImageblock
	case syntax.AddrRayData:
		return SpaceRayData
	case syntax.AddrObjectData:
		return SpaceObjectData
	}
	return SpaceNone
}

// qualType is a resolved type with its top-level qualifiers.
type qualType struct {
	t        *Type
	space    AddrSpace
	isConst  bool
	volatile bool
}

// resolveQual resolves te and returns its top-level qualifiers separately.
func (c *checker) resolveQual(te syntax.TypeExpr, s *Scope) qualType {
	if q, ok := te.(*syntax.QualType); ok {
		inner := c.resolveQual(q.Elem, s)
		inner.isConst = inner.isConst || q.Const
		inner.volatile = inner.volatile || q.Volatile
		if q.Space != syntax.AddrNone {
			inner.space = spaceOf(q.Space)
		}
		return inner
	}
	if at, ok := te.(*syntax.ArrayType); ok {
		// `constant float a[4]`: the qualifiers written on the element
		// apply to the declared object.
		{
			inner := c.resolveQual(at.Elem, s)
			if inner.t.Kind == KVoid || inner.t.Kind == KReference {
				c.errorf(at.Lbrack, "array-elem", "array of '%s' is not allowed", inner.t)
				inner.t = Invalid
				return inner
			}
			elemType := inner.t
			n, ok := c.arrayLen(at, s)
			if !ok || elemType.IsBad() {
				inner.t = orInvalid(nil)
				if elemType.IsBad() {
					inner.t = elemType
				}
				return inner
			}
			inner.t = ArrayOf(elemType, n, false)
			if c.info != nil {
				c.info.Types[te] = inner.t
			}
			return inner
		}
	}
	return qualType{t: c.resolveType(te, s)}
}

func (c *checker) arrayLen(te *syntax.ArrayType, s *Scope) (int, bool) {
	if te.Len == nil {
		return 0, true
	}
	v, ok := c.constInt(te.Len, s)
	if !ok {
		return 0, false
	}
	if v <= 0 {
		c.errorf(te.Len.Pos(), "array-size", "array size must be positive (is %d)", v)
		return 0, false
	}
	return int(v), true
}

// resolveType resolves a written type (declarator included). Top-level
// qualifiers are dropped; use resolveQual to see them.
func (c *checker) resolveType(te syntax.TypeExpr, s *Scope) *Type {
	t := c.resolveType1(te, s)
	if c.info != nil && te != nil {
		c.info.Types[te] = t
	}
	return t
}

func (c *checker) resolveType1(te syntax.TypeExpr, s *Scope) *Type {
	switch te := te.(type) {
	case nil:
		return Invalid
	case *syntax.BuiltinType:
		switch te.Name {
		case "auto":
			return autoType
		case "double", "long double":
			c.errorf(te.TypePos, "double", "'%s' is not supported in Metal", te.Name)
			return Invalid
		case "long long", "unsigned long long":
			c.errorf(te.TypePos, "long-long", "'%s' is not supported in Metal", te.Name)
			return Invalid
		}
		if t := scalarNames[te.Name]; t != nil {
			return t
		}
		c.errorf(te.TypePos, "unknown-type", "unknown type '%s'", te.Name)
		return Invalid
	case *syntax.NamedType:
		return c.namedType(te.Name, s)
	case *syntax.QualType:
		return c.resolveQual(te, s).t
	case *syntax.PointerType:
		q := c.resolveQual(te.Elem, s)
		if q.t.Kind == KReference {
			c.errorf(te.Star, "ptr-to-ref", "'%s' declared as a pointer to a reference", q.t)
			return Invalid
		}
		if q.space == SpaceNone && !q.t.IsBad() && q.t.Kind != KFunc {
			c.errorf(te.Star, "no-addrspace", "pointer type must have explicit address space qualifier")
		}
		return PointerTo(q.t, q.space, q.isConst, q.volatile)
	case *syntax.RefType:
		q := c.resolveQual(te.Elem, s)
		if q.t.Kind == KReference {
			return q.t
		}
		if q.space == SpaceNone {
			// References without an address space (operator+= returning
			// S&, auto&, forwarding references) are thread references.
			q.space = SpaceThread
		}
		return RefTo(q.t, q.space, q.isConst, q.volatile)
	case *syntax.ArrayType:
		et := c.resolveType(te.Elem, s)
		n := 0
		if te.Len != nil {
			v, ok := c.constInt(te.Len, s)
			if ok {
				if v <= 0 {
					c.errorf(te.Len.Pos(), "array-size", "array size must be positive (is %d)", v)
					return Invalid
				}
				n = int(v)
			} else {
				return Invalid
			}
		}
		if et.IsBad() {
			return et
		}
		if et.Kind == KVoid || et.Kind == KReference {
			c.errorf(te.Lbrack, "array-elem", "array of '%s' is not allowed", et)
			return Invalid
		}
		return ArrayOf(et, n, false)
	case *syntax.FuncType:
		var res *Type = Void
		if te.Result != nil {
			res = c.resolveType(te.Result, s)
		}
		ps := make([]*Type, 0, len(te.Params))
		for _, p := range te.Params {
			pt := c.resolveType(p.Type, s)
			if pt.Kind == KVoid && len(te.Params) == 1 {
				break
			}
			ps = append(ps, pt)
		}
		return FuncType(res, ps)
	case *syntax.TagType:
		switch d := te.Decl.(type) {
		case *syntax.StructDecl:
			return c.structDecl(d, s, nil)
		case *syntax.EnumDecl:
			return c.enumDecl(d, s)
		}
		return Invalid
	case *syntax.DecltypeType:
		if ft := c.decltypeFuncTemplate(te.X, s); ft != nil {
			return ft
		}
		x := c.expr(te.X, s)
		if x.LValue {
			if _, isName := te.X.(*syntax.NameExpr); !isName {
				return RefTo(x.Type, orThread(x.Space), x.Const, false)
			}
		}
		return x.Type
	case *syntax.BadType:
		return Invalid
	}
	return Invalid
}

func orThread(s AddrSpace) AddrSpace {
	if s == SpaceNone {
		return SpaceThread
	}
	return s
}

// namedType resolves a type name, instantiating templates.
func (c *checker) namedType(n *syntax.Name, s *Scope) *Type {
	sym := c.lookupQualified(n, s, false)
	last := n.Last()
	if sym == nil {
		c.errorf(n.Pos(), "unknown-type", "unknown type name '%s'", n.Plain())
		return Invalid
	}
	switch sym.Kind {
	case SymType:
		if last.Template != nil && sym.Type.Kind == KStruct && sym.Type.Struct.TemplArgs != nil {
			// The injected class name of a class template instance with
			// template arguments names another instance of the template
			// (`L<D - 1, T> inner;` inside L<D, T>).
			if ts := c.enclosingTemplate(sym.Type.Struct, last.Name); ts != nil {
				if t := c.instantiateClassFromSym(ts, last, s); t != nil {
					return t
				}
				return Invalid
			}
		}
		if last.Template != nil && sym.Type.Kind == KStruct && sym.Type.Struct.TemplArgs == nil {
			c.errorf(last.NamePos, "not-template", "'%s' is not a template", last.Name)
		}
		return sym.Type
	case SymBuiltinTmp:
		var args []TemplArg
		if last.Template != nil {
			args = c.templArgs(last.Template, s)
		}
		return c.builtinTemplateType(sym.Name, args, last.NamePos)
	case SymTemplate:
		if last.Template == nil {
			c.errorf(last.NamePos, "template-args", "use of class template '%s' requires template arguments", last.Name)
			return Invalid
		}
		if t := c.instantiateClassFromSym(sym, last, s); t != nil {
			return t
		}
		return Invalid
	}
	c.errorf(n.Pos(), "not-type", "'%s' does not name a type", n.Plain())
	return Invalid
}

// templArgs resolves template arguments: types, or constant expressions.
func (c *checker) templArgs(ta *syntax.TemplateArgs, s *Scope) []TemplArg {
	for _, a := range ta.Args {
		if a.Ellipsis {
			return c.expandTemplArgs(ta, s)
		}
	}
	out := make([]TemplArg, 0, len(ta.Args))
	for _, a := range ta.Args {
		out = append(out, c.templArg(a, s))
	}
	return out
}

func (c *checker) templArg(a *syntax.TemplateArg, s *Scope) TemplArg {
	if a.Type != nil {
		if nt, ok := a.Type.(*syntax.NamedType); ok && nt.Keyword == "" && c.isVarTemplate(nt.Name, s) {
			// is_same_v<T, U> parses as a type-id; it is a value.
			v, ok := c.constEval(&syntax.NameExpr{Name: nt.Name}, s)
			if !ok {
				return TemplArg{Type: Invalid}
			}
			return TemplArg{Value: &v}
		}
		return TemplArg{Type: c.resolveType(a.Type, s)}
	}
	if ne, ok := a.Expr.(*syntax.NameExpr); ok {
		if sym := c.lookupQualified(ne.Name, s, false); sym != nil {
			switch {
			case sym.Kind == SymTemplate && c.isVarTemplate(ne.Name, s):
				// is_same_v<T, U>: a value.
			case sym.Kind == SymType, sym.Kind == SymBuiltinTmp, sym.Kind == SymTemplate:
				return TemplArg{Type: c.namedType(ne.Name, s)}
			}
		}
	}
	v, ok := c.constEval(a.Expr, s)
	if !ok {
		return TemplArg{Type: Invalid}
	}
	return TemplArg{Value: &v}
}

func argType(args []TemplArg, i int) *Type {
	if i < len(args) {
		return args[i].Type
	}
	return nil
}

func argInt(args []TemplArg, i int) (int, bool) {
	if i < len(args) && args[i].Value != nil {
		return int(args[i].Value.AsInt()), true
	}
	return 0, false
}

// builtinTemplateType builds texture2d<float, access::read>, vec<T,N>,
// array<T,N>, atomic<T>, pixel types and the opaque handle templates.
func (c *checker) builtinTemplateType(name string, args []TemplArg, pos diag.Pos) *Type {
	for _, a := range args {
		if a.Type != nil && a.Type.IsBad() {
			return a.Type
		}
	}
	bad := func(format string, xs ...any) *Type {
		c.errorf(pos, "template-args", format, xs...)
		return Invalid
	}
	if k, ok := TexKindByName(name); ok {
		comp := argType(args, 0)
		if comp == nil {
			if k.IsDepth() {
				comp = Float
			} else {
				return bad("too few template arguments for '%s'", name)
			}
		}
		switch comp.Kind {
		case KHalf, KFloat, KShort, KUShort, KInt, KUInt, KULong:
		default:
			return bad("invalid texture component type '%s'", comp)
		}
		if k.IsDepth() && comp.Kind != KFloat {
			return bad("depth texture component type must be float, not '%s'", comp)
		}
		acc := k.DefaultAccess()
		if len(args) > 1 {
			v := args[1].Value
			if v == nil || v.Type.Kind != KEnum || v.Type.Enum.Name != "access" {
				return bad("second template argument of '%s' must be an access qualifier", name)
			}
			acc = Access(v.I)
		}
		if k.IsMS() && acc != AccessRead && acc != AccessReadWrite {
			return bad("multisample textures support only access::read")
		}
		if k.IsDepth() && acc != AccessSample && acc != AccessRead {
			return bad("depth textures support only access::sample or access::read")
		}
		return TextureOf(k, comp, acc)
	}
	if p, ok := PixelKindByName(name); ok {
		alu := argType(args, 0)
		w := p.Components()
		if alu != nil && (p == PixRGB9E5 || p == PixRG11B10F) && alu.Width() == 4 {
			w = 4 // the spec's examples use rgb9e5<float4>
		}
		if alu == nil || alu.Scalar() == nil || !alu.Scalar().IsFloat() || alu.Width() != w {
			return bad("invalid ALU type '%v' for pixel type '%s'", alu, name)
		}
		return PixelOf(p, alu)
	}
	switch name {
	case "vec", "packed_vec":
		e := argType(args, 0)
		n, ok := argInt(args, 1)
		if e == nil || !ok || !e.IsScalar() || (n != 1 && !ValidVecWidth(n)) || (name == "packed_vec" && n > 4) {
			return bad("invalid arguments for '%s'", name)
		}
		if name == "packed_vec" {
			if t := Packed(e, n); t != nil {
				return t
			}
			return bad("invalid packed vector type")
		}
		return Vec(e, n)
	case "matrix":
		e := argType(args, 0)
		cols, ok1 := argInt(args, 1)
		rows, ok2 := argInt(args, 2)
		if !ok1 || !ok2 {
			return bad("invalid arguments for 'matrix'")
		}
		if t := Mat(e, cols, rows); t != nil {
			return t
		}
		return bad("invalid matrix type matrix<%v, %d, %d>", e, cols, rows)
	case "array":
		e := argType(args, 0)
		n, ok := argInt(args, 1)
		if e == nil || !ok || n <= 0 {
			return bad("invalid arguments for 'array'")
		}
		return ArrayOf(e, n, true)
	case "atomic":
		e := argType(args, 0)
		if e == nil {
			return bad("too few template arguments for 'atomic'")
		}
		switch e.Kind {
		case KInt, KUInt, KBool, KULong, KFloat:
			return AtomicOf(e)
		}
		return bad("atomic<%s> is not supported", e)
	case "uniform":
		if e := argType(args, 0); e != nil {
			return e
		}
		return bad("too few template arguments for 'uniform'")
	case "intersection_result":
		return intersectionResult(args)
	case "array_ref":
		if e := argType(args, 0); e != nil {
			return ArrayOf(e, 0, true)
		}
		return bad("too few template arguments for 'array_ref'")
	}
	return OpaqueOf(name, args, nil)
}

// decltypeFuncTemplate returns the function type of decltype(f<T...>) when
// x names a function template with explicit template arguments (the form
// explicit instantiations use), or nil for any other expression.
func (c *checker) decltypeFuncTemplate(x syntax.Expr, s *Scope) *Type {
	ne, ok := x.(*syntax.NameExpr)
	if !ok || ne.Name == nil || ne.Name.Last().Template == nil {
		return nil
	}
	last := ne.Name.Last()
	base := &syntax.Name{Global: ne.Name.Global, GlobalAt: ne.Name.GlobalAt, Segs: ne.Name.Segs}
	sym := c.lookupQualified(base, s, false)
	if sym == nil || len(sym.Templs) == 0 {
		return nil
	}
	explicit := c.templArgs(last.Template, s)
	for _, t := range sym.Templs {
		fd, ok := t.Decl.Decl.(*syntax.FuncDecl)
		if !ok {
			return nil
		}
		targs, ok := c.deduceFunc(t, fd, explicit, nil)
		if !ok {
			continue
		}
		if f := c.instantiateFunc(t, targs, ne); f != nil {
			ps := make([]*Type, len(f.Params))
			for i, p := range f.Params {
				ps[i] = p.Type
			}
			return FuncType(f.Result, ps)
		}
	}
	c.errorf(last.NamePos, "no-template-match", "no function template '%s' matches the template arguments", last.Name)
	return Invalid
}

// isVarTemplate reports whether n names a variable template
// (`template <typename T> constexpr bool is_x = …;`).
func (c *checker) isVarTemplate(n *syntax.Name, s *Scope) bool {
	if n.Last().Template == nil {
		return false
	}
	sym := c.lookupQualified(n, s, false)
	if sym == nil || sym.Kind != SymTemplate || len(sym.Templs) == 0 {
		return false
	}
	_, isVar := sym.Templs[0].Decl.Decl.(*syntax.VarDecl)
	return isVar
}

// enclosingTemplate returns the class template named name that the
// instance st was made from (found from the scope around the instance),
// or nil.
func (c *checker) enclosingTemplate(st *Struct, name string) *Symbol {
	if st.Scope == nil {
		return nil
	}
	for sc := st.Scope.Parent; sc != nil; sc = sc.Parent {
		if sym := sc.lookupLocal(name); sym != nil {
			if sym.Kind == SymTemplate {
				return sym
			}
			if sym.Kind != SymType || sym.Type.Kind != KStruct || sym.Type.Struct != st {
				return nil
			}
		}
	}
	return nil
}
