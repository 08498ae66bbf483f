package render

import (
	"github.com/chewxy/math32"

	"github.com/ingot-render/ingot/scenes/model"
)

// Studio environment: the default of a scene without light sources.
const (
	// StudioSky is the radiance of the studio environment above the
	// horizon, StudioFloor below it; between ±StudioBlend (the sine of
	// the elevation) one fades into the other.
	StudioSky, StudioFloor, StudioBlend = 1.0, 0.25, 0.25
	studioWidth, studioHeight           = 64, 32
)

// StudioEnvironment returns the environment a scene without light
// sources gets by default (Options.Env nil; `ingot render` without
// --env): white light from above, as a uniform white environment would
// give, but a grey floor below the horizon, which is the backdrop the
// automatic camera (a view from above) sees, so that a white model stands
// out against it instead of vanishing into a white background.
func StudioEnvironment() *Environment {
	e := &Environment{Color: [3]float32{1, 1, 1}, Intensity: 1, Width: studioWidth, Height: studioHeight,
		RGB: make([]float32, 0, 3*studioWidth*studioHeight)}
	for y := range studioHeight {
		// Row y spans elevations from +90° (top row) to -90°.
		sinEl := math32.Cos(math32.Pi * (float32(y) + 0.5) / studioHeight)
		t := min(max((sinEl+StudioBlend)/(2*StudioBlend), 0), 1)
		t = t * t * (3 - 2*t)
		l := StudioFloor + (StudioSky-StudioFloor)*t
		for range studioWidth {
			e.RGB = append(e.RGB, l, l, l)
		}
	}
	return e
}

// unlit reports whether s has no light source at time 0: no punctual
// lights and no emitter of uniform colour. Emissive textures (glowing
// details such as a helmet's displays) do not count: a model lit only by
// them would render nearly black without an environment.
func unlit(s *model.Scene) bool {
	if len(s.Lights) > 0 {
		return false
	}
	for _, a := range s.AreaLights(s.InstancesAt(0)) {
		if !a.Textured {
			return false
		}
	}
	return true
}
