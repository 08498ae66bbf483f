//go:build !(goexperiment.simd && amd64)

package lane

// useAVX2 is false in builds without simd/archsimd; the AVX2 kernels below
// are never called.
const useAVX2 = false

// HasAVX2 reports whether the AVX2 kernels are in use.
func HasAVX2() bool { return false }

func addF32AVX2(d, a, b []float32)              {}
func subF32AVX2(d, a, b []float32)              {}
func mulF32AVX2(d, a, b []float32)              {}
func divF32AVX2(d, a, b []float32)              {}
func fmaF32AVX2(d, a, b, c []float32)           {}
func minF32AVX2(d, a, b []float32)              {}
func maxF32AVX2(d, a, b []float32)              {}
func sqrtF32AVX2(d, a []float32)                {}
func ltF32AVX2(d []uint32, a, b []float32)      {}
func leF32AVX2(d []uint32, a, b []float32)      {}
func select32AVX2(d []uint32, c, a, b []uint32) {}
func addI32AVX2(d, a, b []int32)                {}
func moveMasked32AVX2(d, s []uint32, m Mask)    {}

func cmpMaskF32AVX2(cmp int, a, b []float32) Mask            { return 0 }
func cmpMaskI32AVX2(cmp int, a, b []int32) Mask              { return 0 }
func cmpMaskU32AVX2(cmp int, a, b []uint32) Mask             { return 0 }
func fill32AVX2(d []uint32, v uint32)                        {}
func iota32AVX2(d []uint32, start uint32)                    {}
func fromBoolsAVX2(c []uint32) Mask                          { return 0 }
func revU32AVX2(d, a []uint32)                               {}
func bitU32AVX2(op int, d, a, b []uint32)                    {}
func cmpI32AVX2(le, unsigned bool, d []uint32, a, b []int32) {}

func mulAddF32AVX2(d, a, b, c []float32)          {}
func addMulF32AVX2(d, a, b, c []float32)          {}
func mulSubF32AVX2(d, a, b, c []float32)          {}
func subMulF32AVX2(d, a, b, c []float32)          {}
func gather4x4AVX2(d0, d1, d2, d3, src []uint32)  {}
func gather4x3AVX2(d0, d1, d2, src []uint32) int  { return 0 }
func allEqual64AVX2(a *[64]uint64, v uint64) bool { return false }

// LeaveSIMD clears the upper halves of the AVX registers (VZEROUPPER) on
// CPUs that run the assembly kernels: scalar SSE code that follows a dirty
// upper state (an asynchronous preemption can leave one) ran 2× slower on
// the test host.
func LeaveSIMD() {
	if useAsm {
		vzeroupper()
	}
}
