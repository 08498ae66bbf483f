// seed: 000 §5.3 (Depolama Sınıfı Belirleyicileri), derived from prose (no code in the seed for these rules)
// expect: error
// note: "Metal, thread_local depolama sınıfı belirleyicisini desteklemez." and static "bir grafik veya kernel fonksiyonu
// note: içinde bildirilen değişkenler için kullanılamaz" (here in a vertex and a fragment function; the kernel case is
// note: the seed's own example 000_5.2.4.3_kernel_stage_in_static.metal).
#include <metal_stdlib>
using namespace metal;

thread_local float tl_value; // ERROR "thread_local"

vertex float4 static_in_vertex(uint vid [[vertex_id]])
{
    static constant float4 offsets[2] = { float4(0.0f), float4(1.0f) }; // ERROR "static"
    return offsets[vid & 1];
}

fragment float4 static_in_fragment()
{
    static float counter; // ERROR "static"
    return float4(counter);
}
