package kernel

import (
	"io/fs"
	"slices"
	"strings"
	"testing"

	rshaders "github.com/ingot-render/ingot/scenes/render/shaders"
	"github.com/ingot-render/ingot/shaders"
	"github.com/ingot-render/ingot/shaders/reflect"
)

func compileShader(t *testing.T, name string) *shaders.Library {
	t.Helper()
	src, err := rshaders.Source(name)
	if err != nil {
		t.Fatal(err)
	}
	lib, err := shaders.Compile(name, src, shaders.Options{Resolver: rshaders.HeaderResolver{}})
	if err != nil {
		t.Fatalf("compile %s: %v", name, err)
	}
	return lib
}

// TestShadersCompile compiles every embedded .metal file without errors
// or warnings.
func TestShadersCompile(t *testing.T) {
	var files []string
	err := fs.WalkDir(rshaders.FS(), ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(p, ".metal") {
			files = append(files, p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{rshaders.PathTracerFile, rshaders.MaterialsFile, rshaders.ExampleMaterialFile} {
		if !slices.Contains(files, want) {
			t.Errorf("embedded shaders lack %s (have %v)", want, files)
		}
	}
	for _, f := range files {
		t.Run(f, func(t *testing.T) {
			lib := compileShader(t, f)
			if lib.Diagnostics != nil && len(lib.Diagnostics.Diags) > 0 {
				t.Errorf("warnings: %v", lib.Diagnostics)
			}
		})
	}
}

type wantArg struct {
	name  string
	typ   reflect.ArgumentType
	index int
}

// TestShadersReflect checks the entry points, their kinds and bindings.
func TestShadersReflect(t *testing.T) {
	cases := []struct {
		file, fn string
		kind     reflect.FunctionKind
		args     []wantArg
	}{
		{rshaders.PathTracerFile, rshaders.KernelPathTrace, reflect.KindKernel, []wantArg{
			{"scene", reflect.ArgBuffer, BufferScene},
			{"accel", reflect.ArgInstanceAccelStruct, BufferAccel},
			{"ift", reflect.ArgIntersectionFuncTable, BufferIFT},
			{"materials", reflect.ArgVisibleFunctionTable, BufferMaterials},
			{"frame", reflect.ArgBuffer, BufferFrame},
			{"accum", reflect.ArgBuffer, BufferAccum},
			{"aov", reflect.ArgBuffer, BufferAOV},
			{"queue", reflect.ArgBuffer, BufferQueue},
		}},
		{rshaders.PathTracerFile, rshaders.KernelCameraRays, reflect.KindKernel, []wantArg{
			{"frame", reflect.ArgBuffer, BufferFrame},
			{"rays", reflect.ArgBuffer, BufferRays},
		}},
		{rshaders.PathTracerFile, rshaders.KernelResolve, reflect.KindKernel, []wantArg{
			{"accum", reflect.ArgBuffer, BufferResolveAccum},
			{"frame", reflect.ArgBuffer, BufferResolveFrame},
			{"rgba8", reflect.ArgBuffer, BufferResolveRGBA8},
		}},
		{rshaders.PathTracerFile, rshaders.IntersectionAlphaTest, reflect.KindIntersection, []wantArg{
			{"scene", reflect.ArgBuffer, 0},
		}},
		{rshaders.MaterialsFile, rshaders.FunctionNameGLTF, reflect.KindVisible, nil},
		{rshaders.MaterialsFile, rshaders.FunctionNameUnlit, reflect.KindVisible, nil},
		{rshaders.ExampleMaterialFile, "checker", reflect.KindVisible, nil},
		{rshaders.ReferenceKernelsFile, "ref_sample4", reflect.KindKernel, []wantArg{
			{"q", reflect.ArgBuffer, 0}, {"out", reflect.ArgBuffer, 1}, {"count", reflect.ArgBuffer, 2}}},
		{rshaders.ReferenceKernelsFile, "ref_bsdf", reflect.KindKernel, []wantArg{
			{"q", reflect.ArgBuffer, 0}, {"out", reflect.ArgBuffer, 1}, {"count", reflect.ArgBuffer, 2}, {"ggx", reflect.ArgBuffer, 3}}},
		{rshaders.ReferenceKernelsFile, "ref_tonemap", reflect.KindKernel, []wantArg{
			{"in", reflect.ArgBuffer, 0}, {"out", reflect.ArgBuffer, 1}, {"count", reflect.ArgBuffer, 2},
			{"op", reflect.ArgBuffer, 3}, {"exposure", reflect.ArgBuffer, 4}}},
	}
	libs := map[string]*shaders.Library{}
	for _, c := range cases {
		t.Run(c.fn, func(t *testing.T) {
			lib := libs[c.file]
			if lib == nil {
				lib = compileShader(t, c.file)
				libs[c.file] = lib
			}
			f, err := lib.Function(c.fn)
			if err != nil {
				t.Fatal(err)
			}
			r := f.Reflection
			if r.Kind != c.kind {
				t.Fatalf("kind %s, want %s", r.Kind, c.kind)
			}
			if len(r.Arguments) != len(c.args) {
				t.Fatalf("%d arguments %+v, want %d", len(r.Arguments), r.Arguments, len(c.args))
			}
			for i, w := range c.args {
				a := r.Arguments[i]
				if a.Name != w.name || a.Type != w.typ || a.Index != w.index {
					t.Errorf("argument %d: %s %s(%d), want %s %s(%d)", i, a.Name, a.Type, a.Index, w.name, w.typ, w.index)
				}
			}
			if c.kind == reflect.KindVisible && r.ReturnType != "MaterialOutput" {
				t.Errorf("material function returns %s, want MaterialOutput", r.ReturnType)
			}
			if c.kind == reflect.KindKernel && r.ReturnType != "void" {
				t.Errorf("kernel returns %s", r.ReturnType)
			}
			if c.kind == reflect.KindIntersection {
				if r.Intersection == nil || r.Intersection.Primitive != "triangle" ||
					!slices.Equal(r.Intersection.Tags, []string{"triangle_data", "instancing", "primitive_motion", "instance_motion"}) {
					t.Errorf("intersection attribute %+v", r.Intersection)
				}
			}
		})
	}
}
