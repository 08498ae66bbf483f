package lower_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/ingot-render/ingot/shaders/ir"
	"github.com/ingot-render/ingot/shaders/lower"
	"github.com/ingot-render/ingot/shaders/stdlib"
)

const rtPrelude = `#include <metal_stdlib>
using namespace metal;
using namespace raytracing;
struct P { uint n; };
[[intersection(bounding_box)]] bool boxA(ray_data P& p [[payload]]) { p.n++; return false; }
[[intersection(bounding_box)]] bool boxB(uint prim [[primitive_id]]) { return prim == 0; }
[[intersection(triangle, triangle_data)]] bool triC(float2 b [[barycentric_coord]]) { return b.x < 0.5; }
`

// TestLowerIntersect checks the shape of a lowered intersect(): one call
// per linked intersection function whose tags match, the payload passed
// by address, and the ids of Result.IntersectionFunctionIDs.
func TestLowerIntersect(t *testing.T) {
	src := rtPrelude + `
kernel void k(primitive_acceleration_structure as [[buffer(0)]], intersection_function_table<> ft [[buffer(1)]],
              device uint* out [[buffer(2)]], uint id [[thread_position_in_grid]]) {
    intersector<> i;
    P p = {0};
    auto h = i.intersect(ray(float3(0), float3(0, 0, 1)), as, ft, p);
    out[id] = p.n + h.primitive_id;
}`
	for _, c := range []struct {
		linked []string
		calls  int
	}{{nil, 2}, {[]string{"boxB", "triC"}, 1}, {[]string{}, 0}} {
		prog, err := compileMSL("rt.metal", src, false)
		if err != nil {
			t.Fatal(err)
		}
		res, err := lower.Entry(prog, prog.Lookup("k"), lower.Options{IntersectionFunctions: c.linked, NoSimplify: true})
		if err != nil {
			t.Fatal(err)
		}
		calls := 0
		ir.Walk(res.Program.Func(res.Entry).Body, func(in *ir.Instr) bool {
			if in.Op == ir.OpCall {
				calls++
			}
			return true
		})
		if calls != c.calls {
			t.Errorf("linked %v: %d calls, want %d", c.linked, calls, c.calls)
		}
		if c.linked == nil && (res.IntersectionFunctionIDs["boxA"] != 1 || res.IntersectionFunctionIDs["boxB"] != 2 || res.IntersectionFunctionIDs["triC"] != 3) {
			t.Errorf("ids %v", res.IntersectionFunctionIDs)
		}
		for _, d := range res.Program.Intrinsics {
			if want, ok := stdlib.LookupRayTracingIntrinsic(d.Name); ok && (len(want.Params) != len(d.Params) || len(want.Results) != len(d.Results)) {
				t.Errorf("intrinsic %s declared differently from the catalogue", d.Name)
			}
		}
	}
}

// TestLowerIntersectFused: a call site where no intersection function
// can run (none linked with its tags, or no table) is one rt.intersect
// variant with the result type's fields and no rt.begin (the linked
// functions are still lowered); the others keep rt.begin.
func TestLowerIntersectFused(t *testing.T) {
	for _, c := range []struct {
		tags, strct, args string
		linked            []string
		want              string
	}{
		{"", "primitive", ", ft", nil, stdlib.RTBegin},
		{"", "primitive", ", ft", []string{"triC"}, "rt.intersect"},
		{"", "primitive", "", nil, "rt.intersect"},
		{"triangle_data", "primitive", ", ft", nil, stdlib.RTBegin},
		{"triangle_data", "primitive", ", ft", []string{"boxA", "boxB"}, "rt.intersect.t"},
		{"triangle_data", "primitive", "", nil, "rt.intersect.t"},
		{"instancing", "instance", ", 1u, ft", nil, "rt.intersect.i1"},
		{"instancing, triangle_data, world_space_data", "instance", "", nil, "rt.intersect.t.i1.x"},
		{"instancing, max_levels<4>", "instance", "", nil, "rt.intersect.i3"},
	} {
		src := rtPrelude + `
kernel void k(` + c.strct + `_acceleration_structure as [[buffer(0)]], intersection_function_table<> ft [[buffer(1)]],
              device uint* out [[buffer(2)]], uint id [[thread_position_in_grid]]) {
    intersector<` + c.tags + `> i;
    auto h = i.intersect(ray(float3(0), float3(0, 0, 1))` + ", as" + c.args + `);
    out[id] = h.primitive_id;
}`
		prog, err := compileMSL("rt.metal", src, false)
		if err != nil {
			t.Fatal(err)
		}
		res, err := lower.Entry(prog, prog.Lookup("k"), lower.Options{IntersectionFunctions: c.linked, NoSimplify: true})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, d := range res.Program.Intrinsics {
			if strings.HasPrefix(d.Name, "rt.") {
				got = append(got, d.Name)
			}
			if want, ok := stdlib.LookupRayTracingIntrinsic(d.Name); !ok || len(want.Params) != len(d.Params) || len(want.Results) != len(d.Results) {
				t.Errorf("intrinsic %s declared differently from the catalogue", d.Name)
			}
		}
		begins := false
		for _, n := range got {
			begins = begins || n == stdlib.RTBegin
		}
		if len(got) == 0 || got[0] != c.want || begins != (c.want == stdlib.RTBegin) {
			t.Errorf("intersector<%s> intersect(...%s) linking %v: intrinsics %v, want %s", c.tags, c.args, c.linked, got, c.want)
		}
	}
}

// TestLowerIntersectErrors: unsupported forms are positioned errors.
func TestLowerIntersectErrors(t *testing.T) {
	for _, c := range []struct{ body, want string }{
		{`auto h = i.intersect(ray(), as, ft, P{0}); out[0] = h.primitive_id;`, "payload must be an object"},
		{`auto h = i.intersect(ray(), as, ft, p, p); out[0] = h.primitive_id;`, "unsupported argument"},
		{`i.set_base_id(1); i.frobnicate(2);`, "unsupported intersector method"},
	} {
		src := rtPrelude + `
kernel void k(primitive_acceleration_structure as [[buffer(0)]], intersection_function_table<> ft [[buffer(1)]],
              device uint* out [[buffer(2)]]) {
    intersector<> i;
    P p = {0};
    ` + c.body + `
}`
		prog, err := compileMSL("rt.metal", src, false)
		if err != nil {
			t.Fatalf("%s: %v", c.body, err)
		}
		_, err = lower.Entry(prog, prog.Lookup("k"), lower.Options{})
		var le *lower.Error
		if !errors.As(err, &le) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want an error containing %q", c.body, err, c.want)
		}
	}
}
