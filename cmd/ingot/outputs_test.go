package main

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ingot-render/ingot/scenes"
	"github.com/ingot-render/ingot/scenes/render"
)

// TestRenderOutputsCheckedFirst: -o, --linear and --aov-dir that cannot
// be written are refused before the scene is loaded or rendered (no
// "rendering" line, nothing written), with messages naming the flag.
func TestRenderOutputsCheckedFirst(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "file.txt")
	os.WriteFile(file, []byte("x"), 0o644)
	ok := filepath.Join(dir, "ok.png")
	sub := filepath.Join(dir, "d.png")
	os.Mkdir(sub, 0o755)
	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"missing directory", []string{"-o", filepath.Join(dir, "no", "such", "out.png")}, "-o " + filepath.Join(dir, "no", "such", "out.png") + ": directory " + filepath.Join(dir, "no", "such") + " does not exist"},
		{"parent is a file", []string{"-o", filepath.Join(file, "out.png")}, "is not a directory"},
		{"output is a directory", []string{"-o", sub}, "-o " + sub + ": is a directory"},
		{"-o extension", []string{"-o", filepath.Join(dir, "out.jpg")}, "-o " + filepath.Join(dir, "out.jpg") + ": want a .png or .pfm file"},
		{"--linear extension", []string{"-o", ok, "--linear", filepath.Join(dir, "lin.png")}, "--linear"},
		{"--linear missing directory", []string{"-o", ok, "--linear", filepath.Join(dir, "no", "lin.pfm")}, "--linear " + filepath.Join(dir, "no", "lin.pfm") + ": directory"},
		{"--linear same as -o", []string{"-o", filepath.Join(dir, "a.pfm"), "--linear", filepath.Join(dir, ".", "a.pfm")}, "the same file as -o"},
		{"--aov-dir is a file", []string{"-o", ok, "--aov-dir", file}, "--aov-dir " + file},
	} {
		t.Run(c.name, func(t *testing.T) {
			args := append([]string{"render", "no/such/scene.glb", "--size", "4x4", "--spp", "1"}, c.args...)
			code, _, stderr := runCLI(t, args...)
			if code != exitFailed || !strings.Contains(stderr, c.want) {
				t.Errorf("exit %d, stderr %q; want %d and %q", code, stderr, exitFailed, c.want)
			}
			// The scene does not exist: an error about it would mean the
			// outputs were checked after loading.
			if strings.Contains(stderr, "scene.glb") || strings.Contains(stderr, "rendering") {
				t.Errorf("the outputs were not checked first: %q", stderr)
			}
		})
	}
	if _, err := os.Stat(ok); err == nil {
		t.Error("an output was written")
	}
}

// TestRenderUnwritableDirectory: a directory without write permission is
// refused before rendering (skipped as root, whom permissions do not stop).
func TestRenderUnwritableDirectory(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root writes anywhere")
	}
	dir := filepath.Join(t.TempDir(), "ro")
	os.Mkdir(dir, 0o500)
	defer os.Chmod(dir, 0o700)
	code, _, stderr := runCLI(t, "render", "--size", "4x4", "--spp", "1", "-o", filepath.Join(dir, "o.png"))
	if code != exitFailed || !strings.Contains(stderr, "cannot write in "+dir) {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
}

// TestStopReport: the message of a stopped render names the reason, the
// samples, the tiles of an unfinished first pass, the running material
// and the files written.
func TestStopReport(t *testing.T) {
	f := &renderFlags{out: "o.png", linear: "o.pfm", timeLimit: 2 * time.Second}
	partial := &render.Image{Width: 100, Height: 40, TileSize: 64, Tiles: 2, TilesDone: 1, Elapsed: 2 * time.Second}
	se := &render.ShaderError{Kernel: "path_trace", Material: 0, MaterialName: "*", Function: "spin", File: "m/spin.metal", Line: 8, Column: 5, Err: context.DeadlineExceeded}
	for _, c := range []struct {
		img  *render.Image
		err  error
		code int
		want string
	}{
		{partial, se, exitTimeLimit, "--time-limit 2s reached after 2.0s: stopped at 0 spp (first pass: 1 of 2 tiles of 64x40 px done, " +
			"row-major from the top left; the other pixels have at most part of a tile's samples); " +
			"it was running material function spin (--material *) at m/spin.metal:8:5; wrote o.png, o.pfm"},
		{&render.Image{SPP: 4, Elapsed: time.Second}, context.Canceled, exitInterrupted, "interrupted after 1.0s: stopped at 4 spp; wrote o.png, o.pfm"},
	} {
		if got := stopReport(f, c.img, c.err, c.code); got != c.want {
			t.Errorf("stopReport:\n got %s\nwant %s", got, c.want)
		}
	}
}

// TestRenderNaNMesh: a glTF primitive with a NaN position is reported,
// naming the mesh and the accessor, and skipped; the rest renders.
func TestRenderNaNMesh(t *testing.T) {
	var bin []byte
	for _, v := range []float32{0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, float32(math.NaN()), 0, 0, 0, 1, 0} {
		bin = binary.LittleEndian.AppendUint32(bin, math.Float32bits(v))
	}
	doc := map[string]any{
		"asset":       map[string]any{"version": "2.0"},
		"buffers":     []any{map[string]any{"byteLength": len(bin), "uri": "data:application/gltf-buffer;base64," + base64.StdEncoding.EncodeToString(bin)}},
		"bufferViews": []any{map[string]any{"buffer": 0, "byteOffset": 0, "byteLength": 36}, map[string]any{"buffer": 0, "byteOffset": 36, "byteLength": 36}},
		"accessors": []any{
			map[string]any{"bufferView": 0, "componentType": 5126, "type": "VEC3", "count": 3, "min": []float64{0, 0, 0}, "max": []float64{1, 1, 0}},
			map[string]any{"bufferView": 1, "componentType": 5126, "type": "VEC3", "count": 3},
		},
		"meshes": []any{map[string]any{"name": "wing", "primitives": []any{
			map[string]any{"attributes": map[string]any{"POSITION": 0}}, map[string]any{"attributes": map[string]any{"POSITION": 1}}}}},
		"nodes":  []any{map[string]any{"mesh": 0}},
		"scenes": []any{map[string]any{"nodes": []int{0}}},
	}
	js, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	in := filepath.Join(dir, "nan.gltf")
	os.WriteFile(in, js, 0o644)
	code, _, stderr := runCLI(t, "render", in, "--size", "8x8", "--spp", "1", "--quiet", "-o", filepath.Join(dir, "o.png"))
	if code != exitOK {
		t.Fatalf("exit %d:\n%s", code, stderr)
	}
	if want := `ingot render: warning: mesh "wing" primitive 1: POSITION accessor 1 has 1 non-finite`; !strings.Contains(stderr, want) {
		t.Errorf("stderr lacks %q:\n%s", want, stderr)
	}
}

// TestRenderDefaultsMatchAPI: `ingot render` of a scene without lights
// writes the image the Go API renders with the zero render.Options and
// render.DefaultFrame (the studio environment, the automatic camera).
func TestRenderDefaultsMatchAPI(t *testing.T) {
	dir := t.TempDir()
	obj := filepath.Join(dir, "tetra.obj")
	os.WriteFile(obj, []byte("v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nf 1 3 2\nf 1 2 4\nf 1 4 3\nf 2 3 4\n"), 0o644)
	out := filepath.Join(dir, "cli.png")
	if code, _, stderr := runCLI(t, "render", obj, "--size", "24x16", "--spp", "2", "--threads", "2", "--quiet", "-o", out); code != exitOK {
		t.Fatalf("exit %d:\n%s", code, stderr)
	}
	s, err := scenes.Open(context.Background(), obj, scenes.Options{})
	if err != nil {
		t.Fatal(err)
	}
	dev, err := render.NewDevice(2)
	if err != nil {
		t.Fatal(err)
	}
	r, err := render.NewRenderer(context.Background(), dev, s, render.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	f := render.DefaultFrame()
	f.Width, f.Height, f.SPP = 24, 16, 2
	img, err := r.Render(context.Background(), f, nil)
	if err != nil {
		t.Fatal(err)
	}
	var api bytes.Buffer
	if err := img.WritePNG(&api); err != nil {
		t.Fatal(err)
	}
	cli, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(cli, api.Bytes()) {
		t.Error("the CLI's image differs from the API's with the zero Options")
	}
}
