// seed: 000 §5.1.12 (Kullanıcı Açıklama Özniteliği), example 1 of that section, kept verbatim
// expect: error
// note: verbatim seed text: the "explicit instantiations" name funcImpl (no such template; the template is funcTmpl)
// note: and have bodies. As C++ this is an error on each instantiation; see 000_5.1.12_user_annotation.metal for the
// note: corrected form. Only the bodies `{ … }` were completed.
#include <metal_stdlib>
using namespace metal;

[[user_annotation("basecase"), kernel]] void funcB() { }

template<typename T> [[user_annotation("Tcase"), kernel]]
void funcTmpl(device T *x) { x[0] = T(0); }

// user_annotation'dan devral
 template [[host_name("funcImplInt"), kernel]]
void funcImpl(device int* x) { x[0] = 1; } // ERROR "funcImpl|instantiation"

// user_annotation'ı geçersiz kıl
 template [[host_name("funcImplFloat"),
           user_annotation("FPoverride"),
           kernel]]
void funcImpl(device float* x) { x[0] = 1.0f; } // ERROR "funcImpl|instantiation"
