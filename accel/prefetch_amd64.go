package accel

// hasPrefetch says prefetch issues a real prefetch (the stream kernel,
// which relies on it, is used only then).
const hasPrefetch = true

// prefetch asks the CPU to bring the two cache lines at p into the cache
// (PREFETCHT0) without waiting for them: an assembly call, since Go has
// no prefetch intrinsic outside the runtime.
//
//go:noescape
func prefetch(p uintptr)

// vzeroupper clears the upper halves of the AVX registers (VZEROUPPER).
//
//go:noescape
func vzeroupper()
