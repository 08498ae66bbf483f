package engine

import (
	"context"
	"fmt"
	"runtime"
	"sync"

	"github.com/ingot-render/ingot/engine/raster"
	"github.com/ingot-render/ingot/internal/texel"
)

// renderPass is one render pass as a command: its validated attachments
// and the encoders whose draws it runs, in creation order.
type renderPass struct {
	dev                           *Device
	desc                          RenderPassDescriptor
	width, height, samples, layer int
	visibility                    *Buffer
	keep                          []any
	encoders                      []*RenderCommandEncoder
	counters                      RenderPassCounters
	// tileW, tileH: the tile size the pass runs with (0: raster's default
	// 32 × 32, when the descriptor leaves it to the engine).
	tileW, tileH int
}

// attachmentTarget checks one attachment and returns its size at the level
// and its sample count; field names it in errors.
func attachmentTarget(method, field string, a *RenderPassAttachmentDescriptor, layers int) (w, h, samples int, err error) {
	t := a.Texture
	fail := func(format string, args ...any) (int, int, int, error) {
		return 0, 0, 0, fmt.Errorf("engine: %s: %s: "+format, append([]any{method, field}, args...)...)
	}
	d := t.st.tex.Descriptor()
	if d.Usage != texel.UsageUnknown && d.Usage&texel.UsageRenderTarget == 0 {
		return fail("the texture's usage lacks RenderTarget")
	}
	if a.Level < 0 || a.Level >= t.MipmapLevelCount() {
		return fail("Level %d outside the texture's %d mip levels", a.Level, t.MipmapLevelCount())
	}
	slices := t.st.tex.Slices()
	switch d.TextureType {
	case texel.Type2D, texel.Type2DMultisample, texel.Type2DArray, texel.Type2DMultisampleArray, texel.TypeCube, texel.TypeCubeArray:
		if a.DepthPlane != 0 {
			return fail("DepthPlane %d on a texture that is not 3D", a.DepthPlane)
		}
		if a.Slice < 0 || a.Slice+layers > slices {
			return fail("Slice %d with %d layers outside the texture's %d slices", a.Slice, layers, slices)
		}
	case texel.Type3D:
		if a.Slice != 0 {
			return fail("Slice %d on a 3D texture (use DepthPlane)", a.Slice)
		}
		if dp := t.st.tex.Depth(a.Level); a.DepthPlane < 0 || a.DepthPlane+layers > dp {
			return fail("DepthPlane %d with %d layers outside the level's %d planes", a.DepthPlane, layers, dp)
		}
	default:
		return fail("a %v texture cannot be an attachment", d.TextureType)
	}
	return t.st.tex.Width(a.Level), t.st.tex.Height(a.Level), t.st.tex.SampleCount(), nil
}

// newRenderPass validates desc.
func newRenderPass(dev *Device, method string, desc *RenderPassDescriptor) (*renderPass, error) {
	if desc == nil {
		return nil, fmt.Errorf("engine: %s: render pass descriptor is nil", method)
	}
	p := &renderPass{dev: dev, desc: *desc, layer: max(desc.RenderTargetArrayLength, 1), visibility: desc.VisibilityResultBuffer}
	if desc.RenderTargetArrayLength < 0 {
		return nil, fmt.Errorf("engine: %s: RenderTargetArrayLength is %d", method, desc.RenderTargetArrayLength)
	}
	type att struct {
		field string
		a     *RenderPassAttachmentDescriptor
		kind  string
	}
	var atts []att
	for i := range p.desc.ColorAttachments {
		atts = append(atts, att{fmt.Sprintf("ColorAttachments[%d]", i), &p.desc.ColorAttachments[i].RenderPassAttachmentDescriptor, "colour"})
	}
	atts = append(atts, att{"Depth", &p.desc.Depth.RenderPassAttachmentDescriptor, "depth"}, att{"Stencil", &p.desc.Stencil.RenderPassAttachmentDescriptor, "stencil"})
	first := ""
	for _, at := range atts {
		a := at.a
		if a.Texture == nil {
			if a.ResolveTexture != nil {
				return nil, fmt.Errorf("engine: %s: %s.ResolveTexture is set without a Texture", method, at.field)
			}
			continue
		}
		if a.Texture.dev != dev {
			return nil, fmt.Errorf("engine: %s: %s.Texture belongs to another device", method, at.field)
		}
		f := a.Texture.PixelFormat()
		switch at.kind {
		case "depth":
			if !f.IsDepth() {
				return nil, fmt.Errorf("engine: %s: Depth.Texture has the format %v, which has no depth", method, f)
			}
		case "stencil":
			if !f.IsStencil() {
				return nil, fmt.Errorf("engine: %s: Stencil.Texture has the format %v, which has no stencil", method, f)
			}
		default:
			if f.IsDepth() || f.IsStencil() {
				return nil, fmt.Errorf("engine: %s: %s.Texture has the depth/stencil format %v", method, at.field, f)
			}
		}
		if a.LoadAction < LoadActionDefault || a.LoadAction > LoadActionClear {
			return nil, fmt.Errorf("engine: %s: %s.LoadAction is %d, not a load action", method, at.field, a.LoadAction)
		}
		if a.StoreAction < StoreActionStore || a.StoreAction > StoreActionStoreAndMultisampleResolve {
			return nil, fmt.Errorf("engine: %s: %s.StoreAction is %d, not a store action", method, at.field, a.StoreAction)
		}
		if a.Texture.memoryless() {
			if a.LoadAction == LoadActionLoad {
				return nil, fmt.Errorf("engine: %s: %s.LoadAction is load, but the texture is memoryless (want clear or dontCare)", method, at.field)
			}
			if a.StoreAction == StoreActionStore || a.StoreAction == StoreActionStoreAndMultisampleResolve {
				return nil, fmt.Errorf("engine: %s: %s.StoreAction stores, but the texture is memoryless (want dontCare or multisampleResolve)", method, at.field)
			}
		}
		w, h, s, err := attachmentTarget(method, at.field, a, p.layer)
		if err != nil {
			return nil, err
		}
		if first == "" {
			first, p.width, p.height, p.samples = at.field, w, h, s
		} else if w != p.width || h != p.height || s != p.samples {
			return nil, fmt.Errorf("engine: %s: %s is %d × %d with %d samples, but %s is %d × %d with %d", method, at.field, w, h, s, first, p.width, p.height, p.samples)
		}
		resolve := a.StoreAction == StoreActionMultisampleResolve || a.StoreAction == StoreActionStoreAndMultisampleResolve
		if resolve {
			if s == 1 {
				return nil, fmt.Errorf("engine: %s: %s.StoreAction resolves but the texture has one sample", method, at.field)
			}
			r := a.ResolveTexture
			if r == nil {
				return nil, fmt.Errorf("engine: %s: %s.StoreAction resolves but ResolveTexture is nil", method, at.field)
			}
			if r.dev != dev {
				return nil, fmt.Errorf("engine: %s: %s.ResolveTexture belongs to another device", method, at.field)
			}
			if r.memoryless() {
				return nil, fmt.Errorf("engine: %s: %s.ResolveTexture is memoryless", method, at.field)
			}
			if r.PixelFormat() != f {
				return nil, fmt.Errorf("engine: %s: %s.ResolveTexture has the format %v, the texture %v", method, at.field, r.PixelFormat(), f)
			}
			ra := RenderPassAttachmentDescriptor{Texture: r, Level: a.ResolveLevel, Slice: a.ResolveSlice, DepthPlane: a.ResolveDepthPlane}
			rw, rh, rs, err := attachmentTarget(method, at.field+".ResolveTexture", &ra, p.layer)
			if err != nil {
				return nil, err
			}
			if rw != w || rh != h || rs != 1 {
				return nil, fmt.Errorf("engine: %s: %s.ResolveTexture is %d × %d with %d samples, want %d × %d with 1", method, at.field, rw, rh, rs, w, h)
			}
			p.keep = append(p.keep, r)
		} else if a.ResolveTexture != nil {
			return nil, fmt.Errorf("engine: %s: %s.ResolveTexture is set but StoreAction %d does not resolve", method, at.field, a.StoreAction)
		}
		p.keep = append(p.keep, a.Texture)
	}
	if first == "" {
		p.width, p.height, p.samples = desc.RenderTargetWidth, desc.RenderTargetHeight, max(desc.DefaultRasterSampleCount, 1)
		if p.width <= 0 || p.height <= 0 || p.width > texel.MaxDimension2D || p.height > texel.MaxDimension2D {
			return nil, fmt.Errorf("engine: %s: a pass without attachments needs RenderTargetWidth and RenderTargetHeight in 1..%d (got %d × %d)", method, texel.MaxDimension2D, p.width, p.height)
		}
		switch p.samples {
		case 1, 2, 4, 8:
		default:
			return nil, fmt.Errorf("engine: %s: DefaultRasterSampleCount is %d, want 1, 2, 4 or 8", method, desc.DefaultRasterSampleCount)
		}
	}
	if err := p.checkTiles(method); err != nil {
		return nil, err
	}
	if v := p.visibility; v != nil {
		if v.dev != dev {
			return nil, fmt.Errorf("engine: %s: VisibilityResultBuffer belongs to another device", method)
		}
		p.keep = append(p.keep, v)
	}
	return p, nil
}

// run executes the pass: load actions, every draw of every encoder in
// creation order, store actions.
func (p *renderPass) run(ctx context.Context) error {
	workers := p.dev.opts.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	pass, err := p.dev.passes.get(p, workers)
	if err != nil {
		return err
	}
	defer p.dev.passes.put(pass)
	targets := pass.Targets()
	for i := range p.desc.ColorAttachments {
		ca := &p.desc.ColorAttachments[i]
		t := targets.Color[i]
		if t == nil {
			continue
		}
		switch ca.LoadAction {
		case LoadActionLoad:
			if err := t.Load(ca.Texture.st.tex, ca.Level, ca.Slice, ca.DepthPlane); err != nil {
				return fmt.Errorf("render pass: ColorAttachments[%d] load: %w", i, err)
			}
			p.counters.BytesRead += p.attachmentBytes(ca.Texture, p.samples)
		case LoadActionClear:
			c := [4]float64{0, 0, 0, 1}
			if ca.ClearColor != nil {
				c = *ca.ClearColor
			}
			t.Clear(c)
		default: // DontCare: deterministic zeros
			t.Clear([4]float64{})
		}
	}
	if da := &p.desc.Depth; da.Texture != nil {
		t := targets.Depth
		if da.LoadAction == LoadActionLoad {
			if err := t.Load(da.Texture.st.tex, da.Level, da.Slice, da.DepthPlane); err != nil {
				return fmt.Errorf("render pass: Depth load: %w", err)
			}
			p.counters.BytesRead += p.attachmentBytes(da.Texture, p.samples)
		} else {
			z := 1.0
			if da.ClearDepth != nil && da.LoadAction != LoadActionDontCare {
				z = *da.ClearDepth
			}
			t.Clear(z)
		}
	}
	if sa := &p.desc.Stencil; sa.Texture != nil {
		t := targets.Stencil
		if sa.LoadAction == LoadActionLoad {
			if err := t.Load(sa.Texture.st.tex, sa.Level, sa.Slice, sa.DepthPlane); err != nil {
				return fmt.Errorf("render pass: Stencil load: %w", err)
			}
			p.counters.BytesRead += p.attachmentBytes(sa.Texture, p.samples)
		} else {
			t.Clear(sa.ClearStencil)
		}
	}
	snap, err := p.dev.snapshot()
	if err != nil {
		return err
	}
	run := &passRun{ctx: ctx, pass: p, rp: pass.Pass, snap: snap, workers: workers, scratch: drawScratch{a: &p.dev.arena}, traffic: p.shaderTraffic()}
	defer run.close()
	if p.usesTiles() {
		run.tiles = newTileMemory(p, workers)
		pass.SetTileHooks(run.tiles)
		defer pass.SetTileHooks(nil)
	}
	for _, e := range p.encoders {
		for _, d := range e.draws {
			if err := run.draw(d); err != nil {
				return err
			}
		}
	}
	if err := pass.Flush(ctx); err != nil {
		return run.fault(err)
	}
	return p.store(targets, pass.Pass)
}

// store runs the store actions and writes the visibility results.
func (p *renderPass) store(t raster.PassTargets, pass *raster.Pass) error {
	type storer interface {
		Store(tex *texel.Texture, level, slice, depthPlane int) error
		Resolve(tex *texel.Texture, level, slice, depthPlane int) error
	}
	do := func(field string, a *RenderPassAttachmentDescriptor, s storer) error {
		if a.StoreAction == StoreActionStore || a.StoreAction == StoreActionStoreAndMultisampleResolve {
			store := s.Store
			if c, ok := s.(*raster.ColorTarget); ok {
				store = func(tex *texel.Texture, level, slice, depthPlane int) error {
					return c.StoreWorkers(tex, level, slice, depthPlane, pass.Workers())
				}
			}
			if err := store(a.Texture.st.tex, a.Level, a.Slice, a.DepthPlane); err != nil {
				return fmt.Errorf("render pass: %s store: %w", field, err)
			}
			p.counters.BytesWritten += p.attachmentBytes(a.Texture, p.samples)
		}
		if a.StoreAction == StoreActionMultisampleResolve || a.StoreAction == StoreActionStoreAndMultisampleResolve {
			resolve := s.Resolve
			if c, ok := s.(*raster.ColorTarget); ok {
				resolve = func(tex *texel.Texture, level, slice, depthPlane int) error {
					return c.ResolveWorkers(tex, level, slice, depthPlane, pass.Workers())
				}
			}
			if err := resolve(a.ResolveTexture.st.tex, a.ResolveLevel, a.ResolveSlice, a.ResolveDepthPlane); err != nil {
				return fmt.Errorf("render pass: %s resolve: %w", field, err)
			}
			p.counters.BytesWritten += p.attachmentBytes(a.ResolveTexture, 1)
		}
		return nil
	}
	for i, c := range t.Color {
		if c != nil {
			if err := do(fmt.Sprintf("ColorAttachments[%d]", i), &p.desc.ColorAttachments[i].RenderPassAttachmentDescriptor, c); err != nil {
				return err
			}
		}
	}
	if t.Depth != nil {
		if err := do("Depth", &p.desc.Depth.RenderPassAttachmentDescriptor, t.Depth); err != nil {
			return err
		}
	}
	if t.Stencil != nil {
		if err := do("Stencil", &p.desc.Stencil.RenderPassAttachmentDescriptor, t.Stencil); err != nil {
			return err
		}
	}
	if v := p.visibility; v != nil {
		data := v.Contents()
		for off, n := range pass.Visibility() {
			if off >= 0 && off+8 <= len(data) {
				putU64(data[off:], n)
			}
			p.counters.BytesWritten += 8
		}
	}
	return nil
}

// passKey is the shape of a render pass's attachment storage.
type passKey struct {
	w, h, samples, layers, workers int
	tw, th                         int // tile size (0: see free)
	// free: no draw observes the tile size (tile_free.go), so the raster
	// pass chooses it; otherwise tiles are Metal's default 32 × 32.
	free           bool
	color          [MaxColorAttachments]PixelFormat
	depth, stencil PixelFormat
}

// passPool keeps the rasterizer passes (with their attachment storage and
// bins) of finished render passes for the next pass of the same shape, so
// that a frame loop does not allocate them again.
type passPool struct {
	mu   sync.Mutex
	free map[passKey][]*raster.Pass
}

// pooledPass is a rasterizer pass taken from a passPool.
type pooledPass struct {
	*raster.Pass
	key passKey
}

// maxPooledPasses bounds the passes kept per shape, maxPooledSamples the
// size of a pass kept (samples of all layers: 4 Mi samples are 64 MiB of
// colour storage per attachment).
const (
	maxPooledPasses  = 4
	maxPooledSamples = 4 << 20
)

// get returns a reset pass for p's attachments.
func (pp *passPool) get(p *renderPass, workers int) (*pooledPass, error) {
	k := passKey{w: p.width, h: p.height, samples: p.samples, layers: p.layer, workers: workers, tw: p.tileW, th: p.tileH, free: p.tileW == 0 && p.tileFree()}
	for i, ca := range p.desc.ColorAttachments {
		if ca.Texture != nil {
			k.color[i] = ca.Texture.PixelFormat()
		}
	}
	if t := p.desc.Depth.Texture; t != nil {
		k.depth = t.PixelFormat()
	}
	if t := p.desc.Stencil.Texture; t != nil {
		k.stencil = t.PixelFormat()
	}
	pp.mu.Lock()
	if l := pp.free[k]; len(l) > 0 {
		rp := l[len(l)-1]
		pp.free[k] = l[:len(l)-1]
		pp.mu.Unlock()
		rp.Reset()
		return &pooledPass{rp, k}, nil
	}
	pp.mu.Unlock()
	t := raster.PassTargets{Width: k.w, Height: k.h, Samples: k.samples, Layers: k.layers}
	var err error
	for i, f := range k.color {
		if f != texel.Invalid {
			if t.Color[i], err = raster.NewColorTarget(f, k.w, k.h, k.samples, k.layers); err != nil {
				return nil, fmt.Errorf("render pass: ColorAttachments[%d]: %w", i, err)
			}
		}
	}
	if k.depth != texel.Invalid {
		if t.Depth, err = raster.NewDepthTarget(k.depth, k.w, k.h, k.samples, k.layers); err != nil {
			return nil, fmt.Errorf("render pass: Depth: %w", err)
		}
	}
	if k.stencil != texel.Invalid {
		if t.Stencil, err = raster.NewStencilTarget(k.stencil, k.w, k.h, k.samples, k.layers); err != nil {
			return nil, fmt.Errorf("render pass: Stencil: %w", err)
		}
	}
	opt := raster.PassOptions{Workers: workers, TileWidth: k.tw, TileHeight: k.th}
	if k.tw == 0 && !k.free {
		opt.TileSize = 32
	}
	rp, err := raster.NewPass(t, opt)
	if err != nil {
		return nil, fmt.Errorf("render pass: %w", err)
	}
	return &pooledPass{rp, k}, nil
}

// put returns a pass for reuse.
func (pp *passPool) put(rp *pooledPass) {
	pp.mu.Lock()
	defer pp.mu.Unlock()
	if pp.free == nil {
		pp.free = map[passKey][]*raster.Pass{}
	}
	k := rp.key
	if k.w*k.h*k.samples*k.layers > maxPooledSamples {
		return // large targets are not worth keeping alive
	}
	if l := pp.free[rp.key]; len(l) < maxPooledPasses {
		pp.free[rp.key] = append(l, rp.Pass)
	}
}
