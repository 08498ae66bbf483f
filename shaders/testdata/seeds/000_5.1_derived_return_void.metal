// seed: 000 §5.1.3, §5.1.7, §5.1.8, derived from prose (no code in the seed for these rules)
// expect: error
// note: "kernel veya [[kernel]] özniteliği ile bildirilen fonksiyonlar void döndürmelidir", "Object fonksiyonları void
// note: döndürmelidir", "Mesh fonksiyonları void döndürmelidir", and "[[payload]] ... fonksiyon başına yalnızca bir kez
// note: belirtilebilir". Errors at the function declarator / the second payload.
#include <metal_stdlib>
using namespace metal;

struct Payload {
    uint count;
};

[[kernel]] float kernel_float(device float *p [[buffer(0)]]) // ERROR "void"
{
    return p[0];
}

[[object]] uint object_uint(object_data Payload &p [[payload]]) // ERROR "void"
{
    return p.count;
}

[[mesh]] int mesh_int(const object_data Payload &p [[payload]]) // ERROR "void"
{
    return int(p.count);
}

[[object]] void object_two_payloads(object_data Payload &p [[payload]],
                                    object_data Payload &q [[payload]], // ERROR "payload"
                                    mesh_grid_properties mgp)
{
    p.count = 1;
    q.count = 2;
    mgp.set_threadgroups_per_grid(uint3(1, 1, 1));
}
