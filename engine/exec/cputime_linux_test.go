//go:build linux

package exec_test

import (
	"syscall"
	"time"
	"unsafe"
)

// processCPU returns the CPU time the process has used (all threads), so
// that single-worker benchmarks can be compared on a loaded machine, where
// wall time includes the time the process waited for a core.
func processCPU() time.Duration {
	const clockProcessCPUTimeID = 2
	var ts syscall.Timespec
	if _, _, e := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockProcessCPUTimeID, uintptr(unsafe.Pointer(&ts)), 0); e != 0 {
		return 0
	}
	return time.Duration(ts.Nano())
}
