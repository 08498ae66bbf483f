#include <metal_stdlib>
using namespace metal;

template<typename T>
kernel void bar(device T *x [[buffer(0)]], uint i [[thread_position_in_grid]]) { x[i] = T(i); }

template kernel void bar(device int *, uint);
template [[host_name("bar_float")]] kernel void bar(device float *, uint);
template [[host_name("bar_half")]] kernel void bar<half>(device half *, uint);

template<typename T> [[user_annotation("Tcase"), kernel]]
void funcTmpl(device T *x) {}

template [[host_name("funcImplInt"), kernel]]
void funcTmpl(device int* x);

template <typename T, int N = 4, typename U = vec<T, N>>
struct Buffer {
    T data[N];
    U last;
    template <typename V> V get(int i) const { return V(data[i]); }
    static constexpr int size = N;
};

template <> struct Buffer<bool, 1> { bool b; };

template <typename V, typename P, int MV, int MP>
using Mesh = mesh<V, P, MV, MP, topology::triangle>;

template <typename... Ts> void variadic(Ts... xs) {}

template <template <typename> class C, typename T> struct Wrap { C<T> c; };

void use() {
    Buffer<float> b;
    float f = b.get<float>(1);
    float g = b.template get<float>(0);
    int n = Buffer<float, 8>::size;
    array<float, 4> a;
    vec<float, 3> v = vec<float, 3>(1.0);
    visible_function_table<float(float, int)> table;
    bool less = n < 3 && n > 1;
    bool sh = (n >> 2) > 0;
    array<array<int, 2>, 3> nested;
}

[[mesh]] void m(mesh<float4, int, 8, 12, topology::triangle> out, uint t [[thread_index_in_threadgroup]]) {}
