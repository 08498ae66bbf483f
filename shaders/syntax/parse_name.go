package syntax

// memberTypeNames are member typedef names that denote types when they
// follow a type (intersector<...>::result_type).
var memberTypeNames = map[string]bool{
	"type": true, "result_type": true, "value_type": true, "element_type": true,
	"size_type": true, "difference_type": true, "pointer": true, "reference": true,
	"index_type": true, "extents_type": true, "data_type": true,
}

// nameBlock co-allocates a Name with its first segment.
type nameBlock struct {
	name Name
	seg  NameSegment
	arr  [1]*NameSegment
}

// atNameStart reports whether the current token can start a name.
func (p *parser) atNameStart() bool {
	switch p.kind() {
	case Identifier, KwOperator:
		return true
	case ColonColon:
		k := p.peek(1)
		return k == Identifier || k == KwOperator || k == KwTemplate || k == Tilde
	case Tilde:
		return p.peek(1) == Identifier
	}
	return false
}

// parseName parses a possibly qualified name with template arguments.
// It returns nil (consuming nothing) when the current token cannot start a
// name.
func (p *parser) parseName() *Name {
	if !p.atNameStart() {
		return nil
	}
	// One allocation for the common single-segment name.
	blk := &nameBlock{}
	n := &blk.name
	if p.kind() == ColonColon {
		n.Global = true
		n.GlobalAt = p.pos()
		p.next()
	}
	prevType := false
	for {
		var seg *NameSegment
		if len(n.Segs) == 0 {
			seg = &blk.seg
			seg.NamePos = p.pos()
			blk.arr[0] = seg
			n.Segs = blk.arr[:0:1]
		} else {
			seg = &NameSegment{NamePos: p.pos()}
		}
		if p.kind() == KwTemplate {
			seg.TemplateKw = true
			p.next()
			seg.NamePos = p.pos()
		}
		switch p.kind() {
		case Identifier:
			seg.Name = p.tok().Text
			p.next()
		case KwOperator:
			p.operatorName(seg)
		case Tilde:
			p.next()
			if p.kind() != Identifier {
				p.errorf(p.pos(), "expected a class name after '~' to name a destructor")
				seg.Name = "~"
			} else {
				seg.Name = "~" + p.tok().Text
				p.next()
			}
			seg.Kind = NameDestructor
		default:
			p.errorf(p.pos(), "expected unqualified-id")
			seg.Name = "?"
		}
		seg.EndPos = p.prevEnd()
		n.Segs = append(n.Segs, seg)
		// Template arguments.
		if p.kind() == Lt && seg.Kind != NameDestructor {
			if p.wantTemplateArgs(n, seg, prevType) {
				seg.Template = p.templateArgs()
				seg.EndPos = p.prevEnd()
			}
		}
		if p.kind() == ColonColon && seg.Kind == NamePlain {
			k := p.peek(1)
			if k == Identifier || k == KwTemplate || k == Tilde || k == KwOperator {
				prevType = seg.Template != nil || isTypeKind(p.segKind(n, len(n.Segs)-1))
				p.next()
				continue
			}
		}
		return n
	}
}

// operatorName parses operator@ / operator T into seg.
func (p *parser) operatorName(seg *NameSegment) {
	p.next() // operator
	seg.Kind = NameOperator
	switch k := p.kind(); k {
	case LParen:
		p.next()
		p.expect(RParen, "after 'operator('")
		seg.Name = "operator()"
	case LBrack:
		p.next()
		p.expect(RBrack, "after 'operator['")
		seg.Name = "operator[]"
	case Add, Sub, Star, Slash, Percent, Caret, Amp, Pipe, Tilde, Not, Assign, Lt, Gt,
		AddAssign, SubAssign, MulAssign, DivAssign, RemAssign, XorAssign, AndAssign, OrAssign,
		Shl, Shr, ShrAssign, ShlAssign, Eq, Ne, Le, Ge, Spaceship, AndAnd, OrOr, Inc, Dec,
		Comma, ArrowStar, Arrow:
		seg.Name = "operator" + p.tok().Text
		p.next()
	case KwNew, KwDelete:
		seg.Name = "operator " + p.tok().Text
		p.next()
	default:
		// Conversion function: operator T.
		seg.Kind = NameConversion
		seg.Name = "operator"
		if p.atTypeStart() {
			seg.ConvType = p.convTypeID()
		} else {
			p.errorf(p.pos(), "expected a type")
			seg.ConvType = &BadType{From: p.pos(), To: p.pos()}
		}
	}
}

// segKind classifies segment i of n.
func (p *parser) segKind(n *Name, i int) nameKind {
	s := n.Segs[i]
	if i == 0 && !n.Global {
		return p.lookup(s.Name)
	}
	if i > 0 && memberTypeNames[s.Name] && (n.Segs[i-1].Template != nil || isTypeKind(p.segKind(n, i-1))) {
		return nkType
	}
	if i > 0 && (n.Segs[i-1].Template != nil || isTypeKind(p.segKind(n, i-1))) {
		// A member of a class (`Layout<16>::coord(l, i)`): the names of the
		// Metal library (the sampler enum coord, ...) are not its members.
		return p.lookupMember(s.Name)
	}
	return p.lookupQualified(s.Name)
}

// wantTemplateArgs decides whether '<' after seg opens template arguments.
func (p *parser) wantTemplateArgs(n *Name, seg *NameSegment, prevType bool) bool {
	if seg.TemplateKw || seg.Kind == NameOperator && p.peek(1) != Lt {
		return true
	}
	k := p.segKind(n, len(n.Segs)-1)
	switch k {
	case nkTemplate, nkVarTemplate:
		return true
	case nkType, nkValue, nkNamespace:
		return false
	case nkFuncTemplate:
		return p.tryTemplateArgs(true)
	}
	// Unknown name: template arguments only if the first argument is
	// clearly a type and the list closes.
	if !p.typeStartAt(p.i + 1) {
		return false
	}
	return p.tryTemplateArgs(false)
}

// tryTemplateArgs parses template arguments speculatively and reports
// whether they parse and are followed by a token that can follow a
// template-id.
func (p *parser) tryTemplateArgs(strictFollow bool) bool {
	key := p.i<<1 | boolInt(strictFollow)
	if p.halfGt {
		key = -key - 1
	}
	if r, ok := p.tmplMemo[key]; ok {
		return r
	}
	r := p.tryTemplateArgs1(strictFollow)
	if p.tmplMemo == nil {
		p.tmplMemo = map[int]bool{}
	}
	p.tmplMemo[key] = r
	return r
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func (p *parser) tryTemplateArgs1(strictFollow bool) bool {
	s := p.mark()
	p.failed = false
	p.tentative++
	p.templateArgs()
	ok := !p.failed
	if ok {
		switch p.kind() {
		case LParen, ColonColon, LBrace:
		case Identifier, Star, Amp, AndAnd, RParen, Comma, Semi, Gt, Shr, RBrack:
			ok = !strictFollow || p.kind() == RParen || p.kind() == Comma || p.kind() == Semi
		default:
			ok = false
		}
	}
	p.tentative--
	p.reset(s)
	return ok
}

// templateArgs parses < args >; the current token is '<'.
func (p *parser) templateArgs() *TemplateArgs {
	ta := &TemplateArgs{Lt: p.pos()}
	p.next()
	if !p.enter() {
		p.leave()
		ta.Gt = p.pos()
		return ta
	}
	defer p.leave()
	if gt, ok := p.gotGt(); ok {
		ta.Gt = gt
		return ta
	}
	for {
		arg := &TemplateArg{}
		// As in C++, an argument that can be a type-id is a type; one that
		// cannot (`S(2, 3)`, a constant of class type) is an expression.
		if p.atTypeStart() && p.typeArgParses() {
			arg.Type = p.typeID()
		} else {
			arg.Expr = p.exprNoGt()
		}
		if p.got(Ellipsis) {
			arg.Ellipsis = true
		}
		ta.Args = append(ta.Args, arg)
		if p.got(Comma) {
			continue
		}
		if gt, ok := p.gotGt(); ok {
			ta.Gt = gt
			return ta
		}
		p.errorf(p.pos(), "expected '>'")
		ta.Gt = p.pos()
		return ta
	}
}

// typeArgParses reports whether a type-id followed by the end of a
// template argument (',', '>', '>>' or '...') starts here.
func (p *parser) typeArgParses() bool {
	if !p.parenBeforeArgEnd() {
		return true // no '(' in the argument: a type-id start is a type-id
	}
	// Memoized by position: nested arguments would otherwise be parsed
	// tentatively once per enclosing level (exponential in the nesting).
	key := p.i
	if p.halfGt {
		key = -key - 1
	}
	if r, ok := p.typeArgMemo[key]; ok {
		return r
	}
	r := p.typeArgParses1()
	if p.typeArgMemo == nil {
		p.typeArgMemo = map[int]bool{}
	}
	p.typeArgMemo[key] = r
	return r
}

func (p *parser) typeArgParses1() bool {
	s := p.mark()
	p.failed = false
	p.tentative++
	p.typeID()
	ok := !p.failed
	if ok {
		switch p.kind() {
		case Comma, Gt, Shr, Ellipsis:
		default:
			ok = false
		}
	}
	p.tentative--
	p.reset(s)
	return ok
}

// parenBeforeArgEnd reports whether a '(' comes before the ',' or '>'
// that ends the template argument starting here (nested <...> skipped).
func (p *parser) parenBeforeArgEnd() bool {
	depth := 0
	for n := 0; ; n++ {
		switch p.peek(n) {
		case LParen:
			return true
		case Lt:
			depth++
		case Gt:
			if depth == 0 {
				return false
			}
			depth--
		case Shr:
			if depth <= 1 {
				return false
			}
			depth -= 2
		case Comma:
			if depth == 0 {
				return false
			}
		case Semi, LBrace, RBrace, EOF:
			return false
		}
	}
}

// exprNoGt parses a template argument expression in which '>' closes the
// list.
func (p *parser) exprNoGt() Expr {
	p.noGt++
	x := p.condExpr()
	p.noGt--
	return x
}

// isTypeName reports whether name n denotes a type.
func (p *parser) isTypeName(n *Name) bool {
	if n == nil || len(n.Segs) == 0 {
		return false
	}
	last := n.Segs[len(n.Segs)-1]
	if last.Kind != NamePlain {
		return false
	}
	return isTypeKind(p.segKind(n, len(n.Segs)-1))
}

// probeName parses a name speculatively and returns it with the parser
// position just after it; the caller resets to s.
func (p *parser) probeName() (*Name, state) {
	s := p.mark()
	p.failed = false
	p.tentative++
	n := p.parseName()
	p.tentative--
	if p.failed {
		n = nil
	}
	p.failed = s.failed
	return n, s
}
