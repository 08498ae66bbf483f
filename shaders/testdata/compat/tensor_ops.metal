// feature: <metal_tensor> and <MetalPerformancePrimitives/MetalPerformancePrimitives.h> (Metal 4 tensor ops):
// matmul2d_descriptor (a constexpr class-type template argument, default arguments), matmul2d with its
// cooperative tensors (capacity, mask, indices, operator[]), run, execution scopes, extents
// expect: valid
#include <metal_stdlib>
#include <metal_tensor>
#include <MetalPerformancePrimitives/MetalPerformancePrimitives.h>
using namespace metal;
using namespace mpp::tensor_ops;

constexpr constant auto d_nn = matmul2d_descriptor(16, 32, 16, false, false, false, matmul2d_descriptor::mode::multiply_accumulate);
static_assert(d_nn.m == 16 && d_nn.n == 32 && d_nn.k == 16, "fields");
static_assert(matmul2d_descriptor(16, 16).k == -1, "k defaults to dynamic_extent");
static_assert(matmul2d_descriptor(16, 16).matmul_mode == matmul2d_descriptor::mode::multiply, "mode defaults to multiply");
static_assert(extents<int, 16, 32>::rank() == 2, "rank");
static_assert(dextents<int32_t, 3>::rank() == 3, "dextents rank");
static_assert(__is_execution_scope<execution_simdgroups<4>>::value, "simdgroups scope");

template <bool TL>
float tile(const device float* A, const device half* B, uint lane) {
  constexpr auto desc = matmul2d_descriptor(16, 32, 16, TL, false, true, matmul2d_descriptor::mode::multiply);
  matmul2d<desc, execution_simdgroup> op;
  static_assert(decltype(op)::descriptor.transpose_left == TL, "descriptor member");
  auto a = op.template get_left_input_cooperative_tensor<float, half, float>();
  auto b = op.get_right_input_cooperative_tensor<float, half, float>();
  auto c = op.get_destination_cooperative_tensor<remove_addrspace_t<decltype(a)>, decltype(b), float>();
  for (uint16_t i = 0; i < a.get_capacity(); i++) {
    int2 p = a.get_multidimensional_index(i);
    a[i] = A[p.y * 16 + p.x];
  }
  for (uint16_t i = 0; i < b.get_capacity(); i++) {
    if (b.get_mask(i)) {
      int2 p = b.get_multidimensional_index(i);
      b[i] = B[p.y * 32 + p.x];
    }
  }
  op.run(a, b, c);
  return c[0] + c[c.get_capacity() - 1];
}

kernel void k(const device float* A [[buffer(0)]], const device half* B [[buffer(1)]], device float* out [[buffer(2)]],
              uint lane [[thread_index_in_simdgroup]]) {
  out[lane] = tile<false>(A, B, lane) + tile<true>(A, B, lane); // EXPECT-FUNC name=k kind=kernel
}
