// seed: 003 §1.6.2 (Ön İşlemci Tanımları) and the macro listing before §1.6.1, example 1 of that section
// expect: valid
// flags: -std=metal3.0
// note: predefined macros: __METAL_VERSION__ (MajorMinorPatch: 1.2 -> 120, 2.1 patch 1 -> 211), __METAL_MACOS__ /
// note: __METAL_IOS__ (platform language), __METAL__ (unified language, -std=metal3.0 or later).
// note: fixed: `__METAL.IOS__`, `__METAL.VERSION__`, `__METAL.MACOS__` -> `__METAL_IOS__`, `__METAL_VERSION__`,
// note: `__METAL_MACOS__`: transcription errors ('.' for '_'; the listing itself also spells `__METAL__` with '_').
// note: completed: the seed's listings are macro names with comments, and "Metal 2'de sunulan özellikleri kullanan
// note: kodu koşullu olarak dâhil etmek için ... ön işlemci tanımını kullanabilirsiniz" has no code; both are turned into
// note: #if checks (the `#if __METAL_VERSION__ >= 200` block is the English spec's example).
// note: `// flags:` gives compiler options for this case (see INDEX.md).
#if !defined(__METAL_VERSION__)
#error "__METAL_VERSION__ must be predefined"
#endif

#if !defined(__METAL__)   // Birleşik Metal dili ile derlenmişse ayarlanır
#error "__METAL__ must be predefined with -std=metal3.0 or later"
#endif

#if !defined(__METAL_MACOS__) && !defined(__METAL_IOS__)
#error "one of __METAL_MACOS__ / __METAL_IOS__ must be predefined"
#endif

#if __METAL_VERSION__ != 300
#error "-std=metal3.0 gives __METAL_VERSION__ 300"
#endif

#include <metal_stdlib>
using namespace metal;

#if __METAL_VERSION__ >= 200
// Metal 2 ile gelen özellikleri gerektiren kod.
constant int metal2_or_later = 1;
#else
constant int metal2_or_later = 0;
#endif

kernel void version_probe(device int *out [[buffer(0)]])
{
    out[0] = __METAL_VERSION__;
    out[1] = metal2_or_later;
}
