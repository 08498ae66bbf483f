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
	if err := runPeers(t.Context(), ran, true, true, 1, emit, &msgs); err != nil {
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
	err := runPeers(t.Context(), nil, true, false, 1, func(benchkit.Result) error { return nil }, &bytes.Buffer{})
	if err == nil || !strings.Contains(err.Error(), "fauxgl_bench") {
		t.Errorf("error %v, want one naming fauxgl_bench", err)
	}
}
