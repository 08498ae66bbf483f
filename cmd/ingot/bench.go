package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/ingot-render/ingot/internal/benchkit"
	"github.com/ingot-render/ingot/scenes/render/renderbench"
)

// benchSources lists the functions that supply benchmark cases; each layer
// adds its own as it lands.
var benchSources []func() []benchkit.Case

// benchSuite is a group of benchmarks that measures itself (rather than
// through testing.Benchmark) and returns finished results; prefix is the
// common start of its result names, used to select it.
type benchSuite struct {
	prefix string
	run    func(ctx context.Context, workers int) ([]benchkit.Result, error)
}

// peerRasterCase is the ingot case the render-pipeline peers draw too;
// peerRenderCase the one Blender Cycles renders, and peerRenderLimitsCase
// the same frame with Cycles' default per-lobe bounce limits, which the
// harness leaves Cycles with.
const (
	peerRasterCase       = "raster/bunny-512"
	peerRenderCase       = "render/cornell-512x512-16spp"
	peerRenderLimitsCase = renderbench.CornellCyclesLimitsCase
)

// benchSuites lists the self-measuring suites (acceleration structures).
var benchSuites []benchSuite

func init() { subcommands = append(subcommands, newBenchCmd) }

// printRow prints one result as a table row; figures that are absent
// (no baseline) print as "-". The time ratio is of wall time, followed
// by the ratio of process CPU time where both sides measured it.
func printRow(out io.Writer, row string, r benchkit.Result) {
	num := func(v float64) string {
		if v == 0 {
			return "-"
		}
		return fmt.Sprintf("%.4g", v)
	}
	ratio := "-"
	if r.Ratio != 0 {
		ratio = fmt.Sprintf("%.3gx", r.Ratio)
	}
	if r.CPURatio != 0 {
		ratio += fmt.Sprintf(" (cpu %.3gx)", r.CPURatio)
	}
	fmt.Fprintf(out, row, r.Name, r.Workers, num(r.Ingot), num(r.Native), r.Unit, ratio, baselineNote(r))
}

// baselineNote is the BASELINE column: what the baseline is, and why a
// row with a baseline figure has no ratio (it ran on another number of
// workers than ingot did).
func baselineNote(r benchkit.Result) string {
	if r.Native != 0 && r.Ratio == 0 && r.NativeWorkers > 0 && r.NativeWorkers != r.Workers {
		return fmt.Sprintf("%s [baseline on %d worker(s): no ratio]", r.Baseline, r.NativeWorkers)
	}
	return r.Baseline
}

// matchesAny reports whether a suite with this name prefix is selected by
// one of the user's name prefixes (either may be the longer).
func matchesAny(prefix string, args []string) bool {
	for _, a := range args {
		if strings.HasPrefix(prefix, a) || strings.HasPrefix(a, prefix) {
			return true
		}
	}
	return false
}

// benchNames lists the registered cases' names and the suites' prefixes
// (their cases are named when they run), sorted.
func benchNames() []string {
	var names []string
	for _, c := range benchkit.Cases() {
		names = append(names, c.Name)
	}
	for _, s := range benchSuites {
		names = append(names, s.prefix+"… (suite)")
	}
	slices.Sort(names)
	return names
}

// newBenchCmd builds `ingot bench`.
func newBenchCmd() *cobra.Command {
	var asJSON, peers bool
	var workers int
	cmd := &cobra.Command{
		Use:   "bench [--json] [--workers N] [--peers] [NAME...]",
		Short: "Run ingot's benchmarks, each against a native-Go baseline",
		Long: "bench runs the benchmark cases whose names start with one of NAME (all when none) " +
			"and prints each ingot figure beside its native baseline and their time ratio. Ingot runs on " +
			"one worker unless --workers says otherwise; the native baselines run on one (a row whose " +
			"baseline ran on another number of workers prints no ratio).",
		RunE: func(cmd *cobra.Command, args []string) error {
			for _, src := range benchSources {
				for _, c := range src() {
					benchkit.Register(c)
				}
			}
			cases := benchkit.Cases(args...)
			var suites []benchSuite
			for _, s := range benchSuites {
				if len(args) == 0 || matchesAny(s.prefix, args) {
					suites = append(suites, s)
				}
			}
			if len(cases) == 0 && len(suites) == 0 {
				return fmt.Errorf("no benchmark name starts with %s; the benchmarks are:\n  %s",
					strings.Join(args, " or "), strings.Join(benchNames(), "\n  "))
			}
			out := cmd.OutOrStdout()
			const row = "%-48s %7v %10v %10v  %-10s %-10v %v\n"
			if !asJSON {
				fmt.Fprintf(out, row, "NAME", "WORKERS", "INGOT", "NATIVE", "UNIT", "TIME RATIO", "BASELINE")
			}
			enc := json.NewEncoder(out)
			emit := func(r benchkit.Result) error {
				if asJSON {
					return enc.Encode(r)
				}
				printRow(out, row, r)
				return nil
			}
			var ran []benchkit.Result
			rasterSel, renderSel := false, false
			for _, c := range cases {
				r, err := benchkit.Run(cmd.Context(), c, workers)
				if errors.Is(err, benchkit.ErrSkipped) {
					// A case whose input (a shared scene) is missing.
					fmt.Fprintln(cmd.ErrOrStderr(), err)
					continue
				}
				if err != nil {
					return err
				}
				ran = append(ran, r)
				if err := emit(r); err != nil {
					return err
				}
				renderSel = renderSel || c.Name == peerRenderCase || c.Name == peerRenderLimitsCase
				if c.Name == peerRasterCase && peers {
					rasterSel = true
					// The peers run on 1 and 2 threads: ingot too.
					for _, w := range []int{1, 2} {
						if w == r.Workers {
							continue
						}
						rw, err := benchkit.Run(cmd.Context(), c, w)
						if err != nil {
							return err
						}
						ran = append(ran, rw)
						if err := emit(rw); err != nil {
							return err
						}
					}
				}
			}
			accelSel := false
			for _, s := range suites {
				rs, err := s.run(cmd.Context(), workers)
				if err != nil {
					return err
				}
				accelSel = accelSel || s.prefix == "accel/"
				for _, r := range rs {
					if err := emit(r); err != nil {
						return err
					}
				}
			}
			if peers {
				return runPeers(cmd.Context(), ran, rasterSel, accelSel, renderSel, workers, emit, cmd.ErrOrStderr())
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object per benchmark")
	cmd.Flags().IntVar(&workers, "workers", 1, "number of ingot workers (0 = all cores); a ratio is printed only against a baseline on as many workers")
	cmd.Flags().BoolVar(&peers, "peers", false, "also run the peer harnesses of ../shared/peers (built in $INGOT_PEERS, default /tmp/ingot-peers) on the same inputs: fauxgl and llvmpipe beside raster/bunny-512, Embree beside accel/, Blender Cycles beside render/cornell-512x512-16spp (and its -cycles-limits variant)")
	return cmd
}
