package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
)

// sharedPeersSourceDir finds the peer harnesses' sources: the directory
// "peers" beside the shared scene set (../shared/peers).
func sharedPeersSourceDir() string {
	return filepath.Join(filepath.Dir(sharedScenesDir()), "peers")
}

// cyclesPeers returns Blender Cycles rendering the frame of
// render/cornell-512x512-16spp (CornellBox-Original.obj, 512×512, 16 spp,
// 12 bounces, lit by its own emissive quad, viewed along +Z) on as many
// threads as ingot's workers, with ../shared/peers/cycles/cycles_bench.py:
// its path-tracing time (pathtrace_s: first sample to the end, scene sync
// and BVH build excluded as ingot's setup is) beside ingot's render at 12
// bounces and beside ingot's render with Cycles' default per-lobe limits
// (render/cornell-512x512-16spp-cycles-limits: the harness sets only Max
// Bounces, so Cycles keeps its Diffuse 4, Glossy 4 and Transmission 12),
// and its whole render (render_s: sync, BVH and path tracing) alone. The
// rows share one run of the harness. The error wraps errPeerMissing when
// blender, the script or the scene is absent.
func cyclesPeers(workers int) ([]peerRun, error) {
	bin, err := exec.LookPath("blender")
	if err != nil {
		return nil, fmt.Errorf("%w: blender not on PATH (apt-get install blender, see ../shared/peers/README.md)", errPeerMissing)
	}
	script := filepath.Join(sharedPeersSourceDir(), "cycles", "cycles_bench.py")
	scene := filepath.Join(sharedScenesDir(), "CornellBox", "CornellBox-Original.obj")
	for _, p := range []string{script, scene} {
		if _, err := os.Stat(p); err != nil {
			return nil, fmt.Errorf("%w: %v", errPeerMissing, err)
		}
	}
	t := max(workers, 1)
	args := []string{"-b", "--factory-startup", "-P", script, "--", scene,
		filepath.Join(os.TempDir(), "ingot-cycles-cornell.png"), "512", "512", "16",
		"--threads", strconv.Itoa(t), "--max-bounces", "12", "--view-dir", "0,0,1", "--no-added-lights"}
	field := func(name string) func(map[string]any) (float64, bool) {
		return func(l map[string]any) (float64, bool) {
			if l["tool"] != "blender-cycles" {
				return 0, false
			}
			v, ok := l[name].(float64)
			return v, ok && v > 0
		}
	}
	return []peerRun{
		{name: "peer/cycles/cornell-512x512-16spp-pathtrace", tool: "blender", bin: bin, threads: t, args: args, unit: "s",
			pick: field("pathtrace_s"), match: peerRenderCase, label: "peer: Blender Cycles, path tracing (sync and BVH excluded)"},
		{name: "peer/cycles/cornell-512x512-16spp-pathtrace-cycles-limits", tool: "blender", bin: bin, threads: t, args: args, unit: "s",
			pick: field("pathtrace_s"), match: peerRenderLimitsCase,
			label: "peer: Blender Cycles, path tracing, beside ingot with Cycles' per-lobe bounce limits"},
		{name: "peer/cycles/cornell-512x512-16spp-render", tool: "blender", bin: bin, threads: t, args: args, unit: "s",
			pick: field("render_s"), label: "peer: Blender Cycles, whole render (sync, BVH, path tracing)"},
	}, nil
}
