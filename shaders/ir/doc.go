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
// Float math ops (OpSqrt, OpExp2, OpSin, ...) are correctly rounded (see
// MathF32); their OpFast* twins (OpFastExp2, OpFastLog2, OpFastSin,
// OpFastCos, OpFastTan, OpFastRsqrt) are MSL's fast:: forms, which
// fast-math lowering emits: internal/fmath's Fast* functions, within the
// bounds of MSL Table 8.2, giving the same bits in every executor and in
// constant folding.
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
// they break) and OpReturn. OpDiscard (discard_fragment) is not control
// flow: as in Metal 2.3 and later it demotes the lane to a helper, which
// keeps running (for its quad's derivatives) without side effects. A
// Continuing block sees only temporaries defined before its loop.
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
// # Lowering guide
//
// How MSL maps onto the model (the Builder calls in parentheses):
//   - Scalars, vectors, matrices: one register per component; a swizzle
//     is a choice of registers, a swizzled store sets some of them.
//   - Local variables that are assigned (incl. loop counters): Var + Set;
//     values computed once: temporaries. Use a Var to carry any value out
//     of an if, switch or loop (temporaries do not escape their block).
//   - Structs and arrays by value: one register per scalar leaf; when
//     indexed with a non-constant index or addressed (&x, a pointer or
//     reference passed on), an Alloca'd Thread slot laid out as in memory.
//   - Pointers and references: U64 addresses; the address space is static
//     in MSL and goes on every Load/Store. p[i].m is base + ext(i)*stride +
//     offset(m) computed with Conv/Mul/Add on U64 (executors recognise this
//     form). Device/constant buffer arguments and argument-buffer pointers
//     are U64 parameters; textures/samplers/acceleration structures are
//     U64 resource IDs handed to intrinsics.
//   - for (init; cond; step) body: init; Loop; If(!cond) Break; body;
//     Continuing; step; EndLoop. while: the same without Continuing;
//     do-while: Loop; body; Continuing; If(!cond) Break; EndLoop.
//   - a && b, a || b, c ? x : y: If/Else writing a Var when the operands
//     have side effects or may fault (loads, calls); Select otherwise.
//   - switch: Switch/Case/Default with C fallthrough; break is Break.
//   - Calls: Call; inout/out parameters pass an Alloca'd address (or the
//     callee returns several results). Intrinsics: declare with
//     Program.Intrinsic (executors provide them by name) and Intrinsic.
//   - Kernel inputs ([[thread_position_in_grid]] ...): Builtin, one call
//     per component; threadgroup variables: offsets below
//     Function.ThreadgroupMemory; [[threadgroup(n)]] arguments: U64
//     parameters holding their offsets.
//   - Function constants: Program.Constants, FuncConst,
//     FuncConstDefined; Specialize at pipeline creation.
//
// # Building and passes
//
// The lowering builds functions with a Builder (NewFunction), which checks
// kinds as it goes and runs VerifyFunction in Finish. Fprint gives a
// deterministic text form for golden tests. The passes, each followed by
// Verify in tests: Specialize (function constants, once per pipeline; it
// works on a copy), Inline, Simplify (FoldConstants,
// EliminateCommonSubexpressions, ForwardVariables, CoalesceVariables,
// EliminateDeadSets and EliminateDeadCode to a fixed point) and
// AnalyzeUniformity. Every pass is deterministic: the same input gives the
// same IR.
package ir
