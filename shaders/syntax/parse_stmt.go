package syntax

// block parses { stmts }; the current token is '{'.
func (p *parser) block() *BlockStmt {
	b := &BlockStmt{Lbrace: p.pos()}
	p.next()
	p.pushScope()
	for p.kind() != RBrace && p.kind() != EOF {
		before := p.i
		if s := p.stmt(); s != nil {
			b.Stmts = append(b.Stmts, s)
		}
		if p.i == before && !p.halfGt {
			p.errorf(p.pos(), "expected statement")
			p.next()
		}
	}
	p.popScope()
	b.Rbrace = p.pos()
	if p.kind() == RBrace {
		p.next()
	} else {
		p.errorf(p.pos(), "expected '}'")
	}
	return b
}

// stmt parses one statement.
func (p *parser) stmt() Stmt {
	if !p.enter() {
		p.leave()
		from := p.pos()
		p.sync()
		return &BadStmt{From: from, To: p.prevEnd()}
	}
	defer p.leave()
	t := p.tok()
	switch t.Kind {
	case LBrace:
		return p.block()
	case Semi:
		p.next()
		return &EmptyStmt{Semi: t.Pos}
	case KwIf:
		return p.ifStmt()
	case KwFor:
		return p.forStmt()
	case KwWhile:
		s := &WhileStmt{WhilePos: t.Pos}
		p.next()
		p.pushScope()
		s.Cond, s.CondDecl = p.condition("while")
		s.Body = p.subStmt()
		p.popScope()
		return s
	case KwDo:
		s := &DoStmt{DoPos: t.Pos}
		p.next()
		s.Body = p.subStmt()
		if p.kind() != KwWhile {
			p.errorf(p.pos(), "expected 'while' in do/while loop")
			s.Cond = &BadExpr{From: p.pos(), To: p.pos()}
			p.sync()
			s.EndPos = p.prevEnd()
			return s
		}
		p.next()
		p.expect(LParen, "after 'while'")
		s.Cond = p.parenExprBody()
		p.expect(RParen, "")
		p.expectSemi("after do/while statement")
		s.EndPos = p.prevEnd()
		return s
	case KwSwitch:
		s := &SwitchStmt{SwitchPos: t.Pos}
		p.next()
		p.pushScope()
		s.Init, s.Cond, s.CondDecl = p.initCondition("switch")
		s.Body = p.subStmt()
		p.popScope()
		return s
	case KwCase:
		s := &CaseStmt{CasePos: t.Pos}
		p.next()
		s.Value = p.condExpr()
		s.Colon = p.expect(Colon, "after 'case'")
		return s
	case KwDefault:
		if p.peek(1) == Colon {
			s := &CaseStmt{CasePos: t.Pos}
			p.next()
			s.Colon = p.pos()
			p.next()
			return s
		}
	case KwBreak:
		p.next()
		p.expectSemi("after break statement")
		return &BreakStmt{KwPos: t.Pos}
	case KwContinue:
		p.next()
		p.expectSemi("after continue statement")
		return &ContinueStmt{KwPos: t.Pos}
	case KwReturn:
		s := &ReturnStmt{KwPos: t.Pos}
		p.next()
		if p.kind() != Semi {
			if p.kind() == LBrace {
				s.Result = p.initList()
			} else {
				s.Result = p.expr()
			}
		}
		p.expectSemi("after return statement")
		s.EndPos = p.prevEnd()
		return s
	case KwTry:
		// try { } catch (...) { }: not MSL; parse it to recover well.
		p.errorf(t.Pos, "exception handling is not supported in Metal ('try')")
		p.next()
		if p.kind() != LBrace {
			p.sync()
			return &BadStmt{From: t.Pos, To: p.prevEnd()}
		}
		b := p.block()
		for p.kind() == KwCatch {
			p.next()
			p.skipParens()
			if p.kind() == LBrace {
				p.block()
			}
		}
		return b
	case Identifier:
		if p.peek(1) == Colon {
			// A label: goto is diagnosed, labels are accepted and dropped.
			p.next()
			p.next()
			if p.kind() == RBrace {
				return &EmptyStmt{Semi: t.Pos}
			}
			return p.stmt()
		}
	case KwGoto, KwThrow, KwAsm:
		p.errorf(t.Pos, "'%s' is not supported in Metal", t.Text)
		from := t.Pos
		p.next()
		p.sync()
		return &BadStmt{From: from, To: p.prevEnd()}
	case KwElse:
		p.errorf(t.Pos, "expected expression")
		p.next()
		return &BadStmt{From: t.Pos, To: t.End()}
	}
	if p.isDeclStmt() {
		start := p.pos()
		var ds []Decl
		switch p.kind() {
		case KwUsing, KwStaticAssert, KwNamespace, KwTemplate:
			ds = p.decl(ctxBlock, "")
		default:
			ds = p.simpleDecl(ctxBlock, "", nil)
		}
		if len(ds) == 0 {
			return &BadStmt{From: start, To: p.prevEnd()}
		}
		return &DeclStmt{Decls: ds, EndPos: p.prevEnd()}
	}
	// Attributes on a statement ([[likely]] etc.) are parsed and dropped.
	if p.atAttr() {
		p.parseAttrLists()
		return p.stmt()
	}
	x := p.expr()
	s := &ExprStmt{X: x, Semi: p.pos()}
	p.expectSemi("after expression")
	return s
}

// subStmt parses the body of a control statement in its own scope.
func (p *parser) subStmt() Stmt {
	p.pushScope()
	s := p.stmt()
	p.popScope()
	return s
}

func (p *parser) ifStmt() Stmt {
	s := &IfStmt{IfPos: p.pos()}
	p.next()
	if p.kind() == KwConstexpr {
		s.Constexpr = true
		p.next()
	}
	p.pushScope()
	s.Init, s.Cond, s.CondDecl = p.initCondition("if")
	s.Then = p.subStmt()
	if p.kind() == KwElse {
		p.next()
		s.Else = p.subStmt()
	}
	p.popScope()
	return s
}

// initCondition parses ( [init;] condition ) for if and switch.
func (p *parser) initCondition(what string) (Stmt, Expr, *VarDecl) {
	if p.kind() != LParen {
		p.errorf(p.pos(), "expected '(' after '%s'", what)
		return nil, &BadExpr{From: p.pos(), To: p.pos()}, nil
	}
	p.next()
	saved := p.noGt
	p.noGt = 0
	defer func() { p.noGt = saved }()
	var init Stmt
	// An init-statement is followed by ';' before the closing ')'.
	if p.hasInitStatement() {
		init = p.stmt()
	}
	cond, decl := p.condBody()
	p.expect(RParen, "")
	return init, cond, decl
}

// hasInitStatement scans for a ';' at depth 0 before the matching ')'.
func (p *parser) hasInitStatement() bool {
	depth := 0
	for i := p.i; i < len(p.toks); i++ {
		switch p.toks[i].Kind {
		case LParen, LBrack, LBrace:
			depth++
		case RParen, RBrack, RBrace:
			if depth == 0 {
				return false
			}
			depth--
		case Semi:
			if depth == 0 {
				return true
			}
		case EOF:
			return false
		}
	}
	return false
}

// condition parses ( condition ) for while.
func (p *parser) condition(what string) (Expr, *VarDecl) {
	if p.kind() != LParen {
		p.errorf(p.pos(), "expected '(' after '%s'", what)
		return &BadExpr{From: p.pos(), To: p.pos()}, nil
	}
	p.next()
	saved := p.noGt
	p.noGt = 0
	cond, decl := p.condBody()
	p.noGt = saved
	p.expect(RParen, "")
	return cond, decl
}

// condBody parses an expression or a declaration with initializer.
func (p *parser) condBody() (Expr, *VarDecl) {
	if p.isDeclStmt() {
		start := p.pos()
		// A condition declaration needs an initializer: without one
		// (`switch (int(*mode))`) the tokens are an expression.
		st := p.mark()
		p.failed = false
		p.tentative++
		var ds declSpecs
		d := &ds
		p.declSpecifiers(d, "")
		base := p.specType(d)
		var dc *declarator
		castLike := p.kind() == LParen // T(x): a functional cast
		if base != nil {
			dc = p.declarator(base, declNamed)
		}
		isDecl := !p.failed && dc != nil && dc.name != nil && (p.kind() == Assign || p.kind() == LBrace)
		if !isDecl && !castLike && !p.failed && dc != nil && dc.name != nil && p.kind() == RParen {
			p.tentative--
			p.reset(st)
			p.errorf(p.pos(), "variable declaration in condition must have an initializer")
			p.skipTo(RParen)
			return &BadExpr{From: start, To: p.pos()}, nil
		}
		p.tentative--
		p.reset(st)
		if !isDecl && p.kind() != RParen {
			return p.expr(), nil
		}
		ds = declSpecs{}
		p.declSpecifiers(d, "")
		base = p.specType(d)
		if base != nil {
			dc := p.declarator(base, declNamed)
			if dc.name != nil {
				v := &VarDecl{StartPos: start, Attrs: d.attrs, Specs: d.specs, Type: dc.typ, Name: identOf(dc.name), NameAttrs: dc.nameAttrs}
				p.varInit(v)
				v.EndPos = p.prevEnd()
				p.declare(v.Name.Name, nkValue)
				return nil, v
			}
		}
		p.errorf(p.pos(), "expected expression")
		return &BadExpr{From: start, To: p.pos()}, nil
	}
	if p.kind() == RParen {
		p.errorf(p.pos(), "expected expression")
		return &BadExpr{From: p.pos(), To: p.pos()}, nil
	}
	return p.expr(), nil
}

// parenExprBody parses an expression inside parentheses ('>' is an operator).
func (p *parser) parenExprBody() Expr {
	saved := p.noGt
	p.noGt = 0
	x := p.expr()
	p.noGt = saved
	return x
}

func (p *parser) forStmt() Stmt {
	pos := p.pos()
	p.next()
	if p.kind() != LParen {
		p.errorf(p.pos(), "expected '(' after 'for'")
		p.sync()
		return &BadStmt{From: pos, To: p.prevEnd()}
	}
	p.next()
	saved := p.noGt
	p.noGt = 0
	defer func() { p.noGt = saved }()
	p.pushScope()
	defer p.popScope()
	// Range-based for: for (decl : range).
	if p.isDeclStmt() && p.rangeForFollows() {
		start := p.pos()
		var ds declSpecs
		d := &ds
		p.declSpecifiers(d, "")
		base := p.specType(d)
		if base == nil {
			base = &BadType{From: start, To: p.pos()}
		}
		dc := p.declarator(base, declNamed)
		v := &VarDecl{StartPos: start, Attrs: d.attrs, Specs: d.specs, Type: dc.typ, Name: identOf(dc.name), NameAttrs: dc.nameAttrs}
		if v.Name == nil {
			v.Name = &Ident{NamePos: p.pos(), Name: "?"}
		}
		v.EndPos = p.prevEnd()
		p.declare(v.Name.Name, nkValue)
		p.expect(Colon, "")
		rs := &RangeForStmt{ForPos: pos, Var: v}
		if p.kind() == LBrace {
			rs.Range = p.initList()
		} else {
			rs.Range = p.expr()
		}
		p.expect(RParen, "")
		rs.Body = p.subStmt()
		return rs
	}
	s := &ForStmt{ForPos: pos}
	if p.kind() == Semi {
		p.next()
	} else {
		s.Init = p.stmt() // declaration or expression statement, consumes ';'
	}
	if p.kind() != Semi {
		c, d := p.condBody()
		if d != nil {
			s.Cond = &BadExpr{From: d.Pos(), To: d.End()}
			p.errorf(d.Pos(), "a declaration as a for condition is not supported")
		} else {
			s.Cond = c
		}
	}
	p.expect(Semi, "in 'for' statement specifier")
	if p.kind() != RParen {
		s.Post = p.expr()
	}
	p.expect(RParen, "")
	s.Body = p.subStmt()
	return s
}

// rangeForFollows scans for a ':' (not '::') at depth 0 before ';' or ')'.
func (p *parser) rangeForFollows() bool {
	depth := 0
	for i := p.i; i < len(p.toks); i++ {
		switch p.toks[i].Kind {
		case LParen, LBrack, LBrace:
			depth++
		case RParen, RBrack, RBrace:
			if depth == 0 {
				return false
			}
			depth--
		case Semi, EOF:
			return false
		case Colon:
			if depth == 0 {
				return true
			}
		case Question:
			return false
		}
	}
	return false
}

// isDeclStmt decides whether a block-scope statement is a declaration.
func (p *parser) isDeclStmt() bool {
	t := p.tok()
	switch t.Kind {
	case KwTypedef, KwStatic, KwExtern, KwConst, KwVolatile, KwConstexpr, KwStruct, KwClass,
		KwUnion, KwEnum, KwUsing, KwStaticAssert, KwRegister, KwThreadLocal, KwInline,
		KwTypename, KwNamespace, KwTemplate, KwConsteval, KwAlignas, KwMutable, KwDecltype:
		return true
	case KwVoid, KwBool, KwChar, KwShort, KwInt, KwLong, KwFloat, KwDouble, KwSigned, KwUnsigned, KwAuto:
		// int(x) and float{...} are expressions (functional casts), but
		// float (*fp)(int) declares a function pointer.
		k := p.peek(1)
		if k == LParen {
			k2 := p.peek(2)
			return k2 == Star || k2 == Amp || k2 == AndAnd
		}
		return k != LBrace || t.Kind == KwAuto
	case LBrack:
		if p.peek(1) == LBrack {
			// [[attr]] decl or [[attr]] statement: skip the attributes and look.
			// Skip the lists by bracket matching (no speculative parse:
			// attribute arguments may nest lambdas with attributes).
			s := p.mark()
			for p.kind() == LBrack && p.peek(1) == LBrack {
				j, ok := p.matchBrackets(p.i)
				if !ok {
					p.reset(s)
					return false
				}
				p.i = j
			}
			r := p.kind() != Semi && p.isDeclStmtNoAttr()
			p.reset(s)
			return r
		}
		return false
	case Identifier, ColonColon:
		return p.isDeclStmtNoAttr()
	}
	return false
}

func (p *parser) isDeclStmtNoAttr() bool {
	t := p.tok()
	if t.Kind != Identifier && t.Kind != ColonColon {
		return p.isDeclStmt()
	}
	if t.Kind == Identifier && isAddrSpaceName(t.Text) && p.lookup(t.Text) != nkValue {
		k := p.peek(1)
		return k == Identifier || k == ColonColon || k == KwConst || k == KwVolatile || isBuiltinTypeKw(k) || k == KwStruct || k == KwTypename
	}
	if p.coherentFollows() {
		return true // coherent device T* p = ...;
	}
	var n *Name
	var k Kind
	isType := false
	if k1 := p.peek(1); t.Kind == Identifier && k1 != ColonColon && k1 != Lt {
		// Fast path: a lone identifier.
		isType = isTypeKind(p.lookup(t.Text))
		if !isType && p.lookup(t.Text) == nkValue {
			return false
		}
		s := p.mark()
		p.next()
		defer p.reset(s)
		n = &Name{Segs: []*NameSegment{{Name: t.Text}}}
		k = p.kind()
	} else {
		var s state
		n, s = p.probeName()
		defer p.reset(s)
		if n == nil {
			return false
		}
		isType = p.isTypeName(n)
		k = p.kind()
	}
	if isType {
		switch k {
		case Identifier, Star, Amp, AndAnd, Ellipsis, KwConst, KwVolatile, KwOperator:
			return true
		case LBrack:
			return p.peek(1) == LBrack
		case ColonColon:
			return false
		}
		if k == Identifier && isAddrSpaceName(p.tok().Text) {
			return true
		}
		return false
	}
	if p.lookup(n.Segs[0].Name) == nkValue && !n.Qualified() {
		return false
	}
	// Unknown name: a declaration when a declarator clearly follows.
	switch k {
	case Identifier:
		k2 := p.peek(1)
		return k2 == Semi || k2 == Assign || k2 == LParen || k2 == LBrack || k2 == Comma || k2 == LBrace || k2 == Colon
	case Star, Amp:
		if p.peek(1) == Identifier {
			k3 := p.peek(2)
			return k3 == Assign || k3 == Semi && n.Segs[0].Template != nil || k3 == LBrack && p.peek(3) == LBrack
		}
	}
	return false
}

// matchBrackets returns the index after the bracket that closes the one
// at index i (brackets, parentheses and braces balanced).
func (p *parser) matchBrackets(i int) (int, bool) {
	depth := 0
	for ; i < len(p.toks); i++ {
		switch p.toks[i].Kind {
		case LBrack, LParen, LBrace:
			depth++
		case RBrack, RParen, RBrace:
			depth--
			if depth == 0 {
				return i + 1, true
			}
			if depth < 0 {
				return i, false
			}
		case EOF:
			return i, false
		}
	}
	return i, false
}
