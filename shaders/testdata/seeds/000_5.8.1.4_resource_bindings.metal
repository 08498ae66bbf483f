// seed: 000 §5.8.1.4 (Kaynak Bağlamaları için Function Constant'lar), example 1 of that section
// expect: valid
// note: binding indices given by function constants (indexA, indexC, indexD) or by a constant derived from one
// note: (indexB = indexA + 2); the constant must be a scalar integer. These arguments are not considered by automatic
// note: index assignment (§5.2.1); their indices are known only after specialization.
// note: completed: struct UserParams and `T` (the seed uses `device T *p` in a non-template function; T is declared
// note: as `using T = float;`); the `...` parameter is removed; body `{ ... }`.
// EXPECT-CONST name=indexA index=0 type=int
// EXPECT-CONST name=indexC index=1 type=int
// EXPECT-CONST name=indexD index=2 type=int
// EXPECT-FUNC name=my_kernel kind=kernel
#include <metal_stdlib>
using namespace metal;

struct UserParams {
    float scale;
    uint count;
};

using T = float;

constant int indexA [[function_constant(0)]];
constant int indexB = indexA + 2;
constant int indexC [[function_constant(1)]];
constant int indexD [[function_constant(2)]];

[[kernel]] void my_kernel(
    constant UserParams& params [[buffer(indexA)]],
    device T *p [[buffer(indexB)]],
    texture2d<float> texA [[texture(indexC)]],
    sampler s [[sampler(indexD)]])
{ for (uint i = 0; i < params.count; ++i) p[i] = texA.sample(s, float2(float(i) * params.scale, 0.5f)).x; }
