//go:build linux

package raster

import "syscall"

// threadCPU returns the CPU time consumed by the calling OS thread in
// nanoseconds, or -1 when unavailable (callers lock the goroutine to its
// thread).
func threadCPU() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(1 /* RUSAGE_THREAD */, &ru); err != nil {
		return -1
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
