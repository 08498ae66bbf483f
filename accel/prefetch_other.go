//go:build !amd64

package accel

// hasPrefetch is false: no prefetch instruction is wired up here, and
// without it the stream kernel measured slower than one ray at a time.
const hasPrefetch = false

// prefetch does nothing here.
func prefetch(p uintptr) {}

// vzeroupper does nothing here.
func vzeroupper() {}
