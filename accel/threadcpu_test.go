package accel

import (
	"time"

	"github.com/ingot-render/ingot/internal/testkit"
)

var cpuStart = time.Now()

// threadCPU is this thread's CPU time (testkit.ThreadCPU), or wall time
// where the platform has no thread clock (the micro diagnostics are meant
// for Linux).
func threadCPU() time.Duration {
	if d, ok := testkit.ThreadCPU(); ok {
		return d
	}
	return time.Since(cpuStart)
}
