package main

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/ingot-render/ingot/scenes"
)

// checkNumbers rejects NaN and infinite values of the float flags and
// negative values of those that cannot be negative.
func checkNumbers(f *renderFlags) error {
	for _, n := range []struct {
		flag     string
		v        float64
		negative bool // a negative value is meaningful
	}{
		{"exposure", f.exposure, true},
		{"time", f.time, false},
		{"fov", f.fov, false},
		{"aperture", f.aperture, false},
		{"focus", f.focus, false},
		{"env-intensity", f.envIntensity, false},
		{"env-rotation", f.envRotation, true},
		{"clamp", f.clamp, false},
	} {
		switch {
		case math.IsNaN(n.v) || math.IsInf(n.v, 0):
			return fmt.Errorf("--%s %v: want a finite number", n.flag, n.v)
		case n.v < 0 && !n.negative:
			return fmt.Errorf("--%s %v: want ≥ 0", n.flag, n.v)
		}
	}
	if f.timeLimit < 0 {
		return fmt.Errorf("--time-limit %v: want ≥ 0 (0: no limit)", f.timeLimit)
	}
	return nil
}

// checkSceneFlags checks the flags that name parts of the loaded scene:
// --camera and the material names of --material.
func checkSceneFlags(f *renderFlags, s *scenes.Scene) error {
	if f.camera != "" {
		if _, err := s.FindCamera(f.camera); err != nil {
			return fmt.Errorf("--camera %s: %s", f.camera, describeCameras(s))
		}
	}
	var names []string
	for _, m := range s.Materials {
		if !slices.Contains(names, m.Name) {
			names = append(names, m.Name)
		}
	}
	for _, m := range f.materials {
		name, _, _ := strings.Cut(m, "=")
		if name == "*" || slices.Contains(names, name) {
			continue
		}
		quoted := make([]string, len(names))
		for i, n := range names {
			quoted[i] = strconv.Quote(n)
		}
		if len(names) == 0 {
			return fmt.Errorf("--material %s: the scene has no materials (use * for the default material)", m)
		}
		return fmt.Errorf("--material %s: the scene has no material %q (materials: %s; * for all)", m, name, strings.Join(quoted, ", "))
	}
	return nil
}

// describeCameras says which cameras --camera can select.
func describeCameras(s *scenes.Scene) string {
	switch n := len(s.Cameras); n {
	case 0:
		return "the scene has no cameras (leave --camera out for an automatic view, or use --eye and --target)"
	case 1:
		return "the scene has 1 camera (index 0" + cameraName(s, 0) + ")"
	default:
		var parts []string
		for i := range s.Cameras {
			parts = append(parts, strconv.Itoa(i)+cameraName(s, i))
		}
		return fmt.Sprintf("the scene has %d cameras (indices %s)", n, strings.Join(parts, ", "))
	}
}

// cameraName is `, "NAME"` for a named camera i.
func cameraName(s *scenes.Scene, i int) string {
	if n := s.Cameras[i].Name; n != "" {
		return fmt.Sprintf(", %q", n)
	}
	return ""
}
