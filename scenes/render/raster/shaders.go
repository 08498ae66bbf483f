package raster

import (
	"embed"
	"fmt"
	"io/fs"
	"path"
	"strings"

	"github.com/ingot-render/ingot/scenes/render/shaders"
)

//go:embed shaders/*.metal shaders/*.h
var shaderFS embed.FS

// Shader files of the rasterizer (under shaders/).
const (
	// RasterFile holds raster_vertex, raster_fragment(_aov), the
	// background, depth and shadow functions and
	// raster_deform_positions.
	RasterFile = "raster.metal"
	// IBLFile holds the image-based-lighting kernels.
	IBLFile = "ibl.metal"
	// DeferredFile holds the G-buffer, light-culling and lighting
	// functions of Options.Deferred.
	DeferredFile = "deferred.metal"
)

// ShaderSource returns one of the rasterizer's embedded files.
func ShaderSource(name string) ([]byte, error) {
	b, err := fs.ReadFile(shaderFS, path.Join("shaders", name))
	if err != nil {
		return nil, fmt.Errorf("raster shader %q: %w", name, err)
	}
	return b, nil
}

// HeaderResolver serves the rasterizer's headers and, for every other
// header, the path tracer's (render.HeaderResolver: scene_types.h,
// gltf_material.h, bsdf.h, tonemap.h, ...), by base name.
type HeaderResolver struct{}

// ReadFile implements the compiler's include resolver.
func (HeaderResolver) ReadFile(p string) ([]byte, error) {
	name := path.Base(strings.ReplaceAll(p, "\\", "/"))
	if b, err := fs.ReadFile(shaderFS, path.Join("shaders", name)); err == nil && strings.HasSuffix(name, ".h") {
		return b, nil
	}
	return shaders.HeaderResolver{}.ReadFile(p)
}
