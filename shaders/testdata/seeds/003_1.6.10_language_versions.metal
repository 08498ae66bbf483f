// seed: 003 §1.6.10 (Dil Sürümünü Kontrol Eden Derleyici Seçenekleri) with §1.6.2, derived (no code in the seed)
// expect: valid
// flags: -std=ios-metal2.1
// note: -std=ios-metal2.1 selects the iOS language revision 2.1: __METAL_IOS__ is defined, __METAL_MACOS__ is not,
// note: and __METAL_VERSION__ is 21x (MajorMinorPatch). Companion: 003_1.6.10_language_versions_macos.metal.
#if !defined(__METAL_IOS__) || defined(__METAL_MACOS__)
#error "-std=ios-metal2.1 defines __METAL_IOS__ only"
#endif

#if __METAL_VERSION__ < 210 || __METAL_VERSION__ >= 220
#error "-std=ios-metal2.1 gives __METAL_VERSION__ 21x"
#endif

#include <metal_stdlib>
using namespace metal;

kernel void ios21(device int *out [[buffer(0)]]) { out[0] = __METAL_VERSION__; }
