//go:build !linux

package testkit

import "time"

// ThreadCPU reports false: this platform's thread CPU clock is not read
// (see the Linux version).
func ThreadCPU() (time.Duration, bool) { return 0, false }
