//go:build !linux

package exec_test

import "time"

// processCPU is not measured outside Linux: the CPU-time metrics read 0.
func processCPU() time.Duration { return 0 }
