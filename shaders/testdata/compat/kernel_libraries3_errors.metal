// feature: C++ of MLX's NAX kernels: misuse (generic lambdas, wide vectors, integral constants)
// expect: error
#include <metal_stdlib>
using namespace metal;

struct Int2 { int n; };
template <typename F> void call_twice(F f) {
  f(Int2{});
  f(1);
}
struct Counter { int n; };

kernel void k(device float* out [[buffer(0)]]) {
  vec<float, 5> v5; // ERROR "invalid arguments for 'vec'"
  packed_vec<float, 8> p8; // ERROR "invalid arguments for 'packed_vec'"
  vec<float, 8> w = vec<float, 8>(1);
  float x = w.s9; // ERROR "illegal vector component name"
  call_twice([&](auto a) { out[0] = a.n; }); // ERROR "member reference base type 'int' is not a structure"
  auto g = [](auto a, auto b) { return a + b; };
  out[1] = g(1.0f); // ERROR "expected 2 arguments, have 1"
  Counter c;
  int arr[4];
  arr[c] = 1; // ERROR "array subscript is not an integer"
}
