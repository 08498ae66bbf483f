// seed: 000 §5.8.1.1 (Derlenecek Kod Yollarını Kontrol Etmek İçin Fonksiyon Sabitleri, preprocessor version), example 1 of that section
// expect: valid
// note: the ubershader written with preprocessor macros; compiles with or without -D OFFSET_DEFINED / -D COLOR_DEFINED.
// note: fixed: `#ifdef OFFSET.DEFINED` / `#ifdef COLOR.DEFINED` -> OFFSET_DEFINED / COLOR_DEFINED: transcription
// note: error ('.' for '_', as MAX.LIGHTS); with the dot the directive tests OFFSET and has extra tokens.
// note: fixed (extraction damage): the seed prints VertexOutput's members and `};` first and `struct VertexOutput {`
// note: after VertexInput, directly before the function; the header is restored above its members, and the function
// note: (which the damaged layout nests in the struct) stays at file scope with the seed's indentation.
// EXPECT-FUNC name=myVertex kind=vertex
// EXPECT-ATTR function=myVertex member=position index=0 type=float4
// EXPECT-ATTR function=myVertex member=offset index=1 type=float4
// EXPECT-ATTR function=myVertex member=color index=2 type=float4
#include <metal_stdlib>
using namespace metal;

struct VertexOutput {
float4 position [[position]];
float4 color;
};

struct VertexInput {
    float4 position [[attribute(0)]];
    float4 offset [[attribute(1)]];
    float4 color [[attribute(2)]];
};

    vertex VertexOutput
    myVertex(VertexInput vIn [[stage_in]])
    {
        VertexOutput vOut;
        vOut.position = vIn.position;

#ifdef OFFSET_DEFINED
        vOut.position += vIn.offset;
#endif

#ifdef COLOR_DEFINED
        vOut.color = vIn.color;
#else
        vOut.color = float4(0.0f);
#endif

        return vOut;
    }
