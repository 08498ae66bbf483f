// Package shaders holds the MSL sources of ingot's stock path tracer
// (scenes/render), embedded: the kernels, the stock [[visible]] material
// functions and the headers a user material includes (scene_types.h,
// bsdf.h, …), plus an include resolver that serves those headers to the
// MSL compiler. `ingot msl check` and scenes/render read them from here.
package shaders

import (
	"embed"
	"fmt"
	"io/fs"
	"path"
	"strings"
)

//go:embed *.metal *.h examples/*.metal
var files embed.FS

// Shader file names (paths inside FS).
const (
	// PathTracerFile holds the kernels camera_rays, path_trace and resolve
	// and the alpha-test intersection function.
	PathTracerFile = "pathtrace.metal"
	// MaterialsFile holds the stock [[visible]] material functions.
	MaterialsFile = "materials.metal"
	// ExampleMaterialFile is the documented user material example.
	ExampleMaterialFile = "examples/checker_material.metal"
	// ReferenceKernelsFile holds ref_sample4, ref_bsdf and ref_tonemap,
	// which expose sampler.h, bsdf.h and tonemap.h one call per thread for
	// differential tests against the Go references.
	ReferenceKernelsFile = "reference_kernels.metal"
)

// Kernel, intersection and visible function names of the stock shaders.
const (
	KernelCameraRays      = "camera_rays"
	KernelPathTrace       = "path_trace"
	KernelResolve         = "resolve"
	IntersectionAlphaTest = "alpha_test"
	FunctionNameGLTF      = "gltf_metallic_roughness"
	FunctionNameUnlit     = "gltf_unlit"
)

// FS returns the embedded shader sources ("pathtrace.metal",
// "scene_types.h", "examples/...").
func FS() fs.FS { return files }

// Source returns one embedded shader file by its path inside FS.
func Source(name string) ([]byte, error) {
	b, err := fs.ReadFile(files, name)
	if err != nil {
		return nil, fmt.Errorf("render shader %q: %w", name, err)
	}
	return b, nil
}

// HeaderResolver resolves #include "x.h" of the embedded shaders (and of
// user materials that include "scene_types.h" or "bsdf.h"): it serves the
// embedded files by base name, whatever directory the compiler asks for.
// It satisfies shaders/syntax.IncludeResolver.
type HeaderResolver struct{}

// ReadFile implements the include resolver: any path whose last element is
// an embedded header name yields that header.
func (HeaderResolver) ReadFile(p string) ([]byte, error) {
	name := path.Base(strings.ReplaceAll(p, "\\", "/"))
	if !strings.HasSuffix(name, ".h") {
		return nil, fmt.Errorf("render header %q: %w", p, fs.ErrNotExist)
	}
	return Source(name)
}
