package syntax

import (
	"strings"
	"testing"

	"github.com/ingot-render/ingot/shaders/diag"
)

// TestTemplateArgExpression checks that a template argument that cannot be
// a type-id is parsed as an expression (a class-type constant `S(2, 3)`),
// and that deeply nested arguments with parentheses parse in linear time
// (the tentative type-id parse is memoized; without it this input takes
// 2^40 parses).
func TestTemplateArgExpression(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		typ       bool // the argument of Op<...> is a type
	}{
		{"constant", "struct S { int a, b; }; template <S s> struct Op {}; Op<S(2, 3)> x;", false},
		{"function type", "struct S { int a, b; }; template <typename T> struct Op {}; Op<S(int, float)> x;", true},
		{"plain type", "struct S { int a, b; }; template <typename T> struct Op {}; Op<S> x;", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fset := diag.NewFileSet()
			dl := diag.NewList(fset)
			f := ParseFile(fset, "t.metal", []byte(tc.src), Options{}, dl)
			if dl.HasErrors() {
				t.Fatalf("errors: %v", dl.Err())
			}
			var arg *TemplateArg
			Inspect(f, func(n Node) bool {
				if nt, ok := n.(*NamedType); ok && nt.Name.Last().Name == "Op" && nt.Name.Last().Template != nil {
					arg = nt.Name.Last().Template.Args[0]
				}
				return true
			})
			if arg == nil {
				t.Fatal("no Op<...> found")
			}
			if (arg.Type != nil) != tc.typ {
				t.Errorf("argument parsed as type = %v, want %v", arg.Type != nil, tc.typ)
			}
		})
	}
	const depth = 40
	src := "template <typename T> struct A {};\n" + strings.Repeat("A<", depth) + "int(1)" + strings.Repeat(">", depth) + " x;\n"
	fset := diag.NewFileSet()
	ParseFile(fset, "deep.metal", []byte(src), Options{}, diag.NewList(fset))
}
