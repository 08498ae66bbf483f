package render

import (
	"errors"
	"fmt"
	"strings"

	"github.com/ingot-render/ingot/engine"
	"github.com/ingot-render/ingot/scenes/render/internal/kernel"
	"github.com/ingot-render/ingot/scenes/render/shaders"
	"github.com/ingot-render/ingot/shaders/diag"
	"github.com/ingot-render/ingot/shaders/sema"
)

// UserMaterial is a user's MSL material (--material NAME=file.metal): a
// source file defining exactly one [[visible]] function with the
// MaterialFunction signature of scene_types.h, used for the materials named
// Material ("*": every material).
type UserMaterial struct {
	// Material is the scene material name the function replaces, or "*".
	Material string
	// File names the source in diagnostics (its base name is used).
	File string
	// Source is the MSL text.
	Source []byte
}

// pipelines are the compiled kernels of one renderer and the function
// ids its tables hold.
type pipelines struct {
	pathTrace, cameraRays, resolve *engine.ComputePipelineState
	// materials is the visible function table of the material functions
	// (gltf_metallic_roughness, gltf_unlit, then the user materials).
	materials *engine.VisibleFunctionTable
	// alphaTest is the handle of the alpha_test intersection function.
	alphaTest *engine.FunctionHandle
	// userNames are the host names of the user materials' functions.
	userNames []string
	// slots are the texture slots (kernel.Slot* bits) the material code
	// was compiled for; an upload whose materials set others is refused.
	slots uint32
}

// sourceResolver serves the embedded shaders, the headers by base name,
// and the user materials under their include names.
type sourceResolver struct {
	user map[string][]byte
}

func (r sourceResolver) ReadFile(p string) ([]byte, error) {
	if b, ok := r.user[p]; ok {
		return b, nil
	}
	if p == shaders.PathTracerFile || p == shaders.MaterialsFile {
		return shaders.Source(p)
	}
	return shaders.HeaderResolver{}.ReadFile(p)
}

// visibleFunctionName compiles a user material on its own and returns the
// host name of its single [[visible]] function.
func visibleFunctionName(dev *engine.Device, name string, src []byte) (string, error) {
	lib, err := dev.NewLibraryWithFile(name, src, engine.CompileOptions{Resolver: shaders.HeaderResolver{}})
	if err != nil {
		return "", err
	}
	var names []string
	for _, f := range lib.Shaders().Program.Functions {
		if f.Kind == sema.FuncVisible && f.Func != nil && f.Func.Decl != nil && f.Func.Decl.Body != nil {
			names = append(names, f.HostName)
		}
	}
	if len(names) != 1 {
		return "", fmt.Errorf("%s defines %d [[visible]] functions %v, want exactly one", name, len(names), names)
	}
	return names[0], nil
}

// newPipelines compiles pathtrace.metal, materials.metal and the user
// materials as one translation unit (the engine links [[visible]] and
// [[intersection]] functions from the kernel's own library) and creates
// the three pipelines and the material function table. slots is the set
// of texture slots (kernel.Slot* bits) the scene's materials may set: the
// material code reads only those (kernel.SlotsDefine).
func newPipelines(dev *engine.Device, users []UserMaterial, slots uint32) (*pipelines, error) {
	var unit strings.Builder
	unit.WriteString(kernel.SlotsDefine(slots))
	fmt.Fprintf(&unit, "#include %q\n#include %q\n", shaders.PathTracerFile, shaders.MaterialsFile)
	res := sourceResolver{user: map[string][]byte{}}
	pl := &pipelines{slots: slots}
	for i, u := range users {
		name := kernel.UserMaterialInclude(i, u.File)
		// Compiled on its own under the user's file name first, so that
		// its diagnostics (a *diag.List) point into the user's file.
		display := u.File
		if display == "" {
			display = name
		}
		fn, err := visibleFunctionName(dev, display, u.Source)
		var dl *diag.List
		switch {
		case errors.As(err, &dl):
			return nil, fmt.Errorf("render: material %q (%s) does not compile: %w", u.Material, u.File, err)
		case err != nil:
			return nil, fmt.Errorf("render: material %q (%s): %w", u.Material, u.File, err)
		}
		if fn == shaders.FunctionNameGLTF || fn == shaders.FunctionNameUnlit {
			return nil, fmt.Errorf("render: material %q (%s): function name %s is taken by a stock material", u.Material, u.File, fn)
		}
		pl.userNames = append(pl.userNames, fn)
		res.user[name] = u.Source
		fmt.Fprintf(&unit, "#include %q\n", name)
	}
	lib, err := dev.NewLibraryWithFile("ingot-pathtracer.metal", []byte(unit.String()), engine.CompileOptions{Resolver: res})
	if err != nil {
		userFileNames(err, users)
		return nil, fmt.Errorf("render: compiling the path tracer with the user materials: %w", err)
	}
	for _, k := range []struct {
		name string
		dst  **engine.ComputePipelineState
	}{{shaders.KernelPathTrace, &pl.pathTrace}, {shaders.KernelCameraRays, &pl.cameraRays}, {shaders.KernelResolve, &pl.resolve}} {
		fn, err := lib.Function(k.name)
		if err != nil {
			return nil, fmt.Errorf("render: %w", err)
		}
		p, err := dev.NewComputePipelineState(fn, nil, engine.ComputePipelineOptions{Label: k.name})
		if err != nil {
			return nil, fmt.Errorf("render: pipeline %s: %w", k.name, err)
		}
		*k.dst = p
	}
	// Function tables: handles of the linked functions (every visible and
	// intersection function of the library is linked).
	prog := pl.pathTrace.Program()
	var handles []*engine.FunctionHandle
	for _, n := range append([]string{shaders.FunctionNameGLTF, shaders.FunctionNameUnlit}, pl.userNames...) {
		fn, err := lib.Function(n)
		if err != nil {
			return nil, fmt.Errorf("render: %w", err)
		}
		// A visible function the table call cannot reach (another
		// signature) is not lowered into the kernel: calls would return
		// zeros, so refuse it.
		if prog.Func(n) == nil {
			return nil, fmt.Errorf("render: material function %s does not have the MaterialFunction signature "+
				"(MaterialOutput f(SurfaceHit hit, constant SceneResources& scene), types from scene_types.h)", n)
		}
		h, err := pl.pathTrace.FunctionHandle(fn)
		if err != nil {
			return nil, fmt.Errorf("render: %w", err)
		}
		handles = append(handles, h)
	}
	vft, err := pl.pathTrace.NewVisibleFunctionTable(engine.VisibleFunctionTableDescriptor{FunctionCount: len(handles)})
	if err != nil {
		return nil, fmt.Errorf("render: %w", err)
	}
	vft.SetLabel("materials")
	for i, h := range handles {
		if err := vft.SetFunction(h, i); err != nil {
			return nil, fmt.Errorf("render: material table entry %d: %w", i, err)
		}
	}
	pl.materials = vft
	at, err := lib.Function(shaders.IntersectionAlphaTest)
	if err != nil {
		return nil, fmt.Errorf("render: %w", err)
	}
	if pl.alphaTest, err = pl.pathTrace.FunctionHandle(at); err != nil {
		return nil, fmt.Errorf("render: %w", err)
	}
	return pl, nil
}

// userFileNames renames the user materials' files in the diagnostics of
// err (a *diag.List) from their include names to the users' file names.
func userFileNames(err error, users []UserMaterial) {
	var dl *diag.List
	if !errors.As(err, &dl) || dl.Fset == nil {
		return
	}
	for _, d := range dl.Diags {
		f := dl.Fset.File(d.Pos)
		if f == nil {
			continue
		}
		if i, ok := userMaterialIndex(f.Name); ok && i < len(users) && users[i].File != "" {
			f.Name = users[i].File
		}
	}
}
