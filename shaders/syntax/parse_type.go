package syntax

import (
	"github.com/ingot-render/ingot/shaders/diag"
)

// declSpecs collects the specifiers of one declaration.
type declSpecs struct {
	start    diag.Pos
	attrs    []*AttrList
	specs    Spec
	stage    string
	stagePos diag.Pos
	typedef  bool
	typedefP diag.Pos
	friend   bool

	cnst, vol bool
	space     AddrSpace
	spacePos  diag.Pos
	qualPos   diag.Pos

	// builtin keyword type parts
	kw      kwCounts
	kwStart diag.Pos
	kwEnd   diag.Pos

	base    TypeExpr // named/elaborated/decltype type, or nil
	tagDecl Decl     // struct/enum defined or declared here
	tagBody bool     // tagDecl has a body (or is a plain forward declaration)
}

func (d *declSpecs) hasType() bool { return d.base != nil || d.kw.distinct > 0 }

// kwOrder lists the keyword type specifiers counted by kwCounts.
var kwOrder = [...]Kind{KwVoid, KwBool, KwChar, KwShort, KwInt, KwLong, KwFloat, KwDouble, KwSigned, KwUnsigned, KwAuto}

// kwCounts counts keyword type specifiers (unsigned long long int ...).
type kwCounts struct {
	c        [len(kwOrder)]uint8
	distinct int
}

func kwIndex(k Kind) int {
	for i, x := range kwOrder {
		if x == k {
			return i
		}
	}
	return -1
}

func (c *kwCounts) add(k Kind) {
	if i := kwIndex(k); i >= 0 {
		if c.c[i] == 0 {
			c.distinct++
		}
		if c.c[i] < 255 {
			c.c[i]++
		}
	}
}

func (c *kwCounts) n(k Kind) int {
	if i := kwIndex(k); i >= 0 {
		return int(c.c[i])
	}
	return 0
}

// isAddrSpaceName reports whether an identifier is an address-space
// qualifier keyword.
func isAddrSpaceName(s string) bool {
	switch s {
	case "device", "constant", "thread", "threadgroup", "threadgroup_imageblock", "ray_data", "object_data":
		return true
	}
	return false
}

func isStageName(s string) bool {
	return s == "kernel" || s == "vertex" || s == "fragment"
}

func isBuiltinTypeKw(k Kind) bool {
	switch k {
	case KwVoid, KwBool, KwChar, KwShort, KwInt, KwLong, KwFloat, KwDouble, KwSigned, KwUnsigned, KwAuto:
		return true
	}
	return false
}

// atTypeStart reports whether the current token starts a type-id.
func (p *parser) atTypeStart() bool { return p.typeStartAt(p.i) }

// typeStartAt reports whether token index i starts a type-id (type
// specifiers, qualifiers or a name known as a type).
func (p *parser) typeStartAt(i int) bool {
	if i >= len(p.toks) {
		return false
	}
	t := p.toks[i]
	if i == p.i && p.halfGt {
		return false
	}
	switch t.Kind {
	case KwConst, KwVolatile, KwStruct, KwClass, KwUnion, KwEnum, KwTypename, KwDecltype:
		return true
	case Identifier:
		if isAddrSpaceName(t.Text) && p.lookup(t.Text) != nkValue {
			return true
		}
		if t.Text == "coherent" && i+1 < len(p.toks) && p.lookup(t.Text) != nkValue {
			// coherent device T*, coherent(device) device T*
			if n := p.toks[i+1]; n.Kind == LParen || n.Kind == Identifier && isAddrSpaceName(n.Text) {
				return true
			}
		}
	}
	if isBuiltinTypeKw(t.Kind) {
		return true
	}
	if t.Kind != Identifier && t.Kind != ColonColon {
		return false
	}
	if t.Kind == Identifier && i+1 < len(p.toks) {
		// Fast path: a lone identifier.
		if k := p.toks[i+1].Kind; k != ColonColon && k != Lt {
			return isTypeKind(p.lookup(t.Text))
		}
	}
	// Qualified or templated names are probed speculatively; the result
	// is memoized per token so that nested template arguments do not
	// re-probe exponentially.
	if r, ok := p.typeMemo[i]; ok {
		return r
	}
	save := p.mark()
	p.i, p.halfGt = i, false
	n, s := p.probeName()
	ok := n != nil && p.isTypeName(n)
	p.reset(s)
	p.reset(save)
	if p.typeMemo == nil {
		p.typeMemo = map[int]bool{}
	}
	p.typeMemo[i] = ok
	return ok
}

// parseAttrLists parses zero or more [[...]] lists (and alignas(...)).
func (p *parser) parseAttrLists() []*AttrList {
	var ls []*AttrList
	for {
		if p.kind() == LBrack && p.peek(1) == LBrack {
			ls = append(ls, p.attrList())
			continue
		}
		if p.atGNUAttr() {
			ls = append(ls, p.gnuAttr())
			continue
		}
		if p.kind() == KwAlignas {
			ls = append(ls, p.alignasAttr())
			continue
		}
		return ls
	}
}

func (p *parser) atAttr() bool {
	return p.kind() == LBrack && p.peek(1) == LBrack || p.kind() == KwAlignas || p.atGNUAttr()
}

// atGNUAttr reports whether __attribute__(( starts here.
func (p *parser) atGNUAttr() bool {
	return p.kind() == Identifier && p.tok().Text == "__attribute__" && p.peek(1) == LParen
}

// gnuAttr parses __attribute__((a, b(args))) into an AttrList whose
// attributes have Namespace "gnu" (names keep their spelling, e.g.
// "__always_inline__").
func (p *parser) gnuAttr() *AttrList {
	l := &AttrList{Lbrack: p.pos()}
	p.next()
	p.expect(LParen, "after '__attribute__'")
	p.expect(LParen, "after '__attribute__'")
	for p.kind() != RParen && p.kind() != EOF {
		if p.got(Comma) {
			continue
		}
		if !isIdentLike(p.kind()) {
			p.errorf(p.pos(), "expected attribute name")
			p.skipTo(RParen)
			break
		}
		a := &Attribute{Namespace: "gnu", NamePos: p.pos(), Name: p.tok().Text}
		p.next()
		if p.kind() == LParen {
			a.HasArgs = true
			a.Lparen = p.pos()
			p.next()
			saved := p.noGt
			p.noGt = 0
			a.Args = p.exprList(RParen)
			p.noGt = saved
			a.Rparen = p.expect(RParen, "")
		}
		l.Attrs = append(l.Attrs, a)
	}
	p.expect(RParen, "")
	l.Rbrack = p.pos()
	p.expect(RParen, "")
	return l
}

// attrList parses one [[ a, b(args) ]].
func (p *parser) attrList() *AttrList {
	l := &AttrList{Lbrack: p.pos()}
	p.next()
	p.next()
	for p.kind() != RBrack && p.kind() != EOF {
		if p.got(Comma) {
			continue
		}
		a := &Attribute{NamePos: p.pos()}
		if !isIdentLike(p.kind()) {
			p.errorf(p.pos(), "expected attribute name")
			p.skipTo(RBrack)
			break
		}
		a.Name = p.tok().Text
		p.next()
		if p.kind() == ColonColon && isIdentLike(p.peek(1)) {
			p.next()
			a.Namespace = a.Name
			a.NamePos = p.pos()
			a.Name = p.tok().Text
			p.next()
		}
		if p.kind() == LParen {
			a.HasArgs = true
			a.Lparen = p.pos()
			p.next()
			saved := p.noGt
			p.noGt = 0
			for p.kind() != RParen && p.kind() != EOF {
				x := p.assignExpr()
				// A plain name is a NameExpr even when it names a type
				// ([[intersection(triangle, triangle_data)]]).
				if te, ok := x.(*TypeIDExpr); ok {
					if nt, ok := te.Type.(*NamedType); ok && nt.Keyword == "" && !nt.Name.Qualified() && nt.Name.Last().Template == nil {
						x = &NameExpr{Name: nt.Name}
					}
				}
				a.Args = append(a.Args, x)
				if !p.got(Comma) {
					break
				}
			}
			p.noGt = saved
			a.Rparen = p.expect(RParen, "")
		}
		l.Attrs = append(l.Attrs, a)
		if isIdentLike(p.kind()) {
			// `[[color(0) index(1)]]`: naga writes dual-source outputs
			// without the comma, and Apple's compiler takes them; a
			// warning, as the form is not in the specification.
			if p.tentative == 0 {
				p.diags.Warnf(p.pos(), "attr-comma", "missing ',' between attributes")
			}
			continue
		}
		if p.kind() != Comma && p.kind() != RBrack {
			p.errorf(p.pos(), "expected ',' or ']' in attribute list")
			p.skipTo(RBrack)
			break
		}
	}
	p.expect(RBrack, "")
	l.Rbrack = p.pos()
	if p.kind() == RBrack {
		p.next()
	} else {
		p.errorf(p.pos(), "expected ']'")
	}
	return l
}

// alignasAttr represents alignas(x) as an attribute named "alignas".
func (p *parser) alignasAttr() *AttrList {
	pos := p.pos()
	p.next()
	a := &Attribute{NamePos: pos, Name: "alignas", HasArgs: true, Lparen: p.pos()}
	p.expect(LParen, "after 'alignas'")
	if p.atTypeStart() {
		a.Args = append(a.Args, &TypeIDExpr{Type: p.typeID()})
	} else {
		a.Args = append(a.Args, p.assignExpr())
	}
	a.Rparen = p.expect(RParen, "")
	return &AttrList{Lbrack: pos, Attrs: []*Attribute{a}, Rbrack: a.Rparen}
}

// declSpecifiers parses attributes, specifiers, qualifiers and the type
// specifier of a declaration. className is the enclosing class name (for
// constructor detection), or "".
func (p *parser) declSpecifiers(d *declSpecs, className string) {
	d.start = p.pos()
	for {
		t := p.tok()
		switch t.Kind {
		case LBrack:
			if p.peek(1) != LBrack {
				return
			}
			d.attrs = append(d.attrs, p.attrList())
			continue
		case KwAlignas:
			d.attrs = append(d.attrs, p.alignasAttr())
			continue
		case KwStatic:
			d.specs |= SpecStatic
		case KwExtern:
			if p.peek(1) == String {
				return // linkage specification, handled by the caller
			}
			d.specs |= SpecExtern
		case KwInline:
			d.specs |= SpecInline
		case KwConstexpr:
			d.specs |= SpecConstexpr
		case KwConsteval:
			d.specs |= SpecConsteval
		case KwVirtual:
			d.specs |= SpecVirtual
		case KwExplicit:
			d.specs |= SpecExplicit
			if p.peek(1) == LParen { // explicit(bool)
				p.next()
				p.skipParens()
				continue
			}
		case KwFriend:
			d.specs |= SpecFriend

		case KwMutable:
			d.specs |= SpecMutable
		case KwThreadLocal:
			d.specs |= SpecThreadLocal
		case KwRegister:
			d.specs |= SpecRegister
		case KwTypedef:
			d.typedef = true
			d.typedefP = t.Pos
		case KwConst:
			d.cnst = true
			d.setQual(t.Pos)
		case KwVolatile:
			d.vol = true
			d.setQual(t.Pos)
		case KwVoid, KwBool, KwChar, KwShort, KwInt, KwLong, KwFloat, KwDouble, KwSigned, KwUnsigned, KwAuto:
			if d.base != nil {
				p.errorf(t.Pos, "cannot combine with previous type specifier")
			}
			if d.kw.distinct == 0 {
				d.kwStart = t.Pos
			}
			d.kw.add(t.Kind)
			d.kwEnd = t.End()
		case KwStruct, KwClass, KwUnion:
			if d.hasType() {
				return
			}
			sd := p.classSpecifier()
			d.tagDecl = sd
			d.tagBody = sd.Lbrace.IsValid()
			if sd.Name != nil {
				d.base = &NamedType{KeywordPos: sd.KwPos, Keyword: sd.Keyword, Name: sd.Name}
			} else {
				d.base = &TagType{Decl: sd}
			}
			continue
		case KwEnum:
			if d.hasType() {
				return
			}
			ed := p.enumSpecifier()
			d.tagDecl = ed
			d.tagBody = ed.Lbrace.IsValid()
			if ed.Name != nil {
				d.base = &NamedType{KeywordPos: ed.KwPos, Keyword: "enum", Name: &Name{Segs: []*NameSegment{{NamePos: ed.Name.NamePos, EndPos: ed.Name.End(), Name: ed.Name.Name}}}}
			} else {
				d.base = &TagType{Decl: ed}
			}
			continue
		case KwTypename:
			if d.hasType() {
				return
			}
			p.next()
			n := p.parseName()
			if n == nil {
				p.errorf(p.pos(), "expected a qualified name after 'typename'")
				n = &Name{Segs: []*NameSegment{{NamePos: p.pos(), EndPos: p.pos(), Name: "?"}}}
			}
			d.base = &NamedType{KeywordPos: t.Pos, Keyword: "typename", Name: n}
			continue
		case KwDecltype:
			if d.hasType() {
				return
			}
			d.base = p.decltypeType()
			if n := p.decltypeScope(d.base.(*DecltypeType)); n != nil {
				d.base = &NamedType{Name: n}
			}
			continue
		case Identifier, ColonColon:
			if p.atGNUAttr() {
				d.attrs = append(d.attrs, p.gnuAttr())
				continue
			}
			if p.coherentFollows() {
				// `coherent device T*`, `coherent(device) device T*` (MSL
				// 3.2 memory coherence): accepted; ingot's memory model is
				// coherent already.
				p.next()
				if p.kind() == LParen {
					p.skipParens()
				}
				continue
			}
			if t.Kind == Identifier && isAddrSpaceName(t.Text) && p.lookup(t.Text) != nkValue {
				sp, _ := AddrSpaceByName(t.Text)
				if d.space != AddrNone && d.space != sp {
					p.errorf(t.Pos, "multiple address spaces specified for type")
				}
				d.space = sp
				d.spacePos = t.Pos
				d.setQual(t.Pos)
				break
			}
			if t.Kind == Identifier && isStageName(t.Text) && !d.hasType() && d.stage == "" && p.lookup(t.Text) == nkUnknown && p.stageFollows() {
				d.stage = t.Text
				d.stagePos = t.Pos
				break
			}
			if t.Kind == Identifier && isStageName(t.Text) && d.hasType() && d.stage == "" && p.paramCtx == 0 &&
				p.lookup(t.Text) == nkUnknown && p.peek(1) == Identifier && p.peek(2) == LParen {
				// `v2f vertex vertexMain(...)`: clang takes the stage
				// keyword after the return type too.
				d.stage = t.Text
				d.stagePos = t.Pos
				break
			}
			if d.hasType() {
				return
			}
			// Constructor of the enclosing class: S( or ~S is a declarator.
			if t.Kind == Identifier && className != "" && t.Text == className && p.peek(1) == LParen {
				return
			}
			if p.ctorQualified() {
				return
			}
			n, s := p.probeName()
			if n == nil {
				p.reset(s)
				return
			}
			isType := p.isTypeName(n)
			if !isType {
				// An unknown name is a type when a declarator follows it.
				k := p.kind()
				after := p.peek(1)
				switch {
				case k == Identifier || k == KwOperator:
					isType = true
				case (k == Star || k == Amp || k == AndAnd) && (after == Identifier || after == KwConst || after == Star || after == Amp || after == RParen || after == Comma || after == Gt || after == LBrack):
					isType = p.lookup(n.Segs[0].Name) != nkValue
				case k == KwConst || k == KwVolatile || k == Ellipsis:
					isType = true
				case k == RParen || k == Comma || k == Gt || k == Shr || (k == LBrack && after == LBrack):
					isType = p.paramCtx > 0
				}
			}
			if !isType {
				p.reset(s)
				return
			}
			// The speculative parse succeeded without errors: keep it.
			d.base = &NamedType{Name: n}
			continue
		default:
			return
		}
		p.next()
	}
}

func (d *declSpecs) setQual(pos diag.Pos) {
	if !d.qualPos.IsValid() {
		d.qualPos = pos
	}
}

// stageFollows reports whether a stage keyword (kernel/vertex/fragment)
// at the current token is followed by something that continues a
// declaration.
func (p *parser) stageFollows() bool {
	k := p.peek(1)
	if k == Identifier || k == ColonColon || isBuiltinTypeKw(k) || k == KwConst || k == KwStatic || k == KwInline || k == KwConstexpr || k == KwTypename {
		return true
	}
	return k == LBrack && p.peek(2) == LBrack
}

// ctorQualified reports whether the current position starts S::S( or
// S::~S( (an out-of-class constructor or destructor) or operator.
func (p *parser) ctorQualified() bool {
	if p.kind() != Identifier || p.peek(1) != ColonColon {
		return false
	}
	n, s := p.probeName()
	defer p.reset(s)
	if n == nil || len(n.Segs) < 2 || p.kind() != LParen {
		return false
	}
	last, prev := n.Segs[len(n.Segs)-1], n.Segs[len(n.Segs)-2]
	return last.Name == prev.Name || last.Kind == NameDestructor || last.Kind == NameConversion
}

func (p *parser) skipParens() {
	if p.kind() != LParen {
		return
	}
	depth := 0
	for p.kind() != EOF {
		switch p.kind() {
		case LParen:
			depth++
		case RParen:
			depth--
			if depth == 0 {
				p.next()
				return
			}
		}
		p.next()
	}
}

func (p *parser) decltypeType() TypeExpr {
	t := &DecltypeType{DeclPos: p.pos()}
	p.next()
	p.expect(LParen, "after 'decltype'")
	saved := p.noGt
	p.noGt = 0
	t.X = p.expr()
	p.noGt = saved
	t.Rparen = p.expect(RParen, "")
	return t
}

// decltypeScope parses `::name` after decltype(x) (a member of the type
// of x) and returns the name, or nil when no `::` follows.
func (p *parser) decltypeScope(dt *DecltypeType) *Name {
	if p.kind() != ColonColon || p.peek(1) != Identifier {
		return nil
	}
	p.next()
	n := p.parseName()
	if n == nil {
		return nil
	}
	n.Decltype = dt
	return n
}

// builtinName canonicalizes keyword type specifiers.
func builtinName(kw *kwCounts) (string, bool) {
	n := kw.n
	uns := n(KwUnsigned) > 0
	sgn := n(KwSigned) > 0
	if uns && sgn || n(KwUnsigned) > 1 || n(KwSigned) > 1 {
		return "int", false
	}
	others := 0
	for _, k := range kwOrder {
		switch k {
		case KwUnsigned, KwSigned, KwInt, KwLong, KwShort:
		default:
			others += n(k)
		}
	}
	single := kw.distinct == 1
	switch {
	case n(KwVoid) == 1 && single:
		return "void", true
	case n(KwBool) == 1 && single:
		return "bool", true
	case n(KwAuto) == 1 && single:
		return "auto", true
	case n(KwFloat) == 1 && single:
		return "float", true
	case n(KwDouble) == 1 && single:
		return "double", true
	case n(KwDouble) == 1 && n(KwLong) == 1 && kw.distinct == 2:
		return "long double", true
	case n(KwChar) == 1 && others == 1 && n(KwInt) == 0 && n(KwLong) == 0 && n(KwShort) == 0:
		switch {
		case uns:
			return "unsigned char", true
		case sgn:
			return "signed char", true
		}
		return "char", true
	}
	if others > 0 || n(KwInt) > 1 {
		return "int", false
	}
	switch {
	case n(KwShort) == 1 && n(KwLong) == 0:
		if uns {
			return "unsigned short", true
		}
		return "short", true
	case n(KwLong) == 1 && n(KwShort) == 0:
		if uns {
			return "unsigned long", true
		}
		return "long", true
	case n(KwLong) == 2 && n(KwShort) == 0:
		if uns {
			return "unsigned long long", true
		}
		return "long long", true
	case n(KwShort) == 0 && n(KwLong) == 0:
		if uns {
			return "unsigned int", true
		}
		return "int", true
	}
	return "int", false
}

// specType builds the declared base type from d (qualifiers applied).
func (p *parser) specType(d *declSpecs) TypeExpr {
	var t TypeExpr
	switch {
	case d.base != nil:
		t = d.base
	case d.kw.distinct > 0:
		name, ok := builtinName(&d.kw)
		if !ok {
			p.errorf(d.kwStart, "invalid combination of type specifiers")
		}
		t = &BuiltinType{TypePos: d.kwStart, EndPos: d.kwEnd, Name: name}
	default:
		return nil
	}
	if d.cnst || d.vol || d.space != AddrNone {
		t = &QualType{QualPos: d.qualPos, Const: d.cnst, Volatile: d.vol, Space: d.space, SpacePos: d.spacePos, Elem: t}
	}
	return t
}

// typeID parses a type-id: specifiers and an abstract declarator.
func (p *parser) typeID() TypeExpr {
	if !p.enter() {
		p.leave()
		return &BadType{From: p.pos(), To: p.pos()}
	}
	defer p.leave()
	var ds declSpecs
	d := &ds
	p.declSpecifiers(d, "")
	base := p.specType(d)
	if base == nil {
		p.errorf(p.pos(), "expected a type")
		return &BadType{From: d.start, To: p.pos()}
	}
	dc := p.declarator(base, declAbstract)
	return dc.typ
}

// convTypeID parses the type of a conversion function (operator T): only
// pointer/reference operators follow the specifiers.
func (p *parser) convTypeID() TypeExpr {
	var ds declSpecs
	d := &ds
	p.declSpecifiers(d, "")
	t := p.specType(d)
	if t == nil {
		return &BadType{From: d.start, To: p.pos()}
	}
	for {
		switch p.kind() {
		case Star:
			t = &PointerType{Star: p.pos(), Elem: t}
			p.next()
			continue
		case Amp, AndAnd:
			t = &RefType{Amp: p.pos(), RValue: p.kind() == AndAnd, Elem: t}
			p.next()
			continue
		}
		return t
	}
}

// declarator modes.
type declMode uint8

const (
	declNamed    declMode = iota // a name is required
	declAbstract                 // no name (type-id)
	declMaybe                    // parameter: name optional
)

// declarator is the result of parsing one declarator.
type declarator struct {
	name      *Name
	typ       TypeExpr
	nameAttrs []*AttrList
	fn        *FuncType // set when the declarator declares a function
	fnConst   bool
	fnSpace   string
	fnRef     string
	noexcept  bool
	trailing  bool
	override  bool
	fnAttrs   []*AttrList
	bitWidth  Expr
	ellipsis  bool
}

// hole is a placeholder type used while parsing nested declarators.
type hole struct{ BadType }

// declarator parses ptr-operators, the (optional) name and suffixes, and
// builds the full type from base.
func (p *parser) declarator(base TypeExpr, mode declMode) *declarator {
	if !p.enter() {
		p.leave()
		return &declarator{typ: base}
	}
	defer p.leave()
	t := p.ptrOps(base)
	dc := &declarator{}
	var inner *declarator
	innerHole := &hole{}
	switch {
	case p.kind() == LParen && p.nestedDeclaratorFollows():
		p.next()
		inner = p.declarator(innerHole, mode)
		p.expect(RParen, "")
	case p.kind() == Ellipsis && mode != declNamed:
		dc.ellipsis = true
		p.next()
		if p.kind() == Identifier {
			dc.name = p.simpleName()
		}
	case mode != declAbstract && p.atNameStart():
		dc.name = p.declName()
	}
	if dc.name != nil || inner == nil {
		dc.nameAttrs = p.parseAttrLists()
	}
	// Suffixes.
	type suffix struct {
		arr *ArrayType
		fn  *FuncType
	}
	var sfx []suffix
	for {
		if p.kind() == LBrack && p.peek(1) != LBrack {
			a := &ArrayType{Lbrack: p.pos()}
			p.next()
			if p.kind() != RBrack {
				saved := p.noGt
				p.noGt = 0
				a.Len = p.expr()
				p.noGt = saved
			}
			a.Rbrack = p.expect(RBrack, "")
			sfx = append(sfx, suffix{arr: a})
			if len(dc.nameAttrs) == 0 && dc.name != nil {
				dc.nameAttrs = p.parseAttrLists()
			}
			continue
		}
		if p.kind() == LParen && len(sfx) == 0 && dc.fn == nil && (mode != declNamed || dc.name != nil || inner != nil) && p.paramsFollow(mode, dc.name != nil || inner != nil) {
			ft := p.funcSuffix(dc)
			sfx = append(sfx, suffix{fn: ft})
			continue
		}
		break
	}
	// Apply suffixes from the innermost (last) to the outermost.
	for i := len(sfx) - 1; i >= 0; i-- {
		if s := sfx[i]; s.arr != nil {
			s.arr.Elem = t
			t = s.arr
		} else {
			if s.fn.Result == nil { // else a trailing return type
				s.fn.Result = t
			}
			t = s.fn
		}
	}
	if len(sfx) > 0 && sfx[0].fn != nil && inner == nil {
		dc.fn = sfx[0].fn
	}
	if inner != nil {
		dc.typ = fillHole(inner.typ, innerHole, t)
		dc.name = inner.name
		dc.nameAttrs = append(inner.nameAttrs, dc.nameAttrs...)
		if inner.fn != nil && dc.fn == nil {
			dc.fn = inner.fn
		}
		return dc
	}
	dc.typ = t
	return dc
}

// fillHole replaces h inside t by with.
func fillHole(t TypeExpr, h *hole, with TypeExpr) TypeExpr {
	switch x := t.(type) {
	case *hole:
		if x == h {
			return with
		}
	case *PointerType:
		x.Elem = fillHole(x.Elem, h, with)
	case *RefType:
		x.Elem = fillHole(x.Elem, h, with)
	case *ArrayType:
		x.Elem = fillHole(x.Elem, h, with)
	case *QualType:
		x.Elem = fillHole(x.Elem, h, with)
	case *FuncType:
		x.Result = fillHole(x.Result, h, with)
	}
	return t
}

// ptrOps parses * & && with their qualifiers.
func (p *parser) ptrOps(t TypeExpr) TypeExpr {
	for {
		switch p.kind() {
		case Star:
			t = &PointerType{Star: p.pos(), Elem: t}
			p.next()
			p.parseAttrLists()
			t = p.ptrQuals(t)
		case Amp, AndAnd:
			t = &RefType{Amp: p.pos(), RValue: p.kind() == AndAnd, Elem: t}
			p.next()
			p.parseAttrLists()
			for p.kind() == Identifier && isRestrict(p.tok().Text) {
				p.next() // `T& __restrict r`: no effect on the type
			}
		default:
			return t
		}
	}
}

// ptrQuals parses cv-qualifiers and address spaces after '*'.
func (p *parser) ptrQuals(t TypeExpr) TypeExpr {
	var q *QualType
	for {
		tk := p.tok()
		switch {
		case tk.Kind == KwConst || tk.Kind == KwVolatile:
		case tk.Kind == Identifier && isAddrSpaceName(tk.Text) && p.lookup(tk.Text) != nkValue && (p.peek(1) == Identifier || p.peek(1) == Star || p.peek(1) == Amp || p.peek(1) == KwConst ||
			p.peek(1) == LParen && (p.peek(2) == Amp || p.peek(2) == Star)):
			// (`device T* constant (&a)[2]`: the pointers themselves are constant)
		case tk.Kind == Identifier && isRestrict(tk.Text):
			p.next()
			continue
		case tk.Kind == Identifier && p.coherentFollows():
			p.next()
			if p.kind() == LParen {
				p.skipParens()
			}
			continue
		default:
			if q != nil {
				return q
			}
			return t
		}
		if q == nil {
			q = &QualType{QualPos: tk.Pos, Elem: t}
		}
		switch tk.Kind {
		case KwConst:
			q.Const = true
		case KwVolatile:
			q.Volatile = true
		default:
			q.Space, _ = AddrSpaceByName(tk.Text)
			q.SpacePos = tk.Pos
		}
		p.next()
	}
}

// coherentFollows reports whether the current token is the coherent
// qualifier: `coherent` or `coherent(scope)` before an address space,
// const/volatile or a type.
func (p *parser) coherentFollows() bool {
	t := p.tok()
	if t.Kind != Identifier || t.Text != "coherent" || p.lookup(t.Text) == nkValue {
		return false
	}
	k := p.peek(1)
	if k == LParen {
		return p.peek(2) == Identifier && p.peek(3) == RParen
	}
	return k == Identifier || k == KwConst || k == KwVolatile || isBuiltinTypeKw(k)
}

// isRestrict reports whether an identifier is a restrict qualifier, which
// clang accepts (and ingot ignores) after '*' and '&'.
func isRestrict(s string) bool {
	return s == "__restrict" || s == "__restrict__" || s == "restrict"
}

// nestedDeclaratorFollows reports whether '(' opens a nested declarator
// such as (*fp) or (&arr) rather than a parameter list.
func (p *parser) nestedDeclaratorFollows() bool {
	k := p.peek(1)
	if k == Star || k == Amp || k == AndAnd {
		return true
	}
	if k == Identifier && p.peek(2) == ColonColon {
		// (S::*pm) member pointer
		return false
	}
	return false
}

// paramsFollow decides whether '(' after a declarator name starts a
// parameter list (function declarator) rather than a direct initializer.
func (p *parser) paramsFollow(mode declMode, named bool) bool {
	if mode == declAbstract || !named {
		return true
	}
	k := p.peek(1)
	switch k {
	case RParen, Ellipsis:
		return true
	case LBrack:
		return p.peek(2) == LBrack
	case KwVoid:
		return p.peek(2) == RParen || p.typeStartAt(p.i+1)
	}
	if p.typeStartAt(p.i + 1) {
		// T x(float4(1)) is an initializer: a type followed by '(' or '{'
		// is an expression; a type followed by a name/ptr is a parameter.
		save := p.mark()
		p.next()
		p.failed = false
		p.tentative++
		p.paramCtx++
		var ds declSpecs
		d := &ds
		p.declSpecifiers(d, "")
		p.paramCtx--
		k2 := p.kind()
		// `T (&a)[N]`, `T (*p)[N]`: a nested declarator, which C++ takes
		// as a parameter whenever it can be one.
		nested := k2 == LParen && (p.peek(1) == Amp || p.peek(1) == AndAnd || p.peek(1) == Star) &&
			p.peek(2) == Identifier && p.peek(3) == RParen
		p.tentative--
		failed := p.failed
		p.reset(save)
		if failed {
			return false
		}
		if nested {
			return true
		}
		switch k2 {
		case LParen, LBrace, Dot, Arrow, LBrack:
			// float4(...), S{...}, x.y: an expression argument.
			return false
		}
		return true
	}
	// An unknown identifier followed by a name: a parameter of unknown type.
	if k == Identifier {
		k2 := p.peek(2)
		if k2 == Identifier || k2 == Star && p.peek(3) == Identifier || k2 == Amp && p.peek(3) == Identifier {
			return p.lookup(p.peekTok(1).Text) != nkValue
		}
	}
	return false
}

// funcSuffix parses (params) and the function qualifiers that follow.
func (p *parser) funcSuffix(dc *declarator) *FuncType {
	ft := &FuncType{Lparen: p.pos()}
	p.next()
	ft.Params, ft.Variadic = p.paramList()
	ft.Rparen = p.expect(RParen, "")
	for {
		tk := p.tok()
		switch {
		case tk.Kind == KwConst:
			dc.fnConst = true
		case tk.Kind == KwVolatile:
		case tk.Kind == Identifier && isAddrSpaceName(tk.Text) && dc.fnSpace == "" && p.fnSpaceFollows():
			dc.fnSpace = tk.Text
		case tk.Kind == Amp || tk.Kind == AndAnd:
			dc.fnRef = tk.Text
		case tk.Kind == KwNoexcept:
			dc.noexcept = true
			p.next()
			if p.kind() == LParen {
				p.skipParens()
			}
			continue
		case tk.Kind == KwThrow:
			p.next()
			p.skipParens()
			continue
		case tk.Kind == Identifier && (tk.Text == "override" || tk.Text == "final"):
			dc.override = true
		case tk.Kind == LBrack && p.peek(1) == LBrack:
			ls := p.parseAttrLists()
			dc.fnAttrs = append(dc.fnAttrs, ls...)
			ft.Attrs = append(ft.Attrs, ls...)
			continue
		case tk.Kind == Arrow:
			p.next()
			dc.trailing = true
			ft.Result = p.typeID()
			continue
		default:
			return ft
		}
		p.next()
	}
}

// fnSpaceFollows reports whether the address-space name at the current
// token qualifies the implicit object of a member function (`) thread {`,
// `) const device;`, `) thread = default;`, `) thread : x(1)`) rather than
// starting the next declaration.
func (p *parser) fnSpaceFollows() bool {
	switch p.peek(1) {
	case LBrace, Semi, Assign, Colon, KwConst, KwVolatile, KwNoexcept, Amp, AndAnd, Arrow, Comma:
		return true
	case LBrack:
		return p.peek(2) == LBrack
	case Identifier:
		t := p.peekTok(1).Text
		return t == "override" || t == "final"
	}
	return false
}

// paramList parses parameters up to (not including) ')'.
func (p *parser) paramList() ([]*ParamDecl, bool) {
	var ps []*ParamDecl
	if p.kind() == KwVoid && p.peek(1) == RParen {
		p.next()
		return nil, false
	}
	saved := p.noGt
	p.noGt = 0
	defer func() { p.noGt = saved }()
	for p.kind() != RParen && p.kind() != EOF {
		if p.kind() == Ellipsis {
			p.next()
			return ps, true
		}
		prm := p.paramDecl()
		if prm == nil {
			p.skipTo(Comma, RParen)
		} else {
			ps = append(ps, prm)
		}
		if !p.got(Comma) {
			break
		}
		if p.kind() == RParen {
			p.errorf(p.pos(), "expected parameter declarator")
		}
	}
	return ps, false
}

// paramDecl parses one parameter.
func (p *parser) paramDecl() *ParamDecl {
	start := p.pos()
	p.paramCtx++
	var ds declSpecs
	d := &ds
	p.declSpecifiers(d, "")
	p.paramCtx--
	base := p.specType(d)
	if base == nil {
		p.errorf(p.pos(), "expected parameter declarator")
		return nil
	}
	dc := p.declarator(base, declMaybe)
	prm := &ParamDecl{StartPos: start, Attrs: d.attrs, Type: dc.typ, NameAttrs: dc.nameAttrs, Ellipsis: dc.ellipsis}
	if dc.name != nil {
		prm.Name = &Ident{NamePos: dc.name.Pos(), Name: dc.name.Last().Name}
	}
	if p.kind() == Assign {
		p.next()
		if p.kind() == LBrace {
			prm.Default = p.initList()
		} else {
			prm.Default = p.assignExpr()
		}
	}
	prm.EndPos = p.prevEnd()
	return prm
}

// declName parses a declarator name.
func (p *parser) declName() *Name {
	return p.parseName()
}

// simpleName parses one identifier into a Name.
func (p *parser) simpleName() *Name {
	t := p.tok()
	p.next()
	return &Name{Segs: []*NameSegment{{NamePos: t.Pos, EndPos: t.End(), Name: t.Text}}}
}

func identOf(n *Name) *Ident {
	if n == nil || len(n.Segs) == 0 {
		return nil
	}
	l := n.Last()
	return &Ident{NamePos: l.NamePos, Name: l.Name}
}

// matchingParen returns the index of the ')' closing the '(' at token
// index i, or -1.
func (p *parser) matchingParen(i int) int {
	if i >= len(p.toks) || p.toks[i].Kind != LParen {
		return -1
	}
	depth := 0
	for ; i < len(p.toks); i++ {
		switch p.toks[i].Kind {
		case LParen:
			depth++
		case RParen:
			depth--
			if depth == 0 {
				return i
			}
		case EOF:
			return -1
		}
	}
	return -1
}
