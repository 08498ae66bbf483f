//go:build !amd64

package fmath

// MXCSR returns 0: there is no SSE control register on this architecture.
func MXCSR() uint32 { return 0 }

// SetMXCSR does nothing on this architecture.
func SetMXCSR(v uint32) {}

// HasMXCSR reports whether [MXCSR] and [SetMXCSR] reach a real register.
const HasMXCSR = false
