package syntax

import (
	"path"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/ingot-render/ingot/shaders/diag"
)

// PPResult is the output of Preprocess.
type PPResult struct {
	// Tokens are the language tokens after macro expansion, ending with
	// an EOF token. Keywords have their keyword kinds.
	Tokens   []Token
	Version  LanguageVersion
	Pragmas  []*Pragma
	Includes []*Include
}

// Preprocess runs the MSL preprocessor over src (registered in fset under
// name): predefined macros, -D definitions, #include of built-in and user
// headers, conditional compilation and macro expansion. Errors go to diags;
// it never panics and always returns a token list ending with EOF.
func Preprocess(fset *diag.FileSet, name string, src []byte, opts Options, diags *diag.List) *PPResult {
	p := newPP(fset, opts, diags)
	main := fset.AddFile(name, src)
	p.mainFile = main
	p.pushFile(main, name, string(src))
	p.pushFile(p.builtinFile(), "<built-in>", string(p.builtinSrc))
	p.run()
	if p.libAt >= 0 {
		p.out = spliceLibrary(fset, p.out, p.libAt, diags)
	}
	return &PPResult{Tokens: p.out, Version: p.ver, Pragmas: p.pragmas, Includes: p.includes}
}

const (
	maxIncludeDepth = 200
	// expansion budget: tokens produced by macro expansion, beyond which
	// expansion stops with an error (guards against exponential macros).
	minExpandBudget = 1 << 18
	// maxExpandDepth bounds nested argument pre-expansion.
	maxExpandDepth = 100
	// maxIncludes bounds the number of #include directives processed.
	maxIncludes = 10000
)

type macro struct {
	name     string
	pos      diag.Pos
	funcLike bool
	variadic bool
	params   []string // a variadic macro's last parameter is "__VA_ARGS__" or the GNU name
	body     []Token
	special  uint8 // specialLine, ...
}

const (
	specialNone uint8 = iota
	specialLine
	specialFile
	specialCounter
	specialIncludeLevel
)

type cond struct {
	pos          diag.Pos
	active       bool // the current branch is being compiled
	taken        bool // some branch was (or must not be) taken
	sawElse      bool
	parentActive bool
}

type ppFile struct {
	lx    lexer
	file  *diag.File
	name  string // path used to resolve relative includes
	conds []cond
}

type pp struct {
	fset       *diag.FileSet
	diags      *diag.List
	opts       Options
	ver        LanguageVersion
	macros     map[string]*macro
	files      []*ppFile
	pending    []Token // pushed-back tokens, top of stack last
	argMode    bool    // reading only from pending (argument pre-expansion)
	out        []Token
	libAt      int // index in out where the library chunks go (spliceLibrary), or -1
	pragmas    []*Pragma
	includes   []*Include
	once       map[string]bool
	fileCache  map[string]*diag.File
	counter    int
	budget     int
	halted     bool
	expDepth   int
	nIncludes  int
	mainFile   *diag.File
	builtinSrc []byte
}

func newPP(fset *diag.FileSet, opts Options, diags *diag.List) *pp {
	p := &pp{
		fset:      fset,
		libAt:     -1,
		diags:     diags,
		opts:      opts,
		macros:    make(map[string]*macro, 64),
		once:      map[string]bool{},
		fileCache: map[string]*diag.File{},
		budget:    minExpandBudget,
	}
	v, err := ParseStd(opts.Std)
	if err != nil {
		diags.Errorf(diag.NoPos, "std", "%v", err)
		v, _ = ParseStd(DefaultStd)
	}
	if v.Unified {
		v.Platform = opts.Platform
	}
	p.ver = v
	for _, s := range []struct {
		n string
		k uint8
	}{{"__LINE__", specialLine}, {"__FILE__", specialFile}, {"__COUNTER__", specialCounter}, {"__INCLUDE_LEVEL__", specialIncludeLevel}} {
		p.macros[s.n] = &macro{name: s.n, special: s.k}
	}
	var b strings.Builder
	def := func(n, v string) { b.WriteString("#define " + n + " " + v + "\n") }
	def("__METAL_VERSION__", strconv.Itoa(v.MetalVersion()))
	if v.Unified {
		def("__METAL__", "1")
	}
	if v.Platform == IOS {
		def("__METAL_IOS__", "1")
	} else {
		def("__METAL_MACOS__", "1")
	}
	def("__cplusplus", "201703L")
	def("__clang__", "1")
	def("__STDC_HOSTED__", "0")
	for _, d := range opts.Defines {
		n, val, ok := strings.Cut(d, "=")
		if !ok {
			val = "1"
		}
		if n == "" || !isIdentStart(n[0]) || strings.ContainsAny(n, " \t\n()") {
			diags.Errorf(diag.NoPos, "define", "invalid macro definition -D%s: macro name must be an identifier", d)
			continue
		}
		def(n, strings.ReplaceAll(val, "\n", " "))
	}
	p.builtinSrc = []byte(b.String())
	return p
}

func (p *pp) builtinFile() *diag.File { return p.fset.AddFile("<built-in>", p.builtinSrc) }

func (p *pp) pushFile(f *diag.File, name, src string) {
	pf := &ppFile{file: f, name: name, lx: newLexer(f, src, p.diags)}
	p.files = append(p.files, pf)
}

func (p *pp) errorf(pos diag.Pos, format string, args ...any) {
	p.diags.Errorf(pos, "pp", format, args...)
}

// run is the main loop: read, expand, emit.
func (p *pp) run() {
	if n := len(p.mainFile.Src); n > 0 {
		p.out = make([]Token, 0, n/3+16)
		p.budget += 32 * n
	}
	for {
		t := p.next()
		if t.Kind == EOF {
			break
		}
		if isIdentLike(t.Kind) {
			if t.Text == "_Pragma" && p.pragmaOp(t) {
				continue
			}
			if p.expand(t) {
				continue
			}
		}
		t.hide = nil
		p.out = append(p.out, t)
	}
	p.out = append(p.out, Token{Kind: EOF, Pos: p.mainFile.Pos(len(p.mainFile.Src))})
}

func isIdentLike(k Kind) bool { return k == Identifier || k.IsKeyword() }

// next returns the next token from the pushed-back stack or the files,
// handling directives and skipped regions.
func (p *pp) next() Token {
	if n := len(p.pending); n > 0 {
		t := p.pending[n-1]
		p.pending = p.pending[:n-1]
		return t
	}
	if p.argMode {
		return Token{Kind: EOF}
	}
	for len(p.files) > 0 {
		f := p.files[len(p.files)-1]
		t := f.lx.next()
		if t.Kind == EOF {
			for _, c := range f.conds {
				p.errorf(c.pos, "unterminated conditional directive")
			}
			p.files = p.files[:len(p.files)-1]
			continue
		}
		if t.Kind == Hash && t.Flags&FlagBOL != 0 {
			p.directive(f, t)
			continue
		}
		if n := len(f.conds); n > 0 && !f.conds[n-1].active {
			continue
		}
		return t
	}
	return Token{Kind: EOF, Pos: p.mainFile.Pos(len(p.mainFile.Src))}
}

func (p *pp) push(ts []Token) {
	p.budget -= len(ts)
	for i := len(ts) - 1; i >= 0; i-- {
		p.pending = append(p.pending, ts[i])
	}
}

// restTokens returns the remaining tokens of the current directive line.
func (f *ppFile) restTokens() []Token {
	var out []Token
	for {
		t, ok := f.lineToken()
		if !ok {
			return out
		}
		out = append(out, t)
	}
}

// lineToken returns the next token if it is on the current directive
// line. The look-ahead at the next line is lexed quietly: that line may
// be in a skipped region.
func (f *ppFile) lineToken() (Token, bool) {
	save := f.lx
	f.lx.quiet = true
	t := f.lx.next()
	f.lx.quiet = save.quiet
	if t.Kind == EOF || t.Flags&FlagBOL != 0 {
		f.lx = save
		return t, false
	}
	if !save.quiet {
		f.lx = save
		t = f.lx.next() // again, reporting errors
	}
	return t, true
}

// skipLine discards the rest of the directive line.
func (f *ppFile) skipLine() {
	for {
		if _, ok := f.lineToken(); !ok {
			return
		}
	}
}

func spell(ts []Token) string {
	var b strings.Builder
	for i, t := range ts {
		if i > 0 && t.Flags&FlagSpace != 0 {
			b.WriteByte(' ')
		}
		b.WriteString(t.Text)
	}
	return b.String()
}

// directive handles one # line.
func (p *pp) directive(f *ppFile, hash Token) {
	nt, ok := f.lineToken()
	if !ok {
		return // null directive
	}
	skipping := len(f.conds) > 0 && !f.conds[len(f.conds)-1].active
	name := nt.Text
	switch name {
	case "if", "ifdef", "ifndef":
		if skipping {
			f.skipLine()
			f.conds = append(f.conds, cond{pos: hash.Pos, taken: true})
			return
		}
		var v bool
		if name == "if" {
			v = p.evalIf(f.restTokens(), nt)
		} else {
			v = p.ifdef(f, nt, name == "ifdef")
		}
		f.conds = append(f.conds, cond{pos: hash.Pos, active: v, taken: v, parentActive: true})
	case "elif", "elifdef", "elifndef":
		n := len(f.conds)
		if n == 0 {
			f.skipLine()
			p.errorf(nt.Pos, "#%s without #if", name)
			return
		}
		c := &f.conds[n-1]
		if c.sawElse {
			p.errorf(nt.Pos, "#%s after #else", name)
		}
		if !c.parentActive || c.taken {
			f.skipLine()
			c.active = false
		} else {
			var v bool
			switch name {
			case "elif":
				v = p.evalIf(f.restTokens(), nt)
			default:
				v = p.ifdef(f, nt, name == "elifdef")
			}
			c.active, c.taken = v, v
		}
	case "else":
		n := len(f.conds)
		p.extraTokens(f, nt, skipping)
		if n == 0 {
			p.errorf(nt.Pos, "#else without #if")
			return
		}
		c := &f.conds[n-1]
		if c.sawElse {
			p.errorf(nt.Pos, "#else after #else")
		}
		c.sawElse = true
		c.active = c.parentActive && !c.taken
		c.taken = true
	case "endif":
		p.extraTokens(f, nt, skipping)
		n := len(f.conds)
		if n == 0 {
			p.errorf(nt.Pos, "#endif without #if")
			return
		}
		f.conds = f.conds[:n-1]
	default:
		if skipping {
			f.skipLine()
			return
		}
		p.activeDirective(f, hash, nt)
	}
	f.lx.quiet = len(f.conds) > 0 && !f.conds[len(f.conds)-1].active
}

func (p *pp) extraTokens(f *ppFile, nt Token, skipping bool) {
	rest := f.restTokens()
	if len(rest) > 0 && !skipping {
		p.diags.Warnf(rest[0].Pos, "pp-extra", "extra tokens at end of #%s directive", nt.Text)
	}
}

func (p *pp) ifdef(f *ppFile, nt Token, want bool) bool {
	rest := f.restTokens()
	if len(rest) == 0 {
		p.errorf(nt.End(), "macro name missing")
		return false
	}
	if !isIdentLike(rest[0].Kind) {
		p.errorf(rest[0].Pos, "macro name must be an identifier")
		return false
	}
	if len(rest) > 1 {
		p.diags.Warnf(rest[1].Pos, "pp-extra", "extra tokens at end of #%s directive", nt.Text)
	}
	_, ok := p.macros[rest[0].Text]
	return ok == want
}

func (p *pp) activeDirective(f *ppFile, hash, nt Token) {
	switch nt.Text {
	case "define":
		p.define(f.restTokens(), nt)
	case "undef":
		rest := f.restTokens()
		if len(rest) == 0 {
			p.errorf(nt.End(), "macro name missing")
			return
		}
		if !isIdentLike(rest[0].Kind) {
			p.errorf(rest[0].Pos, "macro name must be an identifier")
			return
		}
		if len(rest) > 1 {
			p.diags.Warnf(rest[1].Pos, "pp-extra", "extra tokens at end of #undef directive")
		}
		delete(p.macros, rest[0].Text)
	case "include", "import", "include_next":
		p.include(f, hash, nt)
	case "pragma":
		rest := f.restTokens()
		text := spell(rest)
		p.pragmas = append(p.pragmas, &Pragma{HashPos: hash.Pos, Text: text})
		if text == "once" {
			p.once[f.name] = true
		}
	case "error":
		msg := spell(f.restTokens())
		if msg == "" {
			msg = "#error"
		}
		p.diags.Errorf(nt.Pos, "pp-error", "%s", msg)
	case "warning":
		msg := spell(f.restTokens())
		if msg == "" {
			msg = "#warning"
		}
		p.diags.Warnf(nt.Pos, "pp-warning", "%s", msg)
	case "line", "ident", "sccs", "assert", "unassert":
		f.skipLine()
	default:
		if nt.Kind == Int {
			f.skipLine() // GNU line marker: # 12 "file"
			return
		}
		f.skipLine()
		p.errorf(nt.Pos, "invalid preprocessing directive")
	}
}

// define parses a #define line.
func (p *pp) define(ts []Token, nt Token) {
	if len(ts) == 0 {
		p.errorf(nt.End(), "macro name missing")
		return
	}
	nameTok := ts[0]
	if !isIdentLike(nameTok.Kind) {
		p.errorf(nameTok.Pos, "macro name must be an identifier")
		return
	}
	if nameTok.Text == "defined" {
		p.errorf(nameTok.Pos, "'defined' cannot be used as a macro name")
		return
	}
	m := &macro{name: nameTok.Text, pos: nameTok.Pos}
	i := 1
	if i < len(ts) && ts[i].Kind == LParen && ts[i].Flags&FlagSpace == 0 {
		m.funcLike = true
		i++
		for {
			if i >= len(ts) {
				p.errorf(ts[len(ts)-1].End(), "missing ')' in macro parameter list")
				return
			}
			t := ts[i]
			if t.Kind == RParen && len(m.params) == 0 {
				i++
				break
			}
			switch {
			case t.Kind == Ellipsis:
				m.variadic = true
				m.params = append(m.params, "__VA_ARGS__")
				i++
			case isIdentLike(t.Kind):
				for _, q := range m.params {
					if q == t.Text {
						p.errorf(t.Pos, "duplicate macro parameter name '%s'", t.Text)
						return
					}
				}
				m.params = append(m.params, t.Text)
				i++
				if i < len(ts) && ts[i].Kind == Ellipsis {
					m.variadic = true
					i++
				}
			default:
				p.errorf(t.Pos, "invalid token in macro parameter list")
				return
			}
			if i >= len(ts) {
				p.errorf(ts[len(ts)-1].End(), "missing ')' in macro parameter list")
				return
			}
			if ts[i].Kind == RParen {
				i++
				break
			}
			if ts[i].Kind != Comma || m.variadic {
				p.errorf(ts[i].Pos, "expected comma in macro parameter list")
				return
			}
			i++
		}
	} else if i < len(ts) && ts[i].Flags&FlagSpace == 0 {
		p.diags.Warnf(ts[i].Pos, "pp-space", "ISO C99 requires whitespace after the macro name")
	}
	body := make([]Token, len(ts)-i)
	copy(body, ts[i:])
	if len(body) > 0 {
		body[0].Flags &^= FlagSpace
		if body[0].Kind == HashHash {
			p.errorf(body[0].Pos, "'##' cannot appear at either end of a macro expansion")
			return
		}
		if body[len(body)-1].Kind == HashHash {
			p.errorf(body[len(body)-1].Pos, "'##' cannot appear at either end of a macro expansion")
			return
		}
	}
	if m.funcLike {
		for j, t := range body {
			if t.Kind == Hash && (j+1 >= len(body) || m.param(body[j+1]) < 0) {
				p.errorf(t.Pos, "'#' is not followed by a macro parameter")
				return
			}
		}
	}
	m.body = body
	if old, ok := p.macros[m.name]; ok && !sameMacro(old, m) {
		if old.special != specialNone {
			p.diags.Warnf(nameTok.Pos, "pp-redef", "redefining builtin macro '%s'", m.name)
		} else {
			p.diags.Warnf(nameTok.Pos, "pp-redef", "'%s' macro redefined", m.name)
			if old.pos.IsValid() {
				p.diags.Notef(old.pos, "previous definition is here")
			}
		}
	}
	p.macros[m.name] = m
}

func sameMacro(a, b *macro) bool {
	if a.funcLike != b.funcLike || a.variadic != b.variadic || len(a.params) != len(b.params) || len(a.body) != len(b.body) || a.special != b.special {
		return false
	}
	for i := range a.params {
		if a.params[i] != b.params[i] {
			return false
		}
	}
	for i := range a.body {
		if a.body[i].Text != b.body[i].Text || i > 0 && (a.body[i].Flags&FlagSpace != 0) != (b.body[i].Flags&FlagSpace != 0) {
			return false
		}
	}
	return true
}

// param returns the index of t as a parameter of m, or -1.
func (m *macro) param(t Token) int {
	if !m.funcLike || !isIdentLike(t.Kind) {
		return -1
	}
	for i, q := range m.params {
		if q == t.Text {
			return i
		}
	}
	return -1
}

// include handles #include, #import and #include_next.
func (p *pp) include(f *ppFile, hash, nt Token) {
	inc := &Include{HashPos: hash.Pos, Import: nt.Text == "import"}
	name, namePos, ok := f.lx.header()
	if ok {
		inc.System = true
		if rest := f.restTokens(); len(rest) > 0 {
			p.diags.Warnf(rest[0].Pos, "pp-extra", "extra tokens at end of #%s directive", nt.Text)
		}
	} else {
		rest := f.restTokens()
		ex := p.expandList(rest)
		switch {
		case len(ex) >= 1 && ex[0].Kind == String && !strings.HasPrefix(ex[0].Text, "u") && !strings.HasPrefix(ex[0].Text, "L"):
			if len(ex[0].Text) < 2 || ex[0].Text[len(ex[0].Text)-1] != '"' {
				p.errorf(ex[0].Pos, "expected \"FILENAME\" or <FILENAME>")
				return
			}
			name = ex[0].Text[1 : len(ex[0].Text)-1]
			namePos = ex[0].Pos
		case len(ex) >= 2 && ex[0].Kind == Lt:
			j := 1
			for j < len(ex) && ex[j].Kind != Gt {
				j++
			}
			if j >= len(ex) {
				p.errorf(ex[0].Pos, "expected '>'")
				return
			}
			name = spell(ex[1:j])
			namePos = ex[0].Pos
			inc.System = true
		default:
			pos := nt.End()
			if len(rest) > 0 {
				pos = rest[0].Pos
			}
			p.errorf(pos, "expected \"FILENAME\" or <FILENAME>")
			return
		}
	}
	inc.Path = name
	if name == "" {
		p.errorf(nt.Pos, "empty filename")
		return
	}
	if len(p.files) >= maxIncludeDepth {
		p.errorf(nt.Pos, "#include nested too deeply")
		return
	}
	p.nIncludes++
	if p.nIncludes > maxIncludes {
		if p.nIncludes == maxIncludes+1 {
			p.errorf(nt.Pos, "too many #include directives (more than %d)", maxIncludes)
		}
		return
	}
	// Built-in headers.
	if content, ok := virtualHeaders[name]; ok && (inc.System || p.opts.Resolver == nil || !p.userHeaderExists(f, name)) {
		inc.Virtual = true
		p.includes = append(p.includes, inc)
		p.pushVirtual("<"+name+">", content)
		if withLibrary[name] {
			if p.libAt < 0 {
				p.libAt = len(p.out)
			}
			p.pushVirtual(libraryPreludeFile, libraryPrelude)
		}
		return
	}
	cand, src, ok := p.findHeader(f, name, inc.System)
	if !ok {
		p.errorf(namePos, "'%s' file not found", name)
		return
	}
	p.includes = append(p.includes, inc)
	if p.once[cand] {
		return
	}
	if inc.Import {
		p.once[cand] = true
	}
	df, ok := p.fileCache[cand]
	if !ok {
		df = p.fset.AddFile(cand, src)
		p.fileCache[cand] = df
	}
	p.pushFile(df, cand, string(df.Src))
}

func (p *pp) candidates(f *ppFile, name string, system bool) []string {
	name = filepath.ToSlash(name)
	if path.IsAbs(name) || filepath.IsAbs(name) {
		return []string{path.Clean(name)}
	}
	var c []string
	if !system {
		c = append(c, path.Join(path.Dir(filepath.ToSlash(f.name)), name))
	}
	for _, d := range p.opts.IncludeDirs {
		c = append(c, path.Join(filepath.ToSlash(d), name))
	}
	return c
}

func (p *pp) findHeader(f *ppFile, name string, system bool) (string, []byte, bool) {
	if p.opts.Resolver == nil {
		return "", nil, false
	}
	for _, c := range p.candidates(f, name, system) {
		if df, ok := p.fileCache[c]; ok {
			return c, df.Src, true
		}
		if b, err := p.opts.Resolver.ReadFile(c); err == nil {
			return c, b, true
		}
	}
	return "", nil, false
}

func (p *pp) userHeaderExists(f *ppFile, name string) bool {
	_, _, ok := p.findHeader(f, name, false)
	return ok
}

// pragmaOp handles the _Pragma("...") operator; t is the _Pragma token.
func (p *pp) pragmaOp(t Token) bool {
	if _, ok := p.macros["_Pragma"]; ok {
		return false
	}
	if !p.peekLParen() {
		return false
	}
	lp := p.next()
	s := p.next()
	if s.Kind != String {
		p.errorf(lp.Pos, "_Pragma takes a parenthesized string literal")
		if s.Kind != EOF {
			p.push([]Token{s})
		}
		return true
	}
	rp := p.next()
	if rp.Kind != RParen {
		p.errorf(s.End(), "_Pragma takes a parenthesized string literal")
		if rp.Kind != EOF {
			p.push([]Token{rp})
		}
	}
	text := strings.TrimSpace(unquote(s.Text))
	p.pragmas = append(p.pragmas, &Pragma{HashPos: t.Pos, Text: text})
	return true
}

// unquote decodes a string literal's contents (escapes processed).
func unquote(s string) string {
	if i := strings.IndexByte(s, '"'); i >= 0 {
		s = s[i:]
	}
	if len(s) >= 2 && s[len(s)-1] == '"' {
		s = s[1 : len(s)-1]
	} else if len(s) >= 1 {
		s = s[1:]
	}
	if !strings.Contains(s, "\\") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' || i+1 >= len(s) {
			b.WriteByte(c)
			continue
		}
		i++
		switch s[i] {
		case 'n':
			b.WriteByte('\n')
		case 't':
			b.WriteByte('\t')
		case 'r':
			b.WriteByte('\r')
		case '0':
			b.WriteByte(0)
		case 'a':
			b.WriteByte(7)
		case 'b':
			b.WriteByte(8)
		case 'f':
			b.WriteByte(12)
		case 'v':
			b.WriteByte(11)
		default:
			b.WriteByte(s[i])
		}
	}
	return b.String()
}

// pushVirtual reads a built-in header (include-once) unless it is empty.
func (p *pp) pushVirtual(key, content string) {
	if content == "" || p.once[key] {
		return
	}
	df, ok := p.fileCache[key]
	if !ok {
		df = p.fset.AddFile(key, []byte(content))
		p.fileCache[key] = df
	}
	p.once[key] = true // built-in headers are include-once
	p.pushFile(df, key, content)
}
