package engine

import (
	"fmt"

	"github.com/ingot-render/ingot/engine/raster"
	"github.com/ingot-render/ingot/internal/texel"
	"github.com/ingot-render/ingot/shaders/lower"
)

// Fragment-based tile functions (§5.1.9): a tile pipeline whose tile
// function is a fragment function. DispatchThreadsPerTile then runs it in
// every tile, in the tile's command order as a kernel dispatch runs, once
// per pixel of the threadsPerTile pixels at the tile's origin (per sample
// when it reads [[sample_id]]), in 2×2 quads
// with helper lanes when it looks at its quad (derivatives), through the
// fragment stage's runner (fragmentShader): its [[color(n)]] inputs read
// the colour attachments' tile storage, its colour outputs are written
// back quantized without blending into the samples it covers (less those
// a [[sample_mask]] output drops), and its [[imageblock_data]] reads and
// writes the tile's explicit imageblock as a draw's fragments do. On this
// executor tiles run one at a time per worker in submission order, so
// waiting for prior access to the fragment's own location (the Metal rule
// for fragment-based tile functions) and to the whole tile (the rule for
// kernels) give the same result.

// fragmentTilePipeline compiles the fragment function of desc as the tile
// function of p.
func (d *Device) fragmentTilePipeline(m string, desc *TileRenderPipelineDescriptor, p *TileRenderPipelineState) error {
	fn := desc.TileFunction
	name := fn.Name()
	if err := fn.lib.lib.Program.CheckTileFragment(fn.fn.Checked); err != nil {
		return fmt.Errorf("engine: %s: TileFunction %s: %w", m, name, err)
	}
	if n := desc.MaxTotalThreadsPerThreadgroup; n < 0 || n > MaxThreadsPerThreadgroup {
		return fmt.Errorf("engine: %s: MaxTotalThreadsPerThreadgroup is %d, want 0..%d", m, n, MaxThreadsPerThreadgroup)
	}
	p.maxThreads = MaxThreadsPerThreadgroup
	if n := desc.MaxTotalThreadsPerThreadgroup; n > 0 {
		p.maxThreads = n
	}
	st, err := compileStage(d, fn, desc.Constants, stageCompile{method: m, field: "TileFunction", pipeline: "a tile render pipeline",
		lower: lower.Stage, intrinsics: d.intrinsics,
		allowed: []lower.BindingKind{lower.BindBuffer, lower.BindTexture, lower.BindSampler, lower.BindHandle, lower.BindStageIO, lower.BindThreadgroup}})
	if err != nil {
		return err
	}
	rp := &RenderPipelineState{dev: d, label: desc.Label, frag: st, colors: p.colors, samples: p.samples}
	if rp.fin, err = layoutFragment(name, st.layout, fn.fn.Checked, fn.lib.lib.Program); err != nil {
		return fmt.Errorf("engine: %s: TileFunction: %w", m, err)
	}
	fl := &rp.fin
	for i := range MaxColorAttachments {
		for _, s := range []struct {
			what string
			sl   ioSlot
		}{{"reads", fl.colorIn[i]}, {"writes", fl.colorOut[i]}} {
			if s.sl.ok() && p.colors[i] == texel.Invalid {
				return fmt.Errorf("engine: %s: TileFunction %s %s [[color(%d)]], but ColorAttachments[%d].PixelFormat is invalid", m, name, s.what, i, i)
			}
		}
	}
	if fl.color1.ok() {
		return fmt.Errorf("engine: %s: TileFunction %s writes a second colour [[color(0), index(1)]], which only blending reads; a tile function does not blend", m, name)
	}
	if err := rp.checkFragmentOutputs(name); err != nil {
		return fmt.Errorf("engine: %s: TileFunction: %w", m, err)
	}
	// Discards, quads and the inputs it reads (no varyings to link).
	if err := rp.linkVaryings("", name); err != nil {
		return fmt.Errorf("engine: %s: TileFunction: %w", m, err)
	}
	rp.flags = fl.flags(false)
	p.frag, p.ibSize = rp, fl.ibSize
	d.pipelines.Add(1)
	return nil
}

// encodeFragmentTile resolves the bindings of a fragment-based tile
// dispatch into c.
func (e *RenderCommandEncoder) encodeFragmentTile(m string, t *tileSlots, c *tileCmd) error {
	st := c.p.frag.frag
	var bound boundResources
	args, rec, err := e.resolveStage(st, &t.slots, &bound)
	if err != nil {
		return e.fail("%s: %w", m, err)
	}
	c.args, c.rec = args, rec
	for _, b := range st.bindings {
		if !b.enabled || b.kind != lower.BindThreadgroup {
			continue
		}
		if !t.tgSet[b.index] {
			return e.fail("%s %s: missing threadgroup memory length (SetThreadgroupMemoryLength) at index %d for argument %q", m, st.name, b.index, b.name)
		}
		c.tg = append(c.tg, tgRef{param: b.param, off: t.tgOff[b.index], length: t.tgLen[b.index]})
	}
	if n := c.p.ibSize; n > e.pass.desc.ImageblockSampleLength {
		return e.fail("%s %s: the fragment function uses a %d-byte explicit imageblock, more than the pass's ImageblockSampleLength %d", m, st.name, n, e.pass.desc.ImageblockSampleLength)
	}
	c.transient, c.accels = bound.transient, bound.accels
	return nil
}

// fragmentTileDispatch hands a fragment-based tile dispatch to the
// rasterizer: the fragment function runs through a fragmentShader on the
// tile memory of its worker.
func (r *passRun) fragmentTileDispatch(c *tileCmd) error {
	p := c.p.frag
	s := &fragmentShader{r: r, p: p, args: c.args, rec: c.rec, bufs: c.transient, workers: make([]*fragmentWorker, r.workers)}
	if len(c.tg) > 0 {
		s.args = append([]uint64(nil), c.args...)
		for _, t := range c.tg {
			s.args[t.param] = uint64(r.tiles.tgBase + t.off)
		}
		s.tileMem = true
	}
	r.shaders = append(r.shaders, s)
	f, err := r.rp.FragmentTile(raster.FragmentTileDesc{Shader: s, Flags: p.flags, ColorMask: p.colorMask(), Width: c.threads[0], Height: c.threads[1]})
	if err != nil {
		return fmt.Errorf("tile dispatch %s: %w", c.p.name, err)
	}
	return r.rp.Dispatch(f)
}
