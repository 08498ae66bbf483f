// feature: enums declared before their definition with a fixed underlying type, as shared headers write them
// expect: valid
// note: Apple's NS_ENUM, defined for Metal as `enum _name : _type _name; enum _name : _type`, expands to
// note: `typedef enum E : T E;` (the opaque declaration of E, then a typedef of the same name) and the definition.
#include <metal_stdlib>
using namespace metal;

#define NS_ENUM(_type, _name) enum _name : _type _name; enum _name : _type
#define NSInteger metal::int32_t

typedef NS_ENUM(NSInteger, BufferIndex)
{
    BufferIndexInput  = 0,
    BufferIndexOutput = 3,
};

enum Later : uint;
typedef enum Later : uint LaterAlias;
enum Later : uint { LaterA = 7 };
enum Later : uint; // a redeclaration after the definition is fine

enum class Mode : short;
enum class Mode : short { Off, On };

kernel void k(device const int* in [[buffer(BufferIndexInput)]], device int* out [[buffer(BufferIndexOutput)]],
              uint i [[thread_position_in_grid]]) {
    BufferIndex b = BufferIndexOutput;
    LaterAlias l = LaterA;
    Later m = l;
    Mode mode = Mode::On;
    out[i] = in[i] + int(b) + int(m) + (mode == Mode::On ? 1 : 0);
}
