package gltfload

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/qmuntal/gltf"
)

// Supported lists the extensions this importer understands.
var Supported = []string{
	"EXT_mesh_gpu_instancing",
	"EXT_texture_webp",
	"KHR_lights_punctual",
	"KHR_materials_anisotropy",
	"KHR_materials_clearcoat",
	"KHR_materials_dispersion",
	"KHR_materials_emissive_strength",
	"KHR_materials_ior",
	"KHR_materials_iridescence",
	"KHR_materials_sheen",
	"KHR_materials_specular",
	"KHR_materials_transmission",
	"KHR_materials_unlit",
	"KHR_materials_volume",
	"KHR_mesh_quantization",
	"KHR_texture_transform",
}

func (l *loader) extensions() error {
	l.s.ExtensionsUsed = append([]string(nil), l.doc.ExtensionsUsed...)
	l.s.ExtensionsRequired = append([]string(nil), l.doc.ExtensionsRequired...)
	for _, e := range l.doc.ExtensionsRequired {
		if !slices.Contains(Supported, e) {
			return fmt.Errorf("extensionsRequired: %s is not supported", e)
		}
	}
	for _, e := range l.doc.ExtensionsUsed {
		if !slices.Contains(Supported, e) {
			l.warnf("extension %s is not supported and is ignored", e)
		}
	}
	return nil
}

// extRaw returns the JSON of extension name. Extensions are normally kept
// raw by qmuntal/gltf; if a qmuntal/gltf/ext package linked into the binary
// decoded one, it is re-marshalled (its JSON shape may then differ from the
// specification's, which callers of extRaw handle).
func extRaw(e gltf.Extensions, name string) ([]byte, bool, error) {
	v, ok := e[name]
	if !ok {
		return nil, false, nil
	}
	switch t := v.(type) {
	case json.RawMessage:
		return t, true, nil
	case []byte:
		return t, true, nil
	}
	raw, err := json.Marshal(v)
	if err != nil {
		return nil, true, fmt.Errorf("%s: %w", name, err)
	}
	return raw, true, nil
}

// ext decodes extension name of ext into dst; it reports whether present.
func ext(e gltf.Extensions, name string, dst any) (bool, error) {
	raw, ok, err := extRaw(e, name)
	if !ok || err != nil {
		return ok, err
	}
	if err := json.Unmarshal(raw, dst); err != nil {
		return true, fmt.Errorf("%s: %w", name, err)
	}
	return true, nil
}
