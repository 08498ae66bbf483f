package accel

import (
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"testing"
)

// scenesDir is the shared scenes directory, relative to this package;
// ACCEL_SCENES overrides it.
var scenesDir = func() string {
	if d := os.Getenv("ACCEL_SCENES"); d != "" {
		return d
	}
	return "../../shared/scenes"
}()

func haveScenes(t testing.TB) {
	if _, err := os.Stat(filepath.Join(scenesDir, "bunny", "bunny.obj")); err != nil {
		t.Skip("shared scenes not present")
	}
}

// TestRunBenchmarks runs the whole benchmark set (what `ingot bench accel/`
// runs) with few rays and checks the rows: unique names, a finite positive
// value, and for every timed row (ms, Mrays/s) a named baseline with a
// finite positive value and the ratio Value/Baseline. The figures
// themselves come from `ingot bench accel/` (BENCHMARKS.md).
func TestRunBenchmarks(t *testing.T) {
	haveScenes(t)
	if testing.Short() {
		t.Skip("short")
	}
	res, err := RunBenchmarks(context.Background(), BenchOptions{ScenesDir: scenesDir, Rays: 4096, Repeat: 1})
	if err != nil {
		t.Fatal(err)
	}
	if len(res) == 0 {
		t.Fatal("no results")
	}
	if err := checkBenchResults(res); err != nil {
		t.Error(err)
	}
}

// finitePos reports whether v is finite and positive.
func finitePos(v float64) bool { return v > 0 && !math.IsInf(v, 0) && !math.IsNaN(v) }

// checkBenchResults returns the first row that breaks TestRunBenchmarks'
// rules, as an error naming the row and the field.
func checkBenchResults(res []BenchResult) error {
	seen := map[string]bool{}
	for i, r := range res {
		if r.Name == "" || seen[r.Name] {
			return fmt.Errorf("row %d: name %q empty or repeated", i, r.Name)
		}
		seen[r.Name] = true
		if !finitePos(r.Value) {
			return fmt.Errorf("%s: Value %v, want finite and positive", r.Name, r.Value)
		}
		timed := r.Unit == "ms" || r.Unit == "Mrays/s"
		if !timed && (r.Baseline != 0 || r.BaselineName != "" || r.Ratio != 0) {
			return fmt.Errorf("%s (%s): Baseline %v %q ratio %v on an untimed row", r.Name, r.Unit, r.Baseline, r.BaselineName, r.Ratio)
		}
		if !timed {
			continue
		}
		switch {
		case r.Workers < 1:
			return fmt.Errorf("%s: Workers %d", r.Name, r.Workers)
		case !finitePos(r.Baseline):
			return fmt.Errorf("%s: Baseline %v, want finite and positive", r.Name, r.Baseline)
		case r.BaselineName == "":
			return fmt.Errorf("%s: BaselineName empty", r.Name)
		case !finitePos(r.Ratio) || math.Abs(r.Ratio-r.Value/r.Baseline) > 1e-9*r.Ratio:
			return fmt.Errorf("%s: Ratio %v, want Value/Baseline %v", r.Name, r.Ratio, r.Value/r.Baseline)
		}
	}
	return nil
}

// TestCheckBenchResults: the row checks reject what they should.
func TestCheckBenchResults(t *testing.T) {
	good := BenchResult{Name: "a", Value: 2, Unit: "ms", Workers: 1, Baseline: 4, BaselineName: "ref", Ratio: 0.5}
	size := BenchResult{Name: "b", Value: 60, Unit: "B/tri"}
	for _, c := range []struct {
		name string
		edit func(r *BenchResult)
		ok   bool
	}{
		{"good", func(*BenchResult) {}, true},
		{"zero value", func(r *BenchResult) { r.Value = 0 }, false},
		{"NaN value", func(r *BenchResult) { r.Value = math.NaN() }, false},
		{"infinite baseline", func(r *BenchResult) { r.Baseline = math.Inf(1) }, false},
		{"no baseline", func(r *BenchResult) { r.Baseline, r.BaselineName, r.Ratio = 0, "", 0 }, false},
		{"unnamed baseline", func(r *BenchResult) { r.BaselineName = "" }, false},
		{"wrong ratio", func(r *BenchResult) { r.Ratio = 2 }, false},
		{"no workers", func(r *BenchResult) { r.Workers = 0 }, false},
		{"repeated name", func(r *BenchResult) { r.Name = "b" }, false},
	} {
		r := good
		c.edit(&r)
		if err := checkBenchResults([]BenchResult{size, r}); (err == nil) != c.ok {
			t.Errorf("%s: error %v, want ok %v", c.name, err, c.ok)
		}
	}
}

func TestRunBenchmarksMissingScenes(t *testing.T) {
	res, err := RunBenchmarks(context.Background(), BenchOptions{ScenesDir: t.TempDir(), Rays: 64, Repeat: 1})
	if err != nil || len(res) != 0 {
		t.Fatalf("missing scenes: %v results, error %v", len(res), err)
	}
}
