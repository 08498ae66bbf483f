//go:build !goexperiment.simd

#include "textflag.h"

// func sqrt8(dst, x *float32, n int)
// dst[i] = sqrt(x[i]) for i < n (n a multiple of 8).
TEXT ·sqrt8(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ x+8(FP), SI
	MOVQ n+16(FP), CX
	SHRQ $3, CX
sqloop:
	VSQRTPS (SI), Y0
	VMOVUPS Y0, (DI)
	ADDQ $32, SI
	ADDQ $32, DI
	DECQ CX
	JNZ sqloop
	VZEROUPPER
	RET

// func rsqrt8(dst, x *float32, n int)
// dst[i] = 1 / sqrt(x[i]) for i < n (n a multiple of 8), two roundings.
TEXT ·rsqrt8(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ x+8(FP), SI
	MOVQ n+16(FP), CX
	SHRQ $3, CX
	MOVL $0x3f800000, AX
	VMOVQ AX, X1
	VBROADCASTSS X1, Y1
rsloop:
	VSQRTPS (SI), Y0
	VDIVPS Y0, Y1, Y0
	VMOVUPS Y0, (DI)
	ADDQ $32, SI
	ADDQ $32, DI
	DECQ CX
	JNZ rsloop
	VZEROUPPER
	RET

// Broadcast constants of exp2x8 and log2x8: eight copies each, so that
// they serve as 256-bit memory operands. Their float32 bits are those of
// the scalar functions' constants (fast.go) converted to float32.

DATA exMagic<>+0(SB)/4, $0x4b400000
DATA exMagic<>+4(SB)/4, $0x4b400000
DATA exMagic<>+8(SB)/4, $0x4b400000
DATA exMagic<>+12(SB)/4, $0x4b400000
DATA exMagic<>+16(SB)/4, $0x4b400000
DATA exMagic<>+20(SB)/4, $0x4b400000
DATA exMagic<>+24(SB)/4, $0x4b400000
DATA exMagic<>+28(SB)/4, $0x4b400000
GLOBL exMagic<>(SB), RODATA|NOPTR, $32

DATA exC0<>+0(SB)/4, $0x3920fdde
DATA exC0<>+4(SB)/4, $0x3920fdde
DATA exC0<>+8(SB)/4, $0x3920fdde
DATA exC0<>+12(SB)/4, $0x3920fdde
DATA exC0<>+16(SB)/4, $0x3920fdde
DATA exC0<>+20(SB)/4, $0x3920fdde
DATA exC0<>+24(SB)/4, $0x3920fdde
DATA exC0<>+28(SB)/4, $0x3920fdde
GLOBL exC0<>(SB), RODATA|NOPTR, $32

DATA exC1<>+0(SB)/4, $0x3aaf9f29
DATA exC1<>+4(SB)/4, $0x3aaf9f29
DATA exC1<>+8(SB)/4, $0x3aaf9f29
DATA exC1<>+12(SB)/4, $0x3aaf9f29
DATA exC1<>+16(SB)/4, $0x3aaf9f29
DATA exC1<>+20(SB)/4, $0x3aaf9f29
DATA exC1<>+24(SB)/4, $0x3aaf9f29
DATA exC1<>+28(SB)/4, $0x3aaf9f29
GLOBL exC1<>(SB), RODATA|NOPTR, $32

DATA exC2<>+0(SB)/4, $0x3c1d96a6
DATA exC2<>+4(SB)/4, $0x3c1d96a6
DATA exC2<>+8(SB)/4, $0x3c1d96a6
DATA exC2<>+12(SB)/4, $0x3c1d96a6
DATA exC2<>+16(SB)/4, $0x3c1d96a6
DATA exC2<>+20(SB)/4, $0x3c1d96a6
DATA exC2<>+24(SB)/4, $0x3c1d96a6
DATA exC2<>+28(SB)/4, $0x3c1d96a6
GLOBL exC2<>(SB), RODATA|NOPTR, $32

DATA exC3<>+0(SB)/4, $0x3d635774
DATA exC3<>+4(SB)/4, $0x3d635774
DATA exC3<>+8(SB)/4, $0x3d635774
DATA exC3<>+12(SB)/4, $0x3d635774
DATA exC3<>+16(SB)/4, $0x3d635774
DATA exC3<>+20(SB)/4, $0x3d635774
DATA exC3<>+24(SB)/4, $0x3d635774
DATA exC3<>+28(SB)/4, $0x3d635774
GLOBL exC3<>(SB), RODATA|NOPTR, $32

DATA exC4<>+0(SB)/4, $0x3e75fdee
DATA exC4<>+4(SB)/4, $0x3e75fdee
DATA exC4<>+8(SB)/4, $0x3e75fdee
DATA exC4<>+12(SB)/4, $0x3e75fdee
DATA exC4<>+16(SB)/4, $0x3e75fdee
DATA exC4<>+20(SB)/4, $0x3e75fdee
DATA exC4<>+24(SB)/4, $0x3e75fdee
DATA exC4<>+28(SB)/4, $0x3e75fdee
GLOBL exC4<>(SB), RODATA|NOPTR, $32

DATA exC5<>+0(SB)/4, $0x3f317218
DATA exC5<>+4(SB)/4, $0x3f317218
DATA exC5<>+8(SB)/4, $0x3f317218
DATA exC5<>+12(SB)/4, $0x3f317218
DATA exC5<>+16(SB)/4, $0x3f317218
DATA exC5<>+20(SB)/4, $0x3f317218
DATA exC5<>+24(SB)/4, $0x3f317218
DATA exC5<>+28(SB)/4, $0x3f317218
GLOBL exC5<>(SB), RODATA|NOPTR, $32

DATA fOne<>+0(SB)/4, $0x3f800000
DATA fOne<>+4(SB)/4, $0x3f800000
DATA fOne<>+8(SB)/4, $0x3f800000
DATA fOne<>+12(SB)/4, $0x3f800000
DATA fOne<>+16(SB)/4, $0x3f800000
DATA fOne<>+20(SB)/4, $0x3f800000
DATA fOne<>+24(SB)/4, $0x3f800000
DATA fOne<>+28(SB)/4, $0x3f800000
GLOBL fOne<>(SB), RODATA|NOPTR, $32

DATA exUnder<>+0(SB)/4, $0xc3170000
DATA exUnder<>+4(SB)/4, $0xc3170000
DATA exUnder<>+8(SB)/4, $0xc3170000
DATA exUnder<>+12(SB)/4, $0xc3170000
DATA exUnder<>+16(SB)/4, $0xc3170000
DATA exUnder<>+20(SB)/4, $0xc3170000
DATA exUnder<>+24(SB)/4, $0xc3170000
DATA exUnder<>+28(SB)/4, $0xc3170000
GLOBL exUnder<>(SB), RODATA|NOPTR, $32

DATA exOver<>+0(SB)/4, $0x43010000
DATA exOver<>+4(SB)/4, $0x43010000
DATA exOver<>+8(SB)/4, $0x43010000
DATA exOver<>+12(SB)/4, $0x43010000
DATA exOver<>+16(SB)/4, $0x43010000
DATA exOver<>+20(SB)/4, $0x43010000
DATA exOver<>+24(SB)/4, $0x43010000
DATA exOver<>+28(SB)/4, $0x43010000
GLOBL exOver<>(SB), RODATA|NOPTR, $32

DATA fInf<>+0(SB)/4, $0x7f800000
DATA fInf<>+4(SB)/4, $0x7f800000
DATA fInf<>+8(SB)/4, $0x7f800000
DATA fInf<>+12(SB)/4, $0x7f800000
DATA fInf<>+16(SB)/4, $0x7f800000
DATA fInf<>+20(SB)/4, $0x7f800000
DATA fInf<>+24(SB)/4, $0x7f800000
DATA fInf<>+28(SB)/4, $0x7f800000
GLOBL fInf<>(SB), RODATA|NOPTR, $32

DATA fNegInf<>+0(SB)/4, $0xff800000
DATA fNegInf<>+4(SB)/4, $0xff800000
DATA fNegInf<>+8(SB)/4, $0xff800000
DATA fNegInf<>+12(SB)/4, $0xff800000
DATA fNegInf<>+16(SB)/4, $0xff800000
DATA fNegInf<>+20(SB)/4, $0xff800000
DATA fNegInf<>+24(SB)/4, $0xff800000
DATA fNegInf<>+28(SB)/4, $0xff800000
GLOBL fNegInf<>(SB), RODATA|NOPTR, $32

DATA fNaN<>+0(SB)/4, $0x7fc00000
DATA fNaN<>+4(SB)/4, $0x7fc00000
DATA fNaN<>+8(SB)/4, $0x7fc00000
DATA fNaN<>+12(SB)/4, $0x7fc00000
DATA fNaN<>+16(SB)/4, $0x7fc00000
DATA fNaN<>+20(SB)/4, $0x7fc00000
DATA fNaN<>+24(SB)/4, $0x7fc00000
DATA fNaN<>+28(SB)/4, $0x7fc00000
GLOBL fNaN<>(SB), RODATA|NOPTR, $32

DATA i127<>+0(SB)/4, $0x0000007f
DATA i127<>+4(SB)/4, $0x0000007f
DATA i127<>+8(SB)/4, $0x0000007f
DATA i127<>+12(SB)/4, $0x0000007f
DATA i127<>+16(SB)/4, $0x0000007f
DATA i127<>+20(SB)/4, $0x0000007f
DATA i127<>+24(SB)/4, $0x0000007f
DATA i127<>+28(SB)/4, $0x0000007f
GLOBL i127<>(SB), RODATA|NOPTR, $32

DATA iM126<>+0(SB)/4, $0xffffff82
DATA iM126<>+4(SB)/4, $0xffffff82
DATA iM126<>+8(SB)/4, $0xffffff82
DATA iM126<>+12(SB)/4, $0xffffff82
DATA iM126<>+16(SB)/4, $0xffffff82
DATA iM126<>+20(SB)/4, $0xffffff82
DATA iM126<>+24(SB)/4, $0xffffff82
DATA iM126<>+28(SB)/4, $0xffffff82
GLOBL iM126<>(SB), RODATA|NOPTR, $32

DATA lgMinNorm<>+0(SB)/4, $0x00800000
DATA lgMinNorm<>+4(SB)/4, $0x00800000
DATA lgMinNorm<>+8(SB)/4, $0x00800000
DATA lgMinNorm<>+12(SB)/4, $0x00800000
DATA lgMinNorm<>+16(SB)/4, $0x00800000
DATA lgMinNorm<>+20(SB)/4, $0x00800000
DATA lgMinNorm<>+24(SB)/4, $0x00800000
DATA lgMinNorm<>+28(SB)/4, $0x00800000
GLOBL lgMinNorm<>(SB), RODATA|NOPTR, $32

DATA lgOff<>+0(SB)/4, $0x004afb0d
DATA lgOff<>+4(SB)/4, $0x004afb0d
DATA lgOff<>+8(SB)/4, $0x004afb0d
DATA lgOff<>+12(SB)/4, $0x004afb0d
DATA lgOff<>+16(SB)/4, $0x004afb0d
DATA lgOff<>+20(SB)/4, $0x004afb0d
DATA lgOff<>+24(SB)/4, $0x004afb0d
DATA lgOff<>+28(SB)/4, $0x004afb0d
GLOBL lgOff<>(SB), RODATA|NOPTR, $32

DATA lgMant<>+0(SB)/4, $0x007fffff
DATA lgMant<>+4(SB)/4, $0x007fffff
DATA lgMant<>+8(SB)/4, $0x007fffff
DATA lgMant<>+12(SB)/4, $0x007fffff
DATA lgMant<>+16(SB)/4, $0x007fffff
DATA lgMant<>+20(SB)/4, $0x007fffff
DATA lgMant<>+24(SB)/4, $0x007fffff
DATA lgMant<>+28(SB)/4, $0x007fffff
GLOBL lgMant<>(SB), RODATA|NOPTR, $32

DATA lgBase<>+0(SB)/4, $0x3f3504f3
DATA lgBase<>+4(SB)/4, $0x3f3504f3
DATA lgBase<>+8(SB)/4, $0x3f3504f3
DATA lgBase<>+12(SB)/4, $0x3f3504f3
DATA lgBase<>+16(SB)/4, $0x3f3504f3
DATA lgBase<>+20(SB)/4, $0x3f3504f3
DATA lgBase<>+24(SB)/4, $0x3f3504f3
DATA lgBase<>+28(SB)/4, $0x3f3504f3
GLOBL lgBase<>(SB), RODATA|NOPTR, $32

DATA fHalf<>+0(SB)/4, $0x3f000000
DATA fHalf<>+4(SB)/4, $0x3f000000
DATA fHalf<>+8(SB)/4, $0x3f000000
DATA fHalf<>+12(SB)/4, $0x3f000000
DATA fHalf<>+16(SB)/4, $0x3f000000
DATA fHalf<>+20(SB)/4, $0x3f000000
DATA fHalf<>+24(SB)/4, $0x3f000000
DATA fHalf<>+28(SB)/4, $0x3f000000
GLOBL fHalf<>(SB), RODATA|NOPTR, $32

DATA lgLog2eA<>+0(SB)/4, $0x3ee2a8ed
DATA lgLog2eA<>+4(SB)/4, $0x3ee2a8ed
DATA lgLog2eA<>+8(SB)/4, $0x3ee2a8ed
DATA lgLog2eA<>+12(SB)/4, $0x3ee2a8ed
DATA lgLog2eA<>+16(SB)/4, $0x3ee2a8ed
DATA lgLog2eA<>+20(SB)/4, $0x3ee2a8ed
DATA lgLog2eA<>+24(SB)/4, $0x3ee2a8ed
DATA lgLog2eA<>+28(SB)/4, $0x3ee2a8ed
GLOBL lgLog2eA<>(SB), RODATA|NOPTR, $32

DATA lgP0<>+0(SB)/4, $0x3d9021bb
DATA lgP0<>+4(SB)/4, $0x3d9021bb
DATA lgP0<>+8(SB)/4, $0x3d9021bb
DATA lgP0<>+12(SB)/4, $0x3d9021bb
DATA lgP0<>+16(SB)/4, $0x3d9021bb
DATA lgP0<>+20(SB)/4, $0x3d9021bb
DATA lgP0<>+24(SB)/4, $0x3d9021bb
DATA lgP0<>+28(SB)/4, $0x3d9021bb
GLOBL lgP0<>(SB), RODATA|NOPTR, $32

DATA lgP1<>+0(SB)/4, $0xbdebd1b8
DATA lgP1<>+4(SB)/4, $0xbdebd1b8
DATA lgP1<>+8(SB)/4, $0xbdebd1b8
DATA lgP1<>+12(SB)/4, $0xbdebd1b8
DATA lgP1<>+16(SB)/4, $0xbdebd1b8
DATA lgP1<>+20(SB)/4, $0xbdebd1b8
DATA lgP1<>+24(SB)/4, $0xbdebd1b8
DATA lgP1<>+28(SB)/4, $0xbdebd1b8
GLOBL lgP1<>(SB), RODATA|NOPTR, $32

DATA lgP2<>+0(SB)/4, $0x3def251a
DATA lgP2<>+4(SB)/4, $0x3def251a
DATA lgP2<>+8(SB)/4, $0x3def251a
DATA lgP2<>+12(SB)/4, $0x3def251a
DATA lgP2<>+16(SB)/4, $0x3def251a
DATA lgP2<>+20(SB)/4, $0x3def251a
DATA lgP2<>+24(SB)/4, $0x3def251a
DATA lgP2<>+28(SB)/4, $0x3def251a
GLOBL lgP2<>(SB), RODATA|NOPTR, $32

DATA lgP3<>+0(SB)/4, $0xbdfe5d4f
DATA lgP3<>+4(SB)/4, $0xbdfe5d4f
DATA lgP3<>+8(SB)/4, $0xbdfe5d4f
DATA lgP3<>+12(SB)/4, $0xbdfe5d4f
DATA lgP3<>+16(SB)/4, $0xbdfe5d4f
DATA lgP3<>+20(SB)/4, $0xbdfe5d4f
DATA lgP3<>+24(SB)/4, $0xbdfe5d4f
DATA lgP3<>+28(SB)/4, $0xbdfe5d4f
GLOBL lgP3<>(SB), RODATA|NOPTR, $32

DATA lgP4<>+0(SB)/4, $0x3e11e9bf
DATA lgP4<>+4(SB)/4, $0x3e11e9bf
DATA lgP4<>+8(SB)/4, $0x3e11e9bf
DATA lgP4<>+12(SB)/4, $0x3e11e9bf
DATA lgP4<>+16(SB)/4, $0x3e11e9bf
DATA lgP4<>+20(SB)/4, $0x3e11e9bf
DATA lgP4<>+24(SB)/4, $0x3e11e9bf
DATA lgP4<>+28(SB)/4, $0x3e11e9bf
GLOBL lgP4<>(SB), RODATA|NOPTR, $32

DATA lgP5<>+0(SB)/4, $0xbe2aae50
DATA lgP5<>+4(SB)/4, $0xbe2aae50
DATA lgP5<>+8(SB)/4, $0xbe2aae50
DATA lgP5<>+12(SB)/4, $0xbe2aae50
DATA lgP5<>+16(SB)/4, $0xbe2aae50
DATA lgP5<>+20(SB)/4, $0xbe2aae50
DATA lgP5<>+24(SB)/4, $0xbe2aae50
DATA lgP5<>+28(SB)/4, $0xbe2aae50
GLOBL lgP5<>(SB), RODATA|NOPTR, $32

DATA lgP6<>+0(SB)/4, $0x3e4cceac
DATA lgP6<>+4(SB)/4, $0x3e4cceac
DATA lgP6<>+8(SB)/4, $0x3e4cceac
DATA lgP6<>+12(SB)/4, $0x3e4cceac
DATA lgP6<>+16(SB)/4, $0x3e4cceac
DATA lgP6<>+20(SB)/4, $0x3e4cceac
DATA lgP6<>+24(SB)/4, $0x3e4cceac
DATA lgP6<>+28(SB)/4, $0x3e4cceac
GLOBL lgP6<>(SB), RODATA|NOPTR, $32

DATA lgP7<>+0(SB)/4, $0xbe7ffffc
DATA lgP7<>+4(SB)/4, $0xbe7ffffc
DATA lgP7<>+8(SB)/4, $0xbe7ffffc
DATA lgP7<>+12(SB)/4, $0xbe7ffffc
DATA lgP7<>+16(SB)/4, $0xbe7ffffc
DATA lgP7<>+20(SB)/4, $0xbe7ffffc
DATA lgP7<>+24(SB)/4, $0xbe7ffffc
DATA lgP7<>+28(SB)/4, $0xbe7ffffc
GLOBL lgP7<>(SB), RODATA|NOPTR, $32

DATA lgP8<>+0(SB)/4, $0x3eaaaaaa
DATA lgP8<>+4(SB)/4, $0x3eaaaaaa
DATA lgP8<>+8(SB)/4, $0x3eaaaaaa
DATA lgP8<>+12(SB)/4, $0x3eaaaaaa
DATA lgP8<>+16(SB)/4, $0x3eaaaaaa
DATA lgP8<>+20(SB)/4, $0x3eaaaaaa
DATA lgP8<>+24(SB)/4, $0x3eaaaaaa
DATA lgP8<>+28(SB)/4, $0x3eaaaaaa
GLOBL lgP8<>(SB), RODATA|NOPTR, $32

// func exp2x8(dst, x *float32, n int)
// dst[i] = FastExp2(x[i]) for i < n (n a multiple of 8), bit for bit:
// the same operations in the same order (no FMA). scale2's one, two or
// three-step scaling is two multiplications by 2^s1 and 2^s2 (s1 = i
// clamped to [-126, 127], s2 = i - s1 clamped likewise; 2^0 = 1 is exact),
// and the special lanes (x < -151 or NaN, x > 129) are blended in.
TEXT ·exp2x8(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ x+8(FP), SI
	MOVQ n+16(FP), CX
	SHRQ $3, CX
	JZ   exdone
	VMOVUPS exMagic<>(SB), Y15
	VMOVUPS i127<>(SB), Y14
	VMOVUPS iM126<>(SB), Y13

exloop:
	VMOVUPS (SI), Y0
	VADDPS  Y15, Y0, Y1
	VSUBPS  Y15, Y1, Y1 // r = (x + magic) - magic
	VSUBPS  Y1, Y0, Y2  // f = x - r
	VMULPS  exC0<>(SB), Y2, Y3
	VADDPS  exC1<>(SB), Y3, Y3
	VMULPS  Y2, Y3, Y3
	VADDPS  exC2<>(SB), Y3, Y3
	VMULPS  Y2, Y3, Y3
	VADDPS  exC3<>(SB), Y3, Y3
	VMULPS  Y2, Y3, Y3
	VADDPS  exC4<>(SB), Y3, Y3
	VMULPS  Y2, Y3, Y3
	VADDPS  exC5<>(SB), Y3, Y3
	VMULPS  Y2, Y3, Y3
	VADDPS  fOne<>(SB), Y3, Y3 // p
	VCVTTPS2DQ Y1, Y4          // i = int32(r)
	VPMINSD Y14, Y4, Y5
	VPMAXSD Y13, Y5, Y5        // s1
	VPSUBD  Y5, Y4, Y6
	VPMINSD Y14, Y6, Y6
	VPMAXSD Y13, Y6, Y6        // s2
	VPADDD  Y14, Y5, Y5
	VPSLLD  $23, Y5, Y5        // 2^s1
	VPADDD  Y14, Y6, Y6
	VPSLLD  $23, Y6, Y6        // 2^s2
	VMULPS  Y5, Y3, Y3
	VMULPS  Y6, Y3, Y3
	VCMPPS  $0x09, exUnder<>(SB), Y0, Y7 // !(x >= -151): 0, or x for NaN
	VANDNPS Y3, Y7, Y3
	VCMPPS  $0x03, Y0, Y0, Y8            // NaN
	VBLENDVPS Y8, Y0, Y3, Y3
	VCMPPS  $0x1e, exOver<>(SB), Y0, Y9  // x > 129: +Inf
	VBLENDVPS Y9, fInf<>(SB), Y3, Y3
	VMOVUPS Y3, (DI)
	ADDQ    $32, SI
	ADDQ    $32, DI
	DECQ    CX
	JNZ     exloop

exdone:
	VZEROUPPER
	RET

// func log2x8(dst, x *float32, n int) int
// dst[i] = FastLog2(x[i]) for the groups of 8 lanes from the first up to
// the first group holding a positive subnormal (logKernel's rescaling is
// left to the scalar code); it returns the lanes written. The same
// operations as logKernel and FastLog2 in the same order (no FMA);
// logSpecial's lanes (±0: -Inf; negative or NaN: NaN; +Inf) are blended in.
TEXT ·log2x8(SB), NOSPLIT, $0-32
	MOVQ dst+0(FP), DI
	MOVQ x+8(FP), SI
	MOVQ n+16(FP), CX
	XORQ AX, AX
	VXORPS Y15, Y15, Y15
	VMOVUPS fOne<>(SB), Y14
	VMOVUPS lgLog2eA<>(SB), Y13

lgloop:
	CMPQ AX, CX
	JGE  lgdone
	VMOVUPS (SI)(AX*4), Y0
	VCMPPS  $0x11, lgMinNorm<>(SB), Y0, Y1 // x < 2^-126
	VCMPPS  $0x1e, Y15, Y0, Y2             // x > 0
	VANDPS  Y2, Y1, Y1
	VMOVMSKPS Y1, BX
	TESTL   BX, BX
	JNZ     lgdone
	VPADDD  lgOff<>(SB), Y0, Y4  // ix
	VPSRAD  $23, Y4, Y5
	VPSUBD  i127<>(SB), Y5, Y5
	VCVTDQ2PS Y5, Y5             // e
	VPAND   lgMant<>(SB), Y4, Y6
	VPADDD  lgBase<>(SB), Y6, Y6
	VSUBPS  Y14, Y6, Y6          // f
	VMULPS  Y6, Y6, Y7           // z = f*f
	VMULPS  lgP0<>(SB), Y6, Y8
	VADDPS  lgP1<>(SB), Y8, Y8
	VMULPS  Y6, Y8, Y8
	VADDPS  lgP2<>(SB), Y8, Y8
	VMULPS  Y6, Y8, Y8
	VADDPS  lgP3<>(SB), Y8, Y8
	VMULPS  Y6, Y8, Y8
	VADDPS  lgP4<>(SB), Y8, Y8
	VMULPS  Y6, Y8, Y8
	VADDPS  lgP5<>(SB), Y8, Y8
	VMULPS  Y6, Y8, Y8
	VADDPS  lgP6<>(SB), Y8, Y8
	VMULPS  Y6, Y8, Y8
	VADDPS  lgP7<>(SB), Y8, Y8
	VMULPS  Y6, Y8, Y8
	VADDPS  lgP8<>(SB), Y8, Y8   // p
	VMULPS  Y6, Y8, Y8
	VMULPS  Y7, Y8, Y8           // (p*f)*z
	VMULPS  fHalf<>(SB), Y7, Y9  // 0.5*z
	VSUBPS  Y9, Y8, Y8           // y
	VMULPS  Y13, Y8, Y10         // y*log2eA
	VMULPS  Y13, Y6, Y11         // f*log2eA
	VADDPS  Y11, Y10, Y10
	VADDPS  Y8, Y10, Y10
	VADDPS  Y6, Y10, Y10
	VADDPS  Y5, Y10, Y10
	VCMPPS  $0x00, Y15, Y0, Y12  // ±0: -Inf
	VBLENDVPS Y12, fNegInf<>(SB), Y10, Y10
	VCMPPS  $0x09, Y15, Y0, Y12  // !(x >= 0): NaN
	VBLENDVPS Y12, fNaN<>(SB), Y10, Y10
	VCMPPS  $0x00, fInf<>(SB), Y0, Y12 // +Inf
	VBLENDVPS Y12, fInf<>(SB), Y10, Y10
	VMOVUPS Y10, (DI)(AX*4)
	ADDQ    $8, AX
	JMP     lgloop

lgdone:
	VZEROUPPER
	MOVQ AX, ret+24(FP)
	RET
