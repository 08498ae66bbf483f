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
// offset off.
func (l *fragmentLayout) imageblockOutput(fn string, m *sema.Field, a *sema.Attr, off int, prog *sema.Program) error {
	cs, err := l.imageblockCopies(fn, fmt.Sprintf("output member %q", m.Name), m.Type, a, off, prog)
	l.ibOut = append(l.ibOut, cs...)
	return err
}

// ibOffset returns the offset in the worker's tile memory of lane L's
// explicit imageblock element (its pixel and sample); ok is false outside
// the tile.
func (s *fragmentShader) ibOffset(worker int, b *raster.FragmentBatch, L int) (int, bool) {
	m := s.r.tiles
	t := &m.cur[worker]
	x, y := int(b.PosX[L]), int(b.PosY[L])
	if x < t.X0 || y < t.Y0 || x >= t.X1 || y >= t.Y1 {
		return 0, false
	}
	smp := 0
	if s.p.fin.perSample {
		smp = int(b.SampleID[L])
	}
	return m.ibBase + (((y-t.Y0)*m.tw+x-t.X0)*m.samples+smp)*s.p.fin.ibSize, true
}

// imageblockIn copies every lane's imageblock element into its record
// (zeros outside the tile).
func (s *fragmentShader) imageblockIn(worker int, w *fragmentWorker, b *raster.FragmentBatch) {
	fl := &s.p.fin
	mem := s.r.tiles.mem[worker]
	for L := range b.N {
		o, ok := s.ibOffset(worker, b, L)
		r := w.rec[L*fl.record:]
		for _, c := range fl.ibIn {
			if ok {
				copy(r[c.rec:c.rec+c.n], mem[o+c.ib:o+c.ib+c.n])
			} else {
				clear(r[c.rec : c.rec+c.n])
			}
		}
	}
}

// imageblockOut stores the live lanes' imageblock outputs; a per-pixel
// lane of a multisampled pass writes every sample of its pixel.
func (s *fragmentShader) imageblockOut(worker int, w *fragmentWorker, b *raster.FragmentBatch, live uint64) {
	fl := &s.p.fin
	ns := s.r.tiles.samples
	mem := s.r.tiles.mem[worker]
	for m := live; m != 0; m &= m - 1 {
		L := bits.TrailingZeros64(m)
		o, ok := s.ibOffset(worker, b, L)
		if !ok {
			continue
		}
		r := w.rec[L*fl.record:]
		for _, c := range fl.ibOut {
			copy(mem[o+c.ib:o+c.ib+c.n], r[c.rec:c.rec+c.n])
		}
		if ns > 1 && !fl.perSample {
			for smp := 1; smp < ns; smp++ {
				copy(mem[o+smp*fl.ibSize:o+(smp+1)*fl.ibSize], mem[o:o+fl.ibSize])
			}
		}
	}
}
