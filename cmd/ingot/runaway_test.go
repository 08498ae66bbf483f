package main

import (
	"bufio"
	"bytes"
	"context"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
)

// spinMaterial is a user material whose loop (line 8) never ends.
const spinMaterial = `#include <metal_stdlib>
#include "scene_types.h"
using namespace metal;

[[visible]] MaterialOutput spin(SurfaceHit hit, constant SceneResources& scene) {
    MaterialOutput o;
    float x = hit.uv0.x;
    while (x >= -1.0f) {
        x = x * 1.0001f + 0.5f;
    }
    o.baseColor = float3(x);
    o.metallic = 0.0f;
    o.roughness = 1.0f;
    o.ior = 1.5f;
    o.transmission = 0.0f;
    o.clearcoat = 0.0f;
    o.clearcoatRoughness = 0.0f;
    o.normal = hit.normal;
    o.emission = float3(0.0f);
    o.opacity = 1.0f;
    o.flags = 0;
    return o;
}
`

// writeSpin writes spinMaterial into dir and returns its path.
func writeSpin(t *testing.T, dir string) string {
	t.Helper()
	p := filepath.Join(dir, "spin.metal")
	if err := os.WriteFile(p, []byte(spinMaterial), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

var (
	buildOnce sync.Once
	binPath   string
	buildErr  error
	buildOut  []byte
)

// ingotBinary builds this command once per test run.
func ingotBinary(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the ingot binary")
	}
	goTool := filepath.Join(runtime.GOROOT(), "bin", "go")
	if _, err := os.Stat(goTool); err != nil {
		t.Skipf("no go tool: %v", err)
	}
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "ingot-bin-")
		if err != nil {
			buildErr = err
			return
		}
		binPath = filepath.Join(dir, "ingot")
		buildOut, buildErr = exec.Command(goTool, "build", "-o", binPath, ".").CombinedOutput()
	})
	if buildErr != nil {
		t.Fatalf("go build: %v\n%s", buildErr, buildOut)
	}
	return binPath
}

func TestMain(m *testing.M) {
	code := m.Run()
	if binPath != "" {
		os.RemoveAll(filepath.Dir(binPath))
	}
	os.Exit(code)
}

// runawayProcess starts the built binary rendering the default scene with
// the spinning material and extra args, and returns the command, its
// stderr so far (complete after Wait) and the time its render started (the
// "rendering" line).
func runawayProcess(t *testing.T, extra ...string) (*exec.Cmd, *bytes.Buffer, time.Time, string) {
	t.Helper()
	bin := ingotBinary(t)
	dir := t.TempDir()
	out := filepath.Join(dir, "out.png")
	// No instruction budget: only the signal or the time limit under test
	// may stop the material (the default budget trips within a second).
	args := append([]string{"render", "--size", "16x16", "--spp", "4", "--threads", "2", "--sample-budget", "-1",
		"--material", "*=" + writeSpin(t, dir), "-o", out}, extra...)
	cmd := exec.Command(bin, args...)
	pipe, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill() })
	var stderr bytes.Buffer
	started := make(chan time.Time, 1)
	go func() {
		sc := bufio.NewScanner(pipe)
		for sc.Scan() {
			line := sc.Text()
			stderr.WriteString(line + "\n")
			if strings.HasPrefix(line, "ingot render: rendering ") {
				started <- time.Now()
			}
		}
		close(started)
	}()
	select {
	case at, ok := <-started:
		if !ok {
			cmd.Wait()
			t.Fatalf("the render did not start:\n%s", stderr.String())
		}
		return cmd, &stderr, at, out
	case <-time.After(60 * time.Second):
		t.Fatalf("no 'rendering' line after 60 s:\n%s", stderr.String())
	}
	return nil, nil, time.Time{}, ""
}

// waitExit waits for cmd for at most limit and returns its exit code and
// when it ended.
func waitExit(t *testing.T, cmd *exec.Cmd, limit time.Duration) (int, time.Time) {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
		return cmd.ProcessState.ExitCode(), time.Now()
	case <-time.After(limit):
		cmd.Process.Kill()
		<-done
		t.Fatalf("still running %v later; killed", limit)
	}
	return 0, time.Time{}
}

// checkRunawayReport checks the stop message and the partial image.
func checkRunawayReport(t *testing.T, stderr, out string) {
	t.Helper()
	for _, want := range []string{"stopped at 0 spp", "first pass: 0 of 1 tiles", "material function spin", "spin.metal:8:", "wrote " + out} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := png.Decode(f); err != nil {
		t.Errorf("partial image: %v", err)
	}
}

// TestRenderRunawaySIGINT: Ctrl-C (SIGINT to the process) stops a render
// whose material never returns within a second, writes the partial image,
// names the material and its line and exits with exitInterrupted.
func TestRenderRunawaySIGINT(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no SIGINT to a child process on Windows")
	}
	cmd, stderr, _, out := runawayProcess(t)
	time.Sleep(300 * time.Millisecond)
	sent := time.Now()
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	code, ended := waitExit(t, cmd, 2*time.Second)
	t.Logf("exited %v after SIGINT:\n%s", ended.Sub(sent), stderr)
	if code != exitInterrupted {
		t.Errorf("exit %d, want %d", code, exitInterrupted)
	}
	if d := ended.Sub(sent); d > time.Second {
		t.Errorf("exited %v after SIGINT, want within a second", d)
	}
	checkRunawayReport(t, stderr.String(), out)
}

// TestRenderRunawayTimeLimit: --time-limit 2s stops the looping material
// within a second of the limit and exits with exitTimeLimit.
func TestRenderRunawayTimeLimit(t *testing.T) {
	cmd, stderr, started, out := runawayProcess(t, "--time-limit", "2s")
	code, ended := waitExit(t, cmd, 5*time.Second)
	t.Logf("exited %v after the render started:\n%s", ended.Sub(started), stderr)
	if code != exitTimeLimit {
		t.Errorf("exit %d, want %d", code, exitTimeLimit)
	}
	if d := ended.Sub(started); d < 2*time.Second || d > 3*time.Second {
		t.Errorf("exited %v after the render started, want 2 s to 3 s", d)
	}
	checkRunawayReport(t, stderr.String(), out)
	if !strings.Contains(stderr.String(), "--time-limit 2s reached") {
		t.Errorf("stderr does not name --time-limit:\n%s", stderr)
	}
}

// startWatcher is an io.Writer that calls f once, 300 ms after the
// render's "rendering" line is written.
type startWatcher struct {
	bytes.Buffer
	once sync.Once
	f    func()
	at   time.Time
}

func (w *startWatcher) Write(p []byte) (int, error) {
	n, err := w.Buffer.Write(p)
	if strings.Contains(w.String(), "ingot render: rendering ") {
		w.once.Do(func() { w.at = time.Now(); time.AfterFunc(300*time.Millisecond, w.f) })
	}
	return n, err
}

// TestRenderRunawayInProcess: the same through run with a context
// cancelled 300 ms into the render, checking that no goroutine is left
// behind.
func TestRenderRunawayInProcess(t *testing.T) {
	dir := t.TempDir()
	spin := writeSpin(t, dir)
	out := filepath.Join(dir, "out.png")
	before := runtime.NumGoroutine()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	stderr := &startWatcher{f: cancel}
	code := run(ctx, []string{"render", "--size", "16x16", "--spp", "4", "--threads", "2", "--material", "*=" + spin, "-o", out}, &bytes.Buffer{}, stderr)
	if code != exitInterrupted {
		t.Fatalf("exit %d, want %d:\n%s", code, exitInterrupted, stderr.String())
	}
	// A cancelled render stops within a tile's worth of work; 3 s after the
	// cancel leaves room for a loaded 2-core machine and still fails on a
	// render that runs to its end or to its instruction budget.
	if el := time.Since(stderr.at); el > 300*time.Millisecond+3*time.Second {
		t.Errorf("run returned %v after the render started, %v after the cancel", el, el-300*time.Millisecond)
	}
	checkRunawayReport(t, stderr.String(), out)
	deadline := time.Now().Add(time.Second)
	for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if g := runtime.NumGoroutine(); g > before {
		buf := make([]byte, 1<<16)
		t.Errorf("%d goroutines left behind:\n%s", g-before, buf[:runtime.Stack(buf, true)])
	}
}

// TestRenderRunawayBudget: without a time limit, the tile's instruction
// budget fails the render with exitShaderFault, naming the material's
// function and line, and writes nothing.
func TestRenderRunawayBudget(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out.png")
	code, _, stderr := runCLI(t, "render", "--size", "16x16", "--spp", "4", "--threads", "2", "--quiet",
		"--sample-budget", "5000", "--material", "*="+writeSpin(t, dir), "-o", out)
	if code != exitShaderFault {
		t.Fatalf("exit %d, want %d:\n%s", code, exitShaderFault, stderr)
	}
	for _, want := range []string{"material function spin", "spin.metal:8:5", "instruction budget"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q: %s", want, stderr)
		}
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("a failed render wrote its output")
	}
}
