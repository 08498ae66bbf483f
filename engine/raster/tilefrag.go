package raster

import "fmt"

// FragmentTileDesc describes a fragment-based tile function's dispatch
// (dispatchThreadsPerTile with a tile pipeline whose tile function is a
// fragment function): one fragment per pixel of the Width × Height pixels
// at the tile's origin (clipped to the target), or per sample of them with
// FlagPerSample. The fragments have no primitive: [[position]] is the
// pixel centre (the sample's position at sample rate) with z 0 and w 1,
// the sample mask input covers every sample of the pixel (at sample rate
// the lane's sample), [[render_target_array_index]] is the tile's layer and
// the other primitive inputs are 0.
type FragmentTileDesc struct {
	Shader FragmentShader // a TestedShader whose TestedOutputs is true gets Tested calls
	// Flags: FlagPerSample, FlagPixels (lanes packed without helpers;
	// otherwise 2×2 quads with helper lanes), FlagReadsColor (ColorIn
	// filled), FlagWritesSampleMask (SampleMaskOut drops samples); the
	// others are ignored.
	Flags ShaderFlags
	// ColorMask are the colour attachments the shader writes (bit i =
	// [[color(i)]]): written into the covered samples without blending.
	ColorMask     uint8
	Width, Height int // threads per tile: 1 … the pass's tile size
}

// fragmentTile runs a FragmentTileDesc over each tile (a TileFunction).
type fragmentTile struct {
	p      *Pass
	d      FragmentTileDesc
	tested TestedShader
	pos    [][2]float32 // the pass's sample positions
	ws     []*fragTileWorker
}

// fragTileWorker is one worker's batch and lane bookkeeping.
type fragTileWorker struct {
	b      *FragmentBatch
	px, py [MaxBatch]int32 // lane pixel
	cov    [MaxBatch]uint8 // samples the lane covers (0: helper)
	smp    [MaxBatch]uint8 // the lane's sample (sample-rate runs)
	lmask  [MaxBatch]uint8 // samples the lane's writes go to
}

// FragmentTile returns the tile dispatch of d for Dispatch.
func (p *Pass) FragmentTile(d FragmentTileDesc) (TileFunction, error) {
	if d.Shader == nil {
		return nil, fmt.Errorf("raster: FragmentTile: nil shader")
	}
	if d.Width < 1 || d.Height < 1 || d.Width > p.tw || d.Height > p.th {
		return nil, fmt.Errorf("raster: FragmentTile: %d × %d pixels per tile, want 1 … %d × 1 … %d", d.Width, d.Height, p.tw, p.th)
	}
	f := &fragmentTile{p: p, d: d, pos: StandardSamplePositions(p.samples), ws: make([]*fragTileWorker, p.workers)}
	if ts, ok := d.Shader.(TestedShader); ok && ts.TestedOutputs() {
		f.tested = ts
	}
	return f, nil
}

// RunTile shades the dispatch's pixels of tile t (TileFunction).
func (f *fragmentTile) RunTile(worker int, t *Tile) error {
	if worker < 0 || worker >= len(f.ws) {
		return fmt.Errorf("raster: fragment tile function: worker %d outside [0, %d)", worker, len(f.ws))
	}
	w := f.ws[worker]
	if w == nil {
		w = &fragTileWorker{b: newFragmentBatch()}
		w.b.ensureVaryings(0)
		f.ws[worker] = w
	}
	x1, y1 := min(t.X1, t.X0+f.d.Width), min(t.Y1, t.Y0+f.d.Height)
	ns := f.p.samples
	perSample := f.d.Flags&FlagPerSample != 0
	pixels := f.d.Flags&FlagPixels != 0
	runs, all := 1, uint8(1<<ns-1)
	if perSample {
		runs = ns
	}
	n := 0
	add := func(x, y, s int, cov uint8) {
		w.px[n], w.py[n], w.smp[n], w.cov[n] = int32(x), int32(y), uint8(s), cov
		n++
	}
	for qy := t.Y0; qy < y1; qy += 2 {
		for qx := t.X0; qx < x1; qx += 2 {
			for s := range runs {
				cov := all
				if perSample {
					cov = 1 << s
				}
				if n+4 > MaxBatch {
					if err := f.shade(worker, w, t, n); err != nil {
						return err
					}
					n = 0
				}
				for q := range 4 {
					x, y := qx+q&1, qy+q>>1
					switch {
					case x < x1 && y < y1:
						add(x, y, s, cov)
					case !pixels:
						add(x, y, s, 0) // a helper lane
					}
				}
			}
		}
	}
	if n > 0 {
		return f.shade(worker, w, t, n)
	}
	return nil
}

// shade fills the first n lanes of w's batch, runs the shader and writes
// the live lanes' outputs.
func (f *fragmentTile) shade(worker int, w *fragTileWorker, t *Tile, n int) error {
	p, b := f.p, w.b
	ns := p.samples
	perSample := f.d.Flags&FlagPerSample != 0
	b.N, b.Covered = n, 0
	for L := range n {
		x, y, cov := int(w.px[L]), int(w.py[L]), w.cov[L]
		if cov != 0 {
			b.Covered |= 1 << L
		}
		s := int(w.smp[L])
		sx, sy := float32(0.5), float32(0.5)
		if perSample {
			sx, sy = f.pos[s][0], f.pos[s][1]
		}
		b.PosX[L], b.PosY[L], b.PosZ[L], b.PosW[L] = float32(x)+sx, float32(y)+sy, 0, 1
		b.FrontFacing[L], b.PrimitiveID[L], b.ViewportIndex[L], b.Layer[L] = 0, 0, 0, uint32(t.Layer)
		b.SampleID[L], b.SampleMaskIn[L] = uint32(s), uint32(cov)
		for k := range 3 {
			b.Bary[k][L] = 0
		}
		b.PointCoord[0][L], b.PointCoord[1][L] = 0, 0
		if f.d.Flags&FlagReadsColor != 0 {
			inside := x < p.t.Width && y < p.t.Height
			for i, ct := range p.t.Color {
				if ct == nil {
					continue
				}
				var v [4]float32
				if inside {
					j := ct.sampleIndex(p.lay.pixel(x, y, t.Layer), s)
					v = [4]float32(ct.data[j : j+4])
				}
				for c := range 4 {
					b.ColorIn[i][c][L] = v[c]
				}
			}
		}
	}
	b.Live = b.Covered
	if err := f.d.Shader.Shade(worker, b); err != nil {
		return fmt.Errorf("raster: fragment tile function: %w", err)
	}
	any := false
	for L := range n {
		m := w.cov[L]
		if b.Live&b.Covered&(1<<L) == 0 {
			m = 0
		}
		if f.d.Flags&FlagWritesSampleMask != 0 {
			m &= uint8(b.SampleMaskOut[L])
		}
		w.lmask[L] = m
		any = any || m != 0
	}
	if !any {
		return nil
	}
	plain := Blend{WriteMask: WriteAll}
	var zero [4]float32
	for i, ct := range p.t.Color {
		if ct == nil || f.d.ColorMask&(1<<i) == 0 {
			continue
		}
		for L := range n {
			m := w.lmask[L]
			if m == 0 {
				continue
			}
			src := [4]float32{b.Color[i][0][L], b.Color[i][1][L], b.Color[i][2][L], b.Color[i][3][L]}
			pix := p.lay.pixel(int(w.px[L]), int(w.py[L]), t.Layer)
			for s := range ns {
				if m&(1<<s) != 0 {
					j := ct.sampleIndex(pix, s)
					blendWrite(ct, &plain, &zero, src, zero, ct.data[j:j+4])
				}
			}
		}
	}
	if f.tested != nil {
		f.tested.Tested(worker, b, w.lmask[:n])
	}
	return nil
}
