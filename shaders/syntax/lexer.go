package syntax

import (
	"github.com/ingot-render/ingot/shaders/diag"
)

// lexer splits one source file into preprocessing tokens. It is a small
// value type: copying it saves its state (used for one-token look-ahead).
type lexer struct {
	src   string
	base  diag.Pos // Pos of src[0]
	off   int
	bol   bool // the next token starts a line
	quiet bool // do not report errors (skipped #if regions)
	diags *diag.List
}

func newLexer(f *diag.File, src string, diags *diag.List) lexer {
	return lexer{src: src, base: diag.Pos(f.Base), bol: true, diags: diags}
}

func (l *lexer) errorf(off int, format string, args ...any) {
	if l.quiet || l.diags == nil {
		return
	}
	l.diags.Errorf(l.base+diag.Pos(off), "lex", format, args...)
}

// skipSpace skips white space, comments and line splices, recording
// whether a newline or any space was seen.
func (l *lexer) skipSpace() (space bool) {
	src := l.src
	for l.off < len(src) {
		c := src[l.off]
		switch c {
		case ' ', '\t', '\r', '\f', '\v':
			l.off++
			space = true
		case '\n':
			l.off++
			l.bol = true
			space = true
		case '\\':
			// Line splice: backslash followed by (optional CR) newline.
			n := l.off + 1
			if n < len(src) && src[n] == '\r' {
				n++
			}
			if n < len(src) && src[n] == '\n' {
				l.off = n + 1
				space = true
				continue
			}
			return space
		case '/':
			if l.off+1 >= len(src) {
				return space
			}
			switch src[l.off+1] {
			case '/':
				// Line comment; a splice at the end continues it.
				i := l.off + 2
				for i < len(src) && src[i] != '\n' {
					if src[i] == '\\' && i+1 < len(src) && src[i+1] == '\n' {
						i += 2
						continue
					}
					i++
				}
				l.off = i
				space = true
			case '*':
				start := l.off
				i := l.off + 2
				for {
					if i+1 >= len(src) {
						l.errorf(start, "unterminated /* comment")
						i = len(src)
						break
					}
					if src[i] == '*' && src[i+1] == '/' {
						i += 2
						break
					}
					if src[i] == '\n' {
						l.bol = true
					}
					i++
				}
				l.off = i
				space = true
			default:
				return space
			}
		default:
			return space
		}
	}
	return space
}

func isIdentStart(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == '$' || c >= 0x80
}

func isIdentChar(c byte) bool {
	return isIdentStart(c) || c >= '0' && c <= '9'
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// next returns the next token (EOF at the end).
func (l *lexer) next() Token {
	space := l.skipSpace()
	var t Token
	if l.bol {
		t.Flags |= FlagBOL
		l.bol = false
	}
	if space {
		t.Flags |= FlagSpace
	}
	src := l.src
	start := l.off
	t.Pos = l.base + diag.Pos(start)
	if start >= len(src) {
		t.Kind = EOF
		return t
	}
	c := src[start]
	switch {
	case isIdentStart(c):
		i := start + 1
		for i < len(src) && isIdentChar(src[i]) {
			i++
		}
		// String/char prefixes: u8"..", u"..", U"..", L"..".
		if i < len(src) && (src[i] == '"' || src[i] == '\'') {
			switch src[start:i] {
			case "u8", "u", "U", "L":
				l.off = i
				t2 := l.next()
				t2.Pos = t.Pos
				t2.Flags = t.Flags
				t2.Text = src[start:l.off]
				return t2
			}
		}
		l.off = i
		t.Text = src[start:i]
		t.Kind = LookupKeyword(t.Text)
		return t
	case isDigit(c) || c == '.' && start+1 < len(src) && isDigit(src[start+1]):
		return l.number(t, start)
	case c == '"' || c == '\'':
		return l.quoted(t, start, c)
	}
	t.Kind, l.off = punct(src, start)
	t.Text = src[start:l.off]
	if t.Kind == Illegal {
		l.errorf(start, "invalid character %q", c)
	}
	return t
}

// number lexes a pp-number and classifies it as Int or Float.
func (l *lexer) number(t Token, start int) Token {
	src := l.src
	i := start
	hex := len(src) > start+1 && src[start] == '0' && (src[start+1] == 'x' || src[start+1] == 'X')
	float := false
	for i < len(src) {
		c := src[i]
		switch {
		case isIdentChar(c):
			if !hex && (c == 'e' || c == 'E') || hex && (c == 'p' || c == 'P') {
				float = true
				if i+1 < len(src) && (src[i+1] == '+' || src[i+1] == '-') {
					i++
				}
			}
			i++
		case c == '.':
			float = true
			i++
		case c == '\'' && i+1 < len(src) && isIdentChar(src[i+1]):
			i++ // digit separator
		default:
			goto done
		}
	}
done:
	l.off = i
	t.Text = src[start:i]
	t.Kind = Int
	if float {
		t.Kind = Float
	}
	return t
}

func (l *lexer) quoted(t Token, start int, q byte) Token {
	src := l.src
	i := start + 1
	for {
		if i >= len(src) || src[i] == '\n' {
			if q == '"' {
				l.errorf(start, "missing terminating '\"' character")
			} else {
				l.errorf(start, "missing terminating ' character")
			}
			break
		}
		c := src[i]
		if c == '\\' && i+1 < len(src) {
			i += 2
			continue
		}
		i++
		if c == q {
			break
		}
	}
	l.off = i
	t.Text = src[start:i]
	if q == '"' {
		t.Kind = String
	} else {
		t.Kind = Char
	}
	return t
}

// header lexes a <...> header name at the current position (after space);
// ok is false when there is none on this line.
func (l *lexer) header() (name string, pos diag.Pos, ok bool) {
	save := *l
	l.skipSpace()
	if l.bol || l.off >= len(l.src) || l.src[l.off] != '<' {
		*l = save
		return "", 0, false
	}
	start := l.off
	i := start + 1
	for i < len(l.src) && l.src[i] != '>' && l.src[i] != '\n' {
		i++
	}
	if i >= len(l.src) || l.src[i] != '>' {
		*l = save
		return "", 0, false
	}
	l.off = i + 1
	return l.src[start+1 : i], l.base + diag.Pos(start), true
}

// punct lexes a punctuator by maximal munch.
func punct(s string, i int) (Kind, int) {
	c := s[i]
	at := func(k int) byte {
		if i+k < len(s) {
			return s[i+k]
		}
		return 0
	}
	switch c {
	case '(':
		return LParen, i + 1
	case ')':
		return RParen, i + 1
	case '[':
		return LBrack, i + 1
	case ']':
		return RBrack, i + 1
	case '{':
		return LBrace, i + 1
	case '}':
		return RBrace, i + 1
	case ';':
		return Semi, i + 1
	case ',':
		return Comma, i + 1
	case '?':
		return Question, i + 1
	case '~':
		return Tilde, i + 1
	case ':':
		if at(1) == ':' {
			return ColonColon, i + 2
		}
		return Colon, i + 1
	case '.':
		if at(1) == '.' && at(2) == '.' {
			return Ellipsis, i + 3
		}
		if at(1) == '*' {
			return DotStar, i + 2
		}
		return Dot, i + 1
	case '-':
		switch at(1) {
		case '>':
			if at(2) == '*' {
				return ArrowStar, i + 3
			}
			return Arrow, i + 2
		case '-':
			return Dec, i + 2
		case '=':
			return SubAssign, i + 2
		}
		return Sub, i + 1
	case '+':
		switch at(1) {
		case '+':
			return Inc, i + 2
		case '=':
			return AddAssign, i + 2
		}
		return Add, i + 1
	case '*':
		if at(1) == '=' {
			return MulAssign, i + 2
		}
		return Star, i + 1
	case '/':
		if at(1) == '=' {
			return DivAssign, i + 2
		}
		return Slash, i + 1
	case '%':
		if at(1) == '=' {
			return RemAssign, i + 2
		}
		return Percent, i + 1
	case '&':
		switch at(1) {
		case '&':
			return AndAnd, i + 2
		case '=':
			return AndAssign, i + 2
		}
		return Amp, i + 1
	case '|':
		switch at(1) {
		case '|':
			return OrOr, i + 2
		case '=':
			return OrAssign, i + 2
		}
		return Pipe, i + 1
	case '^':
		if at(1) == '=' {
			return XorAssign, i + 2
		}
		return Caret, i + 1
	case '!':
		if at(1) == '=' {
			return Ne, i + 2
		}
		return Not, i + 1
	case '=':
		if at(1) == '=' {
			return Eq, i + 2
		}
		return Assign, i + 1
	case '<':
		switch at(1) {
		case '<':
			if at(2) == '=' {
				return ShlAssign, i + 3
			}
			return Shl, i + 2
		case '=':
			if at(2) == '>' {
				return Spaceship, i + 3
			}
			return Le, i + 2
		}
		return Lt, i + 1
	case '>':
		switch at(1) {
		case '>':
			if at(2) == '=' {
				return ShrAssign, i + 3
			}
			return Shr, i + 2
		case '=':
			return Ge, i + 2
		}
		return Gt, i + 1
	case '#':
		if at(1) == '#' {
			return HashHash, i + 2
		}
		return Hash, i + 1
	case '\\':
		return Backslash, i + 1
	}
	return Illegal, i + 1
}

// lexString lexes s (for ## pasting and tests) into tokens without a file;
// positions are offsets from base.
func lexString(s string, base diag.Pos) []Token {
	l := lexer{src: s, base: base, quiet: true}
	var out []Token
	for {
		t := l.next()
		if t.Kind == EOF {
			return out
		}
		out = append(out, t)
	}
}
