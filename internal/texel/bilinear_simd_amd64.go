//go:build goexperiment.simd && amd64

package texel

import "simd/archsimd"

// hasAVX selects leaveSIMD's VZEROUPPER; set once at start-up.
var hasAVX = archsimd.X86.AVX()

// leaveSIMD clears the upper halves of the AVX registers (VZEROUPPER). An
// asynchronous preemption in a GOEXPERIMENT=simd build restores the full
// YMM registers and leaves them dirty, which makes the scalar float code
// that follows (legacy SSE) run up to 2–3× slower on some x86 hosts until
// the next VZEROUPPER; the samplers call this once per batch.
func leaveSIMD() {
	if hasAVX {
		archsimd.ClearAVXUpperBits()
	}
}
