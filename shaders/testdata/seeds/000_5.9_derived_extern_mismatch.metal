// seed: 000 §5.9, derived from prose (no code in the seed for this rule)
// expect: error
// note: "Bildirim ile tanımın bağlama ve tür bilgileri aynı olmalıdır." — an extern declaration and the definition of a
// note: global binding with different binding indices (or types) is an error, reported at the definition.
#include <metal_stdlib>
using namespace metal;

extern constant texture2d<float> t [[texture(0)]];

constant texture2d<float> t [[texture(2)]]; // ERROR "binding|texture|redecl|mismatch|differ"

extern constant texture2d<half> u [[texture(3)]];

constant texture2d<float> u [[texture(3)]]; // ERROR "type|redecl|mismatch|differ|conflict"
