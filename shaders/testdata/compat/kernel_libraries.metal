// feature: C++ of template-heavy kernel libraries (MLX, candle)
// expect: valid
// note: clang's type-trait intrinsics (__is_empty, __is_convertible, __is_same, __is_base_of) and the
// note: _v traits of metal_type_traits (is_convertible_v, is_same_v, …, remove_addrspace_t) used as
// note: template arguments; constructor templates with SFINAE defaults, qualified per address space;
// note: operator function templates; non-type template parameters whose type fails substitution
// note: (enable_if_t<c, bool> = true); constexpr evaluation of struct values (constructors, member
// note: access, `return {a, b};`) in static_assert; bfloat to and from integers; an in-class
// note: `template <>` specialization of a member function template; `if constexpr` discarding its
// note: other branch in template instances; member functions of class template instances checked
// note: only when used; reinterpret_cast to a reference and of an array to a pointer; member function
// note: templates called with explicit arguments (`t.template load<T, 2>(p)`, `loop<true>(p)` inside
// note: the class); default member initializers of array and struct members; the operator() of a
// note: temporary (`Op()(a, b)`); `!obj` through `operator bool()`; unary minus on bool; built-in
// note: unary operator templates; operators on objects converting to an arithmetic type (`i < integral_constant<int, 4>{}`).
#include <metal_stdlib>
using namespace metal;

template <typename T> struct pair2;
template <typename T> constexpr constant bool is_pair_v = false;
template <typename T> constexpr constant bool is_pair_v<pair2<T>> = true;

struct empty_tag {};
struct full_tag { int x; };
static_assert(__is_empty(empty_tag) && !__is_empty(full_tag) && !__is_empty(float4));
static_assert(__is_base_of(empty_tag, empty_tag) && !__is_base_of(empty_tag, full_tag));
static_assert(__is_same(int, int) && !__is_same(int, uint));
static_assert(is_convertible_v<int, float> && !is_convertible_v<float4, float> && is_convertible_v<int, bfloat>);
static_assert(is_same_v<remove_addrspace_t<float>, float> && is_integral_v<uint> && is_floating_point_v<half>);

template <typename T>
struct pair2 {
    T a;
    T b;
    constexpr pair2(T x, T y) thread : a(x), b(y) {}
    constexpr pair2() thread : a(0), b(0) {}
    template <typename U, typename = typename enable_if<!is_pair_v<U> && is_convertible_v<U, T>>::type>
    constexpr pair2(U x) thread : a(static_cast<T>(x)), b(static_cast<T>(0)) {}
    template <typename U, typename = typename enable_if<!is_pair_v<U> && is_convertible_v<U, T>>::type>
    constexpr pair2(U x) device : a(static_cast<T>(x)), b(static_cast<T>(0)) {}
};

template <typename T>
constexpr pair2<T> operator*(pair2<T> x, pair2<T> y) {
    return {x.a * y.a - x.b * y.b, x.a * y.b + x.b * y.a};
}
template <typename T, typename U, enable_if_t<!is_pair_v<U>, bool> = true>
constexpr pair2<T> operator*(U s, pair2<T> y) {
    return {static_cast<T>(s) * y.a, static_cast<T>(s) * y.b};
}

static_assert((pair2<half>{1.0h, 2.0h} * pair2<half>{3.0h, 4.0h}).a == -5.0h);
static_assert((pair2<float>{1.0f, 2.0f} * pair2<float>{3.0f, 4.0f}).b == 10.0f);
static_assert((2.0f * pair2<float>{3.0f, 4.0f}).b == 8.0f);
template <typename T>
constexpr pair2<T> operator-(pair2<T> x) { return {-x.a, -x.b}; }
static_assert((-pair2<float>{3.0f, 4.0f}).b == -4.0f);

struct Divide {
    template <typename T>
    T operator()(T x, T y) thread { return x / y; }
    template <>
    pair2<float> operator()(pair2<float> x, pair2<float> y) thread { return x; }
};

template <typename T>
bool is_nan_value(T x) {
    if constexpr (is_floating_point_v<T>) {
        return isnan(x);
    } else {
        return false;
    }
}

template <typename U>
struct Summer {
    U sum(U x) thread { return simd_sum(x); } // invalid for a struct U, never called
    U add(U x, U y) thread { return x; }
};

template <typename T>
struct Tile {
    vec<T, 2> frags[2] = {vec<T, 2>(1)};
    struct { T lo; T hi; } range{T(0), T(1)};
    template <typename U, int W>
    void load(const device U* src) thread {
        thread T* flat = reinterpret_cast<thread T*>(frags);
        for (int i = 0; i < 4; i++) {
            flat[i] = static_cast<T>(src[i * W]);
        }
    }
    template <bool Twice>
    static T scale(T x) { return Twice ? 2 * x : x; }
    static T twice(T x) { return scale<true>(x); }
};

template <typename T, T v>
struct int_const {
    static constexpr constant T value = v;
    constexpr operator T() const thread { return value; }
};
struct Fixed8 {
    uchar bits;
    operator half() thread { return half(bits); }
    operator float() thread { return static_cast<float>(this->operator half()); }
};
struct Mask {
    char x;
    constexpr operator bool() thread { return x != 0; }
};
template <typename Op, typename T>
T apply_op(T a, T b) { return Op()(a, b); }

kernel void kernel_libraries(device float* out [[buffer(0)]], device uint* idx [[buffer(1)]],
                             device bfloat* bf [[buffer(2)]], uint i [[thread_position_in_grid]]) {
    pair2<float> p(3);
    pair2<bfloat> q(2);
    pair2<float> r = p * p;
    Divide div;
    pair2<float> d = div(r, p);
    float f = div(6.0f, 3.0f);
    Summer<pair2<float>> s;
    pair2<float> t = s.add(d, r);
    bf[i] = idx[i];
    idx[i] = bf[i];
    float4 v = float4(1, 2, 3, 4);
    reinterpret_cast<thread float&>(v) = 5.0f;
    int_const<int, 4> four;
    int loops = 0;
    for (short j = 0; j < four; j++) {
        loops += four - j;
    }
    Fixed8 f8{2};
    loops += int(f8.operator float());
    Mask m{1};
    bool neg = !m;
    int minus = -neg;
    float q2 = apply_op<Divide>(8.0f, 2.0f) + float(minus);
    Tile<float> tile;
    tile.template load<float, 2>(out);
    tile.load<float, 1>(out);
    out[i + 1] = Tile<float>::twice(tile.frags[1].y) + tile.range.hi;
    out[i] = float(loops) + q2 + r.a + float(q.a) + t.a + f + (is_nan_value(f) ? 1.0f : 0.0f) + (is_nan_value(p) ? 1.0f : 0.0f) + v.x;
}
