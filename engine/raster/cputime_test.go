package raster

import "github.com/ingot-render/ingot/internal/testkit"

// threadCPU returns the CPU time consumed by the calling OS thread in
// nanoseconds, or -1 when unavailable (callers lock the goroutine to its
// thread).
func threadCPU() int64 {
	if d, ok := testkit.ThreadCPU(); ok {
		return d.Nanoseconds()
	}
	return -1
}
