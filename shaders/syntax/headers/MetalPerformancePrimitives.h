// ingot's <MetalPerformancePrimitives/MetalPerformancePrimitives.h>: the matmul2d tensor operation of
// Metal 4 (mpp::tensor_ops), written for ingot from the documented API. Cooperative tensors use ingot's
// layout (<metal_tensor>); run() is ordinary MSL, so it lowers and runs like user code. Tensor operands
// (metal::tensor) are not supported; docs/msl-compat.md lists what is provided.
#include <metal_tensor>
namespace mpp {
namespace tensor_ops {
enum class reduction_operation { sum, max, min };

struct matmul2d_descriptor {
  enum class mode { multiply, multiply_accumulate };
  int m, n, k;
  bool transpose_left, transpose_right;
  bool relaxed_precision;
  mode matmul_mode;
  constexpr matmul2d_descriptor(int m_, int n_, int k_ = static_cast<int>(metal::dynamic_extent), bool transpose_left_ = false,
                                bool transpose_right_ = false, bool relaxed_precision_ = false, mode mode_ = mode::multiply) thread
      : m(m_), n(n_), k(k_), transpose_left(transpose_left_), transpose_right(transpose_right_),
        relaxed_precision(relaxed_precision_), matmul_mode(mode_) {}
};

// Element-type codes of the supported (left, right, destination) combinations.
template <typename T> struct __type_code { static constexpr constant int value = 0; };
template <> struct __type_code<half> { static constexpr constant int value = 1; };
template <> struct __type_code<float> { static constexpr constant int value = 2; };
template <> struct __type_code<bfloat> { static constexpr constant int value = 3; };
template <> struct __type_code<char> { static constexpr constant int value = 4; };
template <> struct __type_code<uchar> { static constexpr constant int value = 5; };
template <> struct __type_code<int> { static constexpr constant int value = 6; };
constexpr bool __matmul2d_types_ok(int c) {
  return c == 111 || c == 141 || c == 151 || c == 411 || c == 511 || c == 112 || c == 122 || c == 142 || c == 152 ||
         c == 212 || c == 222 || c == 242 || c == 252 || c == 412 || c == 512 || c == 422 || c == 522 || c == 446 ||
         c == 556 || c == 333 || c == 332 || c == 322 || c == 343 || c == 342 || c == 232 || c == 433 || c == 432 ||
         c == 313 || c == 311 || c == 312 || c == 133 || c == 131 || c == 132 || c == 353 || c == 352 || c == 533 ||
         c == 532;
}
template <typename X, typename Y> struct __same { static constexpr constant bool value = false; };
template <typename X> struct __same<X, X> { static constexpr constant bool value = true; };
template <typename T> struct __accumulator { using type = float; };
template <> struct __accumulator<int> { using type = int; };

template <matmul2d_descriptor Descriptor, typename Scope> class matmul2d {
  static_assert(metal::__is_execution_scope<Scope>::value, "the Scope template argument of matmul2d must be an execution scope");
  static_assert(Descriptor.m > 0 && Descriptor.n > 0, "matmul2d_descriptor: m and n must be positive");

public:
  static constexpr constant matmul2d_descriptor descriptor = Descriptor;
  using scope = Scope;
  static constexpr constant int __left_rows = Descriptor.transpose_left ? Descriptor.k : Descriptor.m;
  static constexpr constant int __left_cols = Descriptor.transpose_left ? Descriptor.m : Descriptor.k;
  static constexpr constant int __right_rows = Descriptor.transpose_right ? Descriptor.n : Descriptor.k;
  static constexpr constant int __right_cols = Descriptor.transpose_right ? Descriptor.k : Descriptor.n;

  template <typename L, typename R, typename E>
  using cooperative_tensor_left_input_t =
      metal::cooperative_tensor<L, metal::extents<int, __left_cols, __left_rows>, metal::__frag16_layout<__left_rows, __left_cols>>;
  template <typename L, typename R, typename E>
  using cooperative_tensor_right_input_t =
      metal::cooperative_tensor<R, metal::extents<int, __right_cols, __right_rows>, metal::__frag16_layout<__right_rows, __right_cols>>;
  template <typename LeftOperand, typename RightOperand, typename E>
  using cooperative_tensor_destination_t =
      metal::cooperative_tensor<E, metal::extents<int, Descriptor.n, Descriptor.m>, metal::__frag16_layout<Descriptor.m, Descriptor.n>>;

  template <typename L, typename R, typename E>
  cooperative_tensor_left_input_t<L, R, E> get_left_input_cooperative_tensor() const thread {
    __check_cooperative<L, R, E>();
    return cooperative_tensor_left_input_t<L, R, E>{};
  }
  template <typename L, typename R, typename E>
  cooperative_tensor_right_input_t<L, R, E> get_right_input_cooperative_tensor() const thread {
    __check_cooperative<L, R, E>();
    return cooperative_tensor_right_input_t<L, R, E>{};
  }
  template <typename LeftOperand, typename RightOperand, typename E>
  cooperative_tensor_destination_t<LeftOperand, RightOperand, E> get_destination_cooperative_tensor() const thread {
    static_assert(metal::__is_cooperative_tensor<LeftOperand>::value && metal::__is_cooperative_tensor<RightOperand>::value,
                  "get_destination_cooperative_tensor: ingot supports cooperative tensor operand types only");
    __check_cooperative<typename LeftOperand::element_type, typename RightOperand::element_type, E>();
    return cooperative_tensor_destination_t<LeftOperand, RightOperand, E>{};
  }

  // run computes destination = left * right (mode::multiply) or
  // destination += left * right (mode::multiply_accumulate) for the
  // cooperative tensors of this operation; every thread of the SIMD-group
  // must call it.
  template <typename L, typename R, typename D>
  void run(thread L& left, thread R& right, thread D& destination) const thread {
    static_assert(metal::__is_cooperative_tensor<L>::value && metal::__is_cooperative_tensor<R>::value &&
                      metal::__is_cooperative_tensor<D>::value,
                  "matmul2d::run: ingot supports cooperative tensor operands only (tensor operands are not supported)");
    using LE = typename L::element_type;
    using RE = typename R::element_type;
    using DE = typename D::element_type;
    using LL = typename L::layout_type;
    using RL = typename R::layout_type;
    using DL = typename D::layout_type;
    __check_cooperative<LE, RE, DE>();
    static_assert(__same<L, cooperative_tensor_left_input_t<LE, RE, DE>>::value, "matmul2d::run: the left operand is not this operation's left input cooperative tensor");
    static_assert(__same<R, cooperative_tensor_right_input_t<LE, RE, DE>>::value, "matmul2d::run: the right operand is not this operation's right input cooperative tensor");
    static_assert(__same<D, cooperative_tensor_destination_t<L, R, DE>>::value, "matmul2d::run: the destination is not this operation's destination cooperative tensor");
    using A = typename __accumulator<DE>::type;
    constexpr int M = Descriptor.m, N = Descriptor.n, K = Descriptor.k;
    A a[M * K];
    A b[K * N];
    for (ushort lane = 0; lane < 32; lane++) {
      for (int i = 0; i < LL::capacity; i++) {
        A v = simd_shuffle(A(left[i]), lane);
        int2 rc = LL::__coord(lane, i);
        if (Descriptor.transpose_left) {
          a[rc.x * K + rc.y] = v; // stored K x M
        } else {
          a[rc.y * K + rc.x] = v;
        }
      }
      for (int i = 0; i < RL::capacity; i++) {
        A v = simd_shuffle(A(right[i]), lane);
        int2 rc = RL::__coord(lane, i);
        if (Descriptor.transpose_right) {
          b[rc.x * N + rc.y] = v; // stored N x K
        } else {
          b[rc.y * N + rc.x] = v;
        }
      }
    }
    ushort me = __metal_get_thread_index_in_simdgroup(ushort());
    for (int i = 0; i < DL::capacity; i++) {
      int2 rc = DL::__coord(me, i);
      A acc = Descriptor.matmul_mode == matmul2d_descriptor::mode::multiply_accumulate ? A(destination[i]) : A(0);
      for (int kk = 0; kk < K; kk++) {
        acc += a[rc.y * K + kk] * b[kk * N + rc.x];
      }
      destination[i] = DE(acc);
    }
  }

private:
  template <typename L, typename R, typename E> static void __check_cooperative() {
    static_assert(__matmul2d_types_ok(__type_code<L>::value * 100 + __type_code<R>::value * 10 + __type_code<E>::value),
                  "matmul2d: unsupported combination of left, right and destination element types");
    static_assert(__same<Scope, metal::execution_simdgroup>::value,
                  "ingot implements the cooperative tensors of matmul2d for metal::execution_simdgroup only");
    static_assert(Descriptor.k > 0, "cooperative tensors of matmul2d need a static k (not dynamic_extent)");
    static_assert(Descriptor.m % 16 == 0 && Descriptor.n % 16 == 0 && (Descriptor.k <= 0 || Descriptor.k % 16 == 0),
                  "ingot's cooperative tensors of matmul2d need m, n and k that are multiples of 16");
  }
};
} // namespace tensor_ops
} // namespace mpp
