package objload

import (
	"bytes"
	"context"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/ingot-render/ingot/scenes/model"
	"github.com/ingot-render/ingot/scenes/texture"
)

// Load reads an OBJ file; mtllib and texture files resolve relative to its
// directory.
func Load(ctx context.Context, p string, opts model.Options) (*model.Scene, error) {
	data, err := os.ReadFile(p)
	if err != nil {
		return nil, err
	}
	s, err := Decode(ctx, data, os.DirFS(filepath.Dir(p)), opts)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", p, err)
	}
	s.Source = p
	s.Name = strings.TrimSuffix(filepath.Base(p), filepath.Ext(p))
	return s, nil
}

// Decode imports OBJ text; fsys (may be nil) provides MTL and texture files.
func Decode(ctx context.Context, data []byte, fsys fs.FS, opts model.Options) (*model.Scene, error) {
	d, err := parseOBJ(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	s := &model.Scene{Format: "obj", FileBytes: int64(len(data))}
	// Materials: every name used by usemtl, defined by the MTL libraries.
	defs := map[string]*mtl{}
	for _, lib := range d.mtllibs {
		b, err := readFile(fsys, lib)
		if err != nil {
			s.Warnings = append(s.Warnings, fmt.Sprintf("mtllib %q: %v", lib, err))
			continue
		}
		s.FileBytes += int64(len(b))
		ms, err := parseMTL(bytes.NewReader(b))
		if err != nil {
			return nil, fmt.Errorf("mtllib %q: %w", lib, err)
		}
		for _, m := range ms {
			if _, dup := defs[m.name]; !dup {
				defs[m.name] = m
			}
		}
	}
	tex := &texLoader{fsys: fsys, opts: opts, s: s, byFile: map[string]int{}}
	matIndex := make([]int, len(d.mats))
	for i, name := range d.mats {
		m, ok := defs[name]
		if !ok {
			s.Warnings = append(s.Warnings, fmt.Sprintf("material %q not defined in any mtllib; using defaults", name))
			m = &mtl{name: name, kd: [3]float32{0.8, 0.8, 0.8}, d: 1, illum: 2}
		}
		mat := m.toMaterial()
		for _, o := range m.other {
			s.Warnings = append(s.Warnings, fmt.Sprintf("material %q: %s not supported", name, o))
		}
		if mat.BaseColorTex, err = tex.ref(m.mapKd, true); err != nil {
			return nil, fmt.Errorf("material %q: map_Kd: %w", name, err)
		}
		if mat.EmissiveTex, err = tex.ref(m.mapKe, true); err != nil {
			return nil, fmt.Errorf("material %q: map_Ke: %w", name, err)
		}
		if mat.NormalTex, err = tex.ref(m.mapBump, false); err != nil {
			return nil, fmt.Errorf("material %q: bump: %w", name, err)
		}
		if mat.EmissiveTex.Valid() && !mat.IsEmissive() {
			mat.Emissive = [3]float32{1, 1, 1}
		}
		matIndex[i] = len(s.Materials)
		s.Materials = append(s.Materials, mat)
	}
	if err := d.build(ctx, s, matIndex); err != nil {
		return nil, err
	}
	return s, nil
}

type texLoader struct {
	fsys   fs.FS
	opts   model.Options
	s      *model.Scene
	byFile map[string]int
}

// ref decodes (once per file) and returns a texture reference.
func (t *texLoader) ref(file string, srgb bool) (model.TextureRef, error) {
	if file == "" {
		return model.NoTexture, nil
	}
	if ti, ok := t.byFile[file]; ok {
		return model.TextureRef{Texture: ti}, nil
	}
	ti := len(t.s.Textures)
	t.byFile[file] = ti
	tx := model.Texture{Name: file, Image: -1, Sampler: -1}
	if !t.opts.SkipImages {
		b, err := readFile(t.fsys, file)
		if err != nil {
			return model.NoTexture, err
		}
		t.s.FileBytes += int64(len(b))
		img, err := texture.Decode(b, srgb, t.opts.MaxImagePixels)
		if err != nil {
			return model.NoTexture, fmt.Errorf("%s: %w", file, err)
		}
		img.Name = file
		tx.Image = len(t.s.Images)
		t.s.Images = append(t.s.Images, img)
	}
	t.s.Textures = append(t.s.Textures, tx)
	return model.TextureRef{Texture: ti}, nil
}

func readFile(fsys fs.FS, name string) ([]byte, error) {
	p := path.Clean(strings.ReplaceAll(name, "\\", "/"))
	if fsys == nil || !fs.ValidPath(p) {
		return nil, fmt.Errorf("cannot open %q: no directory or not a relative path", name)
	}
	return fs.ReadFile(fsys, p)
}
