package syntax

import (
	"testing"

	"github.com/ingot-render/ingot/shaders/diag"
)

func TestLookupKeyword(t *testing.T) {
	for k := keywordBeg + 1; k < keywordEnd; k++ {
		if got := LookupKeyword(k.String()); got != k {
			t.Errorf("LookupKeyword(%q) = %v", k.String(), got)
		}
		if !k.IsKeyword() {
			t.Errorf("%v.IsKeyword() = false", k)
		}
	}
	for _, s := range []string{"", "x", "Int", "floats", "device", "kernel", "half", "float4", "static_cast_", "_"} {
		if got := LookupKeyword(s); got != Identifier {
			t.Errorf("LookupKeyword(%q) = %v, want identifier", s, got)
		}
	}
}

func TestLexer(t *testing.T) {
	tests := []struct {
		src  string
		want []string // kind:text
	}{
		{"a+=b->c...d::e", []string{"identifier:a", "+=:+=", "identifier:b", "->:->", "identifier:c", "...:...", "identifier:d", ":::::", "identifier:e"}},
		{"1 1.5f .5 1e-3 0x1Fu 0x1p-2 1'000 2.h", []string{"integer literal:1", "floating literal:1.5f", "floating literal:.5", "floating literal:1e-3", "integer literal:0x1Fu", "floating literal:0x1p-2", "integer literal:1'000", "floating literal:2.h"}},
		{`"a\"b" 'c' u8"x"`, []string{`string literal:"a\"b"`, "character literal:'c'", `string literal:u8"x"`}},
		{"a /* c\nd */ b // e\nf", []string{"identifier:a", "identifier:b", "identifier:f"}},
		{"<<= >>= <=> && || ## # %= ^= .* ->*", []string{"<<=:<<=", ">>=:>>=", "<=>:<=>", "&&:&&", "||:||", "##:##", "#:#", "%=:%=", "^=:^=", ".*:.*", "->*:->*"}},
		{"const constexpr kernel", []string{"const:const", "constexpr:constexpr", "identifier:kernel"}},
	}
	for _, tc := range tests {
		fset := diag.NewFileSet()
		f := fset.AddFile("t", []byte(tc.src))
		l := newLexer(f, tc.src, diag.NewList(fset))
		var got []string
		for {
			tk := l.next()
			if tk.Kind == EOF {
				break
			}
			got = append(got, tk.Kind.String()+":"+tk.Text)
		}
		if len(got) != len(tc.want) {
			t.Errorf("%q: got %q, want %q", tc.src, got, tc.want)
			continue
		}
		for i := range got {
			if got[i] != tc.want[i] {
				t.Errorf("%q: token %d = %q, want %q", tc.src, i, got[i], tc.want[i])
			}
		}
	}
}

func TestLexerErrors(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"a /* open", "t:1:3: error: unterminated /* comment"},
		{"\"abc\nx", "t:1:1: error: missing terminating '\"' character"},
		{"'a", "t:1:1: error: missing terminating ' character"},
		{"a @ b", "t:1:3: error: invalid character '@'"},
	} {
		fset := diag.NewFileSet()
		f := fset.AddFile("t", []byte(tc.src))
		dl := diag.NewList(fset)
		l := newLexer(f, tc.src, dl)
		for l.next().Kind != EOF {
		}
		if got := dl.Error(); got != tc.want {
			t.Errorf("%q: got %q, want %q", tc.src, got, tc.want)
		}
	}
}
