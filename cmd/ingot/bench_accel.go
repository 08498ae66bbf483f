package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"

	"github.com/ingot-render/ingot/accel"
	"github.com/ingot-render/ingot/internal/benchkit"
)

func init() {
	benchSuites = append(benchSuites, benchSuite{prefix: "accel/", run: runAccelBench})
}

// sharedScenesDir finds the shared scene set: $INGOT_SCENES, or
// ../shared/scenes relative to the working directory or its parents.
func sharedScenesDir() string {
	if d := os.Getenv("INGOT_SCENES"); d != "" {
		return d
	}
	dir, _ := os.Getwd()
	for range 4 {
		c := filepath.Join(dir, "..", "shared", "scenes")
		if st, err := os.Stat(c); err == nil && st.IsDir() {
			return c
		}
		dir = filepath.Dir(dir)
	}
	return filepath.Join("..", "shared", "scenes")
}

// runAccelBench runs the acceleration-structure suite (bunny and ~1M
// instanced triangles): build times, BVH size and Mrays/s. The bunny's
// figures stand beside a baseline measured in the same run on the same
// number of workers: a plain binary binned-SAH BVH in scalar Go
// (accel/internal/refbvh: its build, and its closest- or any-hit traversal
// of the same rays; for the instanced spheres a two-level BVH of such
// BVHs, refbvh.Scene). With workers 0
// each figure is measured on 1 and on 2 workers (the WORKERS column).
func runAccelBench(ctx context.Context, workers int) ([]benchkit.Result, error) {
	o := accel.BenchOptions{ScenesDir: sharedScenesDir()}
	if workers > 0 {
		o.Workers = []int{workers}
	}
	rs, err := accel.RunBenchmarks(ctx, o)
	if err != nil {
		return nil, err
	}
	out := make([]benchkit.Result, 0, len(rs))
	for _, r := range rs {
		name := r.Name
		if !strings.HasPrefix(name, "accel/") {
			name = "accel/" + name
		}
		res := benchkit.Result{Name: name, Unit: r.Unit, Ingot: r.Value, Native: r.Baseline, Workers: r.Workers, Baseline: r.BaselineName}
		if r.Baseline != 0 && r.Value != 0 {
			// Ratio as time ratio (lower is better), like the other suites.
			if strings.HasSuffix(r.Unit, "/s") {
				res.Ratio = r.Baseline / r.Value
			} else {
				res.Ratio = r.Value / r.Baseline
			}
		}
		out = append(out, res)
	}
	return out, nil
}
