package rt_test

import "syscall"

// nowSec returns the process CPU time in seconds (user+system), which a
// loaded machine disturbs less than wall time.
func nowSec() float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return float64(ru.Utime.Sec+ru.Stime.Sec) + float64(ru.Utime.Usec+ru.Stime.Usec)/1e6
}
