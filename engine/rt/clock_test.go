//go:build !linux

package rt_test

import "time"

var start = time.Now()

// nowSec returns seconds of wall time (CPU time on Linux).
func nowSec() float64 { return time.Since(start).Seconds() }
