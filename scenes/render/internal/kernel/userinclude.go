package kernel

import (
	"fmt"
	"path"
	"strings"
)

// UserMaterialInclude is the include name of user material file i in a
// renderer's translation unit (the path tracer's and the raster
// preview's): its base name, made safe for an #include line, after
// "material<i>-". No directory: the user file's #include "scene_types.h"
// must resolve to the same path as the renderer's own, or #pragma once
// would not merge them and the MaterialFunction types would differ.
func UserMaterialInclude(i int, file string) string {
	base := path.Base(strings.ReplaceAll(file, "\\", "/"))
	if base == "." || base == "/" || base == "" {
		base = "material.metal"
	}
	base = strings.Map(func(r rune) rune {
		if r == '"' || r == '<' || r == '>' || r < ' ' {
			return '_'
		}
		return r
	}, base)
	return fmt.Sprintf("material%d-%s", i, base)
}
