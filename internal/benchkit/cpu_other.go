//go:build !unix

package benchkit

import "time"

// ProcessCPU returns 0: no CPU clock here (ReportCPU reports nothing).
func ProcessCPU() time.Duration { return 0 }
