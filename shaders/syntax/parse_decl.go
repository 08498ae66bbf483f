package syntax

import "github.com/ingot-render/ingot/shaders/diag"

// declCtx tells where a declaration appears.
type declCtx uint8

const (
	ctxFile  declCtx = iota // file or namespace scope
	ctxClass                // class member
	ctxBlock                // block scope (local declaration)
)

// declList parses declarations up to end (not consumed) or EOF.
func (p *parser) declList(ctx declCtx, className string) []Decl {
	var ds []Decl
	for {
		k := p.kind()
		if k == EOF {
			return ds
		}
		if k == RBrace {
			if ctx == ctxFile && p.depth == 0 {
				p.errorf(p.pos(), "extraneous closing brace ('}')")
				p.next()
				continue
			}
			return ds
		}
		before := p.i
		ds = append(ds, p.decl(ctx, className)...)
		if p.i == before && !p.halfGt {
			// No progress: skip the token to guarantee termination.
			p.errorf(p.pos(), "expected declaration")
			p.next()
		}
	}
}

// decl parses one declaration (several VarDecls for a multi-declarator).
func (p *parser) decl(ctx declCtx, className string) []Decl {
	if !p.enter() {
		p.leave()
		from := p.pos()
		p.sync()
		return []Decl{&BadDecl{From: from, To: p.prevEnd()}}
	}
	defer p.leave()
	switch p.kind() {
	case Semi:
		d := &EmptyDecl{Semi: p.pos()}
		p.next()
		return []Decl{d}
	case KwNamespace:
		return []Decl{p.namespaceDecl()}
	case KwUsing:
		return []Decl{p.usingDecl()}
	case KwTemplate:
		return []Decl{p.templateDecl(ctx, className, diag.NoPos)}
	case KwStaticAssert:
		return []Decl{p.staticAssert()}
	case KwExtern:
		switch p.peek(1) {
		case KwTemplate:
			ext := p.pos()
			p.next()
			return []Decl{p.templateDecl(ctx, className, ext)}
		case String:
			p.next()
			p.next()
			if p.kind() == LBrace {
				p.next()
				ds := p.declList(ctx, className)
				p.expect(RBrace, "")
				return ds
			}
			return p.decl(ctx, className)
		}
	case KwPublic, KwPrivate, KwProtected:
		if ctx == ctxClass {
			a := &AccessDecl{KwPos: p.pos(), Access: p.tok().Text}
			p.next()
			a.Colon = p.expect(Colon, "after access specifier")
			return []Decl{a}
		}
	case KwExport:
		p.next()
		return p.decl(ctx, className)
	}
	return p.simpleDecl(ctx, className, nil)
}

// simpleDecl parses specifiers and declarators: variables, functions,
// typedefs, struct/enum definitions.
func (p *parser) simpleDecl(ctx declCtx, className string, preAttrs []*AttrList) []Decl {
	start := p.pos()
	if len(preAttrs) > 0 {
		start = preAttrs[0].Lbrack
	}
	isTmpl := p.tmplPending
	var ds declSpecs
	d := &ds
	p.declSpecifiers(d, className)
	p.tmplPending = false
	if len(preAttrs) > 0 {
		d.attrs = append(preAttrs, d.attrs...)
	}
	// A lone struct/enum definition or forward declaration.
	if d.tagDecl != nil && p.kind() == Semi && !d.typedef {
		p.next()
		if sd, ok := d.tagDecl.(*StructDecl); ok && len(d.attrs) > 0 {
			sd.Attrs = append(d.attrs, sd.Attrs...)
		}
		return []Decl{d.tagDecl}
	}
	var out []Decl
	if d.tagDecl != nil && (d.tagBody || isOpaqueEnum(d.tagDecl)) {
		if _, anon := d.base.(*TagType); !anon {
			out = append(out, d.tagDecl)
		}
	}
	base := p.specType(d)
	if base == nil && !(p.atNameStart() || p.kind() == Tilde) {
		p.errorf(p.pos(), "expected unqualified-id")
		from := start
		p.sync()
		return append(out, &BadDecl{From: from, To: p.prevEnd()})
	}
	if base == nil && d.kw.distinct == 0 && ctx != ctxClass && !p.ctorQualified() && p.kind() != KwOperator && p.kind() != Tilde {
		// A name that is not a type followed by something unexpected.
		p.errorf(p.pos(), "unknown type name '%s'", p.tok().Text)
		from := start
		p.sync()
		return append(out, &BadDecl{From: from, To: p.prevEnd()})
	}
	var ctorBase TypeExpr
	if base == nil {
		// Constructor, destructor or conversion function: no type.
		ctorBase = &BadType{From: p.pos(), To: p.pos()}
		base = ctorBase
	}
	for {
		dc := p.declarator(base, declNamed)
		if ctorBase != nil {
			if dc.fn != nil && dc.fn.Result == ctorBase {
				dc.fn.Result = nil
			} else if dc.name != nil {
				p.errorf(dc.name.Pos(), "a type specifier is required for all declarations")
			}
		}
		if dc.name == nil {
			if d.tagDecl != nil && len(out) == 0 && p.kind() == Semi {
				p.next()
				return []Decl{d.tagDecl}
			}
			p.errorf(p.pos(), "expected unqualified-id")
			p.sync()
			return append(out, &BadDecl{From: start, To: p.prevEnd()})
		}
		switch {
		case d.typedef:
			id := identOf(dc.name)
			out = append(out, &TypedefDecl{KwPos: d.typedefP, Name: id, Type: dc.typ, EndPos: p.prevEnd()})
			p.declare(id.Name, nkType)
		case dc.fn != nil:
			fd := p.funcDecl(start, d, dc, ctx, isTmpl)
			out = append(out, fd)
			if fd.Body != nil {
				return out
			}
		case p.explicitInst && dc.name.Last().Template != nil && !d.typedef:
			// `template [[host_name("x")]] [[kernel]] decltype(f<T>) f<T>;`
			out = append(out, &FuncDecl{StartPos: start, Attrs: d.attrs, Stage: d.stage, StagePos: d.stagePos,
				Specs: d.specs, Name: dc.name, NameAttrs: dc.nameAttrs, Via: dc.typ, EndPos: p.prevEnd()})
		default:
			v := &VarDecl{StartPos: start, Attrs: d.attrs, Specs: d.specs, Type: dc.typ, Name: identOf(dc.name), NameAttrs: dc.nameAttrs,
				TemplArgs: dc.name.Last().Template}
			if dc.name.Qualified() {
				v.Qual = dc.name
			}
			if d.stage != "" {
				p.errorf(d.stagePos, "'%s' can only be applied to a function declaration", d.stage)
			}
			if ctx == ctxClass && p.kind() == Colon {
				p.next()
				v.BitWidth = p.condExpr()
			}
			p.varInit(v)
			v.EndPos = p.prevEnd()
			out = append(out, v)
			if dc.name.Last().Template == nil {
				// A template-id (`decltype(f<T>) f<T>;` in an explicit
				// instantiation) names an existing template: keep it one.
				p.declare(v.Name.Name, nkValue)
			}
		}
		if !p.got(Comma) {
			break
		}
	}
	switch ctx {
	case ctxFile:
		p.expectSemi("after top level declarator")
	case ctxClass:
		p.expectSemi("at end of declaration list")
	default:
		p.expectSemi("at end of declaration")
	}
	return out
}

// expectSemi expects ';' and resynchronizes after a miss.
func (p *parser) expectSemi(context string) {
	if p.got(Semi) {
		return
	}
	p.expect(Semi, context)
	// A ';' forgotten at the end of a line: continue with the next line
	// as clang does, rather than skipping it.
	if !p.halfGt && p.toks[p.i].Flags&FlagBOL != 0 {
		return
	}
	p.sync()
}

// varInit parses a variable initializer, if any.
func (p *parser) varInit(v *VarDecl) {
	switch p.kind() {
	case Assign:
		p.next()
		v.InitKind = InitEqual
		if p.kind() == LBrace {
			v.Init = p.initList()
		} else {
			v.Init = p.assignExpr()
		}
	case LBrace:
		v.InitKind = InitBrace
		v.Init = p.initList()
	case LParen:
		v.InitKind = InitParen
		l := &InitListExpr{Lbrace: p.pos(), Paren: true}
		p.next()
		l.Elems = p.exprList(RParen)
		l.Rbrace = p.expect(RParen, "")
		v.Init = l
	}
}

// funcDecl builds a FuncDecl from a function declarator and parses what
// follows it (body, = default, ctor initializers).
func (p *parser) funcDecl(start diag.Pos, d *declSpecs, dc *declarator, ctx declCtx, isTmpl bool) *FuncDecl {
	ft := dc.fn
	fd := &FuncDecl{
		StartPos: start, Attrs: d.attrs, Stage: d.stage, StagePos: d.stagePos, Specs: d.specs,
		Result: ft.Result, Name: dc.name, NameAttrs: dc.nameAttrs, Lparen: ft.Lparen,
		Params: ft.Params, Variadic: ft.Variadic, Rparen: ft.Rparen, Const: dc.fnConst,
		Space:   dc.fnSpace,
		RefQual: dc.fnRef, Noexcept: dc.noexcept, Trailing: dc.trailing, Attrs2: dc.fnAttrs,
		Override: dc.override,
	}
	if last := dc.name.Last(); last != nil && !dc.name.Qualified() {
		k := nkValue
		if isTmpl {
			k = nkFuncTemplate
		}
		if prev := p.lookup(last.Name); (ctx != ctxClass || isTmpl) && prev != nkFuncTemplate && prev != nkTemplate {
			p.declare(last.Name, k)
		}
	}
	if p.kind() == Assign {
		p.next()
		switch {
		case p.kind() == KwDefault:
			fd.Defaulted = true
			p.next()
		case p.kind() == KwDelete:
			fd.Deleted = true
			p.next()
		case p.kind() == Int && p.tok().Text == "0":
			fd.Pure = true
			p.next()
		default:
			p.errorf(p.pos(), "expected 'default', 'delete' or '0' after '='")
		}
		fd.EndPos = p.prevEnd()
		return fd
	}
	if p.kind() == Colon {
		p.next()
		for p.kind() != LBrace && p.kind() != EOF {
			n := p.parseName()
			if n == nil {
				p.errorf(p.pos(), "expected class member or base class name")
				p.skipTo(LBrace, Semi)
				break
			}
			mi := &MemberInit{Name: n}
			switch p.kind() {
			case LParen:
				l := &InitListExpr{Lbrace: p.pos(), Paren: true}
				p.next()
				l.Elems = p.exprList(RParen)
				l.Rbrace = p.expect(RParen, "")
				mi.Init = l
			case LBrace:
				mi.Init = p.initList()
			default:
				p.errorf(p.pos(), "expected '(' or '{'")
				mi.Init = &InitListExpr{Lbrace: p.pos(), Rbrace: p.pos()}
			}
			fd.Inits = append(fd.Inits, mi)
			if !p.got(Comma) {
				break
			}
		}
	}
	if p.kind() == LBrace {
		p.pushScope()
		for _, prm := range fd.Params {
			if prm.Name != nil {
				p.declare(prm.Name.Name, nkValue)
			}
		}
		fd.Body = p.block()
		p.popScope()
		fd.EndPos = fd.Body.End()
		return fd
	}
	fd.EndPos = p.prevEnd()
	return fd
}

// classSpecifier parses struct/class/union [name] [: bases] [{ members }].
func (p *parser) classSpecifier() *StructDecl {
	isTmpl := p.tmplPending
	p.tmplPending = false
	sd := &StructDecl{KwPos: p.pos(), Keyword: p.tok().Text}
	p.next()
	sd.Attrs = p.parseAttrLists()
	if p.atNameStart() && p.kind() != KwOperator && p.kind() != Tilde {
		sd.Name = p.parseName()
		sd.Attrs = append(sd.Attrs, p.parseAttrLists()...)
	}
	kind := nkType
	if isTmpl {
		kind = nkTemplate
	}
	if sd.Name != nil && !sd.Name.Qualified() {
		name := sd.Name.Last().Name
		if p.lookup(name) != nkTemplate {
			p.declare(name, kind)
		}
	}
	if p.kind() == Identifier && p.tok().Text == "final" {
		sd.Final = true
		p.next()
	}
	if p.kind() == Colon && (p.peek(1) != Colon) {
		p.next()
		for {
			b := &BaseSpec{StartPos: p.pos()}
			for {
				switch p.kind() {
				case KwPublic, KwPrivate, KwProtected:
					b.Access = p.tok().Text
					p.next()
					continue
				case KwVirtual:
					b.Virtual = true
					p.next()
					continue
				}
				break
			}
			n := p.parseName()
			if n == nil {
				p.errorf(p.pos(), "expected class name")
				p.skipTo(LBrace, Semi)
				break
			}
			b.Type = &NamedType{Name: n}
			sd.Bases = append(sd.Bases, b)
			if !p.got(Comma) {
				break
			}
		}
	}
	if p.kind() == LBrace {
		sd.Lbrace = p.pos()
		p.next()
		p.pushScope()
		cname := ""
		if sd.Name != nil {
			cname = sd.Name.Last().Name
			p.declare(cname, kind)
		}
		sd.Members = p.declList(ctxClass, cname)
		p.popScope()
		sd.Rbrace = p.pos()
		if !p.got(RBrace) {
			p.errorf(p.pos(), "expected '}'")
		}
	}
	return sd
}

// isOpaqueEnum reports whether d is an enum named with its underlying type
// and no enumerators (`enum E : int`): written in a declaration of
// something else, as Apple's NS_ENUM expands (`typedef enum E : int E;`),
// clang takes it as the opaque declaration of E.
func isOpaqueEnum(d Decl) bool {
	ed, ok := d.(*EnumDecl)
	return ok && ed.Name != nil && ed.Base != nil && !ed.Lbrace.IsValid()
}

// enumSpecifier parses enum [class] [name] [: type] [{ enumerators }].
func (p *parser) enumSpecifier() *EnumDecl {
	ed := &EnumDecl{KwPos: p.pos()}
	p.next()
	if p.kind() == KwClass || p.kind() == KwStruct {
		ed.Scoped = true
		p.next()
	}
	ed.Attrs = p.parseAttrLists()
	if p.kind() == Identifier {
		ed.Name = &Ident{NamePos: p.pos(), Name: p.tok().Text}
		p.next()
		p.declare(ed.Name.Name, nkType)
	}
	if p.kind() == Colon {
		p.next()
		ed.Base = p.convTypeID()
	}
	if p.kind() != LBrace {
		return ed
	}
	ed.Lbrace = p.pos()
	p.next()
	for p.kind() != RBrace && p.kind() != EOF {
		if p.kind() != Identifier {
			p.errorf(p.pos(), "expected identifier")
			p.skipTo(Comma, RBrace)
			if !p.got(Comma) {
				break
			}
			continue
		}
		e := &Enumerator{Name: &Ident{NamePos: p.pos(), Name: p.tok().Text}}
		p.next()
		e.Attrs = p.parseAttrLists()
		if p.got(Assign) {
			e.Value = p.condExpr()
		}
		ed.Enumerators = append(ed.Enumerators, e)
		if !ed.Scoped {
			p.declare(e.Name.Name, nkValue)
		}
		if !p.got(Comma) {
			break
		}
	}
	ed.Rbrace = p.pos()
	if !p.got(RBrace) {
		p.errorf(p.pos(), "expected '}'")
		p.skipTo(RBrace, Semi)
		if p.kind() == RBrace {
			ed.Rbrace = p.pos()
			p.next()
		}
	}
	return ed
}

// namespaceDecl parses a namespace definition or alias.
func (p *parser) namespaceDecl() Decl {
	nd := &NamespaceDecl{KwPos: p.pos()}
	p.next()
	for p.kind() == Identifier {
		id := &Ident{NamePos: p.pos(), Name: p.tok().Text}
		nd.Path = append(nd.Path, id)
		p.declare(id.Name, nkNamespace)
		p.next()
		if !p.got(ColonColon) {
			break
		}
		if p.kind() == Identifier && p.tok().Text == "inline" {
			p.next()
		}
	}
	p.parseAttrLists()
	if p.kind() == Assign && len(nd.Path) == 1 {
		p.next()
		nd.Alias = p.parseName()
		if nd.Alias == nil {
			p.errorf(p.pos(), "expected namespace name")
		}
		p.expectSemi("after namespace alias")
		return nd
	}
	if p.kind() != LBrace {
		p.errorf(p.pos(), "expected '{'")
		p.sync()
		return nd
	}
	nd.Lbrace = p.pos()
	p.next()
	nd.Decls = p.declList(ctxFile, "")
	nd.Rbrace = p.pos()
	if !p.got(RBrace) {
		p.errorf(p.pos(), "expected '}'")
	}
	return nd
}

// usingDecl parses using-directives, alias declarations and using-declarations.
func (p *parser) usingDecl() Decl {
	pos := p.pos()
	isTmpl := p.tmplPending
	p.tmplPending = false
	p.next()
	if p.kind() == KwNamespace {
		p.next()
		ud := &UsingDirective{UsingPos: pos, Name: p.parseName()}
		if ud.Name == nil {
			p.errorf(p.pos(), "expected namespace name")
			p.sync()
			ud.Name = &Name{}
			ud.EndPos = p.prevEnd()
			return ud
		}
		ud.EndPos = p.prevEnd()
		p.expectSemi("after namespace name")
		return ud
	}
	if p.kind() == Identifier && (p.peek(1) == Assign || p.peek(1) == LBrack && p.peek(2) == LBrack) {
		ad := &AliasDecl{UsingPos: pos, Name: &Ident{NamePos: p.pos(), Name: p.tok().Text}}
		p.next()
		ad.Attrs = p.parseAttrLists()
		p.expect(Assign, "")
		ad.Type = p.typeID()
		ad.EndPos = p.prevEnd()
		k := nkType
		if isTmpl {
			k = nkTemplate
		}
		p.declare(ad.Name.Name, k)
		p.expectSemi("after alias declaration")
		return ad
	}
	p.got(KwTypename)
	ud := &UsingDecl{UsingPos: pos, Name: p.parseName()}
	if ud.Name == nil {
		p.errorf(p.pos(), "expected unqualified-id")
		p.sync()
		ud.Name = &Name{}
		ud.EndPos = p.prevEnd()
		return ud
	}
	if last := ud.Name.Last(); last != nil {
		if k := p.lookupQualified(last.Name); k != nkUnknown {
			p.declare(last.Name, k)
		}
	}
	ud.EndPos = p.prevEnd()
	p.expectSemi("after using declaration")
	return ud
}

// templateDecl parses template<...> D, template<> D, and explicit
// instantiations `template D` (ext is the position of a leading extern).
func (p *parser) templateDecl(ctx declCtx, className string, ext diag.Pos) Decl {
	kw := p.pos()
	p.next()
	if p.kind() != Lt {
		// Explicit instantiation.
		ei := &ExplicitInstantiation{ExternPos: ext, KwPos: kw}
		attrs := p.parseAttrLists()
		saved := p.explicitInst
		p.explicitInst = true
		ds := p.simpleDecl(ctx, className, attrs)
		p.explicitInst = saved
		if len(ds) > 0 {
			ei.Decl = ds[0]
		}
		return ei
	}
	td := &TemplateDecl{KwPos: kw, Lt: p.pos()}
	p.next()
	p.pushScope()
	if gt, ok := p.gotGt(); ok {
		td.Gt = gt
	} else {
		td.Params = p.templateParams()
		if gt, ok := p.gotGt(); ok {
			td.Gt = gt
		} else {
			p.errorf(p.pos(), "expected '>'")
			td.Gt = p.pos()
		}
	}
	if p.kind() == EOF {
		p.popScope()
		p.errorf(p.pos(), "expected declaration after template parameter list")
		return td
	}
	p.tmplPending = true
	var ds []Decl
	if p.kind() == KwTemplate || p.kind() == KwUsing || p.kind() == KwStaticAssert {
		ds = p.decl(ctx, className)
	} else {
		ds = p.simpleDecl(ctx, className, nil)
	}
	p.tmplPending = false
	p.popScope()
	if len(ds) > 0 {
		td.Decl = ds[0]
		// A struct defined together with a variable: keep the struct.
		switch d := td.Decl.(type) {
		case *FuncDecl:
			// A member function template is a template name in its class
			// (`loop<true>(p)` in another member), except a constructor
			// template, whose name stays the class's.
			if !d.Name.Qualified() && (ctx != ctxClass || d.Name.Last().Kind == NamePlain && d.Name.Last().Name != className) {
				p.declare(d.Name.Last().Name, nkFuncTemplate)
			}
		case *StructDecl:
			if d.Name != nil && !d.Name.Qualified() {
				p.declare(d.Name.Last().Name, nkTemplate)
			}
		case *AliasDecl:
			p.declare(d.Name.Name, nkTemplate)
		case *VarDecl:
			if d.Name != nil && d.TemplArgs == nil {
				p.declare(d.Name.Name, nkVarTemplate)
			}
		}
	}
	return td
}

// templateParams parses template parameters up to the closing '>'.
func (p *parser) templateParams() []*TemplateParam {
	var ps []*TemplateParam
	saved := p.noGt
	p.noGt = 1
	defer func() { p.noGt = saved }()
	for {
		tp := p.templateParam()
		if tp == nil {
			p.skipTo(Comma, Gt, Shr)
		} else {
			ps = append(ps, tp)
		}
		if !p.got(Comma) {
			return ps
		}
	}
}

func (p *parser) templateParam() *TemplateParam {
	tp := &TemplateParam{StartPos: p.pos()}
	switch {
	case (p.kind() == KwTypename || p.kind() == KwClass) && p.typeParamFollows():
		p.next()
		if p.got(Ellipsis) {
			tp.Variadic = true
		}
		if p.kind() == Identifier {
			tp.Name = &Ident{NamePos: p.pos(), Name: p.tok().Text}
			p.next()
			p.declare(tp.Name.Name, nkType)
		}
		if p.got(Assign) {
			tp.Default = &TemplateArg{Type: p.typeID()}
		}
	case p.kind() == KwTemplate:
		tp.Kind = TemplateTemplateParam
		p.next()
		if p.kind() != Lt {
			p.errorf(p.pos(), "expected '<' after 'template'")
			return nil
		}
		p.next()
		p.pushScope()
		if _, ok := p.gotGt(); !ok {
			tp.Params = p.templateParams()
			if _, ok := p.gotGt(); !ok {
				p.errorf(p.pos(), "expected '>'")
			}
		}
		p.popScope()
		if p.kind() == KwClass || p.kind() == KwTypename {
			p.next()
		} else {
			p.errorf(p.pos(), "expected 'class' or 'typename'")
		}
		if p.got(Ellipsis) {
			tp.Variadic = true
		}
		if p.kind() == Identifier {
			tp.Name = &Ident{NamePos: p.pos(), Name: p.tok().Text}
			p.next()
			p.declare(tp.Name.Name, nkTemplate)
		}
		if p.got(Assign) {
			n := p.parseName()
			if n != nil {
				tp.Default = &TemplateArg{Type: &NamedType{Name: n}}
			}
		}
	default:
		tp.Kind = NonTypeParam
		p.paramCtx++
		var ds declSpecs
		d := &ds
		p.declSpecifiers(d, "")
		p.paramCtx--
		base := p.specType(d)
		if base == nil {
			p.errorf(p.pos(), "expected template parameter")
			return nil
		}
		dc := p.declarator(base, declMaybe)
		tp.Type = dc.typ
		tp.Variadic = dc.ellipsis
		if dc.name != nil {
			tp.Name = identOf(dc.name)
			p.declare(tp.Name.Name, nkValue)
		}
		if p.got(Assign) {
			tp.Default = &TemplateArg{Expr: p.exprNoGt()}
		}
	}
	tp.EndPos = p.prevEnd()
	return tp
}

// typeParamFollows distinguishes `typename T` from a non-type parameter
// `typename T::type N`.
func (p *parser) typeParamFollows() bool {
	k := p.peek(1)
	if k == Ellipsis || k == Comma || k == Gt || k == Shr || k == Assign {
		return true
	}
	if k == Identifier {
		k2 := p.peek(2)
		return k2 == Comma || k2 == Gt || k2 == Shr || k2 == Assign || k2 == Ge
	}
	return false
}

// staticAssert parses static_assert(cond[, "msg"]);
func (p *parser) staticAssert() Decl {
	sa := &StaticAssertDecl{KwPos: p.pos()}
	p.next()
	p.expect(LParen, "after 'static_assert'")
	saved := p.noGt
	p.noGt = 0
	sa.Cond = p.assignExpr()
	if p.got(Comma) {
		if p.kind() == String {
			sa.Msg = p.stringLit()
		} else {
			p.errorf(p.pos(), "expected string literal")
			p.skipTo(RParen)
		}
	}
	p.noGt = saved
	p.expect(RParen, "")
	sa.EndPos = p.prevEnd()
	p.expectSemi("after static_assert")
	return sa
}
