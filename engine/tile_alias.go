package engine

import (
	"github.com/ingot-render/ingot/engine/raster"
	"github.com/ingot-render/ingot/shaders/sema"
)

// The implicit imageblock of a pixel sample, as an explicit imageblock
// that aliases it (§5.6.5) sees it, is the byte image of the pass's colour
// attachments in index order, each stored as its pixel format stores a
// texel (raster.ColorTarget.EncodeSample) at the next offset aligned to
// raster.ColorTarget.ImplicitAlign: the layout of a struct whose members
// are the MSL types of the formats (rgba8unorm<half4> for RGBA8Unorm,
// rg11b10f<half3> for RG11B10Float, half4 for RGBA16Float, float for
// R32Float...). [[alias_implicit_imageblock]] places the explicit struct
// at offset 0 of that image, [[alias_implicit_imageblock_color(n)]] at
// colour n's offset (the next attachment's when n has none; when no
// attachment from n on exists the attribute is ignored). Bytes of the
// struct that overlay an attachment are that attachment: a fragment reads
// them encoded from its current value and what it writes there is
// decoded into it; bytes past the last attachment stay explicit storage.

// aliasSeg maps bytes [ib, ib+n) of the explicit imageblock element onto
// bytes [at, at+n) of colour attachment ct's texel.
type aliasSeg struct {
	ct        *raster.ColorTarget
	ib, at, n int
	bpp       int
}

// aliasPlan is the aliasing of one pass's explicit imageblock element.
type aliasPlan struct {
	segs [MaxColorAttachments]aliasSeg
	n    int
}

// planAlias lays out the implicit imageblock of targets and overlays the
// explicit element of ibSize bytes as a directs (no segments when a
// does not alias).
func planAlias(a sema.ImageblockAlias, ibSize int, targets *raster.PassTargets) aliasPlan {
	var p aliasPlan
	if !a.Aliased {
		return p
	}
	off, base := 0, -1
	for i, ct := range targets.Color {
		if ct == nil {
			continue
		}
		al := ct.ImplicitAlign()
		off = (off + al - 1) / al * al
		if base < 0 && i >= a.Color {
			base = off
		}
		if base >= 0 {
			bpp := ct.Format.BytesPerPixel()
			lo, hi := max(off-base, 0), min(off-base+bpp, ibSize)
			if lo < hi {
				p.segs[p.n] = aliasSeg{ct: ct, ib: lo, at: lo - (off - base), n: hi - lo, bpp: bpp}
				p.n++
			}
		}
		off += ct.Format.BytesPerPixel()
	}
	return p
}

// overlay writes the aliased attachments' texels of sample s of pixel
// (x, y, layer) into the element image el; tmp holds a texel.
func (p *aliasPlan) overlay(el []byte, x, y, s, layer int, tmp []byte) {
	for i := range p.n {
		g := &p.segs[i]
		g.ct.EncodeSample(tmp[:g.bpp], x, y, s, layer)
		copy(el[g.ib:g.ib+g.n], tmp[g.at:g.at+g.n])
	}
}

// store decodes the aliased bytes of el that differ from was into their
// attachments' samples in mask, texels completed from sample s.
func (p *aliasPlan) store(el, was []byte, x, y, s, layer int, mask uint32, tmp []byte) {
	for i := range p.n {
		g := &p.segs[i]
		if string(el[g.ib:g.ib+g.n]) == string(was[g.ib:g.ib+g.n]) {
			continue
		}
		g.ct.EncodeSample(tmp[:g.bpp], x, y, s, layer)
		copy(tmp[g.at:g.at+g.n], el[g.ib:g.ib+g.n])
		g.ct.DecodeSamples(tmp[:g.bpp], x, y, layer, mask)
	}
}

// aliasScratch returns worker's scratch (allocated on first use; each
// worker touches only its own): two element images of n bytes and a texel.
func (m *tileMemory) aliasScratch(worker, n int) (el, was, tmp []byte) {
	if len(m.scratch[worker]) < 2*n+16 {
		m.scratch[worker] = make([]byte, 2*n+16)
	}
	b := m.scratch[worker]
	return b[:n], b[n : 2*n], b[2*n : 2*n+16]
}
