// seed: 003 §1.5.3 (C++ features not available in Metal), derived from prose (no code in the seed)
// expect: error
// note: not available: lambda expressions before Metal 3.2 (see 003_1.5_derived_lambda_*), dynamic_cast, type
// note: identification (typeid), new and delete, noexcept (accepted by ingot, see below), goto, register and thread_local, virtual functions,
// note: derived classes, exception handling. One error per construct.
#include <metal_stdlib>
using namespace metal;

struct Base {
    virtual float f() const { return 1.0f; } // ERROR "virtual"
};

struct Plain {
    float v;
};

struct Derived : Plain { // ERROR "derived|base|inherit"
    float w;
};

float use_goto(float x)
{
    if (x > 0.0f)
        goto done; // ERROR "goto"
    x = -x;
done:
    return x;
}

float use_register(float x)
{
    register float r = x; // ERROR "register"
    return r;
}

// ingot accepts and ignores noexcept, as Apple's compiler does (docs/msl-compat.md).
float use_noexcept(float x) noexcept
{
    return x;
}

float use_throw(float x)
{
    if (x < 0.0f)
        throw 1; // ERROR "exception|throw"
    return x;
}

float use_try(float x)
{
    try { // ERROR "exception|try"
        x = x + 1.0f;
    } catch (...) {
        x = 0.0f;
    }
    return x;
}

kernel void use_new(device float *p [[buffer(0)]])
{
    thread float *q = new float(1.0f); // ERROR "new"
    p[0] = *q;
    delete q; // ERROR "delete"
}

kernel void use_casts(device Plain *p [[buffer(0)]], device float *out [[buffer(1)]])
{
    Plain local = p[0];
    thread Plain &ref = local;
    out[0] = dynamic_cast<thread Plain *>(&ref)->v; // ERROR "dynamic_cast"
    out[1] = float(typeid(ref).hash_code()); // ERROR "typeid|type identification"
    out[2] = p->v;
}
