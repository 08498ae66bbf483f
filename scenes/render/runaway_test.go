package render

import (
	"context"
	"errors"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/ingot-render/ingot/engine/exec"
	"github.com/ingot-render/ingot/scenes/render/internal/kernel"
	"github.com/ingot-render/ingot/shaders/diag"
)

// LoopingMaterialSource is a user material whose loop never ends (x grows
// to +Inf and stays there); the loop is on line 8.
const loopingMaterialSource = `#include <metal_stdlib>
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

// loopingRenderer renders checkerPlane with the looping material on
// "floor" (opts' other fields kept).
func loopingRenderer(t *testing.T, opts Options) (*Renderer, Frame) {
	t.Helper()
	opts.Env = &Environment{Color: [3]float32{1, 1, 1}, Intensity: 1}
	opts.Materials = []UserMaterial{{Material: "floor", File: "dir/spin.metal", Source: []byte(loopingMaterialSource)}}
	r := testRenderer(t, checkerPlane(), 2, opts)
	f := smallFrame(16, 16, 4)
	f.LookAt = &Camera{Eye: [3]float32{0, 0, 2.414}, Target: [3]float32{}, Up: [3]float32{0, 1, 0}, FovY: 45}
	return r, f
}

// checkSpinError checks that err is a *ShaderError naming the looping
// material, its function and line 8 of its file, of fault kind want.
func checkSpinError(t *testing.T, err error, want exec.FaultKind) {
	t.Helper()
	t.Log(err)
	var se *ShaderError
	if !errors.As(err, &se) {
		t.Fatalf("err = %v, want a *ShaderError", err)
	}
	if se.Material != 0 || se.MaterialName != "floor" || se.Function != "spin" || se.File != "dir/spin.metal" || se.Line != 8 || se.Kind != want {
		t.Errorf("ShaderError %+v, want material 0 \"floor\", function spin at dir/spin.metal:8, kind %v", *se, want)
	}
	if msg := err.Error(); !strings.Contains(msg, "spin") || !strings.Contains(msg, "dir/spin.metal:8:") {
		t.Errorf("message %q does not name the function and its line", msg)
	}
}

// goroutinesSettle waits up to a second for the goroutine count to fall
// back to n.
func goroutinesSettle(t *testing.T, n int) {
	t.Helper()
	deadline := time.Now().Add(time.Second)
	for runtime.NumGoroutine() > n && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if g := runtime.NumGoroutine(); g > n {
		buf := make([]byte, 1<<16)
		t.Errorf("%d goroutines left behind (%d before):\n%s", g-n, n, buf[:runtime.Stack(buf, true)])
	}
}

// TestRunawayMaterialCancelled: a render whose user material never
// returns stops within a second of its context being cancelled or timing
// out, returns the image accumulated so far with the context's error, names
// the material function and its line, and leaves no goroutine behind.
func TestRunawayMaterialCancelled(t *testing.T) {
	for _, c := range []struct {
		name string
		ctx  func() (context.Context, context.CancelFunc)
		want error
	}{
		{"cancel", func() (context.Context, context.CancelFunc) {
			ctx, cancel := context.WithCancel(context.Background())
			time.AfterFunc(300*time.Millisecond, cancel)
			return ctx, cancel
		}, context.Canceled},
		{"deadline", func() (context.Context, context.CancelFunc) {
			return context.WithTimeout(context.Background(), 300*time.Millisecond)
		}, context.DeadlineExceeded},
	} {
		t.Run(c.name, func(t *testing.T) {
			before := runtime.NumGoroutine()
			r, f := loopingRenderer(t, Options{SampleBudget: -1})
			ctx, cancel := c.ctx()
			defer cancel()
			start := time.Now()
			img, err := r.Render(ctx, f, nil)
			el := time.Since(start)
			if el > 1300*time.Millisecond {
				t.Errorf("the render stopped %v after it started, want within a second of the 300 ms stop", el)
			}
			if !errors.Is(err, c.want) {
				t.Fatalf("err = %v, want %v", err, c.want)
			}
			checkSpinError(t, err, exec.FaultCancelled)
			if img == nil || img.Complete || img.TilesDone != 0 || img.Tiles != 1 {
				t.Fatalf("image %+v, want the partial image of an unfinished first tile", img)
			}
			r.Close()
			goroutinesSettle(t, before)
		})
	}
}

// TestRunawayMaterialBudget: with no deadline at all, the tile's
// instruction budget fails the render with an error naming the material
// function, its line and the budget.
func TestRunawayMaterialBudget(t *testing.T) {
	before := runtime.NumGoroutine()
	r, f := loopingRenderer(t, Options{SampleBudget: 5000})
	start := time.Now()
	img, err := r.Render(context.Background(), f, nil)
	if el := time.Since(start); el > 5*time.Second {
		t.Errorf("the budget stopped the render after %v", el)
	}
	if img != nil {
		t.Error("a render that faulted returned an image")
	}
	checkSpinError(t, err, exec.FaultBudget)
	if !strings.Contains(err.Error(), "instruction budget (1280000 instructions") {
		t.Errorf("message %q does not give the tile's budget (16×16 pixels × 1 sample × 5000)", err)
	}
	r.Close()
	goroutinesSettle(t, before)
}

// TestTileBudget: the default budget scales with the tile's samples and
// has a floor; a negative SampleBudget removes it.
func TestTileBudget(t *testing.T) {
	for _, c := range []struct {
		per     int64
		samples int
		want    int64
	}{
		{0, 1, minTileBudget},
		{0, 256 * 256 * 16, 256 * 256 * 16 * DefaultSampleBudget},
		{10, 7, 70},
		{-1, 1000, 0},
		{1 << 62, 1 << 20, 1<<63 - 1},
	} {
		r := &Renderer{opts: Options{SampleBudget: c.per}}
		if got := r.tileBudget(c.samples); got != c.want {
			t.Errorf("SampleBudget %d, %d samples: budget %d, want %d", c.per, c.samples, got, c.want)
		}
	}
}

// TestUserMaterialIndex: the include names of user materials map back to
// their index; other files do not.
func TestUserMaterialIndex(t *testing.T) {
	for _, c := range []struct {
		file string
		i    int
		ok   bool
	}{
		{kernel.UserMaterialInclude(0, "a/b/spin.metal"), 0, true},
		{kernel.UserMaterialInclude(12, "x-y.metal"), 12, true},
		{"materials.metal", 0, false},
		{"material3.metal", 0, false},
		{"materialx-y.metal", 0, false},
		{"pathtrace.metal", 0, false},
	} {
		i, ok := userMaterialIndex(c.file)
		if ok != c.ok || (ok && i != c.i) {
			t.Errorf("userMaterialIndex(%q) = %d, %v; want %d, %v", c.file, i, ok, c.i, c.ok)
		}
	}
}

// TestUserMaterialDiagnostics: a material's compile errors point into the
// user's file, whether it fails on its own or only beside the stock
// shaders (a helper named like one of pathtrace.metal's).
func TestUserMaterialDiagnostics(t *testing.T) {
	dev, err := NewDevice(1)
	if err != nil {
		t.Fatal(err)
	}
	clash := strings.Replace(loopingMaterialSource, "[[visible]]", "inline float tent(float u) { return u; }\n[[visible]]", 1)
	for _, c := range []struct {
		name, src, want string
	}{
		{"alone", strings.Replace(loopingMaterialSource, "o.metallic", "o.metalic", 1), "my/spin.metal:12:7: error"},
		{"with the stock shaders", clash, "my/spin.metal:5:"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := NewRenderer(context.Background(), dev, checkerPlane(), Options{Materials: []UserMaterial{{Material: "floor", File: "my/spin.metal", Source: []byte(c.src)}}})
			var dl *diag.List
			if !errors.As(err, &dl) {
				t.Fatalf("err = %v, want compiler diagnostics", err)
			}
			var b strings.Builder
			dl.Format(&b)
			if !strings.Contains(b.String(), c.want) || strings.Contains(b.String(), "material0-") {
				t.Errorf("diagnostics do not point into my/spin.metal (%q):\n%s", c.want, b.String())
			}
		})
	}
}
