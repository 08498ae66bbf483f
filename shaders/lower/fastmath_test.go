package lower_test

import (
	"strings"
	"testing"

	"github.com/ingot-render/ingot/shaders/diag"
	"github.com/ingot-render/ingot/shaders/ir"
	"github.com/ingot-render/ingot/shaders/lower"
	"github.com/ingot-render/ingot/shaders/sema"
	"github.com/ingot-render/ingot/shaders/syntax"
)

// lowerText lowers kernel k of src and returns its IR text.
func lowerText(t *testing.T, src, k string, fast bool) string {
	t.Helper()
	fset := diag.NewFileSet()
	diags := diag.NewList(fset)
	file := syntax.ParseFile(fset, "t.metal", []byte(src), syntax.Options{}, diags)
	prog := sema.Check(fset, file, &sema.Config{FastMath: fast}, diags)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	res, err := lower.Entry(prog, prog.Lookup(k), lower.Options{})
	if err != nil {
		t.Fatal(err)
	}
	p, err := ir.Specialize(res.Program, nil)
	if err != nil {
		t.Fatal(err)
	}
	return p.String()
}

// Fast-math mode (the default) and metal::fast lower exp2/log2/pow/sin/
// cos/tan/rsqrt/normalize to the fast:: ops; metal::precise and
// -fno-fast-math keep the correctly rounded ones.
func TestFastMathOps(t *testing.T) {
	const src = `#include <metal_stdlib>
using namespace metal;
kernel void k(device float* d [[buffer(0)]], uint i [[thread_position_in_grid]]) {
    float x = d[i], y = d[i + 1];
    d[i] = pow(x, y) + sin(x) + cos(y) + tan(x) + exp2(y) + log2(x) + rsqrt(y) + normalize(float2(x, y)).x;
}
kernel void p(device float* d [[buffer(0)]], uint i [[thread_position_in_grid]]) {
    float x = d[i];
    d[i] = precise::sin(x) + precise::exp2(x) + precise::rsqrt(x);
}
kernel void f(device float* d [[buffer(0)]], uint i [[thread_position_in_grid]]) {
    d[i] = fast::sin(d[i]) + fast::pow(d[i], 2.5f);
}`
	fastOps := []string{"fast.exp2", "fast.log2", "fast.sin", "fast.cos", "fast.tan", "fast.rsqrt"}
	got := lowerText(t, src, "k", true)
	for _, op := range fastOps {
		if !strings.Contains(got, "= "+op+" ") {
			t.Errorf("fast-math k: no %s in\n%s", op, got)
		}
	}
	if strings.Contains(got, "= exp2 ") || strings.Contains(got, "= sin ") {
		t.Errorf("fast-math k: precise op left in\n%s", got)
	}
	for _, fast := range []bool{true, false} {
		if got := lowerText(t, src, "p", fast); strings.Contains(got, "fast.") || !strings.Contains(got, "= sin ") {
			t.Errorf("precise:: (fast math %v): want precise ops only\n%s", fast, got)
		}
		if got := lowerText(t, src, "f", fast); !strings.Contains(got, "= fast.sin ") || !strings.Contains(got, "= fast.exp2 ") {
			t.Errorf("fast:: (fast math %v): want fast ops\n%s", fast, got)
		}
	}
	if got := lowerText(t, src, "k", false); strings.Contains(got, "fast.") {
		t.Errorf("-fno-fast-math k: fast op in\n%s", got)
	}
}

// A short-circuit operand that may fault (here an indexed load guarded by
// the left operand) keeps its branch; a pure one is evaluated eagerly.
func TestShortCircuitPurity(t *testing.T) {
	const src = `#include <metal_stdlib>
using namespace metal;
kernel void g(device int* d [[buffer(0)]], constant uint& n [[buffer(1)]], uint i [[thread_position_in_grid]]) {
    if (i < n && d[i] > 0) { d[0] = 1; }
}
kernel void h(device int* d [[buffer(0)]], uint i [[thread_position_in_grid]]) {
    int a = d[i], b = d[i + 1];
    if (a < b && a * 2 != b - 1) { d[0] = 1; }
}`
	if got := lowerText(t, src, "g", true); !strings.Contains(got, `"sc"`) {
		t.Errorf("guarded load lost its branch:\n%s", got)
	}
	if got := lowerText(t, src, "h", true); strings.Contains(got, `"sc"`) || !strings.Contains(got, "= and bool ") {
		t.Errorf("pure operand not evaluated eagerly:\n%s", got)
	}
}
