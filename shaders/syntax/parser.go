package syntax

import (
	"github.com/ingot-render/ingot/shaders/diag"
)

// ParseFile preprocesses and parses one MSL translation unit. It always
// returns a File (possibly partial); every problem is recorded in diags,
// and parsing continues after errors (resynchronizing at ';' and '}').
func ParseFile(fset *diag.FileSet, name string, src []byte, opts Options, diags *diag.List) *File {
	r := Preprocess(fset, name, src, opts, diags)
	f := ParseTokens(r.Tokens, diags)
	f.Name = name
	f.Pragmas = r.Pragmas
	f.Includes = r.Includes
	f.Version = r.Version
	if fl := fset.File(r.Tokens[len(r.Tokens)-1].Pos); fl != nil {
		f.Start = diag.Pos(fl.Base)
	}
	return f
}

// ParseTokens parses preprocessed tokens (as returned by Preprocess; the
// last must be EOF) into a File.
func ParseTokens(toks []Token, diags *diag.List) *File {
	if len(toks) == 0 || toks[len(toks)-1].Kind != EOF {
		toks = append(toks[:len(toks):len(toks)], Token{Kind: EOF})
	}
	p := &parser{toks: toks, diags: diags}
	p.scopes = make([]scope, 1, 32)
	p.scopes[0].names = map[string]nameKind{}
	p.anyTypes = map[string]nameKind{}
	f := &File{}
	if len(toks) > 0 {
		f.Start = toks[0].Pos
	}
	f.Decls = p.declList(ctxFile, "")
	return f
}

// nameKind classifies names in the parser's light scope table.
type nameKind uint8

const (
	nkUnknown      nameKind = iota
	nkValue                 // a variable, function or enumerator (shadows a type)
	nkType                  // struct, class, enum, typedef, alias, type template parameter
	nkTemplate              // class or alias template
	nkFuncTemplate          // function template
	nkNamespace
	nkVarTemplate // variable template
)

type scope struct {
	names map[string]nameKind
}

// maxDepth bounds recursion on hostile input.
const maxDepth = 1000

type parser struct {
	toks   []Token
	i      int
	halfGt bool // the first '>' of the current '>>' (or '>>=') was consumed
	diags  *diag.List

	scopes []scope // scopes[0] is the file scope
	// anyTypes holds every name declared anywhere as a type, template or
	// namespace, for qualified lookups (ns::S).
	anyTypes     map[string]nameKind
	depth        int
	noGt         int  // > 0 inside template arguments: '>' closes the list
	paramCtx     int  // > 0 while parsing parameter or template-argument types
	tmplPending  bool // the next declared class/function is a template
	explicitInst bool // parsing the declaration of an explicit instantiation
	tmplMemo     map[int]bool
	typeArgMemo  map[int]bool // typeArgParses results by token index
	typeMemo     map[int]bool

	abort     bool // nesting too deep: every token reads as EOF
	tentative int  // > 0 while parsing speculatively
	failed    bool // an error occurred while tentative
	lastErr   diag.Pos
	errCount  int
}

// state is a parser position for backtracking.
type state struct {
	i      int
	halfGt bool
	failed bool
}

func (p *parser) mark() state { return state{p.i, p.halfGt, p.failed} }

func (p *parser) reset(s state) { p.i, p.halfGt, p.failed = s.i, s.halfGt, s.failed }

// tok returns the current token, with '>>' reduced to its second half
// when halfGt is set.
func (p *parser) tok() Token {
	if p.abort {
		return p.toks[len(p.toks)-1]
	}
	t := p.toks[p.i]
	if p.halfGt {
		t.Pos++
		t.Text = t.Text[1:]
		switch t.Kind {
		case Shr:
			t.Kind = Gt
		case ShrAssign:
			t.Kind = Ge
		case Ge:
			t.Kind = Assign
		}
	}
	return t
}

func (p *parser) kind() Kind {
	if p.abort {
		return EOF
	}
	if p.halfGt {
		return p.tok().Kind
	}
	return p.toks[p.i].Kind
}

func (p *parser) pos() diag.Pos {
	if p.halfGt {
		return p.toks[p.i].Pos + 1
	}
	return p.toks[p.i].Pos
}

// peek returns the kind of the token n positions ahead (0 = current).
func (p *parser) peek(n int) Kind {
	if n == 0 || p.abort {
		return p.kind()
	}
	j := p.i + n
	if j >= len(p.toks) {
		return EOF
	}
	return p.toks[j].Kind
}

func (p *parser) peekTok(n int) Token {
	if n == 0 {
		return p.tok()
	}
	j := p.i + n
	if j >= len(p.toks) {
		return p.toks[len(p.toks)-1]
	}
	return p.toks[j]
}

func (p *parser) next() {
	if p.halfGt {
		p.halfGt = false
		if p.i < len(p.toks)-1 {
			p.i++
		}
		return
	}
	if p.i < len(p.toks)-1 {
		p.i++
	}
}

// prevEnd returns the end of the previously consumed token.
func (p *parser) prevEnd() diag.Pos {
	if p.halfGt {
		return p.toks[p.i].Pos + 1
	}
	if p.i == 0 {
		return p.toks[0].Pos
	}
	return p.toks[p.i-1].End()
}

func (p *parser) got(k Kind) bool {
	if p.kind() == k {
		p.next()
		return true
	}
	return false
}

// gotGt consumes a '>' closing a template argument list, splitting '>>'.
func (p *parser) gotGt() (diag.Pos, bool) {
	switch p.kind() {
	case Gt:
		pos := p.pos()
		p.next()
		return pos, true
	case Shr, ShrAssign, Ge:
		if !p.halfGt {
			pos := p.pos()
			p.halfGt = true
			return pos, true
		}
	}
	return 0, false
}

func (p *parser) errorf(pos diag.Pos, format string, args ...any) {
	if p.tentative > 0 {
		p.failed = true
		return
	}
	if pos == p.lastErr && p.errCount > 0 {
		return
	}
	p.lastErr = pos
	p.errCount++
	p.diags.Errorf(pos, "syntax", format, args...)
}

// expect consumes a token of kind k or reports "expected k <context>".
func (p *parser) expect(k Kind, context string) diag.Pos {
	pos := p.pos()
	if p.kind() == k {
		p.next()
		return pos
	}
	msg := "expected '" + k.String() + "'"
	if context != "" {
		msg += " " + context
	}
	// clang reports a missing ';' or ')' right after the previous token.
	at := pos
	if (k == Semi || k == RParen || k == RBrack || k == RBrace) && p.i > 0 {
		at = p.prevEnd()
	}
	p.errorf(at, "%s", msg)
	return pos
}

// enter/leave guard recursion depth.
func (p *parser) enter() bool {
	p.depth++
	if p.depth > maxDepth {
		// Too deep: report once and abandon the rest of the file (every
		// later token reads as EOF), so that hostile input cannot make
		// the parser retry deep parses from every following token.
		if !p.abort {
			p.diags.Errorf(p.pos(), "syntax", "nesting too deep (more than %d levels); the rest of the file is not parsed", maxDepth)
			p.abort = true
		}
		return false
	}
	return true
}

func (p *parser) leave() { p.depth-- }

// skipTo advances to one of the given kinds (not consumed) at the current
// bracket depth, or EOF. Braces are balanced.
func (p *parser) skipTo(kinds ...Kind) {
	depth := 0
	for {
		k := p.kind()
		if k == EOF {
			return
		}
		if depth == 0 {
			for _, w := range kinds {
				if k == w {
					return
				}
			}
		}
		switch k {
		case LParen, LBrack, LBrace:
			depth++
		case RParen, RBrack, RBrace:
			if depth == 0 {
				return
			}
			depth--
		}
		p.next()
	}
}

// syncDecl recovers after a bad declaration or statement: skip to the next
// ';' (consumed) or to a '}' (consumed only when it closes a block opened
// in the skipped region).
func (p *parser) sync() {
	p.skipTo(Semi, RBrace)
	if p.kind() == Semi {
		p.next()
	}
}

// ---------------------------------------------------------------------------
// Scopes

func (p *parser) pushScope() { p.scopes = append(p.scopes, scope{}) }

func (p *parser) popScope() {
	if n := len(p.scopes); n > 1 {
		p.scopes[n-1] = scope{}
		p.scopes = p.scopes[:n-1]
	}
}

func (p *parser) declare(name string, k nameKind) {
	if name == "" {
		return
	}
	s := &p.scopes[len(p.scopes)-1]
	if s.names == nil {
		s.names = map[string]nameKind{}
	}
	s.names[name] = k
	if k == nkType || k == nkTemplate || k == nkFuncTemplate || k == nkNamespace || k == nkVarTemplate {
		p.anyTypes[name] = k
	}
}

// lookup classifies an unqualified name.
func (p *parser) lookup(name string) nameKind {
	for i := len(p.scopes) - 1; i >= 0; i-- {
		if k, ok := p.scopes[i].names[name]; ok {
			return k
		}
	}
	switch {
	case builtinTypeTemplates[name]:
		return nkTemplate
	case builtinTypeNames[name]:
		return nkType
	case builtinFuncTemplates[name]:
		return nkFuncTemplate
	case builtinNamespaces[name]:
		return nkNamespace
	}
	return nkUnknown
}

// lookupMember classifies the last segment of a qualified name: names
// declared anywhere as types count, as do the built-ins.
func (p *parser) lookupQualified(name string) nameKind {
	if k, ok := p.anyTypes[name]; ok {
		return k
	}
	switch {
	case builtinTypeTemplates[name]:
		return nkTemplate
	case builtinTypeNames[name]:
		return nkType
	case builtinFuncTemplates[name]:
		return nkFuncTemplate
	case builtinNamespaces[name]:
		return nkNamespace
	case name == "vote_t": // simd_vote::vote_t, quad_vote::vote_t
		return nkType
	}
	for i := len(p.scopes) - 1; i >= 0; i-- {
		if k, ok := p.scopes[i].names[name]; ok && k != nkValue {
			return k
		}
	}
	return nkUnknown
}

// lookupMember is lookupQualified for a member of a class type: the
// user's declarations only.
func (p *parser) lookupMember(name string) nameKind {
	if k, ok := p.anyTypes[name]; ok {
		return k
	}
	if name == "vote_t" {
		return nkType
	}
	for i := len(p.scopes) - 1; i >= 0; i-- {
		if k, ok := p.scopes[i].names[name]; ok && k != nkValue {
			return k
		}
	}
	return nkUnknown
}

func isTypeKind(k nameKind) bool { return k == nkType || k == nkTemplate }
