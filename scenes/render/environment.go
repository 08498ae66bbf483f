package render

import "github.com/ingot-render/ingot/scenes/render/internal/kernel"

// Environment is the light from infinitely far away: a constant colour
// or an equirectangular map (LoadHDR, StudioEnvironment).
type Environment struct {
	// Color is the constant radiance, or the map's multiplier.
	Color [3]float32
	// Intensity scales Color (0: 1).
	Intensity float32
	// Width, Height and RGB hold a linear map (3 floats per texel, top row
	// first); empty for a constant environment.
	Width, Height int
	RGB           []float32
	// Rotation turns the map about +Y (radians).
	Rotation float32
}

// packEnv is e as the scene packer reads it (nil stays nil).
func (e *Environment) packEnv() *kernel.Environment { return (*kernel.Environment)(e) }
