package sema

import "testing"

// TestImageblockAliasRules covers the aliasing rules of §5.6.5 and the
// attribute's own constraints, each error at its attribute.
func TestImageblockAliasRules(t *testing.T) {
	const ib = "struct I { rgba8unorm<half4> a [[raster_order_group(0)]]; float d [[raster_order_group(0)]]; };\n"
	const o = "struct O { float4 c [[color(0)]]; I i [[imageblock_data, "
	runRuleCases(t, []ruleCase{
		{"spec example", ib + o + "alias_implicit_imageblock_color(1)]]; };\nfragment O f(I i [[imageblock_data]]) { O o; return o; }", nil},
		{"full alias", ib + "struct O { I i [[imageblock_data, alias_implicit_imageblock]]; };\nfragment O f() { O o; return o; }", nil},
		{"color past declared is ignored", ib + o + "alias_implicit_imageblock_color(5)]]; };\nfragment O f() { O o; return o; }", nil},
		{"color gap", ib + "struct O { float4 a [[color(0)]]; float4 b [[color(3)]]; I i [[imageblock_data, alias_implicit_imageblock_color(2)]]; };\nfragment O f() { O o; return o; }",
			[]string{"2:81: undeclared color attachment between 0 and 3"}},
		{"color gap with an input", ib + "struct O { I i [[imageblock_data, alias_implicit_imageblock_color(1)]]; };\nfragment O f(float4 a [[color(0)]], float4 c [[color(2)]]) { O o; return o; }",
			[]string{"2:35: undeclared color attachment between 0 and 2"}},
		{"color gap with a struct input", ib + "struct P { half4 a [[color(0)]]; half4 b [[color(3)]]; };\nstruct O { I i [[imageblock_data, alias_implicit_imageblock_color(2)]]; };\nfragment O f(P p) { O o; return o; }",
			[]string{"3:35: undeclared color attachment between 0 and 3"}},
		{"color gap with a colour result", ib + "struct O { float4 c [[color(0)]]; float4 d [[color(2)]]; I i [[imageblock_data, alias_implicit_imageblock_color(1)]]; };\nfragment O f() { O o; return o; }",
			[]string{"2:81: undeclared color attachment between 0 and 2"}},
		{"declared lower bound is fine", ib + "struct O { float4 a [[color(1)]]; float4 b [[color(3)]]; I i [[imageblock_data, alias_implicit_imageblock_color(0)]]; };\nfragment O f() { O o; return o; }", nil},
		{"argument", ib + "fragment float4 f(I i [[imageblock_data, alias_implicit_imageblock]]) { return 0; }",
			[]string{"2:42: not a valid input attribute"}},
		{"output member not an imageblock", "struct O { float4 c [[color(0), alias_implicit_imageblock_color(0)]]; };\nfragment O f() { O o; return o; }",
			[]string{"1:33: applies only to an explicit imageblock"}},
		{"both attributes", ib + "struct O { I i [[imageblock_data, alias_implicit_imageblock, alias_implicit_imageblock_color(1)]]; };\nfragment O f() { O o; return o; }",
			[]string{"2:62: cannot take both"}},
		{"color index range", ib + "struct O { I i [[imageblock_data, alias_implicit_imageblock_color(8)]]; };\nfragment O f() { O o; return o; }",
			[]string{"2:35: one constant colour attachment index n in 0 … 7"}},
		{"color index missing", ib + "struct O { I i [[imageblock_data, alias_implicit_imageblock_color]]; };\nfragment O f() { O o; return o; }",
			[]string{"2:35: one constant colour attachment index"}},
		{"full alias takes no argument", ib + "struct O { I i [[imageblock_data, alias_implicit_imageblock(1)]]; };\nfragment O f() { O o; return o; }",
			[]string{"2:35: takes no argument"}},
		{"members differ", ib + "struct J { float e [[raster_order_group(0)]]; };\nstruct O { I i [[imageblock_data, alias_implicit_imageblock_color(1)]]; I j [[imageblock_data, alias_implicit_imageblock]]; };\nfragment O f() { O o; return o; }",
			[]string{"3:96: aliases the implicit imageblock from colour 0, another member from colour 1"}},
	})
}
