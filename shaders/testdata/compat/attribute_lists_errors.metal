// feature: attributes of one list written without a comma: misuse
// expect: error
#include <metal_stdlib>
using namespace metal;

struct Out {
    float4 color [[color(0) 1]]; // ERROR "expected ',' or ']' in attribute list"
    float4 mask [[color(1)]];
};

fragment Out f(float4 pos [[position]]) {
    return Out{pos, float4(1)};
}
