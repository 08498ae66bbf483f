package raster

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/ingot-render/ingot/scenes/render"
)

// TestForwardPipelinesLazy checks that a renderer compiles the forward
// pipelines its frames use and no others: a DamagedHelmet frame (opaque
// only, no shadow light) compiles neither the mask, blend and AOV
// pipelines nor the shadow map's, an AOV frame compiles the AOV set's
// pre-pass and opaque pipelines, and an unknown pipeline is an error.
func TestForwardPipelinesLazy(t *testing.T) {
	dev, err := render.NewDevice(1) // its own pipeline cache entry
	if err != nil {
		t.Fatal(err)
	}
	s := openScene(t, filepath.Join(sharedScenes, "DamagedHelmet/glTF-Binary/DamagedHelmet.glb"))
	r, err := NewRenderer(context.Background(), dev, s, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	compiled := func(aovs bool, which int) bool {
		set := &r.pl.forward[0]
		if aovs {
			set = &r.pl.forward[1]
		}
		return set.state[which] != nil
	}
	check := func(step string, want map[bool][forwardPipelines]bool) {
		t.Helper()
		for _, aovs := range []bool{false, true} {
			for which := range forwardPipelines {
				if got := compiled(aovs, which); got != want[aovs][which] {
					t.Errorf("%s: pipeline %d (aovs %v) compiled: %v, want %v", step, which, aovs, got, want[aovs][which])
				}
			}
		}
		if r.pl.shadow != nil {
			t.Errorf("%s: the shadow map's pipeline is compiled for a scene without a shadow light", step)
		}
	}
	used := [forwardPipelines]bool{passOpaque: true, forwardPrepass: true}
	check("NewRenderer", map[bool][forwardPipelines]bool{false: used})
	mustRender(t, r, smallFrame(16, 16))
	check("frame", map[bool][forwardPipelines]bool{false: used})
	f := smallFrame(16, 16)
	f.AOVs = true
	mustRender(t, r, f)
	check("AOV frame", map[bool][forwardPipelines]bool{false: used, true: used})
	for _, which := range []int{-1, forwardPipelines} {
		if _, err := r.pl.forwardPipeline(dev, false, which); err == nil {
			t.Errorf("forwardPipeline(%d) returned no error", which)
		}
	}
}
