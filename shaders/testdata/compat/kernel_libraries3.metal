// feature: C++ of MLX's NAX kernels: generic lambdas (`[&](auto i)`, instantiated per argument type, `if
// constexpr` in their bodies, members of the enclosing method by its constness), integral_constant objects as
// constant expressions (template arguments, subscripts, conditions), deduction through alias templates
// (`bool_constant<B>`, `vec<U, N>` aliases), wide vectors vec<T, 8> and vec<T, 16>, class-type non-type template
// parameters, default arguments of function templates instantiated only when used, a static member named like a
// Metal library type (`Layout<16>::coord(l, i)`, not the sampler enum coord)
// expect: valid
#include <metal_stdlib>
using namespace metal;

template <int N> struct Int {
  static constexpr constant int value = N;
  constexpr operator int() const { return N; }
};
template <int start, int stop, typename F> void const_for(F f) {
  if constexpr (start < stop) {
    f(Int<start>{});
    const_for<start + 1, stop, F>(f);
  }
}
template <typename F> void dispatch_bool(bool v, F f) {
  if (v) {
    f(true_type{});
  } else {
    f(false_type{});
  }
}

template <typename U> using frag_t = vec<U, 8>;
static_assert(sizeof(vec<float, 8>) == 32 && alignof(vec<half, 16>) == 32, "wide vector layout");

struct Tile {
  frag_t<float> frags[2];
  template <int i> thread frag_t<float>& at() thread { return frags[i]; }
  template <int i> const thread frag_t<float>& at() const thread { return frags[i]; }
  void fill(float x) thread {
    const_for<0, 2>([&](auto i) { at<i.value>() = frag_t<float>(x + i); });
  }
  float sum() const thread {
    float s = 0;
    const_for<0, 2>([&](auto i) {
      const_for<0, 8>([&](auto j) { s += at<i>()[j]; });
    });
    return s;
  }
};

template <typename T> T scale(thread frag_t<T>& f, int k) { return f[k] * T(2); }
template <bool B> int pick(bool_constant<B>) { return B ? 1 : 2; }
template <typename OffX = Int<0>> int offset(int x, OffX off = Int<0>{}) { return x + off; }

struct Shape { int m, n; constexpr Shape(int m_, int n_ = 4) thread : m(m_), n(n_) {} };
template <Shape S> struct Op { static constexpr constant int size = S.m * S.n; };
static_assert(Op<Shape(2, 3)>::size == 6 && Op<Shape(5)>::size == 20, "class-type template arguments");

template <int R> struct Layout {
  static int coord(int l, int i) { return l * R + i; }
};

kernel void k(device float* out [[buffer(0)]], uint id [[thread_position_in_grid]]) {
  Tile t;
  t.fill(1.0f);
  frag_t<float> f = frag_t<float>(0);
  f[7] = t.sum();
  int r = 0;
  dispatch_bool(id > 3, [&](auto flag) {
    if constexpr (flag) {
      r = pick(flag);
    } else {
      r = pick(flag) + 10;
    }
  });
  constexpr auto sh = Shape(3, 2);
  int q = Layout<16>::coord(int(id), 2);
  r += q;
  out[id] = scale(f, 7) + float(r + offset(1, Int<16>{}) + Op<sh>::size) + f[Int<7>{}];
}
