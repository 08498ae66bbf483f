package accel

import "testing"

// scalarKernels turns the SIMD node and leaf kernels off until t ends (the
// path of CPUs without AVX2 and FMA; structures built meanwhile have the
// ungrouped layout) and reports whether they were on.
func scalarKernels(t *testing.T) bool {
	if !useSIMDNodes {
		return false
	}
	useSIMDNodes = false
	t.Cleanup(func() { useSIMDNodes = true })
	return true
}

// goLoops turns the assembly traversal kernels off until t ends (the Go
// loops then trace the same grouped layout) and reports whether they were
// on.
func goLoops(t *testing.T) bool {
	if !useTraceKernel {
		return false
	}
	useTraceKernel = false
	t.Cleanup(func() { useTraceKernel = true })
	return true
}
