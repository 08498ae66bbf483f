package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// runCLI runs the command line in-process and returns exit code, stdout
// and stderr.
func runCLI(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(context.Background(), args, &out, &errb)
	return code, out.String(), errb.String()
}

func TestMSLCheck(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.metal")
	bad := filepath.Join(dir, "bad.metal")
	hdr := filepath.Join(dir, "inc", "scale.h")
	os.MkdirAll(filepath.Dir(hdr), 0o755)
	os.WriteFile(hdr, []byte("#define SCALE 2.0f\n"), 0o644)
	os.WriteFile(good, []byte("#include <metal_stdlib>\n#include \"scale.h\"\nusing namespace metal;\n"+
		"#if __METAL_VERSION__ >= 300 && defined(EXTRA)\nkernel void k(device float* a [[buffer(0)]], uint i [[thread_position_in_grid]]) { a[i] *= SCALE; }\n#endif\n"), 0o644)
	os.WriteFile(bad, []byte("kernel void k(device float* a [[buffer(0)]],\n              device float* b [[buffer(0)]]) {\n\tstatic int x;\n}\n"), 0o644)

	tests := []struct {
		name     string
		args     []string
		code     int
		stderrRE []string
	}{
		{"embedded sample", []string{"msl", "check"}, 0, nil},
		{"include path, define and -std", []string{"msl", "check", "-I", filepath.Join(dir, "inc"), "-D", "EXTRA", "-std=metal3.1", good}, 0, nil},
		{"std with space", []string{"msl", "check", "-std", "metal3.0", "-DEXTRA", "-I" + filepath.Join(dir, "inc"), good}, 0, nil},
		{"missing include", []string{"msl", "check", good}, 1, []string{"good.metal:2:"}},
		{"errors with caret", []string{"msl", "check", bad, good}, 1, []string{
			"bad.metal:2:[0-9]+: error: .*index 0", "bad.metal:3:2: error: .*static", "\t\\^", "2 errors generated"}},
		{"missing file", []string{"msl", "check", filepath.Join(dir, "nope.metal")}, 1, []string{"nope.metal: error:"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, _, stderr := runCLI(t, tc.args...)
			if code != tc.code {
				t.Fatalf("exit %d, want %d; stderr:\n%s", code, tc.code, stderr)
			}
			for _, re := range tc.stderrRE {
				if !matches(re, stderr) {
					t.Errorf("stderr lacks %q:\n%s", re, stderr)
				}
			}
		})
	}
}

func TestMSLReflect(t *testing.T) {
	code, stdout, stderr := runCLI(t, "msl", "reflect", "--function", "add_vectors")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var f struct {
		Name      string
		Kind      string
		Arguments []struct {
			Name   string
			Type   string
			Index  int
			Access string
		}
	}
	if err := json.Unmarshal([]byte(stdout), &f); err != nil {
		t.Fatalf("%v\n%s", err, stdout)
	}
	if f.Name != "add_vectors" || f.Kind != "kernel" || len(f.Arguments) != 4 || f.Arguments[2].Name != "out" || f.Arguments[2].Access != "read_write" {
		t.Errorf("reflection %+v", f)
	}
	code, stdout, _ = runCLI(t, "msl", "reflect")
	if code != 0 || !strings.Contains(stdout, `"quad_fragment"`) {
		t.Errorf("reflect all: exit %d\n%s", code, stdout)
	}
	if code, _, stderr := runCLI(t, "msl", "reflect", "--function", "nope"); code == 0 || !strings.Contains(stderr, "no function") {
		t.Errorf("unknown function: exit %d, %s", code, stderr)
	}
}

// TestCPUProfileFlag: --cpuprofile writes a profile for any command.
func TestCPUProfileFlag(t *testing.T) {
	path := filepath.Join(t.TempDir(), "cpu.prof")
	var out, errb bytes.Buffer
	if code := run(context.Background(), []string{"msl", "check", "--cpuprofile", path}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if st, err := os.Stat(path); err != nil || st.Size() == 0 {
		t.Fatalf("profile %s: %v", path, err)
	}
}

// TestMSLCheckStockHeaders: a user material that includes the stock
// renderer's headers checks without -I (they are embedded), and a header
// of the same name next to the file still wins.
func TestMSLCheckStockHeaders(t *testing.T) {
	dir := t.TempDir()
	spin := writeSpin(t, dir)
	if code, _, stderr := runCLI(t, "msl", "check", spin); code != 0 {
		t.Fatalf("exit %d:\n%s", code, stderr)
	}
	mine := filepath.Join(t.TempDir(), "m.metal")
	os.WriteFile(filepath.Join(filepath.Dir(mine), "scene_types.h"), []byte("#define MINE 1\n"), 0o644)
	os.WriteFile(mine, []byte("#include \"scene_types.h\"\n#ifndef MINE\n#error stock header used\n#endif\n"), 0o644)
	if code, _, stderr := runCLI(t, "msl", "check", mine); code != 0 {
		t.Errorf("local scene_types.h not preferred: exit %d:\n%s", code, stderr)
	}
	nope := filepath.Join(dir, "n.metal")
	os.WriteFile(nope, []byte("#include \"nope.h\"\n"), 0o644)
	if code, _, stderr := runCLI(t, "msl", "check", nope); code != 1 || !strings.Contains(stderr, "n.metal:1:") {
		t.Errorf("missing header: exit %d:\n%s", code, stderr)
	}
}

// TestRenderMaterialCompileError: a --material that does not compile is
// reported like `ingot msl check` reports it: the user's file name, line
// and column, the source line and a caret.
func TestRenderMaterialCompileError(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.metal")
	os.WriteFile(bad, []byte("#include <metal_stdlib>\n#include \"scene_types.h\"\nusing namespace metal;\n"+
		"[[visible]] MaterialOutput bad(SurfaceHit hit, constant SceneResources& scene) {\n    MaterialOutput o;\n"+
		"    o.baseColour = float3(1);\n    return o;\n}\n"), 0o644)
	code, _, stderr := runCLI(t, "render", "--size", "4x4", "--spp", "1", "--quiet", "--material", "*="+bad, "-o", filepath.Join(dir, "o.png"))
	if code != exitFailed {
		t.Fatalf("exit %d:\n%s", code, stderr)
	}
	for _, re := range []string{`material "\*" \(.*bad.metal\) does not compile:\n`, `(?m)^` + regexp.QuoteMeta(bad) + `:6:7: error: .*baseColour`,
		`\n    o.baseColour = float3\(1\);\n      \^\n`, `1 error generated`} {
		if !matches(re, stderr) {
			t.Errorf("stderr lacks %q:\n%s", re, stderr)
		}
	}
	if strings.Contains(stderr, "material0-") {
		t.Errorf("stderr shows the internal include name:\n%s", stderr)
	}
}
