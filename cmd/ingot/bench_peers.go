package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/ingot-render/ingot/internal/benchkit"
)

// peersDir is where the peer harnesses of ../shared/peers are built:
// $INGOT_PEERS, else /tmp/ingot-peers (the README's default).
func peersDir() string {
	if d := os.Getenv("INGOT_PEERS"); d != "" {
		return d
	}
	return filepath.Join(os.TempDir(), "ingot-peers")
}

// peerRun is one peer measurement: a harness run with its arguments and the
// figure read from its JSON line.
type peerRun struct {
	name    string   // result name, e.g. "peer/fauxgl/bunny-512"
	tool    string   // harness binary in peersDir
	bin     string   // command to run instead of peersDir/tool (a peer installed system-wide)
	threads int      // threads the peer may use (and the row's workers)
	args    []string // harness arguments
	env     []string // extra environment
	unit    string   // unit of the figure
	pick    func(line map[string]any) (float64, bool)
	// match names the ingot result the peer is compared with.
	match string
	label string // BASELINE column, when more than peerLabel(tool)
}

// rasterPeers are the render-pipeline peers of the bunny frame (fauxgl
// pinned to the cores it may use, Mesa llvmpipe), at 1 and 2 threads.
func rasterPeers(mesh string) []peerRun {
	median := func(l map[string]any) (float64, bool) {
		if v, ok := l["ms_per_frame_median"].(float64); ok {
			return v, true
		}
		// fauxgl: one result per GOMAXPROCS.
		if rs, ok := l["results"].([]any); ok && len(rs) > 0 {
			if r, ok := rs[0].(map[string]any); ok {
				v, ok := r["ms_per_frame_median"].(float64)
				return v, ok
			}
		}
		return 0, false
	}
	var ps []peerRun
	for _, t := range []int{1, 2} {
		ps = append(ps,
			peerRun{name: "peer/fauxgl/bunny-512", tool: "fauxgl_bench", threads: t, unit: "ms/frame", pick: median, match: "raster/bunny-512",
				args: []string{"-w", "512", "-h", "512", "-frames", "20", "-t", strconv.Itoa(t), mesh}},
			peerRun{name: "peer/llvmpipe/bunny-512", tool: "gl_bench", threads: t, unit: "ms/frame", pick: median, match: "raster/bunny-512",
				args: []string{mesh, "-w", "512", "-h", "512", "-frames", "60"},
				env:  []string{"GALLIUM_DRIVER=llvmpipe", "LP_NUM_THREADS=" + map[int]string{1: "0", 2: "2"}[t]}})
	}
	return ps
}

// accelPeers is Embree on the bunny's ray sets: incoherent and primary
// closest-hit rays with rtcIntersect1 (Mrays/s) and the medium-quality
// build (ms), on one thread or the requested workers. ingot's accel rows
// keep the best of their repeats, so Embree's best are taken too
// (mrays_s_best, build_ms_min).
func accelPeers(mesh string, workers int) []peerRun {
	t := max(workers, 1)
	args := []string{mesh, "-w", "512", "-h", "512", "-t", strconv.Itoa(t), "-q", "medium", "-reps", "5"}
	trace := func(set string) func(map[string]any) (float64, bool) {
		return func(l map[string]any) (float64, bool) {
			rs, _ := l["results"].([]any)
			for _, r := range rs {
				rm, _ := r.(map[string]any)
				tr, _ := rm["trace"].([]any)
				for _, x := range tr {
					xm, _ := x.(map[string]any)
					if xm["set"] == set && xm["api"] == "rtcIntersect1" {
						v, ok := xm["mrays_s_best"].(float64)
						return v, ok
					}
				}
			}
			return 0, false
		}
	}
	build := func(l map[string]any) (float64, bool) {
		rs, _ := l["results"].([]any)
		if len(rs) == 0 {
			return 0, false
		}
		rm, _ := rs[0].(map[string]any)
		v, ok := rm["build_ms_min"].(float64)
		return v, ok
	}
	return []peerRun{
		{name: "peer/embree/bunny-incoherent-rtcIntersect1", tool: "embree_bench", threads: t, args: args, unit: "Mrays/s", pick: trace("incoherent")},
		{name: "peer/embree/bunny-primary-rtcIntersect1", tool: "embree_bench", threads: t, args: args, unit: "Mrays/s", pick: trace("primary")},
		{name: "peer/embree/bunny-build-medium", tool: "embree_bench", threads: t, args: args, unit: "ms", pick: build},
	}
}

// runPeer runs p (pinned with taskset to its threads' cores when taskset
// exists) and returns its figure; a harness that is not built is reported
// as errPeerMissing.
func runPeer(ctx context.Context, p peerRun, cache map[string][]byte) (float64, error) {
	bin := p.bin
	if bin == "" {
		bin = filepath.Join(peersDir(), p.tool)
		if _, err := os.Stat(bin); err != nil {
			return 0, fmt.Errorf("%w: %s (build it as ../shared/peers/README.md says, or set INGOT_PEERS)", errPeerMissing, bin)
		}
	}
	key := p.tool + " " + strings.Join(p.args, " ") + " " + strings.Join(p.env, " ")
	out, ok := cache[key]
	if !ok {
		argv := append([]string{bin}, p.args...)
		if ts, err := exec.LookPath("taskset"); err == nil {
			cpus := "0"
			for i := 1; i < p.threads; i++ {
				cpus += "," + strconv.Itoa(i)
			}
			argv = append([]string{ts, "-c", cpus}, argv...)
		}
		cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
		cmd.Env = append(os.Environ(), p.env...)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		var err error
		if out, err = cmd.Output(); err != nil {
			return 0, fmt.Errorf("%s: %w: %s", p.tool, err, strings.TrimSpace(stderr.String()))
		}
		cache[key] = out
	}
	for _, ln := range bytes.Split(out, []byte("\n")) {
		var m map[string]any
		if json.Unmarshal(ln, &m) != nil {
			continue
		}
		if v, ok := p.pick(m); ok {
			return v, nil
		}
	}
	return 0, fmt.Errorf("%s: no %s figure in its output", p.tool, p.unit)
}

var errPeerMissing = errors.New("peer harness not built")

// runPeers runs the peers of the selected benchmarks and emits one row per
// peer figure: the peer in the baseline column and, for the render
// pipeline, ingot's time for the same frame on as many workers in the ingot
// column (ratio: ingot's time ÷ the peer's).
// Missing harnesses are skipped with a message on errOut.
func runPeers(ctx context.Context, ran []benchkit.Result, rasterSel, accelSel, renderSel bool, workers int, emit func(benchkit.Result) error, errOut io.Writer) error {
	var ps []peerRun
	if rasterSel || accelSel {
		mesh := filepath.Join(sharedScenesDir(), "bunny", "bunny.obj")
		if _, err := os.Stat(mesh); err != nil {
			fmt.Fprintf(errOut, "peers skipped: %v\n", err)
		} else {
			if rasterSel {
				ps = append(ps, rasterPeers(mesh)...)
			}
			if accelSel {
				ps = append(ps, accelPeers(mesh, workers)...)
			}
		}
	}
	if renderSel {
		cp, err := cyclesPeers(workers)
		if err != nil {
			fmt.Fprintf(errOut, "peer skipped: %v\n", err)
		}
		ps = append(ps, cp...)
	}
	cache := map[string][]byte{}
	missing := map[string]bool{}
	for _, p := range ps {
		if missing[p.tool] {
			continue
		}
		v, err := runPeer(ctx, p, cache)
		if errors.Is(err, errPeerMissing) {
			missing[p.tool] = true
			fmt.Fprintf(errOut, "peer skipped: %v\n", err)
			continue
		}
		if err != nil {
			return err
		}
		// The peer's figure in the baseline column; in the ingot column the
		// same frame on as many workers, when it ran (ms per frame).
		r := benchkit.Result{Name: p.name, Unit: p.unit, Workers: p.threads, Native: v, Baseline: peerLabel(p.tool)}
		if p.label != "" {
			r.Baseline = p.label
		}
		scale := 1e6 // ns per ms
		if p.unit == "s" {
			scale = 1e9
		}
		for _, ir := range ran {
			if p.match != "" && ir.Name == p.match && ir.Workers == p.threads && ir.NsPerOp > 0 {
				r.Ingot, r.Ratio = ir.NsPerOp/scale, (ir.NsPerOp/scale)/v
			}
		}
		if err := emit(r); err != nil {
			return err
		}
	}
	return nil
}

// peerLabel names a harness's system for the BASELINE column.
func peerLabel(tool string) string {
	switch tool {
	case "gl_bench":
		return "peer: Mesa llvmpipe"
	case "embree_bench":
		return "peer: Embree"
	case "fauxgl_bench":
		return "peer: fogleman/fauxgl"
	case "blender":
		return "peer: Blender Cycles"
	}
	return "peer: " + strings.TrimSuffix(tool, "_bench")
}
