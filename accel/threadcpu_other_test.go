//go:build !linux

package accel

import "time"

var cpuStart = time.Now()

// threadCPU is wall time here (the micro diagnostics are meant for Linux,
// where it is this thread's CPU time).
func threadCPU() time.Duration { return time.Since(cpuStart) }
