package scenes

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/ingot-render/ingot/scenes/builtin"
	"github.com/ingot-render/ingot/scenes/gltfload"
	"github.com/ingot-render/ingot/scenes/model"
	"github.com/ingot-render/ingot/scenes/objload"
)

// DefaultScene is the built-in scene used when no file is given.
const DefaultScene = builtin.Default

// Load reads a scene file, choosing the importer by extension: .gltf, .glb
// or .obj (case-insensitive).
func Load(ctx context.Context, path string, opts Options) (*Scene, error) {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".gltf", ".glb":
		return gltfload.Load(ctx, path, model.Options(opts))
	case ".obj":
		return objload.Load(ctx, path, model.Options(opts))
	}
	return nil, fmt.Errorf("%s: unknown scene format %q (want .gltf, .glb or .obj)", path, filepath.Ext(path))
}

// Builtin builds a built-in scene by name: "cornell" (the default),
// "showcase" or "motion".
func Builtin(name string) (*Scene, error) { return builtin.New(name) }

// BuiltinNames lists the built-in scenes, the default first.
func BuiltinNames() []string { return builtin.Names() }

// Open resolves what a user typed: "" gives the default built-in scene, a
// built-in name (or "builtin:NAME") that scene, anything else a file.
func Open(ctx context.Context, nameOrPath string, opts Options) (*Scene, error) {
	if nameOrPath == "" {
		return Builtin(DefaultScene)
	}
	if n, ok := strings.CutPrefix(nameOrPath, "builtin:"); ok {
		return Builtin(n)
	}
	for _, n := range BuiltinNames() {
		if n == nameOrPath {
			return Builtin(n)
		}
	}
	return Load(ctx, nameOrPath, opts)
}
