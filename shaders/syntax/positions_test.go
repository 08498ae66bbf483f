package syntax

import (
	"fmt"
	"testing"

	"github.com/ingot-render/ingot/shaders/diag"
)

// TestPositions checks the exact source range (Pos..End) of nodes: the
// source text covered by the n-th node of a given type.
func TestPositions(t *testing.T) {
	const src = `struct S { float4 p [[position]]; int a[4]; };
template <typename T> T twice(T x) { return x + x; }
template [[host_name("twice_f")]] float twice<float>(float);
kernel void k(device float* out [[buffer(0)]], uint id [[thread_position_in_grid]]) {
    S s;
    out[id] = float4(1, 2, 3, 4).x * static_cast<float>(id) + (float)s.a[0];
    if (id > 0u) { out[0] = id ? 1.0f : -1.0f; } else out[1]++;
    for (int i = 0; i < 3; i += 1) {}
    auto f = [&](int q) { return q; };
    float arr[2] = {1, 2};
}
enum class E : uint { a, b = 2 };
using F = float;
namespace n { constant float c = sizeof(S); }
`
	tests := []struct {
		typ  string
		n    int
		want string
	}{
		{"*syntax.StructDecl", 0, "struct S { float4 p [[position]]; int a[4]; }"},
		{"*syntax.VarDecl", 0, "float4 p [[position]]"},
		{"*syntax.AttrList", 0, "[[position]]"},
		{"*syntax.Attribute", 0, "position"},
		{"*syntax.ArrayType", 0, "int a[4]"},
		{"*syntax.TemplateDecl", 0, "template <typename T> T twice(T x) { return x + x; }"},
		{"*syntax.TemplateParam", 0, "typename T"},
		{"*syntax.FuncDecl", 0, "T twice(T x) { return x + x; }"},
		{"*syntax.ParamDecl", 0, "T x"},
		{"*syntax.BinaryExpr", 0, "x + x"},
		{"*syntax.ExplicitInstantiation", 0, `template [[host_name("twice_f")]] float twice<float>(float)`},
		{"*syntax.TemplateArgs", 0, "<float>"},
		{"*syntax.FuncDecl", 2, `kernel void k(device float* out [[buffer(0)]], uint id [[thread_position_in_grid]]) {
    S s;
    out[id] = float4(1, 2, 3, 4).x * static_cast<float>(id) + (float)s.a[0];
    if (id > 0u) { out[0] = id ? 1.0f : -1.0f; } else out[1]++;
    for (int i = 0; i < 3; i += 1) {}
    auto f = [&](int q) { return q; };
    float arr[2] = {1, 2};
}`},
		{"*syntax.ParamDecl", 2, "device float* out [[buffer(0)]]"},
		{"*syntax.PointerType", 0, "device float*"},
		{"*syntax.QualType", 0, "device float"},
		{"*syntax.DeclStmt", 0, "S s;"},
		{"*syntax.ExprStmt", 0, "out[id] = float4(1, 2, 3, 4).x * static_cast<float>(id) + (float)s.a[0];"},
		{"*syntax.IndexExpr", 0, "out[id]"},
		{"*syntax.ConstructExpr", 0, "float4(1, 2, 3, 4)"},
		{"*syntax.MemberExpr", 0, "float4(1, 2, 3, 4).x"},
		{"*syntax.CastExpr", 0, "static_cast<float>(id)"},
		{"*syntax.CastExpr", 1, "(float)s.a[0]"},
		{"*syntax.IfStmt", 0, "if (id > 0u) { out[0] = id ? 1.0f : -1.0f; } else out[1]++;"},
		{"*syntax.CondExpr", 0, "id ? 1.0f : -1.0f"},
		{"*syntax.UnaryExpr", 0, "-1.0f"},
		{"*syntax.PostfixExpr", 0, "out[1]++"},
		{"*syntax.ForStmt", 0, "for (int i = 0; i < 3; i += 1) {}"},
		{"*syntax.LambdaExpr", 0, "[&](int q) { return q; }"},
		{"*syntax.ReturnStmt", 1, "return q;"},
		{"*syntax.InitListExpr", 0, "{1, 2}"},
		{"*syntax.EnumDecl", 0, "enum class E : uint { a, b = 2 }"},
		{"*syntax.Enumerator", 1, "b = 2"},
		{"*syntax.AliasDecl", 0, "using F = float"},
		{"*syntax.NamespaceDecl", 0, "namespace n { constant float c = sizeof(S); }"},
		{"*syntax.SizeofExpr", 0, "sizeof(S)"},
	}
	fset := diag.NewFileSet()
	dl := diag.NewList(fset)
	f := ParseFile(fset, "p.metal", []byte(src), Options{}, dl)
	if dl.HasErrors() {
		t.Fatal(dl.Error())
	}
	file := fset.File(f.Pos())
	byType := map[string][]Node{}
	Inspect(f, func(n Node) bool {
		if n != nil {
			k := fmt.Sprintf("%T", n)
			byType[k] = append(byType[k], n)
		}
		return true
	})
	for _, tc := range tests {
		ns := byType[tc.typ]
		if tc.n >= len(ns) {
			t.Errorf("%s #%d: only %d found", tc.typ, tc.n, len(ns))
			continue
		}
		n := ns[tc.n]
		got := string(file.Src[file.Offset(n.Pos()):file.Offset(n.End())])
		if got != tc.want {
			t.Errorf("%s #%d covers %q, want %q", tc.typ, tc.n, got, tc.want)
		}
	}
}
