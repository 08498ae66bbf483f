package raster

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/ingot-render/ingot/engine"
	"github.com/ingot-render/ingot/scenes/model"
	"github.com/ingot-render/ingot/scenes/render"
	"github.com/ingot-render/ingot/scenes/render/internal/kernel"
	"github.com/ingot-render/ingot/shaders/diag"
	"github.com/ingot-render/ingot/shaders/sema"
)

// firstUserFunction is the MaterialData.function of Options.Materials[0]
// (after the stock glTF and unlit functions, as in the path tracer's
// function table).
const firstUserFunction = 2

// materialFunctions checks users against scene s and maps their material
// names to MaterialData.function values (render.NewRenderer's rules: a
// later entry for the same name wins).
func materialFunctions(s *model.Scene, users []render.UserMaterial) (map[string]uint32, error) {
	if len(users) == 0 {
		return nil, nil
	}
	funcs := map[string]uint32{}
	for i, m := range users {
		if m.Material == "" {
			return nil, fmt.Errorf("raster: Options.Materials[%d] (%s): empty material name (use \"*\" for all)", i, m.File)
		}
		if m.Material != "*" && !slices.ContainsFunc(s.Materials, func(sm model.Material) bool { return sm.Name == m.Material }) {
			var names []string
			for _, sm := range s.Materials {
				if q := strconv.Quote(sm.Name); !slices.Contains(names, q) {
					names = append(names, q)
				}
			}
			return nil, fmt.Errorf("raster: Options.Materials[%d] (%s): the scene has no material %q (materials: %s)", i, m.File, m.Material, strings.Join(names, ", "))
		}
		funcs[m.Material] = uint32(firstUserFunction + i)
	}
	return funcs, nil
}

// unitResolver serves the user materials under their include names, the
// unit's shader file, and the headers (HeaderResolver).
type unitResolver struct {
	user map[string][]byte
	file string
}

// ReadFile implements the compiler's include resolver.
func (r unitResolver) ReadFile(p string) ([]byte, error) {
	if b, ok := r.user[p]; ok {
		return b, nil
	}
	if p == r.file {
		return ShaderSource(r.file)
	}
	return HeaderResolver{}.ReadFile(p)
}

// visibleName compiles a user material on its own (its diagnostics then
// point into the user's file) and returns the host name of its single
// [[visible]] function.
func visibleName(dev *engine.Device, u render.UserMaterial, include string) (string, error) {
	display := u.File
	if display == "" {
		display = include
	}
	lib, err := dev.NewLibraryWithFile(display, u.Source, engine.CompileOptions{Resolver: HeaderResolver{}})
	if err != nil {
		var dl *diag.List
		if errors.As(err, &dl) {
			return "", fmt.Errorf("raster: material %q (%s) does not compile: %w", u.Material, u.File, err)
		}
		return "", fmt.Errorf("raster: material %q (%s): %w", u.Material, u.File, err)
	}
	var names []string
	for _, f := range lib.Shaders().Program.Functions {
		if f.Kind == sema.FuncVisible && f.Func != nil && f.Func.Decl != nil && f.Func.Decl.Body != nil {
			names = append(names, f.HostName)
		}
	}
	if len(names) != 1 {
		return "", fmt.Errorf("raster: material %q (%s) defines %d [[visible]] functions %v, want exactly one", u.Material, u.File, len(names), names)
	}
	return names[0], nil
}

// rasterUnit is the source of shader file file (raster.metal or
// deferred.metal) compiled with user materials: each user file, then
// RASTER_USER_MATERIALS, which rx_shade expands into a switch that sets
// its MaterialOutput from the function of MaterialData.function, then
// file.
func rasterUnit(dev *engine.Device, users []render.UserMaterial, file string) ([]byte, unitResolver, error) {
	res := unitResolver{user: map[string][]byte{}, file: file}
	var unit, cases strings.Builder
	seen := map[string]int{}
	for i, u := range users {
		inc := kernel.UserMaterialInclude(i, u.File)
		fn, err := visibleName(dev, u, inc)
		if err != nil {
			return nil, res, err
		}
		switch fn {
		case "gltf_metallic_roughness", "gltf_unlit":
			return nil, res, fmt.Errorf("raster: material %q (%s): function name %s is taken by a stock material", u.Material, u.File, fn)
		}
		if j, ok := seen[fn]; ok {
			return nil, res, fmt.Errorf("raster: material %q (%s): function %s is also defined by Options.Materials[%d]", u.Material, u.File, fn, j)
		}
		seen[fn] = i
		res.user[inc] = u.Source
		fmt.Fprintf(&unit, "#include %q\n", inc)
		fmt.Fprintf(&cases, " case %du: out = %s(sh, scene); done = true; break;", firstUserFunction+i, fn)
	}
	fmt.Fprintf(&unit, "#define RASTER_USER_MATERIALS(m, sh, scene, out, done) switch ((m).function) {%s default: break; }\n", cases.String())
	fmt.Fprintf(&unit, "#include %q\n", file)
	return []byte(unit.String()), res, nil
}

// userFileNames renames the user materials' include names in the
// diagnostics of err (a *diag.List) to the users' file names.
func userFileNames(err error, users []render.UserMaterial) {
	var dl *diag.List
	if !errors.As(err, &dl) || dl.Fset == nil {
		return
	}
	for _, d := range dl.Diags {
		f := dl.Fset.File(d.Pos)
		if f == nil {
			continue
		}
		for i, u := range users {
			if f.Name == kernel.UserMaterialInclude(i, u.File) && u.File != "" {
				f.Name = u.File
			}
		}
	}
}

// compileUnit compiles shader file file for dev: alone, or with the user
// materials (rasterUnit), naming the signature they need when it fails.
func compileUnit(dev *engine.Device, file string, users []render.UserMaterial) (*engine.Library, error) {
	if len(users) == 0 {
		src, err := ShaderSource(file)
		if err != nil {
			return nil, err
		}
		l, err := dev.NewLibraryWithFile(file, src, engine.CompileOptions{Resolver: HeaderResolver{}})
		if err != nil {
			return nil, fmt.Errorf("raster: compiling %s: %w", file, err)
		}
		return l, nil
	}
	src, res, err := rasterUnit(dev, users, file)
	if err != nil {
		return nil, err
	}
	l, err := dev.NewLibraryWithFile("ingot-"+file, src, engine.CompileOptions{Resolver: res})
	if err != nil {
		userFileNames(err, users)
		return nil, fmt.Errorf("raster: compiling %s with the user materials (each a [[visible]] "+
			"MaterialOutput f(SurfaceHit hit, constant SceneResources& scene), types from scene_types.h): %w", file, err)
	}
	return l, nil
}
