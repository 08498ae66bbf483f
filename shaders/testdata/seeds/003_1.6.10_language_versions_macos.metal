// seed: 003 §1.6.10 (Dil Sürümünü Kontrol Eden Derleyici Seçenekleri) with §1.6.2, derived (no code in the seed)
// expect: valid
// flags: -std=macos-metal2.4
// note: -std=macos-metal2.4 selects macOS revision 2.4: __METAL_MACOS__ is defined, __METAL_IOS__ is not, and
// note: __METAL_VERSION__ is 24x.
#if !defined(__METAL_MACOS__) || defined(__METAL_IOS__)
#error "-std=macos-metal2.4 defines __METAL_MACOS__ only"
#endif

#if __METAL_VERSION__ < 240 || __METAL_VERSION__ >= 250
#error "-std=macos-metal2.4 gives __METAL_VERSION__ 24x"
#endif

#include <metal_stdlib>
using namespace metal;

kernel void macos24(device int *out [[buffer(0)]]) { out[0] = __METAL_VERSION__; }
