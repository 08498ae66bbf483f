package syntax

import (
	"strconv"
	"strings"

	"github.com/ingot-render/ingot/shaders/diag"
)

// evalIf evaluates the controlling expression of #if/#elif.
func (p *pp) evalIf(ts []Token, nt Token) bool {
	if len(ts) == 0 {
		p.errorf(nt.End(), "#%s with no expression", nt.Text)
		return false
	}
	// Resolve defined and __has_* before macro expansion.
	pre := make([]Token, 0, len(ts))
	for i := 0; i < len(ts); i++ {
		t := ts[i]
		if !isIdentLike(t.Kind) {
			pre = append(pre, t)
			continue
		}
		switch t.Text {
		case "defined":
			j := i + 1
			paren := j < len(ts) && ts[j].Kind == LParen
			if paren {
				j++
			}
			if j >= len(ts) || !isIdentLike(ts[j].Kind) {
				p.errorf(t.End(), "macro name must be an identifier")
				return false
			}
			_, ok := p.macros[ts[j].Text]
			if paren {
				j++
				if j >= len(ts) || ts[j].Kind != RParen {
					p.errorf(ts[j-1].End(), "missing ')' after 'defined'")
					return false
				}
			}
			pre = append(pre, boolTok(ok, t))
			i = j
		case "__has_include", "__has_include_next":
			j := i + 1
			if j >= len(ts) || ts[j].Kind != LParen {
				p.errorf(t.End(), "missing '(' after '%s'", t.Text)
				return false
			}
			j++
			var name string
			system := false
			switch {
			case j < len(ts) && ts[j].Kind == String:
				name = unquote(ts[j].Text)
				j++
			case j < len(ts) && ts[j].Kind == Lt:
				system = true
				k := j + 1
				for k < len(ts) && ts[k].Kind != Gt {
					k++
				}
				if k >= len(ts) {
					p.errorf(ts[j].Pos, "expected '>'")
					return false
				}
				name = spellTight(ts[j+1 : k])
				j = k + 1
			default:
				p.errorf(t.End(), "expected \"FILENAME\" or <FILENAME>")
				return false
			}
			if j >= len(ts) || ts[j].Kind != RParen {
				p.errorf(t.Pos, "missing ')' after '%s'", t.Text)
				return false
			}
			_, ok := virtualHeaders[name]
			if !ok && len(p.files) > 0 {
				_, _, ok = p.findHeader(p.files[len(p.files)-1], name, system)
			}
			pre = append(pre, boolTok(ok, t))
			i = j
		case "__has_feature", "__has_extension", "__has_attribute", "__has_cpp_attribute", "__has_builtin", "__has_declspec_attribute", "__is_identifier":
			j := i + 1
			depth := 0
			for ; j < len(ts); j++ {
				if ts[j].Kind == LParen {
					depth++
				} else if ts[j].Kind == RParen {
					depth--
					if depth == 0 {
						break
					}
				}
			}
			pre = append(pre, boolTok(t.Text == "__is_identifier", t))
			i = j
		default:
			pre = append(pre, t)
		}
	}
	ex := p.expandList(pre)
	e := &ifEval{p: p, ts: ex, at: nt}
	v, ok := e.expr(0)
	if !ok {
		return false
	}
	if e.i < len(e.ts) {
		t := e.ts[e.i]
		if t.Kind == RParen {
			p.errorf(t.Pos, "token is not a valid binary operator in a preprocessor subexpression")
		} else {
			p.errorf(t.Pos, "token is not a valid binary operator in a preprocessor subexpression")
		}
		return false
	}
	return v.v != 0
}

func spellTight(ts []Token) string {
	var b strings.Builder
	for _, t := range ts {
		b.WriteString(t.Text)
	}
	return b.String()
}

func boolTok(b bool, at Token) Token {
	t := Token{Kind: Int, Pos: at.Pos, Flags: at.Flags, Text: "0"}
	if b {
		t.Text = "1"
	}
	return t
}

type ppVal struct {
	v        int64
	unsigned bool
}

type ifEval struct {
	p  *pp
	ts []Token
	i  int
	at Token
}

func (e *ifEval) peek() Token {
	if e.i < len(e.ts) {
		return e.ts[e.i]
	}
	return Token{Kind: EOF, Pos: e.endPos()}
}

func (e *ifEval) endPos() diag.Pos {
	if n := len(e.ts); n > 0 {
		return e.ts[n-1].End()
	}
	return e.at.End()
}

func binPrec(k Kind) int {
	switch k {
	case Question:
		return 1
	case OrOr:
		return 2
	case AndAnd:
		return 3
	case Pipe:
		return 4
	case Caret:
		return 5
	case Amp:
		return 6
	case Eq, Ne:
		return 7
	case Lt, Gt, Le, Ge:
		return 8
	case Shl, Shr:
		return 9
	case Add, Sub:
		return 10
	case Star, Slash, Percent:
		return 11
	}
	return 0
}

// expr parses a binary expression whose operators bind tighter than min.
func (e *ifEval) expr(min int) (ppVal, bool) {
	x, ok := e.unary()
	if !ok {
		return x, false
	}
	for {
		op := e.peek()
		prec := binPrec(op.Kind)
		if prec == 0 || prec <= min {
			return x, true
		}
		e.i++
		if op.Kind == Question {
			a, ok := e.expr(0)
			if !ok {
				return a, false
			}
			if c := e.peek(); c.Kind != Colon {
				e.p.errorf(c.Pos, "expected ':' in preprocessor expression")
				return a, false
			}
			e.i++
			b, ok := e.expr(prec - 1) // right associative
			if !ok {
				return b, false
			}
			if x.v != 0 {
				x = a
			} else {
				x = b
			}
			x.unsigned = a.unsigned || b.unsigned
			continue
		}
		y, ok := e.expr(prec)
		if !ok {
			return y, false
		}
		x, ok = e.binary(op, x, y)
		if !ok {
			return x, false
		}
	}
}

func b2v(b bool) ppVal {
	if b {
		return ppVal{v: 1}
	}
	return ppVal{}
}

func (e *ifEval) binary(op Token, x, y ppVal) (ppVal, bool) {
	u := x.unsigned || y.unsigned
	ux, uy := uint64(x.v), uint64(y.v)
	switch op.Kind {
	case OrOr:
		return b2v(x.v != 0 || y.v != 0), true
	case AndAnd:
		return b2v(x.v != 0 && y.v != 0), true
	case Pipe:
		return ppVal{x.v | y.v, u}, true
	case Caret:
		return ppVal{x.v ^ y.v, u}, true
	case Amp:
		return ppVal{x.v & y.v, u}, true
	case Eq:
		return b2v(x.v == y.v), true
	case Ne:
		return b2v(x.v != y.v), true
	case Lt:
		if u {
			return b2v(ux < uy), true
		}
		return b2v(x.v < y.v), true
	case Gt:
		if u {
			return b2v(ux > uy), true
		}
		return b2v(x.v > y.v), true
	case Le:
		if u {
			return b2v(ux <= uy), true
		}
		return b2v(x.v <= y.v), true
	case Ge:
		if u {
			return b2v(ux >= uy), true
		}
		return b2v(x.v >= y.v), true
	case Shl:
		return ppVal{int64(ux << (uy & 63)), x.unsigned}, true
	case Shr:
		if x.unsigned {
			return ppVal{int64(ux >> (uy & 63)), true}, true
		}
		return ppVal{x.v >> (uy & 63), false}, true
	case Add:
		return ppVal{x.v + y.v, u}, true
	case Sub:
		return ppVal{x.v - y.v, u}, true
	case Star:
		return ppVal{x.v * y.v, u}, true
	case Slash, Percent:
		if y.v == 0 {
			if op.Kind == Slash {
				e.p.errorf(op.Pos, "division by zero in preprocessor expression")
			} else {
				e.p.errorf(op.Pos, "remainder by zero in preprocessor expression")
			}
			return x, false
		}
		if u {
			if op.Kind == Slash {
				return ppVal{int64(ux / uy), true}, true
			}
			return ppVal{int64(ux % uy), true}, true
		}
		if y.v == -1 {
			if op.Kind == Slash {
				return ppVal{-x.v, false}, true
			}
			return ppVal{0, false}, true
		}
		if op.Kind == Slash {
			return ppVal{x.v / y.v, false}, true
		}
		return ppVal{x.v % y.v, false}, true
	}
	return x, false
}

func (e *ifEval) unary() (ppVal, bool) {
	t := e.peek()
	switch t.Kind {
	case Add, Sub, Not, Tilde:
		e.i++
		x, ok := e.unary()
		if !ok {
			return x, false
		}
		switch t.Kind {
		case Sub:
			x.v = -x.v
		case Not:
			x = b2v(x.v == 0)
		case Tilde:
			x.v = ^x.v
		}
		return x, true
	case LParen:
		e.i++
		x, ok := e.expr(0)
		if !ok {
			return x, false
		}
		if c := e.peek(); c.Kind != RParen {
			e.p.errorf(c.Pos, "expected ')' in preprocessor expression")
			return x, false
		}
		e.i++
		return x, true
	case Int:
		e.i++
		v, uns, ok := parseIntLit(t.Text)
		if !ok {
			e.p.errorf(t.Pos, "invalid integer literal '%s' in preprocessor expression", t.Text)
			return ppVal{}, false
		}
		return ppVal{int64(v), uns}, true
	case Char:
		e.i++
		s := unquoteChar(t.Text)
		var v int64
		if len(s) > 0 {
			v = int64(int8(s[0]))
		}
		return ppVal{v: v}, true
	case KwTrue:
		e.i++
		return ppVal{v: 1}, true
	case EOF:
		e.p.errorf(t.Pos, "expected value in expression")
		return ppVal{}, false
	}
	if isIdentLike(t.Kind) {
		e.i++
		// A function-like macro that was not invoked, or any other
		// identifier, evaluates to 0.
		return ppVal{}, true
	}
	e.p.errorf(t.Pos, "invalid token at start of a preprocessor expression")
	return ppVal{}, false
}

func unquoteChar(s string) string {
	if i := strings.IndexByte(s, '\''); i >= 0 {
		s = s[i:]
	}
	s = strings.TrimPrefix(s, "'")
	s = strings.TrimSuffix(s, "'")
	if strings.HasPrefix(s, "\\") && len(s) > 1 {
		switch s[1] {
		case 'n':
			return "\n"
		case 't':
			return "\t"
		case '0':
			return "\x00"
		case 'r':
			return "\r"
		}
		return s[1:]
	}
	return s
}

// parseIntLit parses a C++ integer literal with optional u/l suffixes.
func parseIntLit(s string) (v uint64, unsigned, ok bool) {
	s = strings.ReplaceAll(s, "'", "")
	end := len(s)
	for end > 0 {
		c := s[end-1]
		if c == 'u' || c == 'U' {
			unsigned = true
			end--
			continue
		}
		if c == 'l' || c == 'L' {
			end--
			continue
		}
		break
	}
	digits := s[:end]
	if digits == "" {
		return 0, false, false
	}
	base := 10
	switch {
	case len(digits) > 2 && (digits[:2] == "0x" || digits[:2] == "0X"):
		base, digits = 16, digits[2:]
	case len(digits) > 2 && (digits[:2] == "0b" || digits[:2] == "0B"):
		base, digits = 2, digits[2:]
	case len(digits) > 1 && digits[0] == '0':
		base, digits = 8, digits[1:]
	}
	v, err := strconv.ParseUint(digits, base, 64)
	if err != nil {
		return 0, false, false
	}
	return v, unsigned, true
}
