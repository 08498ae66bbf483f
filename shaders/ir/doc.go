// Package ir is ingot's typed, structured, scalarized intermediate
// representation of MSL functions, the passes that run on it, and the
// scalar semantics (Eval) every executor shares.
//
// # Model
//
// A Program holds Functions, the IntrinsicDecls they call and the
// FuncConstants they read. A Function has registers (Regs), parameters
// (Params, temporaries defined on entry), result kinds and a Body: a Block
// of Instrs. Everything is scalar: the lowering splits vectors and
// matrices into component registers, and puts arrays and structs that are
// indexed dynamically into memory (Alloca for the thread address space).
//
// Registers have a Kind (Bool, I8..I64, U8..U64, F16, F32; pointers are
// U64 addresses) and a Class (Uniform or Varying, set by
// AnalyzeUniformity). A temporary is defined once and used only where its
// definition dominates in the structured sense; a variable (RegInfo.Var)
// is written by OpSet anywhere and carries values across control flow.
// This split is what makes masked execution cheap: arithmetic on
// temporaries runs on all lanes unmasked, only OpSet, stores, loads and
// calls look at the execution mask.
//
// Values are uint64 patterns (see Normalize): small integers are kept
// extended to 32 bits and wrapped after every op; F16 values are float32
// rounded to binary16 after every op; integer division by zero gives 0;
// float-to-integer conversion truncates, saturates and maps NaN to 0;
// shifts take their count modulo the width; fmin/fmax ignore one NaN.
//
// # Memory
//
// OpLoad/OpStore access 1, 2, 4 or 8 bytes (the Kind's size; F16 is stored
// as binary16, Bool as one byte) at a U64 address in an address Space, and
// fault unless the address is a multiple of Align:
//   - Device and Constant addresses are GPU addresses, resolved and bounds
//     checked through the executor's buffer table; texture, sampler and
//     acceleration-structure handles are U64 resource IDs passed to
//     intrinsics.
//   - Threadgroup addresses are offsets into the threadgroup's memory
//     (Function.ThreadgroupMemory bytes of static variables first).
//   - Thread addresses point into the invoking lane's private stack:
//     (call depth << ThreadFrameShift) | offset. Alloca reserves a slot in
//     the current function's frame; a pointer to a caller's local stays
//     valid in the callee, as in C.
//
// # Control flow
//
// There is no goto. OpIf (Then/Else), OpLoop (Body, then Continuing; it
// exits only by OpBreak or OpReturn), OpBreak (innermost loop or switch),
// OpContinue (to the innermost loop's Continuing block), OpSwitch (Cases
// with C fallthrough: a case's lanes continue into the next case unless
// they break), OpReturn and OpDiscard (discard_fragment). A Continuing
// block sees only temporaries defined before its loop.
//
// # Calls
//
// OpCall calls another function of the program by index, recursion
// included (executors keep one register frame per call depth and run the
// callee for the calling lanes under their mask). OpIntrinsic calls a
// native lane function the executor provides by name (IntrinsicDecl):
// texture access, atomics, simd_* and quad_* functions, barriers,
// intersect; its flags tell the passes whether it may be removed
// (SideEffects), moved (Convergent), whether its result is uniform for
// uniform arguments (UniformResult) and whether it is a threadgroup
// barrier (Barrier).
//
// # Building and passes
//
// The lowering builds functions with a Builder (NewFunction), which checks
// kinds as it goes and runs VerifyFunction in Finish. Fprint gives a
// deterministic text form for golden tests. The passes, each followed by
// Verify in tests: Specialize (function constants, once per pipeline; it
// works on a copy), FoldConstants, Inline, EliminateDeadCode (Simplify
// runs the two cleanups to a fixed point) and AnalyzeUniformity. Every
// pass is deterministic: the same input gives the same IR.
package ir
