package sema

import "testing"

// The imageblock and tile rules of §5.6 that TestImageblockRules leaves
// out, each an error at its position (or accepted where the spec allows).
func TestImageblockRulesMore(t *testing.T) {
	const ib = "struct G { float4 c [[raster_order_group(0)]]; };\nstruct P { half4 c [[color(0)]]; };\n"
	runRuleCases(t, []ruleCase{
		// §5.6.1: [[user(name)]] names are unique in a view.
		{"view user twice", "struct M { int a [[user(x), raster_order_group(0)]]; int b [[user(y), raster_order_group(0)]]; };\nstruct V { int p [[user(x)]]; int q [[user(x)]]; };\nfragment void f(V i [[imageblock_data(M)]]) {}",
			[]string{"2:39: \\[\\[user\\(x\\)\\]\\] is used twice"}},
		// §5.6.1: without [[user]] a view member matches top-level master
		// members only, never one inside a nested struct.
		{"view nested without user", "struct A { int a; };\nstruct M { A n [[raster_order_group(0)]]; };\nstruct V { int a; };\nfragment void f(V i [[imageblock_data(M)]]) {}",
			[]string{"3:16: imageblock view member 'a' matches no member of 'M'"}},
		{"view nested with user", "struct A { int a [[user(u)]]; };\nstruct M { A n [[raster_order_group(0)]]; };\nstruct V { int a [[user(u)]]; };\nfragment void f(V i [[imageblock_data(M)]]) {}", nil},
		// §5.6.1: a [[user]] match needs the same type.
		{"view user type", "struct M { int a [[user(x), raster_order_group(0)]]; };\nstruct V { float p [[user(x)]]; };\nfragment void f(V i [[imageblock_data(M)]]) {}",
			[]string{"2:18: type 'float' of imageblock view member 'p' differs"}},
		// §5.6.2: a nested struct takes a group as a whole or on every member.
		{"rog partial", "struct S { float n [[raster_order_group(0)]]; float f; };\nstruct IM { half4 c [[raster_order_group(0)]]; S s; };\nfragment void f(IM i [[imageblock_data]]) {}",
			[]string{"2:50: on the struct as a whole or on every member of 'S'"}},
		{"rog nested whole", "struct S { float n; float f; };\nstruct IM { S s [[raster_order_group(1)]]; float l [[raster_order_group(2)]]; };\nfragment void f(IM i [[imageblock_data]]) {}", nil},
		{"rog array of structs", "struct S { float n; float f; };\nstruct IM { half3 c [[raster_order_group(0)]]; S s [[raster_order_group(1)]][2]; };\nfragment void f(IM i [[imageblock_data]]) {}", nil},
		// §5.6.2: raster order groups are ignored in kernels, so a kernel's
		// explicit imageblock needs none.
		{"kernel without rog", "struct K { float4 c; uint n; };\nkernel void k(imageblock<K, imageblock_layout_explicit> b) {}", nil},
		// §5.6.2: raster order groups are required in fragment functions,
		// on outputs as on inputs.
		{"rog missing output", "struct K { float4 c; };\nstruct O { K k [[imageblock_data]]; };\nfragment O f() { O o; return o; }",
			[]string{"1:19: needs a \\[\\[raster_order_group\\]\\]"}},
		// §5.6.6: no function constants on imageblock members.
		{"function constant member", "constant bool fc [[function_constant(0)]];\nstruct I { float a [[raster_order_group(0), function_constant(fc)]]; };\nfragment void f(I i [[imageblock_data]]) {}",
			[]string{"2:45: cannot have a \\[\\[function_constant\\]\\]"}},
		// §5.6.3: [[imageblock_data]] names a struct.
		{"imageblock data scalar", "fragment void f(float i [[imageblock_data]]) {}", []string{"1:27: requires a struct type"}},
		// [[imageblock_data]] belongs to fragment functions.
		{"imageblock data in kernel", ib + "kernel void k(G g [[imageblock_data]]) {}", []string{"3:21: only allowed in fragment functions"}},
		// §5.6.5: a kernel may take an explicit and an implicit imageblock;
		// two of one kind would alias.
		{"explicit and implicit", ib + "kernel void k(imageblock<G, imageblock_layout_explicit> e, imageblock<P, imageblock_layout_implicit> i) {}", nil},
		{"explicit and deduced implicit", ib + "kernel void k(imageblock<G> e, imageblock<P> i) {}", nil},
		{"two explicit", ib + "kernel void k(imageblock<G> e, imageblock<G, imageblock_layout_explicit> f) {}",
			[]string{"3:74: only one explicit and one implicit imageblock argument"}},
		{"two implicit", ib + "kernel void k(imageblock<P> e, imageblock<P, imageblock_layout_implicit> f) {}",
			[]string{"3:74: only one explicit and one implicit imageblock argument"}},
		{"imageblock in vertex", ib + "vertex float4 v(imageblock<G> b) { return 0; }", []string{"3:31: only allowed in kernel"}},
	})
}
