#include "textflag.h"

// func binRefs(refs *primRef, n, k int, c, s float32, nb int, out, spare *[32]bin)
//
// One-axis binning of refs[0:n) (builder.bin's one-axis loop): ref i goes
// to bin min(max(int((c_k-c)*s), 0), nb-1) of out when i is even, of spare
// when it is odd (two sets, so that runs of refs in one bin do not chain
// on a store), which counts it and grows its mins (bounds lo, centroid
// keys) and maxes (bounds hi, centroid keys) with integer min/max; then
// spare's bins are merged into out's (exact: out ends as builder.bin's
// bins). Lanes 3 and 7 of mn and mx are padding. The first nb bins of
// both sets are initialized here.
TEXT ·binRefs(SB), NOSPLIT, $0-56
	MOVQ   refs+0(FP), SI
	MOVQ   n+8(FP), CX
	MOVQ   k+16(FP), R8
	VMOVSS c+24(FP), X14
	VMOVSS s+28(FP), X13
	MOVQ   nb+32(FP), R9
	MOVQ   out+40(FP), DI
	MOVQ   spare+48(FP), R12
	SUBQ   DI, R12          // R12: spare - out (DX toggles between 0 and it)
	VPBROADCASTD kBinMax<>(SB), Y10
	VPBROADCASTD kBinMin<>(SB), Y11
	VPBROADCASTD kBinAbs<>(SB), X12
	XORQ AX, AX
	MOVQ DI, BX

init:
	VMOVDQU Y10, 0(BX)
	VMOVDQU Y11, 32(BX)
	MOVQ    $0, 64(BX)
	VMOVDQU Y10, 0(BX)(R12*1)
	VMOVDQU Y11, 32(BX)(R12*1)
	MOVQ    $0, 64(BX)(R12*1)
	ADDQ    $72, BX
	INCQ    AX
	CMPQ    AX, R9
	JLT     init

	MOVQ R9, R13            // nb (for the merge)
	DECQ R9                 // nb-1
	XORQ DX, DX             // the set: 0 (out) or R12 (spare)
	XORQ R11, R11

loop:
	TESTQ     CX, CX
	JEQ       merge
	VMOVSS    24(SI)(R8*4), X0
	VSUBSS    X14, X0, X0
	VMULSS    X13, X0, X0
	CVTTSS2SQ X0, AX
	CMPQ      AX, $0
	CMOVQLT   R11, AX
	CMPQ      AX, R9
	CMOVQGT   R9, AX
	IMULQ     $72, AX
	ADDQ      DI, AX
	ADDQ      DX, AX
	VMOVDQU   0(SI), X1     // lo x y z, hi x
	VMOVDQU   12(SI), X2    // hi x y z, centroid x
	VMOVDQU   24(SI), X3    // centroid x y z, id
	VPSRAD    $31, X3, X4   // fkey
	VPAND     X12, X4, X4
	VPXOR     X4, X3, X3
	VINSERTI128 $1, X3, Y1, Y1
	VINSERTI128 $1, X3, Y2, Y2
	VPMINSD   0(AX), Y1, Y1
	VPMAXSD   32(AX), Y2, Y2
	VMOVDQU   Y1, 0(AX)
	VMOVDQU   Y2, 32(AX)
	INCQ      64(AX)
	XORQ      R12, DX
	ADDQ      $40, SI
	DECQ      CX
	JMP       loop

merge:
	// out[i] = out[i] merged with spare[i], i < nb
	VMOVDQU 0(DI), Y1
	VMOVDQU 32(DI), Y2
	VPMINSD 0(DI)(R12*1), Y1, Y1
	VPMAXSD 32(DI)(R12*1), Y2, Y2
	VMOVDQU Y1, 0(DI)
	VMOVDQU Y2, 32(DI)
	MOVQ    64(DI)(R12*1), AX
	ADDQ    AX, 64(DI)
	ADDQ    $72, DI
	DECQ    R13
	JNE     merge
	VZEROUPPER
	RET

DATA kBinMax<>+0(SB)/4, $0x7fffffff
GLOBL kBinMax<>(SB), RODATA|NOPTR, $4
DATA kBinMin<>+0(SB)/4, $0x80000000
GLOBL kBinMin<>(SB), RODATA|NOPTR, $4
DATA kBinAbs<>+0(SB)/4, $0x7fffffff
GLOBL kBinAbs<>(SB), RODATA|NOPTR, $4

// func partitionRefs(src, tmp *primRef, n, k int, c, s float32, nb, split int) int
//
// builder.splitSides' partition of src[0:n) into tmp: refs whose bin
// (binRefs' along axis k) is below split fill tmp from the front, the
// others from the back, branch-free. Returns the number of the first.
TEXT ·partitionRefs(SB), NOSPLIT, $0-64
	MOVQ   src+0(FP), SI
	MOVQ   tmp+8(FP), DI
	MOVQ   n+16(FP), CX
	MOVQ   k+24(FP), R8
	VMOVSS c+32(FP), X14
	VMOVSS s+36(FP), X13
	MOVQ   nb+40(FP), R9
	DECQ   R9               // nb-1
	MOVQ   split+48(FP), R10
	XORQ   R11, R11         // lo
	LEAQ   -1(CX), R12      // hi
	XORQ   BX, BX

ploop:
	TESTQ     CX, CX
	JEQ       pdone
	VMOVSS    24(SI)(R8*4), X0
	VSUBSS    X14, X0, X0
	VMULSS    X13, X0, X0
	CVTTSS2SQ X0, AX
	CMPQ      AX, $0
	CMOVQLT   BX, AX
	CMPQ      AX, R9
	CMOVQGT   R9, AX
	MOVQ      R11, DX
	CMPQ      AX, R10
	CMOVQGE   R12, DX        // the slot: lo, or hi on the right
	LEAQ      1(R11), R13
	CMOVQGE   R11, R13
	MOVQ      R13, R11       // lo += left
	LEAQ      -1(R12), R13
	CMOVQLT   R12, R13
	MOVQ      R13, R12       // hi -= right
	LEAQ      (DX)(DX*4), DX
	VMOVDQU   (SI), Y1
	MOVQ      32(SI), AX
	VMOVDQU   Y1, (DI)(DX*8)
	MOVQ      AX, 32(DI)(DX*8)
	ADDQ      $40, SI
	DECQ      CX
	JMP       ploop

pdone:
	VZEROUPPER
	MOVQ R11, ret+56(FP)
	RET
