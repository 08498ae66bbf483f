// Package benchkit runs ingot's benchmark cases both under `go test -bench`
// and from the `ingot bench` command. A Case pairs the ingot
// implementation of some work with a native-Go baseline doing the same work,
// so every figure comes with its ratio measured in the same run.
package benchkit

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"
)

// Case is one benchmark: the ingot way and a native baseline of the same
// work. Both functions run b.N units of work; Units converts one unit into
// the figure reported (e.g. 16M elements per op → elements).
type Case struct {
	// Name identifies the case, e.g. "exec/saxpy".
	Name string
	// Unit names what one operation processes, e.g. "Mrays/s" or "ns/op".
	Unit string
	// PerOp is how many Unit items one b.N iteration processes; the
	// reported figure is PerOp·N/seconds/1e6 for rate units ending in
	// "M…/s", and ns per op otherwise.
	PerOp float64
	// Ingot runs the ingot implementation. Workers is the number of workers
	// asked for (0 = GOMAXPROCS).
	Ingot func(b *testing.B, workers int)
	// Native runs the baseline; nil when there is none.
	Native func(b *testing.B)
	// NativeWorkers is the number of goroutines Native runs on (0: one).
	// A ratio is reported only for an ingot run on as many workers: a
	// baseline on one core says nothing about ingot on all of them.
	NativeWorkers int
	// Baseline says in a few words what Native is ("scalar Go, four
	// accumulators"); a baseline weaker than what a competent Go
	// programmer would write starts with "lower bound:". Every case with a
	// Native has one (ingot bench prints it beside the ratio).
	Baseline string
}

// Result is the outcome of one Case.
type Result struct {
	Name     string  `json:"name"`
	Unit     string  `json:"unit"`
	Workers  int     `json:"workers"`
	Ingot    float64 `json:"ingot"`
	Native   float64 `json:"native,omitempty"`
	Ratio    float64 `json:"ratio,omitempty"` // ingot time / native time (lower is better)
	NsPerOp  float64 `json:"nsPerOp"`         // ingot ns per operation
	NativeNs float64 `json:"nativeNsPerOp,omitempty"`
	Baseline string  `json:"baseline,omitempty"` // what the native figure is (Case.Baseline)
	// NativeWorkers is the baseline's worker count (Case.NativeWorkers,
	// at least 1) when there is a baseline.
	NativeWorkers int `json:"nativeWorkers,omitempty"`
	// CPURatio is ingot's process CPU time per operation ÷ the
	// baseline's, when both sides report it (ReportCPU) and Ratio is
	// given: on a loaded machine a steadier figure than the wall-time
	// Ratio.
	CPURatio float64 `json:"cpuRatio,omitempty"`
}

// CPUMetric is the benchmark metric ReportCPU reports.
const CPUMetric = "cpu-s/op"

// ReportCPU reports the process CPU time per operation since c0 (a
// ProcessCPU reading taken after the benchmark's setup) as the metric
// CPUMetric. Run turns it into Result.CPURatio when both sides of a case
// report it.
func ReportCPU(b *testing.B, c0 time.Duration) {
	if c1 := ProcessCPU(); c1 > 0 && c0 > 0 && b.N > 0 {
		b.ReportMetric((c1-c0).Seconds()/float64(b.N), CPUMetric)
	}
}

// nativeWorkers is c's baseline worker count.
func (c Case) nativeWorkers() int { return max(c.NativeWorkers, 1) }

// LikeForLike reports whether a ratio of c at workers ingot workers
// compares equal thread counts.
func (c Case) LikeForLike(workers int) bool {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	return workers == c.nativeWorkers()
}

var (
	mu      sync.Mutex
	cases   = map[string]Case{}
	pending []func() []Case
)

// AddSource registers a constructor of cases, called (once) by the first
// Cases call after it: a package whose cases are not part of its API (the
// engine's) adds them from an init function, and `ingot bench` or a test
// that imports the package finds them through Cases, without the cost of
// building them in every program that imports the package.
func AddSource(fn func() []Case) {
	mu.Lock()
	defer mu.Unlock()
	pending = append(pending, fn)
}

// Register adds a case to the global registry used by `ingot bench`.
// Registering a name twice replaces the first.
func Register(c Case) {
	mu.Lock()
	defer mu.Unlock()
	cases[c.Name] = c
}

// Cases returns the registered cases whose name has one of the given
// prefixes (all when none), sorted by name.
func Cases(prefixes ...string) []Case {
	mu.Lock()
	srcs := pending
	pending = nil
	mu.Unlock()
	for _, fn := range srcs {
		for _, c := range fn() {
			Register(c)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	var out []Case
	for name, c := range cases {
		if len(prefixes) == 0 || hasAnyPrefix(name, prefixes) {
			out = append(out, c)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

func hasAnyPrefix(s string, ps []string) bool {
	for _, p := range ps {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

// figure converts a benchmark result into the case's unit.
func (c Case) figure(r testing.BenchmarkResult) float64 {
	ns := float64(r.NsPerOp())
	if r.N > 0 {
		ns = float64(r.T.Nanoseconds()) / float64(r.N)
	}
	if strings.HasSuffix(c.Unit, "/s") && ns > 0 {
		scale := 1.0
		if strings.HasPrefix(c.Unit, "M") {
			scale = 1e6
		} else if strings.HasPrefix(c.Unit, "G") {
			scale = 1e9
		}
		return c.PerOp / (ns * 1e-9) / scale
	}
	return ns
}

// Run measures one case with testing.Benchmark and returns its result
// (workers ≤ 0: GOMAXPROCS). Its Ratio is 0 when the baseline ran on
// another number of workers (Case.NativeWorkers).
func Run(ctx context.Context, c Case, workers int) (Result, error) {
	if err := ctx.Err(); err != nil {
		return Result{}, err
	}
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	var cur *testing.B
	ri := testing.Benchmark(func(b *testing.B) { cur = detach(b); c.Ingot(b, workers) })
	if why := skipped(cur); why != "" {
		return Result{}, fmt.Errorf("benchmark %s: %w: %s", c.Name, ErrSkipped, why)
	}
	if ri.N == 0 {
		return Result{}, fmt.Errorf("benchmark %s failed", c.Name)
	}
	res := Result{Name: c.Name, Unit: c.Unit, Workers: workers, Ingot: c.figure(ri),
		NsPerOp: float64(ri.T.Nanoseconds()) / float64(ri.N)}
	if c.Native != nil {
		if err := ctx.Err(); err != nil {
			return Result{}, err
		}
		var curN *testing.B
		rn := testing.Benchmark(func(b *testing.B) { curN = detach(b); c.Native(b) })
		skipped(curN)
		if rn.N > 0 {
			res.Native = c.figure(rn)
			res.Baseline = c.Baseline
			res.NativeWorkers = c.nativeWorkers()
			res.NativeNs = float64(rn.T.Nanoseconds()) / float64(rn.N)
			if res.NativeNs > 0 && c.LikeForLike(workers) {
				res.Ratio = res.NsPerOp / res.NativeNs
				if ci, cn := ri.Extra[CPUMetric], rn.Extra[CPUMetric]; ci > 0 && cn > 0 {
					res.CPURatio = ci / cn
				}
			}
		}
	}
	return res, nil
}

// Bench runs c inside a `go test -bench` benchmark: sub-benchmarks
// "ingot" and "native", and reports the ratio on the ingot one as the
// metric "x-native" (measured against a native run made in the same
// benchmark) when both ran on the same number of workers (workers ≤ 0:
// GOMAXPROCS; see Case.NativeWorkers).
func Bench(b *testing.B, c Case, workers int) {
	var nativeNs float64
	if c.Native != nil {
		b.Run("native", func(b *testing.B) {
			c.Native(b)
			if b.N > 0 {
				nativeNs = float64(b.Elapsed().Nanoseconds()) / float64(b.N)
			}
		})
	}
	b.Run("ingot", func(b *testing.B) {
		c.Ingot(b, workers)
		if b.N > 0 && nativeNs > 0 && c.LikeForLike(workers) {
			ns := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
			b.ReportMetric(ns/nativeNs, "x-native")
		}
	})
}

// ErrSkipped is wrapped by Run's error for a case that called Skip (its
// input, e.g. a shared scene, is missing).
var ErrSkipped = errors.New("skipped")

var skips struct {
	sync.Mutex
	why map[*testing.B]string
}

// Skip stops benchmark b because what it needs is missing. Under go test it
// is b.Skip; in a benchmark that Run started (testing.Benchmark, whose B
// cannot log: b.Skip would crash) Run returns an error wrapping ErrSkipped.
func Skip(b *testing.B, args ...any) {
	skips.Lock()
	_, own := skips.why[b]
	if own {
		skips.why[b] = strings.TrimSpace(fmt.Sprintln(args...))
	}
	skips.Unlock()
	if !own {
		b.Skip(args...)
	}
	b.SkipNow()
}

// detach records b as a benchmark of Run's and returns it.
func detach(b *testing.B) *testing.B {
	skips.Lock()
	if skips.why == nil {
		skips.why = map[*testing.B]string{}
	}
	skips.why[b] = ""
	skips.Unlock()
	return b
}

// skipped returns and forgets why b was skipped ("" if it was not).
func skipped(b *testing.B) string {
	if b == nil {
		return ""
	}
	skips.Lock()
	defer skips.Unlock()
	why := skips.why[b]
	delete(skips.why, b)
	return why
}
