// seed: 000 §5.1.10 (Host Name Özniteliği), derived from prose (no code in the seed)
// expect: error
// note: "Farklı fonksiyonlara aynı adı verirseniz derleyici derleme zamanında hata üretir." — giving two different
// note: functions the same host name is a compile-time error; reported on the second declaration.
#include <metal_stdlib>
using namespace metal;

[[host_name("abc")]] [[kernel]] void funcA() {}

[[host_name("abc")]] [[kernel]] void funcB() {} // ERROR "host_name|abc"
