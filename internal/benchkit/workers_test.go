package benchkit

import (
	"context"
	"flag"
	"testing"
	"time"
)

// TestRunRatioSameWorkers: a ratio is reported only when ingot ran on as
// many workers as the baseline; otherwise both figures stand without one.
func TestRunRatioSameWorkers(t *testing.T) {
	shortBenchtime(t, "20ms")
	for _, c := range []struct {
		native, workers int
		ratio           bool
	}{{0, 1, true}, {0, 2, false}, {2, 2, true}, {2, 1, false}} {
		k := Case{Name: "test/workers", Unit: "ns/op", PerOp: 1, NativeWorkers: c.native, Baseline: "spin",
			Ingot:  func(b *testing.B, _ int) { spin(b, 20*time.Microsecond) },
			Native: func(b *testing.B) { spin(b, 20*time.Microsecond) }}
		r, err := Run(context.Background(), k, c.workers)
		if err != nil {
			t.Fatal(err)
		}
		if got := r.Ratio != 0; got != c.ratio || r.Native == 0 || r.NativeWorkers != max(c.native, 1) {
			t.Errorf("native on %d, ingot on %d: %+v; want a ratio: %v", c.native, c.workers, r, c.ratio)
		}
		if k.LikeForLike(c.workers) != c.ratio {
			t.Errorf("LikeForLike(%d) with NativeWorkers %d = %v", c.workers, c.native, !c.ratio)
		}
	}
}

// shortBenchtime makes testing.Benchmark measure for d (a -benchtime
// value) a run during the test.
func shortBenchtime(t *testing.T, d string) {
	f := flag.Lookup("test.benchtime")
	if f == nil {
		return
	}
	old := f.Value.String()
	if err := f.Value.Set(d); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Value.Set(old) })
}

// TestRunCPURatio: when both sides report their CPU time (ReportCPU),
// Run gives the ratio of CPU times too (here of fixed work, twice as much
// on the ingot side, so that load cannot move it much).
func TestRunCPURatio(t *testing.T) {
	if ProcessCPU() == 0 {
		t.Skip("no process CPU clock")
	}
	shortBenchtime(t, "100ms") // CPU clocks tick in milliseconds
	work := func(n int) func(b *testing.B) {
		return func(b *testing.B) {
			c0 := ProcessCPU()
			for range b.N {
				sink = churn(n)
			}
			ReportCPU(b, c0)
		}
	}
	c := Case{Name: "test/cpu", Unit: "ns/op", PerOp: 1, Baseline: "churn",
		Ingot: func(b *testing.B, _ int) { work(200000)(b) }, Native: work(100000)}
	r, err := Run(context.Background(), c, 1)
	if err != nil {
		t.Fatal(err)
	}
	if r.CPURatio < 1.3 || r.CPURatio > 3 {
		t.Errorf("CPU ratio %.2f (wall ratio %.2f), want about 2", r.CPURatio, r.Ratio)
	}
}

var sink uint64

// churn does n steps of a dependent integer recurrence.
func churn(n int) uint64 {
	x := uint64(1)
	for i := range n {
		x = x*6364136223846793005 + uint64(i)
	}
	return x
}
