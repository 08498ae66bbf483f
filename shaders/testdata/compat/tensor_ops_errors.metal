// feature: <metal_tensor> and MetalPerformancePrimitives tensor ops: misuse (errors at the use, with a note
// in the built-in header)
// expect: error
#include <metal_stdlib>
#include <metal_tensor>
#include <MetalPerformancePrimitives/MetalPerformancePrimitives.h>
using namespace metal;
using namespace mpp::tensor_ops;

struct not_a_scope {};

kernel void k(device half* p [[buffer(0)]], device float* out [[buffer(1)]]) {
  constexpr auto d = matmul2d_descriptor(16, 32, 16);
  matmul2d<d, not_a_scope> bad_scope; // ERROR "must be an execution scope"
  matmul2d<d, execution_simdgroup> op;
  auto a = op.get_left_input_cooperative_tensor<float, float, half>(); // ERROR "unsupported combination of left, right and destination element types"
  matmul2d<d, execution_simdgroups<4>> op4;
  auto a4 = op4.get_left_input_cooperative_tensor<float, float, float>(); // ERROR "for metal::execution_simdgroup only"
  constexpr auto dyn = matmul2d_descriptor(16, 32);
  matmul2d<dyn, execution_simdgroup> opd;
  auto ad = opd.get_left_input_cooperative_tensor<float, float, float>(); // ERROR "static k"
  auto l = op.get_left_input_cooperative_tensor<float, float, float>();
  auto r = op.get_right_input_cooperative_tensor<float, float, float>();
  auto c = op.get_destination_cooperative_tensor<decltype(l), decltype(r), float>();
  op.run(c, r, c); // ERROR "the left operand is not this operation's left input cooperative tensor"
  constexpr auto odd = matmul2d_descriptor(8, 32, 16);
  matmul2d<odd, execution_simdgroup> op8;
  auto l8 = op8.get_left_input_cooperative_tensor<float, float, float>(); // ERROR "multiples of 16"
  constexpr auto none = matmul2d_descriptor(0, 16);
  matmul2d<none, execution_simdgroup> empty; // ERROR "m and n must be positive"
  auto t = tensor<device half, dextents<int32_t, 2>, tensor_inline>(); // ERROR "metal::tensor is not supported by ingot"
  out[0] = c.missing(); // ERROR "no member named 'missing'"
}
