package sema

import (
	"regexp"
	"strings"
	"testing"

	"github.com/ingot-render/ingot/shaders/diag"
)

// The rules of fragment-based tile functions (§5.1.9, §5.2.3.5): each
// violation is an error at the attribute at fault; the tile inputs,
// colour inputs and outputs, imageblock data, [[sample_mask]] and
// threadgroup memory are accepted.
func TestCheckTileFragment(t *testing.T) {
	const pre = "#include <metal_stdlib>\nusing namespace metal;\n"
	for _, tc := range []struct {
		name, src string
		want      []string // regexps, in order; nil: accepted
	}{
		{"resolve", "struct P { half4 c [[color(0)]]; };\nfragment P f(P in, ushort2 p [[pixel_position_in_tile]], ushort2 n [[pixels_per_tile]], uint t [[tile_index]], float4 pos [[position]], uint l [[render_target_array_index]], threadgroup uint* tg [[threadgroup(0)]]) { return in; }", nil},
		{"sample rate", "struct O { float4 c [[color(0)]]; uint m [[sample_mask]]; };\nfragment O f(uint s [[sample_id]], uint m [[sample_mask]]) { O o; o.c = float4(s); o.m = m; return o; }", nil},
		{"stencil", "struct O { float4 c [[color(0)]]; uint s [[stencil]]; };\nfragment O f() { O o; o.c = 0; o.s = 1; return o; }",
			[]string{`^test\.metal:3:44: error: fragment-based tile function 'f' cannot output \[\[stencil\]\] \(member 's'\)$`}},
		{"depth and stencil", "struct O {\n  float d [[depth(any)]];\n  uint s [[stencil]];\n};\nfragment O f() { O o; o.d = 0; o.s = 1; return o; }",
			[]string{`^test\.metal:4:13: error: .*cannot output \[\[depth\]\] \(member 'd'\)`, `^test\.metal:5:12: error: .*cannot output \[\[stencil\]\] \(member 's'\)`}},
		{"stage in", "struct V { float4 p [[position]]; float2 uv; };\nfragment float4 f(V in [[stage_in]]) { return float4(in.uv, 0, 1); }",
			[]string{`^test\.metal:4:26: error: .*cannot take a \[\[stage_in\]\] argument \('in'\)`}},
		{"front facing", "fragment float4 f(bool ff [[front_facing]], uint id [[primitive_id]]) { return float4(ff, id, 0, 1); }",
			[]string{`3:29: error: .*cannot take \[\[front_facing\]\]`, `3:55: error: .*cannot take \[\[primitive_id\]\]`}},
		{"kernel", "kernel void f() {}", []string{`3:13: error: 'f' is a kernel function, not a fragment function`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := mustCheck(t, pre+tc.src)
			err := p.CheckTileFragment(p.Lookup("f"))
			if tc.want == nil {
				if err != nil {
					t.Fatalf("unexpected error: %v", err)
				}
				return
			}
			if err == nil {
				t.Fatalf("no error, want %q", tc.want)
			}
			l, ok := err.(*diag.List)
			if !ok {
				t.Fatalf("error %T", err)
			}
			lines := strings.Split(l.Error(), "\n")
			if len(lines) != len(tc.want) {
				t.Fatalf("%d errors, want %d:\n%v", len(lines), len(tc.want), err)
			}
			for i, w := range tc.want {
				if !regexp.MustCompile(w).MatchString(lines[i]) {
					t.Errorf("error %d is %q, want a match of %q", i, lines[i], w)
				}
			}
		})
	}
}
