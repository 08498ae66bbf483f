// Forms of shared host/shader headers and translator output (docs/msl-compat.md).
// RUN kernel=ns_enum_indices grid=4 tg=4
// BUF 0 int[4] = 1 2 3 4
// BUF 3 int[4] zero
// EXPECT 3 int[] = 11 12 13 14
// RUN kernel=constant_sized_arrays grid=1 tg=1
// BUF 0 int[8] zero
// EXPECT 0 int[] = 3 5 0 1 2 0 10 20
#include <metal_stdlib>
using namespace metal;

// Apple's NS_ENUM as shared headers define it for Metal.
#define NS_ENUM(_type, _name) enum _name : _type _name; enum _name : _type
typedef NS_ENUM(int32_t, BufferIndex) {
    BufferIndexInput = 0,
    BufferIndexOutput = 3,
};
typedef enum Offset : uint Offset;
enum Offset : uint { OffsetTen = 10 };

kernel void ns_enum_indices(device const int* in [[buffer(BufferIndexInput)]],
                            device int* out [[buffer(BufferIndexOutput)]],
                            uint i [[thread_position_in_grid]]) {
    Offset o = OffsetTen;
    out[i] = in[i] + int(o);
}

// Program-scope constants as array sizes (SPIRV-Cross's spec constants
// without function constants).
constant int kA = 3;
constant int kB = kA + 2;
struct Sized {
    int a[kA];
    int b[kB - kA];
};

kernel void constant_sized_arrays(device int* out [[buffer(0)]]) {
    Sized s;
    for (int i = 0; i < kA; ++i) {
        s.a[i] = i;
    }
    s.b[0] = 10;
    s.b[1] = 20;
    out[0] = int(sizeof(s.a) / sizeof(int));
    out[1] = int(sizeof(Sized) / sizeof(int));
    out[2] = s.a[0];
    out[3] = s.a[1];
    out[4] = s.a[2];
    out[5] = 0;
    out[6] = s.b[0];
    out[7] = s.b[1];
}
