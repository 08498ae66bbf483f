// feature: enums declared before their definition with a fixed underlying type: misuse
// expect: error
#include <metal_stdlib>
using namespace metal;

typedef enum Twice : int Twice;
enum Twice : int { TwiceA };
enum Twice : int { TwiceB }; // ERROR "redefinition of 'Twice'"

enum Base : uint;
enum Base : int { BaseA }; // ERROR "enumeration redeclared with different underlying type 'int' \(was 'uint'\)"

enum class Scoped : int;
enum Scoped : int { ScopedA }; // ERROR "enumeration previously declared as scoped"

enum Fixed : int;
enum Fixed { FixedA }; // ERROR "enumeration previously declared with fixed underlying type"

enum Bad : float; // ERROR "invalid underlying type 'float' of enum"

kernel void k(device int* out [[buffer(0)]]) {
    out[0] = TwiceA;
}
