package raster

import (
	"bytes"
	"context"
	"errors"
	"path/filepath"
	"testing"
	"time"

	"github.com/ingot-render/ingot/scenes/render"
)

// TestWorkersBitIdentical renders the same frames on 1 and 2 workers
// (MSAA, alpha MASK and BLEND, textures, AOVs) and compares every output
// bit for bit.
func TestWorkersBitIdentical(t *testing.T) {
	for _, name := range []string{"cornell", filepath.Join(sharedScenes, "AlphaBlendModeTest/glTF/AlphaBlendModeTest.gltf")} {
		t.Run(filepath.Base(name), func(t *testing.T) {
			s := openScene(t, name)
			f := smallFrame(48, 40)
			f.AOVs = true
			var imgs [2]*render.Image
			for i, w := range []int{1, 2} {
				imgs[i] = mustRender(t, newTestRenderer(t, s, w, Options{}), f)
			}
			a, b := imgs[0], imgs[1]
			if !bytes.Equal(a.RGBA8.Pix, b.RGBA8.Pix) {
				t.Error("RGBA8 differs between 1 and 2 workers")
			}
			for _, c := range []struct {
				name string
				x, y []float32
			}{{"Linear", a.Linear, b.Linear}, {"Albedo", a.Albedo, b.Albedo}, {"Normal", a.Normal, b.Normal}, {"Depth", a.Depth, b.Depth}} {
				if !bytes.Equal(bytesOf(c.x), bytesOf(c.y)) {
					t.Errorf("%s differs between 1 and 2 workers", c.name)
				}
			}
			if meanLuminance(a) <= 0 {
				t.Error("the image is black")
			}
		})
	}
}

// TestBadInput: invalid options and frames are errors naming the field.
func TestBadInput(t *testing.T) {
	s := openScene(t, "cornell")
	dev := testDevice(t, 1)
	if _, err := NewRenderer(context.Background(), nil, s, Options{}); err == nil {
		t.Error("nil device accepted")
	}
	if _, err := NewRenderer(context.Background(), dev, nil, Options{}); err == nil {
		t.Error("nil scene accepted")
	}
	for _, o := range []Options{{SampleCount: 3}, {ShadowMapSize: 1 << 20}, {InstructionBudget: -1}} {
		if _, err := NewRenderer(context.Background(), dev, s, o); err == nil {
			t.Errorf("%+v accepted", o)
		}
	}
	r := newTestRenderer(t, s, 1, Options{SampleCount: 1})
	for _, c := range []struct {
		mod  func(*render.Frame)
		want string
	}{
		{func(f *render.Frame) { f.Width = 0 }, "Frame size"},
		{func(f *render.Frame) { f.ToneMap = 7 }, "Frame.ToneMap"},
		{func(f *render.Frame) { f.LookAt = &render.Camera{Up: [3]float32{0, 1, 0}} }, "Frame.LookAt"},
		{func(f *render.Frame) { f.CameraName = "nope" }, "Frame.CameraName"},
	} {
		f := smallFrame(8, 8)
		c.mod(&f)
		if _, err := r.Render(context.Background(), f); err == nil || !bytes.Contains([]byte(err.Error()), []byte(c.want)) {
			t.Errorf("error %v, want one naming %s", err, c.want)
		}
	}
}

// TestCancelled: a cancelled context stops the frame with its error.
func TestCancelled(t *testing.T) {
	r := newTestRenderer(t, openScene(t, "cornell"), 2, Options{})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := r.Render(ctx, smallFrame(64, 64)); !errors.Is(err, context.Canceled) {
		t.Errorf("error %v, want context.Canceled", err)
	}
	// The renderer still works afterwards.
	mustRender(t, r, smallFrame(16, 16))
}

// TestInstructionBudget: a frame past its instruction budget fails.
func TestInstructionBudget(t *testing.T) {
	r := newTestRenderer(t, openScene(t, "cornell"), 1, Options{InstructionBudget: 1000, SampleCount: 1})
	if _, err := r.Render(context.Background(), smallFrame(32, 32)); err == nil {
		t.Error("a 1000-instruction budget was enough for a frame")
	}
}

// TestAOVs: the depth AOV is the distance to the first surface (the
// Cornell box's back wall is farther than its near walls' edges), normals
// are unit and the albedo is the base colour.
func TestAOVs(t *testing.T) {
	r := newTestRenderer(t, openScene(t, "cornell"), 2, Options{})
	f := smallFrame(32, 32)
	f.AOVs = true
	img := mustRender(t, r, f)
	centre := 16*32 + 16
	if d := img.Depth[centre]; d <= 0 {
		t.Errorf("depth at the centre %v, want > 0", d)
	}
	n := img.Normal[3*centre : 3*centre+3]
	if l := n[0]*n[0] + n[1]*n[1] + n[2]*n[2]; l < 0.99 || l > 1.01 {
		t.Errorf("normal %v is not unit", n)
	}
	if a := img.Albedo[3*centre : 3*centre+3]; a[0] <= 0 || a[0] > 1 {
		t.Errorf("albedo %v, want a base colour", a)
	}
}

// TestAnimationTime: Frame.Time re-packs an animated scene (node
// animation of BoxAnimated), so frames at two times differ, and a frame
// at the first time again gives the first image's bits.
func TestAnimationTime(t *testing.T) {
	s := openScene(t, filepath.Join(sharedScenes, "BoxAnimated/glTF-Binary/BoxAnimated.glb"))
	r := newTestRenderer(t, s, 2, Options{SampleCount: 1})
	f := smallFrame(32, 32)
	a := mustRender(t, r, f)
	f.Time = 1.5
	b := mustRender(t, r, f)
	f.Time = 0
	c := mustRender(t, r, f)
	if bytes.Equal(a.RGBA8.Pix, b.RGBA8.Pix) {
		t.Error("the frames at times 0 and 1.5 are the same")
	}
	if !bytes.Equal(a.RGBA8.Pix, c.RGBA8.Pix) {
		t.Error("two frames at time 0 differ")
	}
}

// TestDeadlineStopsFrame: a context that expires while a large frame
// renders stops it early with the context's error.
func TestDeadlineStopsFrame(t *testing.T) {
	r := newTestRenderer(t, openScene(t, "cornell"), 2, Options{})
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := r.Render(ctx, smallFrame(2048, 2048))
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("error %v, want context.DeadlineExceeded", err)
	}
	if el := time.Since(start); el > 3*time.Second {
		t.Errorf("the frame stopped after %v", el)
	}
}
