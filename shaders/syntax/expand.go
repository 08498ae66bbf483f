package syntax

import (
	"strconv"
	"strings"
)

// Macro expansion follows the hide-set algorithm (Prosser): every token
// carries the set of macros whose expansion produced it, and a macro name
// is not expanded again while it is in its own token's hide set.

// peekLParen reports whether the next token is '(' without consuming it.
func (p *pp) peekLParen() bool {
	if n := len(p.pending); n > 0 {
		return p.pending[n-1].Kind == LParen
	}
	if p.argMode || len(p.files) == 0 {
		return false
	}
	f := p.files[len(p.files)-1]
	if n := len(f.conds); n > 0 && !f.conds[n-1].active {
		return false
	}
	save := f.lx
	t := f.lx.next()
	f.lx = save
	return t.Kind == LParen
}

// expand expands the macro named by t, pushing the result back onto the
// input; it returns false when t is not an expandable macro use.
func (p *pp) expand(t Token) bool {
	if t.Flags&FlagNoExpand != 0 || p.halted {
		return false
	}
	m := p.macros[t.Text]
	if m == nil || t.hide.contains(m.name) {
		return false
	}
	if m.special != specialNone {
		p.push([]Token{p.special(m, t)})
		return true
	}
	if !m.funcLike {
		hs := t.hide.add(m.name)
		body := p.subst(m, nil, t, hs)
		return p.pushExpansion(body, t)
	}
	if !p.peekLParen() {
		return false
	}
	args, rp, ok := p.readArgs(m, t)
	if !ok {
		return true
	}
	hs := t.hide.intersect(rp.hide).add(m.name)
	body := p.subst(m, args, t, hs)
	return p.pushExpansion(body, t)
}

func (p *pp) pushExpansion(body []Token, site Token) bool {
	if p.budget-len(body) < 0 {
		if !p.halted {
			p.errorf(site.Pos, "macro expansion too large")
		}
		p.halted = true
		return true
	}
	if len(body) > 0 {
		body[0].Flags = body[0].Flags&^(FlagSpace|FlagBOL) | site.Flags&FlagSpace
	}
	p.push(body)
	return true
}

func (p *pp) special(m *macro, t Token) Token {
	r := Token{Pos: t.Pos, Flags: t.Flags&FlagSpace | FlagMacro, Kind: Int}
	switch m.special {
	case specialLine:
		r.Text = strconv.Itoa(p.fset.Position(t.Pos).Line)
	case specialFile:
		r.Kind = String
		r.Text = strconv.Quote(p.fset.Position(t.Pos).Filename)
	case specialCounter:
		r.Text = strconv.Itoa(p.counter)
		p.counter++
	case specialIncludeLevel:
		r.Text = strconv.Itoa(max(len(p.files)-1, 0))
	}
	return r
}

// readArgs reads the parenthesized arguments of a function-like macro
// invocation (the '(' is next).
func (p *pp) readArgs(m *macro, site Token) (args [][]Token, rparen Token, ok bool) {
	p.next() // (
	depth := 0
	var cur []Token
	for {
		t := p.next()
		if t.Kind == EOF {
			p.errorf(site.Pos, "unterminated function-like macro invocation")
			return nil, t, false
		}
		switch t.Kind {
		case LParen:
			depth++
		case RParen:
			if depth == 0 {
				args = append(args, cur)
				rparen = t
				goto done
			}
			depth--
		case Comma:
			if depth == 0 && !(m.variadic && len(args) >= len(m.params)-1) {
				args = append(args, cur)
				cur = nil
				continue
			}
		}
		t.Flags &^= FlagBOL
		cur = append(cur, t)
	}
done:
	if len(m.params) == 0 && len(args) == 1 && len(args[0]) == 0 {
		args = nil
	}
	if m.variadic && len(args) == len(m.params)-1 {
		args = append(args, nil)
	}
	if len(args) > len(m.params) {
		p.errorf(rparen.Pos, "too many arguments provided to function-like macro invocation")
		p.diags.Notef(m.pos, "macro '%s' defined here", m.name)
		return nil, rparen, false
	}
	if len(args) < len(m.params) {
		p.errorf(rparen.Pos, "too few arguments provided to function-like macro invocation")
		p.diags.Notef(m.pos, "macro '%s' defined here", m.name)
		return nil, rparen, false
	}
	return args, rparen, true
}

// expandList fully macro-expands ts in isolation (argument pre-expansion
// and #if/#include lines).
func (p *pp) expandList(ts []Token) []Token {
	if p.expDepth >= maxExpandDepth {
		if !p.halted && len(ts) > 0 {
			p.errorf(ts[0].Pos, "macro expansion nested too deeply")
		}
		p.halted = true
		return ts
	}
	p.expDepth++
	defer func() { p.expDepth-- }()
	savedPending, savedMode := p.pending, p.argMode
	p.pending = make([]Token, 0, len(ts))
	p.argMode = true
	p.push(ts)
	var out []Token
	for {
		t := p.next()
		if t.Kind == EOF {
			break
		}
		if isIdentLike(t.Kind) && p.expand(t) {
			continue
		}
		out = append(out, t)
	}
	p.pending, p.argMode = savedPending, savedMode
	return out
}

// subst substitutes arguments into m's body (handling #, ## and
// __VA_OPT__) and stamps the result with the expansion site and hide set.
func (p *pp) subst(m *macro, args [][]Token, site Token, hs *hideset) []Token {
	body := m.body
	out := make([]Token, 0, len(body))
	var expanded [][]Token
	placemarker := -1 // len(out) right after an empty argument operand of ##
	fromBody := func(t Token) Token {
		t.Origin = t.Pos
		t.Pos = site.Pos
		t.Flags |= FlagMacro
		return t
	}
	for i := 0; i < len(body); i++ {
		t := body[i]
		if m.funcLike && t.Kind == Hash && i+1 < len(body) {
			if idx := m.param(body[i+1]); idx >= 0 {
				s := p.stringize(args[idx], t)
				s.Pos = site.Pos
				s.Flags = t.Flags | FlagMacro
				out = append(out, s)
				i++
				continue
			}
		}
		if m.variadic && t.Text == "__VA_OPT__" && i+1 < len(body) && body[i+1].Kind == LParen {
			// Find the matching ')'.
			depth, j := 0, i+1
			for ; j < len(body); j++ {
				if body[j].Kind == LParen {
					depth++
				} else if body[j].Kind == RParen {
					depth--
					if depth == 0 {
						break
					}
				}
			}
			if j < len(body) && len(args[len(args)-1]) > 0 {
				inner := &macro{name: m.name, funcLike: true, variadic: true, params: m.params, body: body[i+2 : j]}
				out = append(out, p.subst(inner, args, site, hs)...)
			}
			i = j
			continue
		}
		if t.Kind == HashHash && i+1 < len(body) {
			rt := body[i+1]
			i++
			var rhs []Token
			idx := m.param(rt)
			if idx >= 0 {
				rhs = args[idx]
			} else {
				rhs = []Token{fromBody(rt)}
			}
			if len(rhs) == 0 {
				// GNU: `, ## __VA_ARGS__` drops the comma when empty.
				if idx == len(m.params)-1 && m.variadic && len(out) > 0 && out[len(out)-1].Kind == Comma && placemarker != len(out) {
					out = out[:len(out)-1]
				}
				placemarker = len(out)
				continue
			}
			if placemarker == len(out) || len(out) == 0 {
				out = append(out, rhs...)
				continue
			}
			lhs := out[len(out)-1]
			if lhs.Kind == Comma && m.variadic && idx == len(m.params)-1 {
				out = append(out, rhs...) // GNU `, ## __VA_ARGS__`
				continue
			}
			pasted, ok := p.paste(lhs, rhs[0])
			if !ok {
				out = append(out, rhs...)
				continue
			}
			out[len(out)-1] = pasted
			out = append(out, rhs[1:]...)
			continue
		}
		if idx := m.param(t); idx >= 0 {
			if i+1 < len(body) && body[i+1].Kind == HashHash {
				if len(args[idx]) == 0 {
					placemarker = len(out)
				}
				out = append(out, args[idx]...)
				continue
			}
			if expanded == nil {
				expanded = make([][]Token, len(args))
			}
			if expanded[idx] == nil {
				expanded[idx] = p.expandList(args[idx])
				if expanded[idx] == nil {
					expanded[idx] = []Token{}
				}
			}
			first := len(out)
			out = append(out, expanded[idx]...)
			if len(out) > first {
				out[first].Flags = out[first].Flags&^FlagSpace | t.Flags&FlagSpace
			}
			continue
		}
		out = append(out, fromBody(t))
	}
	for i := range out {
		out[i].hide = out[i].hide.union(hs)
		out[i].Flags &^= FlagBOL
	}
	return out
}

// stringize implements the # operator.
func (p *pp) stringize(arg []Token, at Token) Token {
	var b strings.Builder
	b.WriteByte('"')
	for i, t := range arg {
		if i > 0 && t.Flags&FlagSpace != 0 {
			b.WriteByte(' ')
		}
		if t.Kind == String || t.Kind == Char {
			for j := 0; j < len(t.Text); j++ {
				c := t.Text[j]
				if c == '"' || c == '\\' {
					b.WriteByte('\\')
				}
				b.WriteByte(c)
			}
			continue
		}
		b.WriteString(t.Text)
	}
	b.WriteByte('"')
	return Token{Kind: String, Text: b.String(), Pos: at.Pos}
}

// paste implements the ## operator.
func (p *pp) paste(lhs, rhs Token) (Token, bool) {
	text := lhs.Text + rhs.Text
	ts := lexString(text, lhs.Pos)
	if len(ts) != 1 || len(ts[0].Text) != len(text) {
		p.errorf(lhs.Pos, "pasting formed '%s', an invalid preprocessing token", text)
		return lhs, false
	}
	r := ts[0]
	r.Pos = lhs.Pos
	r.Origin = lhs.Origin
	r.Flags = lhs.Flags
	r.hide = lhs.hide
	return r, true
}
