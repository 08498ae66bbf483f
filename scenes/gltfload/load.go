package gltfload

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/qmuntal/gltf"

	"github.com/ingot-render/ingot/scenes/model"
)

// Load reads a .gltf or .glb file; external buffers and images resolve
// relative to the file's directory.
func Load(ctx context.Context, path string, opts model.Options) (*model.Scene, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	s, err := Decode(ctx, data, os.DirFS(filepath.Dir(path)), opts)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	s.Source = path
	if s.Name == "" {
		s.Name = strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
	}
	return s, nil
}

// Decode imports a glTF JSON or GLB document held in data. External files
// are read from fsys; a nil fsys makes any external reference an error.
func Decode(ctx context.Context, data []byte, fsys fs.FS, opts model.Options) (s *model.Scene, err error) {
	doc, err := decodeDocument(data, fsys)
	if err != nil {
		return nil, err
	}
	l := &loader{ctx: ctx, doc: doc, fsys: fsys, opts: opts, s: &model.Scene{Format: "gltf"},
		fcache: map[int]fcached{}, ucache: map[int]ucached{}}
	if len(data) >= 4 && string(data[:4]) == "glTF" {
		l.s.Format = "glb"
	}
	l.s.FileBytes = int64(len(data))
	var total int
	for _, b := range doc.Buffers {
		if b != nil {
			total += len(b.Data)
			if !b.IsEmbeddedResource() && b.URI != "" {
				l.s.FileBytes += int64(len(b.Data))
			}
		}
	}
	l.maxElems = max(total, 4096)
	if err := l.build(); err != nil {
		return nil, err
	}
	return l.s, nil
}

// decodeDocument parses JSON/GLB and loads buffers, turning any panic of
// the third-party decoder on malformed input into an error.
func decodeDocument(data []byte, fsys fs.FS) (doc *gltf.Document, err error) {
	defer func() {
		if r := recover(); r != nil {
			doc, err = nil, fmt.Errorf("malformed glTF document: %s", diagnose(data, r))
		}
	}()
	if fsys == nil {
		fsys = emptyFS{}
	}
	doc = new(gltf.Document)
	if err := gltf.NewDecoderFS(bytes.NewReader(data), fsys).Decode(doc); err != nil {
		return nil, fmt.Errorf("decode: %w", err)
	}
	return doc, nil
}

type emptyFS struct{}

// Open fails: there is no directory to read external files from.
func (emptyFS) Open(name string) (fs.File, error) {
	return nil, &fs.PathError{Op: "open", Path: name, Err: errors.New("no directory for external files")}
}

type loader struct {
	ctx      context.Context
	doc      *gltf.Document
	fsys     fs.FS
	opts     model.Options
	s        *model.Scene
	fcache   map[int]fcached
	ucache   map[int]ucached
	maxElems int
	srgb     map[int]bool // image index -> used as colour
	warned   map[string]bool
}

func (l *loader) warnf(format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	if l.warned == nil {
		l.warned = map[string]bool{}
	}
	if !l.warned[msg] {
		l.warned[msg] = true
		l.s.Warnings = append(l.s.Warnings, msg)
	}
}

// label names an element for messages: `mesh "Helmet"` or `mesh 3`.
func label(kind string, i int, name string) string {
	if name != "" {
		return fmt.Sprintf("%s %q", kind, name)
	}
	return fmt.Sprintf("%s %d", kind, i)
}

func (l *loader) build() error {
	if err := l.checkNulls(); err != nil {
		return err
	}
	if err := l.extensions(); err != nil {
		return err
	}
	steps := []func() error{l.samplers, l.textures, l.materials, l.meshes, l.cameras, l.lights,
		l.nodes, l.skins, l.animations, l.images}
	for _, f := range steps {
		if err := l.ctx.Err(); err != nil {
			return err
		}
		if err := f(); err != nil {
			return err
		}
	}
	return nil
}

// checkNulls rejects null entries in the top-level arrays.
func (l *loader) checkNulls() error {
	d := l.doc
	check := func(kind string, n int, isNil func(int) bool) error {
		for i := 0; i < n; i++ {
			if isNil(i) {
				return fmt.Errorf("%s %d: null", kind, i)
			}
		}
		return nil
	}
	for _, c := range []struct {
		kind  string
		n     int
		isNil func(int) bool
	}{
		{"accessor", len(d.Accessors), func(i int) bool { return d.Accessors[i] == nil }},
		{"animation", len(d.Animations), func(i int) bool { return d.Animations[i] == nil }},
		{"buffer", len(d.Buffers), func(i int) bool { return d.Buffers[i] == nil }},
		{"bufferView", len(d.BufferViews), func(i int) bool { return d.BufferViews[i] == nil }},
		{"camera", len(d.Cameras), func(i int) bool { return d.Cameras[i] == nil }},
		{"image", len(d.Images), func(i int) bool { return d.Images[i] == nil }},
		{"material", len(d.Materials), func(i int) bool { return d.Materials[i] == nil }},
		{"mesh", len(d.Meshes), func(i int) bool { return d.Meshes[i] == nil }},
		{"node", len(d.Nodes), func(i int) bool { return d.Nodes[i] == nil }},
		{"sampler", len(d.Samplers), func(i int) bool { return d.Samplers[i] == nil }},
		{"scene", len(d.Scenes), func(i int) bool { return d.Scenes[i] == nil }},
		{"skin", len(d.Skins), func(i int) bool { return d.Skins[i] == nil }},
		{"texture", len(d.Textures), func(i int) bool { return d.Textures[i] == nil }},
	} {
		if err := check(c.kind, c.n, c.isNil); err != nil {
			return err
		}
	}
	for i, b := range d.Buffers {
		if b.Data == nil {
			return fmt.Errorf("buffer %d: no data (uri %q)", i, truncate(b.URI, 64))
		}
		if len(b.Data) < b.ByteLength {
			return fmt.Errorf("buffer %d: %d bytes, byteLength says %d", i, len(b.Data), b.ByteLength)
		}
	}
	return nil
}

func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n] + "…"
	}
	return s
}

// diagnose explains a decoder panic: null buffers are the known cause.
func diagnose(data []byte, r any) string {
	js := data
	if len(data) >= 20 && string(data[:4]) == "glTF" {
		n := int(binary.LittleEndian.Uint32(data[12:16]))
		if n >= 0 && n <= len(data)-20 {
			js = data[20 : 20+n]
		}
	}
	var probe struct {
		Buffers []json.RawMessage `json:"buffers"`
	}
	if json.Unmarshal(js, &probe) == nil {
		for i, b := range probe.Buffers {
			if string(b) == "null" {
				return fmt.Sprintf("buffer %d: null", i)
			}
		}
	}
	return fmt.Sprintf("decoder failed: %v", r)
}
