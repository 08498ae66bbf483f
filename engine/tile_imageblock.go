package engine

import (
	"fmt"
	"math/bits"

	"github.com/ingot-render/ingot/engine/raster"
	"github.com/ingot-render/ingot/shaders/lower"
	"github.com/ingot-render/ingot/shaders/sema"
)

// ibCopy copies n bytes between offset rec of a fragment record and
// offset ib of the pixel's explicit imageblock element.
type ibCopy struct{ rec, ib, n int }

// imageblockCopies returns the copies between a record value of type t
// at offset rec and the master imageblock element: t itself, or the view
// [[imageblock_data(Master)]] names, mapped member by member (§5.6.1). It
// records the master's size.
func (l *fragmentLayout) imageblockCopies(fn, what string, t *sema.Type, a *sema.Attr, rec int, prog *sema.Program) ([]ibCopy, error) {
	t = t.Unqualified()
	if t.Kind == sema.KReference {
		t = t.Elem
	}
	master := t
	if a != nil && len(a.Args) > 0 {
		if n := a.Args[0].Str; n != "" && n != t.String() && (t.Struct == nil || n != t.Struct.QualName) {
			if master = prog.LookupType(n); master == nil {
				return nil, fmt.Errorf("engine: NewRenderPipelineState: FragmentFunction %s: %s: the master imageblock struct %q is not a file-scope type", fn, what, n)
			}
		}
	}
	size := sema.SizeOf(master)
	if l.ibSize != 0 && l.ibSize != size {
		return nil, fmt.Errorf("engine: NewRenderPipelineState: FragmentFunction %s: %s uses a %d-byte master imageblock, another [[imageblock_data]] one of %d bytes", fn, what, size, l.ibSize)
	}
	l.ibSize = size
	if master == t {
		return []ibCopy{{rec: rec, n: size}}, nil
	}
	var out []ibCopy
	for _, c := range sema.ImageblockViewCopies(t, master) {
		out = append(out, ibCopy{rec: rec + c.View, ib: c.Master, n: c.Size})
	}
	return out, nil
}

// imageblockInput lays out an [[imageblock_data]] argument.
func (l *fragmentLayout) imageblockInput(fn string, f lower.WrapperField, checked *sema.Function, prog *sema.Program) error {
	var attr *sema.Attr
	for _, prm := range checked.Params {
		if prm.Name == f.Name {
			for i := range prm.Attrs {
				if prm.Attrs[i].Name == "imageblock_data" {
					attr = &prm.Attrs[i]
				}
			}
		}
	}
	cs, err := l.imageblockCopies(fn, fmt.Sprintf("argument %q", f.Name), f.Type, attr, f.Offset, prog)
	l.ibIn = append(l.ibIn, cs...)
	return err
}

// imageblockOutput lays out an [[imageblock_data]] output member at record
// offset off and notes its aliasing of the implicit imageblock.
func (l *fragmentLayout) imageblockOutput(fn string, m *sema.Field, a *sema.Attr, off int, prog *sema.Program) error {
	cs, err := l.imageblockCopies(fn, fmt.Sprintf("output member %q", m.Name), m.Type, a, off, prog)
	l.ibOut = append(l.ibOut, cs...)
	if al := sema.ImageblockAliasOf(m.Attrs); al.Aliased {
		l.ibAlias = al
	}
	return err
}

// ibLane returns the offset in the worker's tile memory of sample 0 of
// lane L's explicit imageblock pixel, the pixel, and the sample the lane
// reads: its [[sample_id]] at sample rate, else the first sample it covers
// (as colour inputs do); ok is false outside the tile.
func (s *fragmentShader) ibLane(worker int, b *raster.FragmentBatch, L int) (off, x, y, smp int, ok bool) {
	m := s.r.tiles
	t := &m.cur[worker]
	x, y = int(b.PosX[L]), int(b.PosY[L])
	if x < t.X0 || y < t.Y0 || x >= t.X1 || y >= t.Y1 {
		return 0, x, y, 0, false
	}
	switch {
	case s.p.fin.perSample:
		smp = int(b.SampleID[L])
	case m.samples > 1 && b.SampleMaskIn[L] != 0:
		smp = bits.TrailingZeros32(b.SampleMaskIn[L])
	}
	return m.ibBase + ((y-t.Y0)*m.tw+x-t.X0)*m.samples*s.p.fin.ibSize, x, y, min(smp, m.samples-1), true
}

// aliasPlan returns the pass's aliasing of the function's explicit
// imageblock (no segments without aliasing).
func (s *fragmentShader) aliasPlan() aliasPlan {
	fl := &s.p.fin
	if !fl.ibAlias.Aliased {
		return aliasPlan{}
	}
	targets := s.r.rp.Targets()
	return planAlias(fl.ibAlias, fl.ibSize, &targets)
}

// imageblockIn copies every lane's imageblock element (of the sample it
// reads) into its record (zeros outside the tile); aliased bytes come from
// the attachments.
func (s *fragmentShader) imageblockIn(worker int, w *fragmentWorker, b *raster.FragmentBatch) {
	fl := &s.p.fin
	m := s.r.tiles
	mem := m.mem[worker]
	plan := s.aliasPlan()
	var el, tmp []byte
	if plan.n > 0 {
		el, _, tmp = m.aliasScratch(worker, fl.ibSize)
	}
	layer := m.cur[worker].Layer
	for L := range b.N {
		o, x, y, smp, ok := s.ibLane(worker, b, L)
		r := w.rec[L*fl.record:]
		if !ok {
			for _, c := range fl.ibIn {
				clear(r[c.rec : c.rec+c.n])
			}
			continue
		}
		o += smp * fl.ibSize
		src := mem[o : o+fl.ibSize]
		if plan.n > 0 {
			copy(el, src)
			plan.overlay(el, x, y, smp, layer, tmp)
			src = el
		}
		for _, c := range fl.ibIn {
			copy(r[c.rec:c.rec+c.n], src[c.ib:c.ib+c.n])
		}
	}
}

// TestedOutputs reports whether the function writes explicit imageblock
// data, which Tested stores (raster.TestedShader).
func (s *fragmentShader) TestedOutputs() bool { return len(s.p.fin.ibOut) > 0 }

// Tested stores the imageblock outputs of a shaded batch once the raster
// has run its tests (raster.TestedShader): each lane into the samples its
// colour writes go to, so a fragment that fails a late depth or stencil
// test (or whose [[sample_mask]] output or alpha to coverage drops
// samples) leaves the imageblock as it leaves the attachments.
func (s *fragmentShader) Tested(worker int, b *raster.FragmentBatch, samples []uint8) {
	if w := s.workers[worker]; w != nil {
		s.imageblockOut(worker, w, b, samples)
	}
}

// imageblockOut stores the imageblock outputs of the lanes with samples:
// a lane's record into each of its samples (a sample-rate lane has its
// own). Aliased bytes that changed are decoded into their attachments'
// samples.
func (s *fragmentShader) imageblockOut(worker int, w *fragmentWorker, b *raster.FragmentBatch, samples []uint8) {
	fl := &s.p.fin
	m := s.r.tiles
	ns := m.samples
	mem := m.mem[worker]
	plan := s.aliasPlan()
	var el, was, tmp []byte
	if plan.n > 0 {
		el, was, tmp = m.aliasScratch(worker, fl.ibSize)
	}
	layer := m.cur[worker].Layer
	all := uint32(1)<<ns - 1
	for L, sm := range samples {
		if sm == 0 {
			continue
		}
		o, x, y, _, ok := s.ibLane(worker, b, L)
		if !ok {
			continue
		}
		mask := uint32(sm) & all
		r := w.rec[L*fl.record:]
		for sm := mask; sm != 0; sm &= sm - 1 {
			k := bits.TrailingZeros32(sm)
			dst := mem[o+k*fl.ibSize : o+(k+1)*fl.ibSize]
			if plan.n == 0 {
				for _, c := range fl.ibOut {
					copy(dst[c.ib:c.ib+c.n], r[c.rec:c.rec+c.n])
				}
				continue
			}
			copy(el, dst)
			plan.overlay(el, x, y, k, layer, tmp)
			copy(was, el)
			for _, c := range fl.ibOut {
				copy(el[c.ib:c.ib+c.n], r[c.rec:c.rec+c.n])
			}
			copy(dst, el)
			plan.store(el, was, x, y, k, layer, 1<<k, tmp)
		}
	}
}
