package sema

import "testing"

func TestMeshTypeRules(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{"float4 vertex ok", "[[mesh]] void m(metal::mesh<float4, void, 3, 1, metal::topology::triangle> o) {}", nil},
		{"struct vertex ok", "struct V { float4 p [[position]]; float2 uv; };\nstruct P { uint id; };\n" +
			"[[mesh]] void m(metal::mesh<V, P, 3, 1, metal::topology::triangle> o) {}", nil},
		{"no position", "struct V { float4 p; };\n[[mesh]] void m(metal::mesh<V, void, 3, 1, metal::topology::point> o) {}",
			[]string{"2:68: mesh vertex type 'V' of argument 'o' has no \\[\\[position\\]\\] member"}},
		{"scalar vertex", "[[mesh]] void m(metal::mesh<float, void, 3, 1, metal::topology::point> o) {}",
			[]string{"1:72: must be float4 or a struct"}},
		{"shared member name", "struct V { float4 p [[position]]; float3 color; };\nstruct P {\n  uint id;\n  float3 color;\n};\n" +
			"[[mesh]] void m(metal::mesh<V, P, 3, 1, metal::topology::triangle> o) {}",
			[]string{"4:10: member 'color' of mesh primitive type 'P' has the name of a member of the vertex type 'V'"}},
	})
}

// TestMeshAmplificationAttrs: object functions take [[amplification_count]]
// (Table 5.12), mesh functions also [[amplification_id]] (Table 5.13),
// kernels neither.
func TestMeshAmplificationAttrs(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{"object count", "[[object]] void o(ushort n [[amplification_count]]) {}", nil},
		{"object id", "[[object]] void o(uint i [[amplification_id]]) {}",
			[]string{"1:28: \\[\\[amplification_id\\]\\] is not a valid input attribute for object functions"}},
		{"mesh id and count", "[[mesh]] void m(uint i [[amplification_id]], uint n [[amplification_count]]) {}", nil},
		{"mesh id float", "[[mesh]] void m(float i [[amplification_id]]) {}", []string{"1:27: invalid type 'float' for \\[\\[amplification_id\\]\\]"}},
		{"kernel count", "kernel void k(uint n [[amplification_count]]) {}",
			[]string{"1:24: \\[\\[amplification_count\\]\\] is not a valid input attribute for kernel functions"}},
	})
}
