// seed: 000 §5.1 (5.1 Fonksiyonlar, kernels in nested namespaces), example 2 of that section
// expect: valid
// note: Metal 2.2+: a qualified function declared in a namespace is referenced from the API with its
// note: namespace-qualified name (outer::functionA, outer::inner::functionB); plain "functionA" does not name it.
// note: completed: the elided bodies `{ … }` are empty (the functions take no arguments).
// EXPECT-FUNC name=outer::functionA kind=kernel
// EXPECT-FUNC name=outer::inner::functionB kind=kernel
#include <metal_stdlib>
using namespace metal;

namespace outer {
    [[kernel]] void functionA() { }

    namespace inner {
        [[kernel]] void functionB() { }
    }
}
