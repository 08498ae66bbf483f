package gltfload

import (
	"encoding/base64"
	"fmt"
	"io/fs"
	"net/url"
	"path"
	"runtime"
	"strings"
	"sync"

	"github.com/ingot-render/ingot/scenes/texture"
)

// images decodes every image referenced by a texture, in parallel.
func (l *loader) images() error {
	d := l.doc
	l.s.Images = make([]*texture.Image, len(d.Images))
	used := make([]bool, len(d.Images))
	for _, t := range l.s.Textures {
		if t.Image >= 0 {
			used[t.Image] = true
		}
	}
	if l.opts.SkipImages {
		for i := range l.s.Textures {
			l.s.Textures[i].Image = -1
		}
		l.s.Images = nil
		return nil
	}
	// Gather bytes serially (cheap, touches the document), decode in parallel.
	raw := make([][]byte, len(d.Images))
	for i, im := range d.Images {
		if !used[i] {
			continue
		}
		b, err := l.imageBytes(i)
		if err != nil {
			return fmt.Errorf("%s: %w", label("image", i, imageName(i, im.Name, im.URI)), err)
		}
		raw[i] = b
	}
	workers := l.opts.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	errs := make([]error, len(d.Images))
	jobs := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				if err := l.ctx.Err(); err != nil {
					errs[i] = err
					continue
				}
				img, err := texture.Decode(raw[i], l.srgb[i], l.opts.MaxImagePixels)
				if err != nil {
					errs[i] = err
					continue
				}
				img.Name = imageName(i, d.Images[i].Name, d.Images[i].URI)
				l.s.Images[i] = img
			}
		}()
	}
	for i := range d.Images {
		if used[i] {
			jobs <- i
		}
	}
	close(jobs)
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			return fmt.Errorf("%s: %w", label("image", i, imageName(i, d.Images[i].Name, d.Images[i].URI)), err)
		}
	}
	// Unused images stay nil; compact nothing so indices stay stable.
	return nil
}

func imageName(i int, name, uri string) string {
	if name != "" {
		return name
	}
	if uri != "" && !strings.HasPrefix(uri, "data:") {
		return uri
	}
	return ""
}

func (l *loader) imageBytes(i int) ([]byte, error) {
	im := l.doc.Images[i]
	if im.BufferView != nil {
		b, _, err := l.bufferView(*im.BufferView)
		return b, err
	}
	if im.URI == "" {
		return nil, fmt.Errorf("neither uri nor bufferView")
	}
	if strings.HasPrefix(im.URI, "data:") {
		return decodeDataURI(im.URI)
	}
	p, err := url.PathUnescape(strings.ReplaceAll(im.URI, "\\", "/"))
	if err != nil {
		return nil, fmt.Errorf("uri %q: %w", im.URI, err)
	}
	p = path.Clean(p)
	if !fs.ValidPath(p) {
		return nil, fmt.Errorf("uri %q: not a relative path inside the asset's directory", im.URI)
	}
	b, err := fs.ReadFile(l.fsysOrEmpty(), p)
	if err != nil {
		return nil, err
	}
	l.s.FileBytes += int64(len(b))
	return b, nil
}

func (l *loader) fsysOrEmpty() fs.FS {
	if l.fsys == nil {
		return emptyFS{}
	}
	return l.fsys
}

// decodeDataURI decodes data:[mime][;base64],payload.
func decodeDataURI(uri string) ([]byte, error) {
	comma := strings.IndexByte(uri, ',')
	if comma < 0 {
		return nil, fmt.Errorf("data URI without ','")
	}
	meta, payload := uri[len("data:"):comma], uri[comma+1:]
	if strings.HasSuffix(meta, ";base64") {
		b, err := base64.StdEncoding.DecodeString(payload)
		if err != nil {
			return nil, fmt.Errorf("data URI: %w", err)
		}
		return b, nil
	}
	s, err := url.PathUnescape(payload)
	if err != nil {
		return nil, fmt.Errorf("data URI: %w", err)
	}
	return []byte(s), nil
}
