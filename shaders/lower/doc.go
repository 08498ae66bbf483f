// Package lower translates checked MSL (shaders/sema) into ingot's
// scalarized, structured IR (shaders/ir).
//
// # Entry points
//
// Entry(prog, fn, opts) lowers a kernel and every function it calls into
// one ir.Program whose function Result.Entry (the kernel's host name) is
// flagged Kernel. Function(prog, f, opts) lowers any function with a body
// into a kernel-shaped wrapper (see Function and WrapperLayout). Neither
// specializes function constants: run ir.Specialize on Result.Program once
// per pipeline. Errors are *Error values with a source position (or
// wrapped ir verification errors); lowering never panics on bad input.
//
// # Kernel parameter ABI
//
// The entry function has one U64 parameter per resource binding, in the
// order of the MSL arguments (built-in inputs take none: they are read
// with ir.OpBuiltin). Result.Bindings describes each parameter:
//
//   - BindBuffer: a device or constant pointer/reference argument gets the
//     GPU address (Buffer.GPUAddress()+offset); an argument declared by
//     value ([[buffer(i)]] T x) gets the address of Size bytes holding it
//     (setBytes), read once on entry from the Constant space.
//   - BindTexture, BindSampler: resource IDs; an array<texture2d<T>, N> or
//     sampler array takes N consecutive parameters (Index, Index+1, ...).
//     A constexpr sampler never appears here: it is a constant descriptor
//     (stdlib.EncodeSampler, bit 63 set).
//   - BindThreadgroup: a [[threadgroup(i)]] argument's offset in the
//     threadgroup memory. The engine places these after the kernel's
//     static threadgroup variables (Result.ThreadgroupMemory bytes), each
//     16-byte aligned, in increasing Index order, with the lengths set by
//     setThreadgroupMemoryLength, and passes the total of those lengths as
//     exec.Dispatch.ThreadgroupMemory. Sizes are therefore chosen at
//     dispatch.
//   - BindHandle: 8-byte resource IDs of acceleration structures and
//     function tables.
//
// After the argument parameters come the program-scope resource bindings
// of §5.9 (globals declared with [[buffer(i)]], [[texture(i)]],
// [[sampler(i)]] or [[threadgroup(i)]]), one U64 each (arrays: one per
// slot), in declaration order, described by Bindings like arguments (the
// ArgName is the global's name). Every IR function of the program receives
// them as hidden trailing parameters, so helpers can use them. Vertex and
// fragment functions (Stage) take one last parameter, BindStageIO.
//
// A kernel with a [[stage_in]] argument (compute stage-in) also takes a
// last BindStageIO parameter and a Result.Wrapper record layout holding
// the stage_in struct, exactly as Stage does for vertex functions.
//
// Lambdas are lowered as functions taking the Thread addresses of the
// variables they capture after their parameters (captures act by
// reference during each call; the lambda value itself is resolved
// statically at each call site).
//
// Function pointers (&f, a function name used as a value) are U64 ids;
// a call through one switches over the program's address-taken functions
// (and [[visible]] functions) of that signature. visible_function_table
// lookups use the stdlib.FuncTableGet intrinsic, which must yield the ids
// in Result.FunctionIDs.
//
// A binding with FuncConst set exists only when that function constant is
// true; pass 0 otherwise. IndexConst names the function constant that
// gives a binding's index.
//
// # Values and memory
//
// Scalars, vectors and matrices are flattened into one register per
// component (matrices column-major); structs field by field, arrays
// element by element. Locals live in variable registers unless their
// address is taken or they are arrays (thread memory from ir.OpAlloca);
// unions live in memory. Loads and stores follow sema.Layout exactly
// (float3 takes 16 bytes, packed_float3 12, bool one byte, half two).
// Pointers are U64 addresses in the space their type names; a reference
// parameter receives the address of its object (an object held in
// registers, or in another address space than the parameter's, is copied
// into thread memory for the call and copied back afterwards). Methods
// take their receiver's Thread address as a hidden first parameter (again
// copied in and out when the receiver lives elsewhere).
//
// Program-scope constants with a constant value are folded. Program-scope
// arrays with a compile-time constant initializer go into the program's
// data segment (ir.Program.Data, mapped read-only at ir.DataBase in the
// constant address space), once per program: they are indexed, referenced
// and pointed to in place. Other program-scope constants (structs,
// matrices, arrays whose initializer needs function constants) are
// materialized at the start of each function that uses them (arrays in
// thread memory). Function constants become
// ir.OpFuncConst / ir.OpFuncConstDefined (scalars only); derived constants
// are computed from their initializer where used.
//
// # Ray tracing
//
// metal::raytracing lowers onto the stdlib ray-tracing intrinsics
// (stdlib/raytracing.go, implemented by engine/rt): a ray is a plain
// struct (its constructor defaults max_distance to +Inf); an intersector
// or intersection_params is one U32 register holding an RTOptions word,
// updated by its set_*/force_opacity/assume_*/accept_any_intersection
// methods. intersect(ray, as, [mask,] [time,] [table [, payload]])
// becomes rt.begin, a loop { rt.step; break on 0; switch over the linked
// [[intersection]] functions whose tags equal the intersector's: call,
// rt.decide }, the rt.result reads of the fields the result type has, and
// rt.end; where no intersection function can run (none linked with those
// tags, or no table operand) it is one fused rt.intersect call whose
// variant returns exactly those fields. Intersection functions are IR functions taking (state, payload
// Thread address, program-scope bindings...) and returning their MSL
// result; they read the table 5.10 inputs with rt.candidate.* and their
// [[buffer(i)]] arguments (bound by the table's setBuffer) with
// rt.buffer. Options.IntersectionFunctions selects the linked set;
// Result.IntersectionFunctionIDs gives the id a table entry must hold.
// An intersection_query is a U64 handle variable: construction/reset
// rt.begin in query mode, next() is rt.step, commit_* rt.decide, abort()
// rt.abort, the getters rt.candidate.*/rt.result.*, and every return of
// the declaring function rt.ends it. Not supported: max_levels instance-id
// arrays as intersection inputs, [[primitive_data]] (result field is 0),
// curves, intersection function buffers, the Metal 3.2 callback forms.
//
// # Standard library
//
// The metal_stdlib functions become IR compositions (shaders/stdlib: E for
// float math, I for integer functions) or executor intrinsics (atomics,
// simd_*, barriers: engine/exec's names, mirrored by stdlib.AtomicDecl,
// SimdDecl, VoteDecl and BarrierDecl; quad_* functions are built from
// simd_shuffle*; texture methods use stdlib.TextureIntrinsics). Half
// math is computed in float32 and rounded to binary16.
package lower
