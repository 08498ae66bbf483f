#include "textflag.h"

// func interpGatherAVX2(dst, w0, w1, w2 *float32, o0, o1, o2 *int32, src *float32, n int)
TEXT ·interpGatherAVX2(SB), NOSPLIT, $0-72
	MOVQ dst+0(FP), DI
	MOVQ w0+8(FP), R8
	MOVQ w1+16(FP), R9
	MOVQ w2+24(FP), R10
	MOVQ o0+32(FP), R11
	MOVQ o1+40(FP), R12
	MOVQ o2+48(FP), R13
	MOVQ src+56(FP), SI
	MOVQ n+64(FP), CX
	XORQ AX, AX
	VPCMPEQD Y15, Y15, Y15 // -1 in every lane

loop:
	CMPQ CX, $8
	JL   done
	VMOVDQU  (R11)(AX*1), Y0
	VPCMPGTD Y15, Y0, Y1 // lanes with o0 > -1
	VMOVDQA  Y1, Y2
	VXORPS   Y3, Y3, Y3
	VGATHERDPS Y2, (SI)(Y0*4), Y3
	VMOVDQU  (R12)(AX*1), Y4
	VMOVDQA  Y1, Y2
	VXORPS   Y5, Y5, Y5
	VGATHERDPS Y2, (SI)(Y4*4), Y5
	VMOVDQU  (R13)(AX*1), Y6
	VMOVDQA  Y1, Y2
	VXORPS   Y7, Y7, Y7
	VGATHERDPS Y2, (SI)(Y6*4), Y7
	VMULPS   (R8)(AX*1), Y3, Y3
	VMULPS   (R9)(AX*1), Y5, Y5
	VADDPS   Y5, Y3, Y3
	VMULPS   (R10)(AX*1), Y7, Y7
	VADDPS   Y7, Y3, Y3
	VMOVUPS  (DI)(AX*1), Y8
	VBLENDVPS Y1, Y3, Y8, Y8
	VMOVUPS  Y8, (DI)(AX*1)
	ADDQ     $32, AX
	SUBQ     $8, CX
	JMP      loop

done:
	VZEROUPPER
	RET
