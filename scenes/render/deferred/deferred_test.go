package deferred_test

import (
	"context"
	"image"
	"testing"

	"github.com/ingot-render/ingot/engine"
	"github.com/ingot-render/ingot/scenes/render/deferred"
)

func newRenderer(t testing.TB, workers int) *deferred.Renderer {
	t.Helper()
	dev, err := engine.NewDevice(engine.DeviceOptions{Workers: workers})
	if err != nil {
		t.Fatal(err)
	}
	r, err := deferred.New(dev)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// maxDiff returns the largest per-channel difference of two images and
// the number of lit (non-background) pixels of a.
func maxDiff(a, b *image.NRGBA) (int, int) {
	d, lit := 0, 0
	for i := range a.Pix {
		x, y := int(a.Pix[i]), int(b.Pix[i])
		d = max(d, x-y, y-x)
		if i%4 == 0 && (a.Pix[i] > 40 || a.Pix[i+1] > 40) {
			lit++
		}
	}
	return d, lit
}

// The single-pass and the multi-pass renderer give the same image (the
// lighting reads the same G-buffer values; culled lights add exactly 0),
// on 1 and 2 workers, and the single pass writes only the output.
func TestSingleAndMultiPassAgree(t *testing.T) {
	const w, h = 160, 128
	s := deferred.DemoScene(64, 1)
	ctx := context.Background()
	var first *image.NRGBA
	for _, workers := range []int{1, 2} {
		r := newRenderer(t, workers)
		single, ss, err := r.RenderSinglePass(ctx, s, w, h)
		if err != nil {
			t.Fatal(err)
		}
		multi, ms, err := r.RenderMultiPass(ctx, s, w, h)
		if err != nil {
			t.Fatal(err)
		}
		// G-buffer formats: exact here (both read the stored values), so
		// the tolerance is one unorm8 step for safety.
		if d, lit := maxDiff(single, multi); d > 1 || lit < w*h/20 {
			t.Fatalf("workers %d: images differ by %d (lit pixels %d)", workers, d, lit)
		}
		if want := int64(w * h * 4); ss.BytesWritten != want || ss.BytesRead != 0 {
			t.Errorf("single pass: %+v, want %d bytes written, none read", ss, want)
		}
		if want := int64(w * h * (4 + 4 + 8 + 16)); ms.BytesWritten != want {
			t.Errorf("multi pass: %+v, want %d bytes written", ms, want)
		}
		// The lighting pass reads the three G-buffer textures per pixel;
		// both read the lights and the vertices, neither writes buffers.
		if gb := int64(w * h * (4 + 8 + 16)); ms.ShaderBytesRead < gb || ss.ShaderBytesRead <= 0 || ms.ShaderBytesRead-ss.ShaderBytesRead < gb/2 ||
			ss.ShaderBytesWritten != 0 || ms.ShaderBytesWritten != 0 {
			t.Errorf("shader traffic: single %+v, multi %+v; want multi to read at least the G-buffer's %d bytes more", ss, ms, gb)
		}
		if first == nil {
			first = single
		} else if d, _ := maxDiff(first, single); d != 0 {
			t.Errorf("2 workers differ from 1 by %d", d)
		}
	}
}

func TestSceneValidation(t *testing.T) {
	r := newRenderer(t, 1)
	s := deferred.DemoScene(64, 2)
	s.Lights = append(s.Lights, deferred.Light{})
	if _, _, err := r.RenderSinglePass(context.Background(), s, 32, 32); err == nil {
		t.Error("65 lights accepted")
	}
	if _, _, err := r.RenderMultiPass(context.Background(), &deferred.Scene{}, 32, 32); err == nil {
		t.Error("empty scene accepted")
	}
}
