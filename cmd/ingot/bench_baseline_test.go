package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/ingot-render/ingot/internal/benchkit"
	"github.com/ingot-render/ingot/scenes/render/renderbench"
)

// TestBenchBaselinesNamed requires every benchmark case with a native
// baseline to say what the baseline is, so that `ingot bench` never
// prints a ratio without it; a weak one says "lower bound:".
func TestBenchBaselinesNamed(t *testing.T) {
	var cases []benchkit.Case
	for _, src := range benchSources {
		cases = append(cases, src()...)
	}
	cases = append(cases, benchkit.Cases()...)
	if len(cases) < 10 {
		t.Fatalf("only %d benchmark cases registered", len(cases))
	}
	for _, c := range cases {
		if c.Native != nil && strings.TrimSpace(c.Baseline) == "" {
			t.Errorf("%s: a native baseline without Baseline (say what it is)", c.Name)
		}
		// Baselines that are correctness oracles or deliberately naive
		// (brute force, a reference renderer) are lower bounds, and say so.
		low := strings.ToLower(c.Baseline)
		if (strings.Contains(low, "brute force") || strings.Contains(low, "reference")) && !strings.HasPrefix(c.Baseline, "lower bound:") {
			t.Errorf("%s: baseline %q is weak but not labelled \"lower bound:\"", c.Name, c.Baseline)
		}
	}
	// The path tracer's baseline is the plain Go path tracer over a BVH
	// (renderbench/internal/refpt), not the brute-force correctness oracle.
	found := false
	for _, c := range cases {
		if c.Name != "render/cornell-512x512-16spp" {
			continue
		}
		found = true
		if c.Native == nil || c.Baseline != renderbench.BaselineName || strings.HasPrefix(c.Baseline, "lower bound:") {
			t.Errorf("%s: baseline %q, want %q", c.Name, c.Baseline, renderbench.BaselineName)
		}
		if c.NativeWorkers > 1 {
			t.Errorf("%s: the baseline runs on %d workers, want one", c.Name, c.NativeWorkers)
		}
	}
	if !found {
		t.Error("no render/cornell-512x512-16spp case")
	}
}

// TestBaselineNote: a row whose baseline ran on another number of workers
// says so instead of a ratio.
func TestBaselineNote(t *testing.T) {
	for _, c := range []struct {
		r    benchkit.Result
		want string
	}{
		{benchkit.Result{Workers: 1, Native: 2, Ratio: 0.5, NativeWorkers: 1, Baseline: "plain Go"}, "plain Go"},
		{benchkit.Result{Workers: 2, Native: 2, NativeWorkers: 1, Baseline: "plain Go"}, "plain Go [baseline on 1 worker(s): no ratio]"},
		{benchkit.Result{Workers: 2}, ""},
	} {
		if got := baselineNote(c.r); got != c.want {
			t.Errorf("baselineNote(%+v) = %q, want %q", c.r, got, c.want)
		}
	}
}

// TestPeerLabels names every harness the peers table uses.
func TestPeerLabels(t *testing.T) {
	for _, tool := range []string{"gl_bench", "embree_bench", "fauxgl_bench", "blender"} {
		if l := peerLabel(tool); !strings.HasPrefix(l, "peer: ") || strings.Contains(l, "_bench") {
			t.Errorf("peerLabel(%q) = %q", tool, l)
		}
	}
}

// TestBenchDefaultOneWorker: `ingot bench` runs ingot on one worker
// unless told otherwise, so that its ratios compare equal thread counts,
// and prints the ratio with the baseline named.
func TestBenchDefaultOneWorker(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a benchmark (about 2 s)")
	}
	code, stdout, stderr := runCLI(t, "bench", "--json", "fmath/floor")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var r benchkit.Result
	if err := json.Unmarshal([]byte(strings.TrimSpace(stdout)), &r); err != nil {
		t.Fatalf("%v: %q", err, stdout)
	}
	if r.Name != "fmath/floor" || r.Workers != 1 || r.NativeWorkers != 1 || r.Ratio <= 0 || r.Baseline == "" {
		t.Errorf("result %+v, want fmath/floor on 1 worker with a ratio against a named 1-worker baseline", r)
	}
}
