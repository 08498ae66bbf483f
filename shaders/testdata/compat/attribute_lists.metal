// feature: attributes of one list written without a comma, as naga emits dual-source outputs
// expect: valid
// note: `[[color(0) index(1)]]` is taken as `[[color(0), index(1)]]` with a warning (Apple's compiler accepts it).
#include <metal_stdlib>
using namespace metal;

struct Out {
    float4 color [[color(0) index(0)]]; // WARNING "missing ',' between attributes"
    float4 mask [[color(0) index(1)]];  // WARNING "missing ',' between attributes"
};

fragment Out f(float4 pos [[position]]) {
    return Out{pos, float4(1)};
}
