package renderbench

import (
	"testing"
	"time"

	"github.com/ingot-render/ingot/internal/benchkit"
)

// processCPU is benchkit.ProcessCPU: the process CPU time so far.
func processCPU() time.Duration { return benchkit.ProcessCPU() }

// reportCPU is benchkit.ReportCPU: the metric cpu-s/op since c0.
func reportCPU(b *testing.B, c0 time.Duration) { benchkit.ReportCPU(b, c0) }
