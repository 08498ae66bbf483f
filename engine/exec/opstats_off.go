//go:build !ingot_opstats

package exec

// opStats is off: build with -tags ingot_opstats to count executed
// instructions (a diagnostic for executor and shader work).
const opStats = false

type workerStats struct{}

func (w *worker) countOp(*frame, int) {}
func (w *worker) flushOpStats()       {}

// DumpOpStats writes executed-instruction counts per VM op and per MSL
// source line in builds with the ingot_opstats tag; otherwise it does
// nothing.
func DumpOpStats() {}
