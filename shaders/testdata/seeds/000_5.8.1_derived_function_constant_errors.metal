// seed: 000 §5.8.1, derived from prose (no code in the seed for these rules)
// expect: error
// note: "index değeri 0 ile 65535 arasında olmalıdır." and "Fonksiyon sabitleri yalnızca skaler veya vektör türü
// note: olabilir. Bir fonksiyon sabiti için kullanıcı tanımlı bir tür veya bir skaler ya da vektör türünden dizi
// note: kullanmak derleme hatasıyla sonuçlanır." Vector and scalar constants at the index bounds 0 and 65535 are valid.
#include <metal_stdlib>
using namespace metal;

struct Params {
    float scale;
    int count;
};

constant float4 ok_vector [[function_constant(0)]];
constant half ok_max_index [[function_constant(65535)]];
constant int too_big [[function_constant(65536)]]; // ERROR "65535|range|index"
constant int negative [[function_constant(-1)]]; // ERROR "65535|range|index"
constant Params bad_struct [[function_constant(1)]]; // ERROR "scalar|vector|type"
constant float bad_array [[function_constant(2)]][4]; // ERROR "scalar|vector|array|type"

kernel void use_constants(device float4 *out [[buffer(0)]])
{
    out[0] = ok_vector * float(ok_max_index);
}
