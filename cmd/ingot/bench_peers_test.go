package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ingot-render/ingot/internal/benchkit"
)

// fakePeer writes an executable harness that prints line.
func fakePeer(t *testing.T, dir, name, line string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, name), []byte("#!/bin/sh\necho '"+line+"'\n"), 0o755); err != nil {
		t.Fatal(err)
	}
}

func TestRunPeers(t *testing.T) {
	peers, scenes := t.TempDir(), t.TempDir()
	if err := os.MkdirAll(filepath.Join(scenes, "bunny"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(scenes, "bunny", "bunny.obj"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("INGOT_PEERS", peers)
	t.Setenv("INGOT_SCENES", scenes)
	fakePeer(t, peers, "fauxgl_bench", `{"results":[{"gomaxprocs":1,"ms_per_frame_median":40}]}`)
	fakePeer(t, peers, "gl_bench", `{"tool":"mesa-llvmpipe","ms_per_frame_median":20}`)
	ran := []benchkit.Result{{Name: peerRasterCase, Workers: 1, NsPerOp: 30e6}}
	var rows []benchkit.Result
	var msgs bytes.Buffer
	emit := func(r benchkit.Result) error { rows = append(rows, r); return nil }
	if err := runPeers(t.Context(), ran, true, true, false, 1, emit, &msgs); err != nil {
		t.Fatal(err)
	}
	// fauxgl and llvmpipe at 1 and 2 threads; Embree is not built.
	if len(rows) != 4 {
		t.Fatalf("%d rows %v, want 4", len(rows), rows)
	}
	for _, r := range rows {
		want := map[string]float64{"peer/fauxgl/bunny-512": 40, "peer/llvmpipe/bunny-512": 20}[r.Name]
		if r.Native != want {
			t.Errorf("%s: peer figure %g, want %g", r.Name, r.Native, want)
		}
		if r.Workers == 1 && (r.Ingot != 30 || r.Ratio != 30/want) {
			t.Errorf("%s: ingot %g ms, ratio %g; want 30 and %g", r.Name, r.Ingot, r.Ratio, 30/want)
		}
		if r.Workers == 2 && r.Ingot != 0 {
			t.Errorf("%s on 2 threads: ingot %g, want none (no 2-worker ingot row)", r.Name, r.Ingot)
		}
	}
	if !strings.Contains(msgs.String(), "embree_bench") {
		t.Errorf("no message about the missing Embree harness: %q", msgs.String())
	}
}

func TestRunPeersBadOutput(t *testing.T) {
	peers, scenes := t.TempDir(), t.TempDir()
	os.MkdirAll(filepath.Join(scenes, "bunny"), 0o755)
	os.WriteFile(filepath.Join(scenes, "bunny", "bunny.obj"), nil, 0o644)
	t.Setenv("INGOT_PEERS", peers)
	t.Setenv("INGOT_SCENES", scenes)
	fakePeer(t, peers, "fauxgl_bench", `not json`)
	err := runPeers(t.Context(), nil, true, false, false, 1, func(benchkit.Result) error { return nil }, &bytes.Buffer{})
	if err == nil || !strings.Contains(err.Error(), "fauxgl_bench") {
		t.Errorf("error %v, want one naming fauxgl_bench", err)
	}
}

// TestRunPeersCycles: beside render/cornell, Blender Cycles (a blender
// on PATH running ../shared/peers/cycles/cycles_bench.py) gives a
// path-tracing row against ingot's render time at 12 bounces, one
// against ingot's with Cycles' per-lobe limits, and a whole-render row,
// from one run of the harness; without blender the peer is skipped with a
// message.
func TestRunPeersCycles(t *testing.T) {
	root := t.TempDir()
	scenes, bin := filepath.Join(root, "scenes"), filepath.Join(root, "bin")
	for _, d := range []string{filepath.Join(scenes, "CornellBox"), filepath.Join(root, "peers", "cycles"), bin} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{filepath.Join(scenes, "CornellBox", "CornellBox-Original.obj"), filepath.Join(root, "peers", "cycles", "cycles_bench.py")} {
		if err := os.WriteFile(f, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("INGOT_SCENES", scenes)
	t.Setenv("PATH", bin)
	ran := []benchkit.Result{{Name: peerRenderCase, Workers: 1, NsPerOp: 6e9}, {Name: peerRenderLimitsCase, Workers: 1, NsPerOp: 3e9}}
	var rows []benchkit.Result
	var msgs bytes.Buffer
	emit := func(r benchkit.Result) error { rows = append(rows, r); return nil }
	if err := runPeers(t.Context(), ran, false, false, true, 1, emit, &msgs); err != nil {
		t.Fatal(err)
	}
	if len(rows) != 0 || !strings.Contains(msgs.String(), "blender") {
		t.Fatalf("without blender: rows %v, messages %q; want none and a message", rows, msgs.String())
	}
	// The fake harness counts its runs: the rows must share one.
	count := filepath.Join(root, "runs")
	script := "#!/bin/sh\necho run >> " + count + "\necho '{\"tool\": \"blender-cycles\", \"pathtrace_s\": 2.0, \"render_s\": 2.5}'\n"
	if err := os.WriteFile(filepath.Join(bin, "blender"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := runPeers(t.Context(), ran, false, false, true, 1, emit, &msgs); err != nil {
		t.Fatal(err)
	}
	if len(rows) != 3 {
		t.Fatalf("%d rows %v, want 3", len(rows), rows)
	}
	if r := rows[0]; r.Native != 2 || r.Ingot != 6 || r.Ratio != 3 || r.Unit != "s" || !strings.Contains(r.Baseline, "Cycles") {
		t.Errorf("path-tracing row %+v, want Cycles 2 s beside ingot 6 s (ratio 3)", r)
	}
	if r := rows[1]; r.Native != 2 || r.Ingot != 3 || r.Ratio != 1.5 || !strings.Contains(r.Name, "cycles-limits") {
		t.Errorf("Cycles-limits row %+v, want Cycles 2 s beside ingot 3 s (ratio 1.5)", r)
	}
	if r := rows[2]; r.Native != 2.5 || r.Ratio != 0 {
		t.Errorf("whole-render row %+v, want 2.5 s and no ratio", r)
	}
	if runs, err := os.ReadFile(count); err != nil || strings.Count(string(runs), "run") != 1 {
		t.Errorf("the harness ran %q times (err %v), want once", runs, err)
	}
}
