package syntax

import "github.com/ingot-render/ingot/shaders/diag"

// Kind is the kind of a token. Keywords have their own kinds; MSL words
// that are only contextually special (device, kernel, half, float4, ...)
// are Identifier tokens.
type Kind uint8

// Token kinds.
const (
	EOF Kind = iota
	Illegal
	Identifier
	Int    // 123, 0x1Fu, 1ul
	Float  // 1.0f, 2e-3, 0.5h
	Char   // 'a'
	String // "abc"
	Header // <name> in an #include directive (preprocessor only)

	// Punctuators.
	LParen // (
	RParen // )
	LBrack // [
	RBrack // ]
	LBrace // {
	RBrace // }
	Semi   // ;
	Comma  // ,
	Colon  // :
	ColonColon
	Dot       // .
	Arrow     // ->
	Ellipsis  // ...
	Question  // ?
	Tilde     // ~
	Not       // !
	Add       // +
	Sub       // -
	Star      // *
	Slash     // /
	Percent   // %
	Amp       // &
	Pipe      // |
	Caret     // ^
	Shl       // <<
	Shr       // >>
	AndAnd    // &&
	OrOr      // ||
	Lt        // <
	Gt        // >
	Le        // <=
	Ge        // >=
	Eq        // ==
	Ne        // !=
	Spaceship // <=>
	Assign    // =
	AddAssign // +=
	SubAssign // -=
	MulAssign // *=
	DivAssign // /=
	RemAssign // %=
	AndAssign // &=
	OrAssign  // |=
	XorAssign // ^=
	ShlAssign // <<=
	ShrAssign // >>=
	Inc       // ++
	Dec       // --
	DotStar   // .*
	ArrowStar // ->*
	Hash      // #
	HashHash  // ##
	Backslash // stray \ (preprocessor only)

	keywordBeg
	KwAlignas
	KwAlignof
	KwAsm
	KwAuto
	KwBool
	KwBreak
	KwCase
	KwCatch
	KwChar
	KwClass
	KwConst
	KwConsteval
	KwConstexpr
	KwConstCast
	KwContinue
	KwDecltype
	KwDefault
	KwDelete
	KwDo
	KwDouble
	KwDynamicCast
	KwElse
	KwEnum
	KwExplicit
	KwExport
	KwExtern
	KwFalse
	KwFloat
	KwFor
	KwFriend
	KwGoto
	KwIf
	KwInline
	KwInt
	KwLong
	KwMutable
	KwNamespace
	KwNew
	KwNoexcept
	KwNullptr
	KwOperator
	KwPrivate
	KwProtected
	KwPublic
	KwRegister
	KwReinterpretCast
	KwReturn
	KwShort
	KwSigned
	KwSizeof
	KwStatic
	KwStaticAssert
	KwStaticCast
	KwStruct
	KwSwitch
	KwTemplate
	KwThis
	KwThreadLocal
	KwThrow
	KwTrue
	KwTry
	KwTypedef
	KwTypeid
	KwTypename
	KwUnion
	KwUnsigned
	KwUsing
	KwVirtual
	KwVoid
	KwVolatile
	KwWhile
	keywordEnd
	numKinds
)

var kindNames = [numKinds]string{
	EOF: "end of file", Illegal: "illegal character", Identifier: "identifier", Int: "integer literal",
	Float: "floating literal", Char: "character literal", String: "string literal", Header: "header name",
	LParen: "(", RParen: ")", LBrack: "[", RBrack: "]", LBrace: "{", RBrace: "}", Semi: ";", Comma: ",",
	Colon: ":", ColonColon: "::", Dot: ".", Arrow: "->", Ellipsis: "...", Question: "?", Tilde: "~",
	Not: "!", Add: "+", Sub: "-", Star: "*", Slash: "/", Percent: "%", Amp: "&", Pipe: "|", Caret: "^",
	Shl: "<<", Shr: ">>", AndAnd: "&&", OrOr: "||", Lt: "<", Gt: ">", Le: "<=", Ge: ">=", Eq: "==",
	Ne: "!=", Spaceship: "<=>", Assign: "=", AddAssign: "+=", SubAssign: "-=", MulAssign: "*=",
	DivAssign: "/=", RemAssign: "%=", AndAssign: "&=", OrAssign: "|=", XorAssign: "^=", ShlAssign: "<<=",
	ShrAssign: ">>=", Inc: "++", Dec: "--", DotStar: ".*", ArrowStar: "->*", Hash: "#", HashHash: "##",
	Backslash: "\\",
	KwAlignas: "alignas", KwAlignof: "alignof", KwAsm: "asm", KwAuto: "auto", KwBool: "bool",
	KwBreak: "break", KwCase: "case", KwCatch: "catch", KwChar: "char", KwClass: "class",
	KwConst: "const", KwConsteval: "consteval", KwConstexpr: "constexpr", KwConstCast: "const_cast",
	KwContinue: "continue", KwDecltype: "decltype", KwDefault: "default", KwDelete: "delete",
	KwDo: "do", KwDouble: "double", KwDynamicCast: "dynamic_cast", KwElse: "else", KwEnum: "enum",
	KwExplicit: "explicit", KwExport: "export", KwExtern: "extern", KwFalse: "false", KwFloat: "float",
	KwFor: "for", KwFriend: "friend", KwGoto: "goto", KwIf: "if", KwInline: "inline", KwInt: "int",
	KwLong: "long", KwMutable: "mutable", KwNamespace: "namespace", KwNew: "new", KwNoexcept: "noexcept",
	KwNullptr: "nullptr", KwOperator: "operator", KwPrivate: "private", KwProtected: "protected",
	KwPublic: "public", KwRegister: "register", KwReinterpretCast: "reinterpret_cast", KwReturn: "return",
	KwShort: "short", KwSigned: "signed", KwSizeof: "sizeof", KwStatic: "static",
	KwStaticAssert: "static_assert", KwStaticCast: "static_cast", KwStruct: "struct", KwSwitch: "switch",
	KwTemplate: "template", KwThis: "this", KwThreadLocal: "thread_local", KwThrow: "throw",
	KwTrue: "true", KwTry: "try", KwTypedef: "typedef", KwTypeid: "typeid", KwTypename: "typename",
	KwUnion: "union", KwUnsigned: "unsigned", KwUsing: "using", KwVirtual: "virtual", KwVoid: "void",
	KwVolatile: "volatile", KwWhile: "while",
}

// String returns the spelling of a punctuator or keyword, or a description
// of the token class ("identifier").
func (k Kind) String() string {
	if k < numKinds && kindNames[k] != "" {
		return kindNames[k]
	}
	return "?"
}

// IsKeyword reports whether k is a C++ keyword.
func (k Kind) IsKeyword() bool { return k > keywordBeg && k < keywordEnd }

// IsAssign reports whether k is = or a compound assignment operator.
func (k Kind) IsAssign() bool { return k >= Assign && k <= ShrAssign }

// kwByLen indexes keywords by length for the lexer's fast lookup.
var kwByLen = func() [20][]Kind {
	var t [20][]Kind
	for k := keywordBeg + 1; k < keywordEnd; k++ {
		n := len(kindNames[k])
		t[n] = append(t[n], k)
	}
	return t
}()

// LookupKeyword returns the keyword kind of s, or Identifier.
func LookupKeyword(s string) Kind {
	if len(s) < 2 || len(s) >= len(kwByLen) || s[0] < 'a' || s[0] > 'z' {
		return Identifier
	}
	for _, k := range kwByLen[len(s)] {
		if kn := kindNames[k]; kn[0] == s[0] && kn == s {
			return k
		}
	}
	return Identifier
}

// Token flags.
const (
	// FlagBOL marks the first token of a source line.
	FlagBOL uint8 = 1 << iota
	// FlagSpace marks a token preceded by white space.
	FlagSpace
	// FlagNoExpand marks an identifier that must never be macro-expanded
	// again (it named a macro that was disabled when it was scanned).
	FlagNoExpand
	// FlagMacro marks a token produced by a macro expansion.
	FlagMacro
)

// Token is one preprocessing or language token.
type Token struct {
	Kind  Kind
	Flags uint8
	// Pos is where the token appears: for tokens from a macro expansion,
	// the position of the macro name at the expansion site.
	Pos diag.Pos
	// Origin is the token's spelling position inside a macro definition
	// for expanded tokens (NoPos otherwise).
	Origin diag.Pos
	// Text is the exact spelling (for identifiers and literals, and for
	// punctuators and keywords too).
	Text string
	hide *hideset
}

// End returns the position one past the token's last byte at Pos.
func (t Token) End() diag.Pos { return t.Pos + diag.Pos(len(t.Text)) }

// String returns the token's spelling.
func (t Token) String() string {
	if t.Kind == EOF {
		return "<EOF>"
	}
	return t.Text
}

// hideset is an immutable set of macro names (a linked list; sets are
// tiny), used to stop recursive macro expansion.
type hideset struct {
	name string
	next *hideset
}

func (h *hideset) contains(s string) bool {
	for ; h != nil; h = h.next {
		if h.name == s {
			return true
		}
	}
	return false
}

func (h *hideset) add(s string) *hideset {
	if h.contains(s) {
		return h
	}
	return &hideset{name: s, next: h}
}

func (h *hideset) union(o *hideset) *hideset {
	if h == nil {
		return o
	}
	for ; o != nil; o = o.next {
		h = h.add(o.name)
	}
	return h
}

func (h *hideset) intersect(o *hideset) *hideset {
	var r *hideset
	for ; h != nil; h = h.next {
		if o.contains(h.name) {
			r = &hideset{name: h.name, next: r}
		}
	}
	return r
}
