// seed: 000 §5.1.12 (Kullanıcı Açıklama Özniteliği), example 1 of that section
// expect: valid
// note: funcB -> "basecase"; instantiations inherit the template's annotation "Tcase" unless they override it
// note: ("FPoverride"). Metal 4+.
// note: fixed: the seed's explicit instantiations read `void funcImpl(device int* x) { … }` — they name a template
// note: that does not exist (funcImpl instead of funcTmpl) and carry a body, which an explicit instantiation cannot;
// note: the prose says funcImplInt inherits "Tcase" from the template, so they must instantiate funcTmpl.
// note: Changed to `void funcTmpl(device int* x);` (verbatim variant: 000_5.1.12_user_annotation_verbatim.metal).
// note: completed: bodies `{ … }`.
// EXPECT-FUNC name=funcB kind=kernel user_annotation=basecase
// EXPECT-FUNC name=funcImplInt kind=kernel host_name=funcImplInt user_annotation=Tcase
// EXPECT-FUNC name=funcImplFloat kind=kernel host_name=funcImplFloat user_annotation=FPoverride
#include <metal_stdlib>
using namespace metal;

[[user_annotation("basecase"), kernel]] void funcB() { }

template<typename T> [[user_annotation("Tcase"), kernel]]
void funcTmpl(device T *x) { x[0] = T(0); }

// user_annotation'dan devral
 template [[host_name("funcImplInt"), kernel]]
void funcTmpl(device int* x);

// user_annotation'ı geçersiz kıl
 template [[host_name("funcImplFloat"),
           user_annotation("FPoverride"),
           kernel]]
void funcTmpl(device float* x);
