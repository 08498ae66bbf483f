package render

import (
	"embed"
	"fmt"
	"io/fs"
	"path"
	"strconv"
	"strings"
	"sync"
)

//go:embed shaders/*.metal shaders/*.h shaders/examples/*.metal
var shaderFS embed.FS

// Shader file names (under shaders/ of the embedded file system).
const (
	// PathTracerFile holds the kernels camera_rays, path_trace and resolve
	// and the alpha-test intersection function.
	PathTracerFile = "pathtrace.metal"
	// MaterialsFile holds the stock [[visible]] material functions.
	MaterialsFile = "materials.metal"
	// ExampleMaterialFile is the documented user material example.
	ExampleMaterialFile = "examples/checker_material.metal"
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

// ShaderFS returns the embedded shader sources; paths are relative to
// shaders/ ("pathtrace.metal", "scene_types.h", "examples/...").
func ShaderFS() fs.FS {
	sub, err := fs.Sub(shaderFS, "shaders")
	if err != nil {
		panic(err) // static path; cannot fail
	}
	return sub
}

// ShaderSource returns one embedded shader file by its name under shaders/.
func ShaderSource(name string) ([]byte, error) {
	b, err := fs.ReadFile(ShaderFS(), name)
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
	return ShaderSource(name)
}

var (
	tablesOnce sync.Once
	tables     *GGXTables
)

// ggxTables returns the tables parsed from the embedded ggx_tables.h, so
// the Go reference uses exactly the numbers the MSL uses.
func ggxTables() *GGXTables {
	tablesOnce.Do(func() {
		src, err := ShaderSource("ggx_tables.h")
		if err != nil {
			panic(err)
		}
		t, err := ParseGGXTablesHeader(src)
		if err != nil {
			panic(fmt.Sprintf("embedded ggx_tables.h: %v", err)) // generated file; a test guards it
		}
		tables = t
	})
	return tables
}

// ParseGGXTablesHeader reads the constant arrays of a ggx_tables.h.
func ParseGGXTablesHeader(src []byte) (*GGXTables, error) {
	t := new(GGXTables)
	s := string(src)
	for _, a := range []struct {
		name string
		dst  []float32
	}{{"kGGXE1", t.E1[:]}, {"kGGXE5", t.E5[:]}, {"kGGXAvg1", t.Avg1[:]}, {"kGGXAvg5", t.Avg5[:]}, {"kSheenE", t.Sheen[:]}} {
		i := strings.Index(s, a.name+"[")
		if i < 0 {
			return nil, fmt.Errorf("array %s missing", a.name)
		}
		open := strings.IndexByte(s[i:], '{')
		end := strings.IndexByte(s[i:], '}')
		if open < 0 || end < open {
			return nil, fmt.Errorf("array %s: no initializer", a.name)
		}
		fields := strings.FieldsFunc(s[i+open+1:i+end], func(r rune) bool { return r == ',' || r == ' ' || r == '\n' })
		if len(fields) != len(a.dst) {
			return nil, fmt.Errorf("array %s: %d values, want %d", a.name, len(fields), len(a.dst))
		}
		for k, f := range fields {
			v, err := strconv.ParseFloat(strings.TrimSuffix(f, "f"), 32)
			if err != nil {
				return nil, fmt.Errorf("array %s[%d]: %w", a.name, k, err)
			}
			a.dst[k] = float32(v)
		}
	}
	return t, nil
}

// ReferenceKernelsFile holds ref_sample4, ref_bsdf and ref_tonemap, which
// expose sampler.h, bsdf.h and tonemap.h one call per thread for
// differential tests against the Go references.
const ReferenceKernelsFile = "reference_kernels.metal"

// GGXTableBuffer returns the GGX albedo tables as the path tracer reads
// them from SceneResources.ggxTables (bsdf.h GGX_OFFSET_*): E1, E5, Avg1,
// Avg5 and the sheen albedo Sheen, the values of the embedded ggx_tables.h.
func GGXTableBuffer() []float32 {
	t := ggxTables()
	out := make([]float32, 0, len(t.E1)+len(t.E5)+len(t.Avg1)+len(t.Avg5)+len(t.Sheen))
	out = append(out, t.E1[:]...)
	out = append(out, t.E5[:]...)
	out = append(out, t.Avg1[:]...)
	out = append(out, t.Avg5[:]...)
	return append(out, t.Sheen[:]...)
}
