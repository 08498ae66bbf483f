//go:build linux

package testkit

import (
	"syscall"
	"time"
	"unsafe"
)

// ThreadCPU returns the CPU time the calling OS thread has consumed, from
// CLOCK_THREAD_CPUTIME_ID (nanosecond resolution; getrusage counts
// scheduler ticks), and whether the platform provides it. Callers lock
// their goroutine to its thread (runtime.LockOSThread) around what they
// measure. Unlike wall time it does not grow while the thread waits for a
// core, so a timing bound measured with it holds on a loaded machine.
func ThreadCPU() (time.Duration, bool) {
	var ts syscall.Timespec
	if _, _, errno := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, 3 /* CLOCK_THREAD_CPUTIME_ID */, uintptr(unsafe.Pointer(&ts)), 0); errno != 0 {
		return 0, false
	}
	return time.Duration(ts.Nano()), true
}
