#include "textflag.h"

// iota32 is the int32 lanes 0, 1, …, 7.
DATA iota32<>+0(SB)/4, $0
DATA iota32<>+4(SB)/4, $1
DATA iota32<>+8(SB)/4, $2
DATA iota32<>+12(SB)/4, $3
DATA iota32<>+16(SB)/4, $4
DATA iota32<>+20(SB)/4, $5
DATA iota32<>+24(SB)/4, $6
DATA iota32<>+28(SB)/4, $7
GLOBL iota32<>(SB), RODATA|NOPTR, $32

// func blockCoverageAVX2(e *[9]int32, w, h int) uint64
TEXT ·blockCoverageAVX2(SB), NOSPLIT, $0-32
	MOVQ e+0(FP), SI
	MOVQ w+8(FP), CX
	MOVQ h+16(FP), DX
	VMOVDQU iota32<>(SB), Y15
	// Y0..Y2: the three edge functions at the row's eight pixels.
	VPBROADCASTD 12(SI), Y3
	VPMULLD      Y15, Y3, Y3
	VPBROADCASTD 0(SI), Y0
	VPADDD       Y3, Y0, Y0
	VPBROADCASTD 16(SI), Y4
	VPMULLD      Y15, Y4, Y4
	VPBROADCASTD 4(SI), Y1
	VPADDD       Y4, Y1, Y1
	VPBROADCASTD 20(SI), Y5
	VPMULLD      Y15, Y5, Y5
	VPBROADCASTD 8(SI), Y2
	VPADDD       Y5, Y2, Y2
	// Y6..Y8: their steps per row.
	VPBROADCASTD 24(SI), Y6
	VPBROADCASTD 28(SI), Y7
	VPBROADCASTD 32(SI), Y8
	MOVQ $1, R8
	SHLQ CX, R8
	DECQ R8 // the box's columns
	XORQ AX, AX
	XORQ CX, CX

loop:
	TESTQ DX, DX
	JZ    done
	VPOR      Y0, Y1, Y9
	VPOR      Y2, Y9, Y9
	VMOVMSKPS Y9, R10 // a lane's sign: some edge is negative
	NOTQ      R10
	ANDQ      R8, R10
	SHLQ      CX, R10
	ORQ       R10, AX
	ADDQ      $8, CX
	VPADDD    Y6, Y0, Y0
	VPADDD    Y7, Y1, Y1
	VPADDD    Y8, Y2, Y2
	DECQ      DX
	JMP       loop

done:
	VZEROUPPER
	MOVQ AX, ret+24(FP)
	RET
