package shaders

import (
	"io/fs"
	"testing"
)

// TestSource serves the kernel sources and headers by path and fails on
// others.
func TestSource(t *testing.T) {
	for _, name := range []string{PathTracerFile, MaterialsFile, ExampleMaterialFile, ReferenceKernelsFile, "scene_types.h"} {
		if b, err := Source(name); err != nil || len(b) == 0 {
			t.Errorf("%s: %d bytes, %v", name, len(b), err)
		}
	}
	if _, err := Source("nope.metal"); err == nil {
		t.Error("nope.metal: served")
	}
	if _, err := fs.Stat(FS(), "examples/checker_material.metal"); err != nil {
		t.Error(err)
	}
}

// TestHeaderResolver serves embedded headers under any directory and
// refuses other names.
func TestHeaderResolver(t *testing.T) {
	for _, p := range []string{"scene_types.h", "/some/dir/bsdf.h", "examples/../sampler.h"} {
		if _, err := (HeaderResolver{}).ReadFile(p); err != nil {
			t.Errorf("%s: %v", p, err)
		}
	}
	for _, p := range []string{"pathtrace.metal", "nope.h"} {
		if _, err := (HeaderResolver{}).ReadFile(p); err == nil {
			t.Errorf("%s: served", p)
		}
	}
}
