// seed: 003 §1.6.1 (Ön İşlemci Derleyici Seçenekleri: -D name, -D name=definition, -I dir), derived (no code in the seed)
// expect: valid
// flags: -D name -D VALUE=3 -D NAME2=name
// note: "-D name: name makrosunu 1 tanımıyla önceden tanımlar"; "-D name=definition" is processed as if it appeared in a
// note: #define directive; several -D options are processed in order.
#if !defined(name) || name != 1
#error "-D name predefines name as 1"
#endif

#if VALUE != 3
#error "-D VALUE=3 predefines VALUE as 3"
#endif

#if NAME2 != 1
#error "-D NAME2=name expands to name, i.e. 1"
#endif

#include <metal_stdlib>
using namespace metal;

kernel void flags_probe(device int *out [[buffer(0)]]) { out[0] = VALUE + name; }
