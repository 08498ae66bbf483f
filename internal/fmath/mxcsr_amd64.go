package fmath

// MXCSR returns the SSE control and status register of the calling OS
// thread (see the MXCSR* constants). Go keeps no per-goroutine copy: pair
// it with runtime.LockOSThread. It is for tests and measurements (a census
// of denormal operands through the sticky DE flag, or a flush-to-zero
// experiment); on other architectures it returns 0.
func MXCSR() uint32

// SetMXCSR sets the SSE control and status register of the calling OS
// thread. Only tests and measurements use it, and they restore the value
// they found: Go code elsewhere assumes [MXCSRDefault]. It does nothing on
// other architectures.
func SetMXCSR(v uint32)

// HasMXCSR reports whether [MXCSR] and [SetMXCSR] reach a real register.
const HasMXCSR = true
