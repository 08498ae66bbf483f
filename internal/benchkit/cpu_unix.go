//go:build unix

package benchkit

import (
	"syscall"
	"time"
)

// ProcessCPU returns the CPU time (user + system) the process has used
// (0 where the platform has no such clock).
func ProcessCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
