//go:build !amd64

package accel

import "testing"

// scalarKernels reports false: off amd64 the kernels are always scalar.
func scalarKernels(t *testing.T) bool { return false }

// goLoops reports false: off amd64 there are no assembly kernels.
func goLoops(t *testing.T) bool { return false }
