package syntax

import "strings"

// expr parses a full expression, comma operator included.
func (p *parser) expr() Expr {
	x := p.assignExpr()
	for p.kind() == Comma {
		pos := p.pos()
		p.next()
		y := p.assignExpr()
		x = &BinaryExpr{X: x, OpPos: pos, Op: Comma, Y: y}
	}
	return x
}

// assignExpr parses an assignment-expression (no top-level comma).
func (p *parser) assignExpr() Expr {
	if !p.enter() {
		p.leave()
		return p.badExpr()
	}
	defer p.leave()
	x := p.condExpr()
	k := p.kind()
	if k.IsAssign() && !(p.noGt > 0 && (k == ShrAssign)) {
		pos := p.pos()
		p.next()
		var y Expr
		if p.kind() == LBrace {
			y = p.initList()
		} else {
			y = p.assignExpr()
		}
		return &BinaryExpr{X: x, OpPos: pos, Op: k, Y: y}
	}
	return x
}

// condExpr parses a conditional expression.
func (p *parser) condExpr() Expr {
	x := p.binary(0)
	if p.kind() != Question {
		return x
	}
	c := &CondExpr{Cond: x, Question: p.pos()}
	p.next()
	saved := p.noGt
	p.noGt = 0
	c.Then = p.expr()
	p.noGt = saved
	c.Colon = p.expect(Colon, "")
	c.Else = p.assignExpr()
	return c
}

// exprPrec returns the binary precedence of the current token (0 = not a
// binary operator here).
func (p *parser) exprPrec() int {
	switch p.kind() {
	case OrOr:
		return 1
	case AndAnd:
		return 2
	case Pipe:
		return 3
	case Caret:
		return 4
	case Amp:
		return 5
	case Eq, Ne:
		return 6
	case Lt, Le:
		return 7
	case Gt, Ge:
		if p.noGt > 0 {
			return 0
		}
		return 7
	case Spaceship:
		return 8
	case Shl:
		return 9
	case Shr:
		if p.noGt > 0 {
			return 0
		}
		return 9
	case Add, Sub:
		return 10
	case Star, Slash, Percent:
		return 11
	case DotStar, ArrowStar:
		return 12
	}
	return 0
}

// binary parses binary operators binding tighter than min.
func (p *parser) binary(min int) Expr {
	x := p.unary()
	for {
		prec := p.exprPrec()
		if prec <= min {
			return x
		}
		op := p.tok()
		p.next()
		y := p.binary(prec)
		x = &BinaryExpr{X: x, OpPos: op.Pos, Op: op.Kind, Y: y}
	}
}

func (p *parser) badExpr() Expr {
	pos := p.pos()
	switch p.kind() {
	case Semi, RParen, RBrace, RBrack, Comma, EOF, Colon:
	default:
		p.next()
	}
	return &BadExpr{From: pos, To: p.prevEnd()}
}

// unary parses prefix operators, casts and sizeof.
func (p *parser) unary() Expr {
	if !p.enter() {
		p.leave()
		return p.badExpr()
	}
	defer p.leave()
	t := p.tok()
	switch t.Kind {
	case Add, Sub, Not, Tilde, Star, Amp, Inc, Dec:
		p.next()
		x := p.unary()
		return &UnaryExpr{OpPos: t.Pos, Op: t.Kind, X: x}
	case AndAnd:
		// &&label is not MSL; treat as & &x for recovery.
		p.errorf(t.Pos, "expected expression")
		p.next()
		return &UnaryExpr{OpPos: t.Pos, Op: Amp, X: p.unary()}
	case KwSizeof, KwAlignof:
		return p.postfix(p.sizeofExpr())
	case LParen:
		if x := p.tryCast(); x != nil {
			return x
		}
	case KwNew:
		p.errorf(t.Pos, "'new' is not supported in Metal")
		p.next()
		p.skipNewExpr()
		return &BadExpr{From: t.Pos, To: p.prevEnd()}
	case KwDelete:
		p.errorf(t.Pos, "'delete' is not supported in Metal")
		p.next()
		if p.kind() == LBrack && p.peek(1) == RBrack {
			p.next()
			p.next()
		}
		p.unary()
		return &BadExpr{From: t.Pos, To: p.prevEnd()}
	case KwThrow:
		p.errorf(t.Pos, "exception handling is not supported in Metal ('throw')")
		p.next()
		if p.startsExpr() {
			p.assignExpr()
		}
		return &BadExpr{From: t.Pos, To: p.prevEnd()}
	case KwTypeid:
		p.errorf(t.Pos, "type identification ('typeid') is not supported in Metal")
		p.next()
		p.skipParens()
		return p.postfix(&BadExpr{From: t.Pos, To: p.prevEnd()})
	}
	return p.postfix(p.primary())
}

func (p *parser) sizeofExpr() Expr {
	t := p.tok()
	s := &SizeofExpr{KwPos: t.Pos, Alignof: t.Kind == KwAlignof}
	p.next()
	if p.kind() == Ellipsis {
		s.Pack = true
		p.next()
	}
	if p.kind() == LParen && p.typeStartAt(p.i+1) {
		st := p.mark()
		p.failed = false
		p.tentative++
		p.next()
		typ := p.typeID()
		ok := !p.failed && p.kind() == RParen
		p.tentative--
		p.failed = st.failed
		if ok {
			s.Type = typ
			p.next()
			s.EndPos = p.prevEnd()
			return s
		}
		p.reset(st)
	}
	if s.Pack {
		p.expect(LParen, "after 'sizeof...'")
		s.X = p.primary()
		p.expect(RParen, "")
	} else {
		s.X = p.unary()
	}
	s.EndPos = p.prevEnd()
	return s
}

// tryCast parses a C-style cast (T)x; it returns nil (consuming nothing)
// when the parenthesis does not hold a type.
func (p *parser) tryCast() Expr {
	if !p.typeStartAt(p.i + 1) {
		return nil
	}
	s := p.mark()
	lp := p.pos()
	p.failed = false
	p.tentative++
	p.next()
	saved := p.noGt
	p.noGt = 0
	typ := p.typeID()
	p.noGt = saved
	ok := !p.failed && p.kind() == RParen
	p.tentative--
	p.failed = s.failed
	if !ok {
		p.reset(s)
		return nil
	}
	p.next()
	if !p.startsExpr() {
		p.reset(s)
		return nil
	}
	var x Expr
	if p.kind() == LBrace {
		x = p.postfix(p.initList())
	} else {
		x = p.unary()
	}
	return &CastExpr{StartPos: lp, Kind: CastC, Type: typ, X: x, EndPos: x.End()}
}

// startsExpr reports whether the current token can start a
// cast-expression operand.
func (p *parser) startsExpr() bool {
	switch p.kind() {
	case Identifier, Int, Float, Char, String, LParen, LBrace, Not, Tilde, Sub, Add, Star, Amp,
		Inc, Dec, KwTrue, KwFalse, KwNullptr, KwThis, KwSizeof, KwAlignof, KwStaticCast,
		KwReinterpretCast, KwConstCast, KwDynamicCast, ColonColon, KwOperator, KwTypename:
		return true
	case LBrack:
		return p.peek(1) != LBrack
	}
	return isBuiltinTypeKw(p.kind())
}

// postfix parses calls, subscripts, member accesses and ++/--.
func (p *parser) postfix(x Expr) Expr {
	for {
		switch p.kind() {
		case LParen:
			c := &CallExpr{Fun: x, Lparen: p.pos()}
			p.next()
			c.Args = p.exprList(RParen)
			c.Rparen = p.expect(RParen, "")
			x = c
		case LBrack:
			if p.peek(1) == LBrack {
				return x
			}
			ix := &IndexExpr{X: x, Lbrack: p.pos()}
			p.next()
			saved := p.noGt
			p.noGt = 0
			if p.kind() == LBrace {
				ix.Index = p.initList()
			} else {
				ix.Index = p.expr()
			}
			p.noGt = saved
			ix.Rbrack = p.expect(RBrack, "")
			x = ix
		case Dot, Arrow:
			m := &MemberExpr{X: x, OpPos: p.pos(), Arrow: p.kind() == Arrow}
			p.next()
			m.Name = p.memberName()
			x = m
		case Inc, Dec:
			x = &PostfixExpr{X: x, OpPos: p.pos(), Op: p.kind()}
			p.next()
		default:
			return x
		}
	}
}

// memberName parses the name after '.' or '->'.
func (p *parser) memberName() *Name {
	switch p.kind() {
	case Tilde, KwOperator, ColonColon:
		if n := p.parseName(); n != nil {
			return n
		}
	case KwTemplate, Identifier:
		tkw := p.kind() == KwTemplate
		if tkw {
			p.next()
			if p.kind() != Identifier {
				break
			}
		}
		t := p.tok()
		p.next()
		seg := &NameSegment{NamePos: t.Pos, EndPos: t.End(), Name: t.Text, TemplateKw: tkw}
		if tkw {
			seg.NamePos = t.Pos
		}
		n := &Name{Segs: []*NameSegment{seg}}
		// x.get<T>(...): a member template call.
		// A name declared as a member function template takes constant
		// arguments too (`tile.load<1, 2>(p)`).
		if p.kind() == Lt && (tkw || (p.typeStartAt(p.i+1) || p.lookupQualified(t.Text) == nkFuncTemplate) && p.tryTemplateArgs(true)) {
			seg.Template = p.templateArgs()
			seg.EndPos = p.prevEnd()
		}
		if p.kind() == ColonColon && p.peek(1) == Identifier {
			// x.Base::member
			p.next()
			rest := p.parseName()
			if rest != nil {
				n.Segs = append(n.Segs, rest.Segs...)
			}
		}
		return n
	}
	p.errorf(p.pos(), "expected unqualified-id")
	return &Name{Segs: []*NameSegment{{NamePos: p.pos(), EndPos: p.pos(), Name: "?"}}}
}

// exprList parses comma-separated arguments up to end (not consumed).
func (p *parser) exprList(end Kind) []Expr {
	var xs []Expr
	saved := p.noGt
	p.noGt = 0
	defer func() { p.noGt = saved }()
	for p.kind() != end && p.kind() != EOF {
		var x Expr
		if p.kind() == LBrace {
			x = p.initList()
		} else {
			x = p.assignExpr()
		}
		if p.kind() == Ellipsis {
			x = &PackExpansion{X: x, Ellipsis: p.pos()}
			p.next()
		}
		xs = append(xs, x)
		if !p.got(Comma) {
			break
		}
	}
	return xs
}

// initList parses a braced initializer list; the current token is '{'.
func (p *parser) initList() *InitListExpr {
	l := &InitListExpr{Lbrace: p.pos()}
	p.next()
	if !p.enter() {
		p.leave()
		p.skipTo(RBrace)
		l.Rbrace = p.pos()
		p.got(RBrace)
		return l
	}
	defer p.leave()
	saved := p.noGt
	p.noGt = 0
	defer func() { p.noGt = saved }()
	for p.kind() != RBrace && p.kind() != EOF {
		var x Expr
		switch {
		case p.kind() == LBrace:
			x = p.initList()
		case p.kind() == Dot && p.peek(1) == Identifier:
			d := &DesignatedInit{Dot: p.pos()}
			p.next()
			d.Field = &Ident{NamePos: p.pos(), Name: p.tok().Text}
			p.next()
			if p.kind() == LBrace {
				d.Value = p.initList()
			} else {
				p.expect(Assign, "")
				if p.kind() == LBrace {
					d.Value = p.initList()
				} else {
					d.Value = p.assignExpr()
				}
			}
			x = d
		default:
			x = p.assignExpr()
		}
		if p.kind() == Ellipsis {
			p.next()
		}
		l.Elems = append(l.Elems, x)
		if !p.got(Comma) {
			break
		}
	}
	l.Rbrace = p.pos()
	if !p.got(RBrace) {
		p.errorf(p.pos(), "expected '}'")
		p.skipTo(RBrace, Semi)
		if p.kind() == RBrace {
			l.Rbrace = p.pos()
			p.next()
		}
	}
	return l
}

// stringLit parses one or more adjacent string literals.
func (p *parser) stringLit() *BasicLit {
	t := p.tok()
	l := &BasicLit{ValuePos: t.Pos, Kind: StringLit, Value: t.Text}
	var b strings.Builder
	for p.kind() == String {
		b.WriteString(unquote(p.tok().Text))
		l.EndPos = p.tok().End()
		p.next()
	}
	l.Str = b.String()
	return l
}

// primary parses a primary expression.
func (p *parser) primary() Expr {
	t := p.tok()
	switch t.Kind {
	case Int, Float, Char:
		p.next()
		k := IntLit
		switch t.Kind {
		case Float:
			k = FloatLit
		case Char:
			k = CharLit
		}
		return &BasicLit{ValuePos: t.Pos, Kind: k, Value: t.Text, EndPos: t.End()}
	case String:
		return p.stringLit()
	case KwTrue, KwFalse:
		p.next()
		return &BoolLit{ValuePos: t.Pos, Value: t.Kind == KwTrue}
	case KwNullptr:
		p.next()
		return &NullptrLit{ValuePos: t.Pos}
	case KwThis:
		p.next()
		return &ThisExpr{KwPos: t.Pos}
	case LParen:
		p.next()
		saved := p.noGt
		p.noGt = 0
		var x Expr
		if p.kind() == RParen {
			p.errorf(p.pos(), "expected expression")
			x = &BadExpr{From: p.pos(), To: p.pos()}
		} else {
			x = p.expr()
		}
		p.noGt = saved
		rp := p.expect(RParen, "")
		return &ParenExpr{Lparen: t.Pos, X: x, Rparen: rp}
	case LBrace:
		return p.initList()
	case LBrack:
		if p.peek(1) != LBrack {
			return p.lambda()
		}
	case KwStaticCast, KwReinterpretCast, KwConstCast, KwDynamicCast:
		return p.namedCast()
	case KwVoid, KwBool, KwChar, KwShort, KwInt, KwLong, KwFloat, KwDouble, KwSigned, KwUnsigned:
		var ds declSpecs
		d := &ds
		p.declSpecifiers(d, "")
		typ := p.specType(d)
		return p.construct(typ)
	case KwDecltype:
		if i := p.matchingParen(p.i + 1); i > 0 && i+1 < len(p.toks) && p.toks[i+1].Kind == ColonColon {
			// decltype(x)::member: a static member or member type.
			dt := p.decltypeType().(*DecltypeType)
			if n := p.decltypeScope(dt); n != nil {
				if p.isTypeName(n) {
					return p.construct(&NamedType{Name: n})
				}
				return &NameExpr{Name: n}
			}
			return p.construct(dt)
		}
		// decltype(x)(v), decltype(x){v}: a functional cast (a type-id here
		// would take `(v)` for a declarator).
		return p.construct(p.decltypeType())
	case KwTypename:
		typ := p.typeID()
		return p.construct(typ)
	case Identifier, ColonColon, KwOperator, Tilde, KwTemplate:
		if t.Kind == Identifier && TypeTraitIntrinsics[t.Text] && p.peek(1) == LParen {
			return p.typeTraitCall()
		}
		if t.Kind == Tilde && p.peek(1) != Identifier {
			break
		}
		n := p.parseName()
		if n == nil {
			break
		}
		if p.isTypeName(n) {
			return p.construct(&NamedType{Name: n})
		}
		return &NameExpr{Name: n}
	}
	p.errorf(t.Pos, "expected expression")
	return p.badExpr()
}

// TypeTraitIntrinsics are clang's type-trait built-ins that take types
// (`__is_empty(T)`, `__is_convertible_to(From, To)`), as Metal's own
// metal_type_traits and kernel libraries (MLX) call them.
var TypeTraitIntrinsics = map[string]bool{
	"__is_empty": true, "__is_convertible": true, "__is_convertible_to": true, "__is_same": true,
	"__is_class": true, "__is_enum": true, "__is_union": true, "__is_base_of": true,
	"__is_trivially_copyable": true, "__is_trivial": true, "__is_standard_layout": true,
	"__is_arithmetic": true, "__is_scalar": true,
}

// typeTraitCall parses name(Type, ...) for a type-trait intrinsic: a call
// whose arguments are TypeIDExprs.
func (p *parser) typeTraitCall() Expr {
	t := p.tok()
	p.next()
	c := &CallExpr{Fun: &NameExpr{Name: &Name{Segs: []*NameSegment{{NamePos: t.Pos, EndPos: t.End(), Name: t.Text}}}}, Lparen: p.pos()}
	p.next()
	saved := p.noGt
	p.noGt = 0
	for p.kind() != RParen && p.kind() != EOF {
		c.Args = append(c.Args, &TypeIDExpr{Type: p.typeID()})
		if p.kind() != Comma {
			break
		}
		p.next()
	}
	p.noGt = saved
	c.Rparen = p.expect(RParen, "after the type-trait arguments")
	return c
}

// construct parses T(args) / T{args} after a type, or wraps a lone type.
func (p *parser) construct(typ TypeExpr) Expr {
	switch p.kind() {
	case LParen:
		c := &ConstructExpr{Type: typ, Lparen: p.pos()}
		p.next()
		c.Args = p.exprList(RParen)
		c.Rparen = p.expect(RParen, "")
		return c
	case LBrace:
		l := p.initList()
		return &ConstructExpr{Type: typ, Brace: true, Lparen: l.Lbrace, Args: l.Elems, Rparen: l.Rbrace}
	}
	return &TypeIDExpr{Type: typ}
}

// namedCast parses static_cast<T>(x) and friends.
func (p *parser) namedCast() Expr {
	t := p.tok()
	c := &CastExpr{StartPos: t.Pos}
	switch t.Kind {
	case KwStaticCast:
		c.Kind = CastStatic
	case KwReinterpretCast:
		c.Kind = CastReinterpret
	case KwConstCast:
		c.Kind = CastConst
	default:
		c.Kind = CastDynamic
	}
	p.next()
	if p.kind() != Lt {
		p.errorf(p.pos(), "expected '<' after '%s'", t.Text)
		c.Type = &BadType{From: p.pos(), To: p.pos()}
		c.X = &BadExpr{From: p.pos(), To: p.pos()}
		c.EndPos = p.pos()
		return c
	}
	p.next()
	p.noGt++
	c.Type = p.typeID()
	p.noGt--
	if _, ok := p.gotGt(); !ok {
		p.errorf(p.pos(), "expected '>'")
	}
	p.expect(LParen, "")
	saved := p.noGt
	p.noGt = 0
	if p.kind() == RParen {
		p.errorf(p.pos(), "expected expression")
		c.X = &BadExpr{From: p.pos(), To: p.pos()}
	} else {
		c.X = p.expr()
	}
	p.noGt = saved
	p.expect(RParen, "")
	c.EndPos = p.prevEnd()
	return c
}

// lambda parses [captures](params) specifiers -> T { body }.
func (p *parser) lambda() Expr {
	l := &LambdaExpr{Lbrack: p.pos()}
	p.next()
	for p.kind() != RBrack && p.kind() != EOF {
		c := &LambdaCapture{StartPos: p.pos()}
		switch {
		case p.kind() == Assign && (p.peek(1) == Comma || p.peek(1) == RBrack):
			c.Default = "="
			p.next()
		case p.kind() == Amp && (p.peek(1) == Comma || p.peek(1) == RBrack):
			c.Default = "&"
			p.next()
		case p.kind() == KwThis:
			c.This = true
			p.next()
		case p.kind() == Star && p.peek(1) == KwThis:
			c.This = true
			p.next()
			p.next()
		default:
			if p.got(Amp) {
				c.ByRef = true
			}
			if p.kind() != Identifier {
				p.errorf(p.pos(), "expected variable name or 'this' in lambda capture list")
				p.skipTo(RBrack)
				c = nil
				break
			}
			c.Name = &Ident{NamePos: p.pos(), Name: p.tok().Text}
			p.next()
			p.got(Ellipsis)
			if p.kind() == Assign {
				p.next()
				c.Init = p.assignExpr()
			} else if p.kind() == LBrace || p.kind() == LParen {
				if p.kind() == LBrace {
					c.Init = p.initList()
				} else {
					lp := p.pos()
					p.next()
					xs := p.exprList(RParen)
					rp := p.expect(RParen, "")
					c.Init = &InitListExpr{Lbrace: lp, Paren: true, Elems: xs, Rbrace: rp}
				}
			}
		}
		if c == nil {
			break
		}
		c.EndPos = p.prevEnd()
		l.Captures = append(l.Captures, c)
		if !p.got(Comma) {
			break
		}
	}
	p.expect(RBrack, "")
	if p.kind() == LParen {
		l.HasParams = true
		p.next()
		l.Params, _ = p.paramList()
		p.expect(RParen, "")
	}
	for {
		switch {
		case p.kind() == KwMutable:
			l.Mutable = true
			p.next()
			continue
		case p.kind() == KwConstexpr || p.kind() == KwConsteval:
			p.next()
			continue
		case p.kind() == KwNoexcept:
			p.next()
			p.skipParens()
			continue
		case p.atAttr():
			l.Attrs = append(l.Attrs, p.parseAttrLists()...)
			continue
		case p.kind() == Arrow:
			p.next()
			l.Result = p.typeID()
			continue
		}
		break
	}
	if p.kind() != LBrace {
		p.errorf(p.pos(), "expected body of lambda expression")
		l.Body = &BlockStmt{Lbrace: p.pos(), Rbrace: p.pos()}
		return l
	}
	p.pushScope()
	for _, prm := range l.Params {
		if prm.Name != nil {
			p.declare(prm.Name.Name, nkValue)
		}
	}
	saved := p.noGt
	p.noGt = 0
	l.Body = p.block()
	p.noGt = saved
	p.popScope()
	return l
}

// skipNewExpr skips the rest of an (unsupported) new-expression after
// 'new' without reporting more errors: an optional placement list, the
// type (names, '::', template arguments, '*', '&', array bounds) and an
// optional parenthesised or braced initializer. Parsing the type as a
// type-id would read `float(1.0f)` as a function type and report a
// misleading second error.
func (p *parser) skipNewExpr() {
	if p.kind() == LParen {
		p.skipParens() // placement arguments
	}
	angle := 0
	for p.kind() != EOF {
		switch k := p.kind(); {
		case k == Identifier || k == ColonColon || k.IsKeyword() || k == Star || k == Amp:
			p.next()
		case k == Lt:
			angle++
			p.next()
		case k == Gt && angle > 0:
			angle--
			p.next()
		case k == LBrack:
			for p.kind() != EOF && p.kind() != RBrack {
				p.next()
			}
			if p.kind() == RBrack {
				p.next()
			}
		case angle > 0 && k != Semi && k != RBrace:
			p.next()
		case k == LParen:
			p.skipParens()
			return
		case k == LBrace:
			depth := 0
			for p.kind() != EOF {
				switch p.kind() {
				case LBrace:
					depth++
				case RBrace:
					depth--
				}
				p.next()
				if depth == 0 {
					return
				}
			}
			return
		default:
			return
		}
	}
}
