package engine

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"math/bits"
	"sync"
	"sync/atomic"

	"github.com/ingot-render/ingot/engine/exec"
	"github.com/ingot-render/ingot/engine/raster"
	"github.com/ingot-render/ingot/internal/lane"
	"github.com/ingot-render/ingot/shaders/sema"
)

// passRun is the execution state of one render pass.
type passRun struct {
	ctx     context.Context
	pass    *renderPass
	rp      *raster.Pass
	snap    *memSnapshot
	workers int
	shaders []*fragmentShader
	scratch drawScratch // the pass's per-draw arrays, recycled when it ends
	// tiles is the tile memory of a tile-shading pass (nil otherwise),
	// tileFns its tile dispatches and tileErr the first fault of one.
	tiles   *tileMemory
	tileFns []*tileFunction
	tileMu  sync.Mutex
	tileErr error
	// traffic counts the shaders' device-memory bytes when the pass asks
	// (RenderPassDescriptor.CountShaderTraffic; tile_traffic.go).
	traffic *exec.Traffic
}

// tileFault keeps the first fault of a tile function.
func (r *passRun) tileFault(err error) {
	r.tileMu.Lock()
	if r.tileErr == nil {
		r.tileErr = err
	}
	r.tileMu.Unlock()
}

// close releases every fragment shader's runners.
func (r *passRun) close() {
	for _, s := range r.shaders {
		s.close()
	}
	for _, f := range r.tileFns {
		f.close()
	}
	r.countTraffic() // tile_traffic.go
	r.scratch.release()
}

// fault returns the error of the rasterizer's fragment work. When the
// pass was cancelled (the rasterizer then reports the context's error),
// it is the cancellation fault a fragment function raised, which names the
// function and source line, if one did.
func (r *passRun) fault(err error) error {
	if !errors.Is(err, context.Canceled) && !errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	for _, s := range r.shaders {
		s.mu.Lock()
		f := s.fault
		s.mu.Unlock()
		if f != nil {
			return f
		}
	}
	r.tileMu.Lock()
	tf := r.tileErr
	r.tileMu.Unlock()
	if tf != nil {
		return tf
	}
	if len(r.shaders) > 0 {
		return &exec.Fault{Kind: exec.FaultCancelled, Function: r.shaders[0].p.frag.name, Err: err}
	}
	return err
}

// memory returns the device's buffers plus extra as one memory.
func (r *passRun) memory(extra ...exec.Buffer) (*exec.Memory, error) {
	if len(extra) == 0 {
		return r.snap.mem, nil
	}
	bufs := append(append(make([]exec.Buffer, 0, len(r.snap.bufs)+len(extra)), r.snap.bufs...), uniqueBuffers(extra)...)
	return exec.NewMemory(bufs...)
}

// draw runs a draw's vertex stage and hands its primitives to the
// rasterizer.
func (r *passRun) draw(d *drawCmd) error {
	if d.tile != nil {
		return r.tileDispatch(d.tile)
	}
	if d.mesh != nil {
		return r.drawMesh(d)
	}
	p := d.p
	for _, b := range [][]boundAccel{d.vbound.accels, d.fbound.accels} {
		for _, a := range b {
			if a.as.structure() == nil {
				return fmt.Errorf("draw: the acceleration structure %q at buffer index %d for argument %q has not been built", a.as.Label(), a.index, a.name)
			}
		}
	}
	start, count, instances, baseInstance, baseVertex, err := d.counts()
	if err != nil {
		return err
	}
	if count == 0 || instances == 0 {
		return nil
	}
	// The vertices the draw references, each shaded once per instance (the
	// post-transform cache), and the primitive stream in their numbering.
	// A single instance of a mesh with a few unreferenced vertices keeps
	// its outputs in index order (slots), so that its stream needs no
	// renumbering.
	vids, prims, slots, err := d.assembleSlots(&r.scratch, start, count, baseVertex, r.workers, instances*d.amp == 1)
	if err != nil {
		return err
	}
	// Records: amplification-major, then instance, then vertex. Each
	// instance and amplification is drawn from its own records, so a
	// non-indexed draw needs its primitive stream spelled out.
	if prims == nil && instances*d.amp > 1 {
		prims = r.scratch.uints(len(vids))
		for i := range prims {
			prims[i] = uint32(i)
		}
	}
	nv := len(vids)
	per := nv * instances
	n := per * d.amp
	vl := &p.vout
	if f := p.fetch; f != nil && r.traffic != nil {
		r.traffic.Add(int64(n)*int64(f.attrBytes()), 0) // tile_traffic.go
	}
	// Outputs: one per record (per of them for each amplification), or
	// with slots one per index of the draw's one instance and
	// amplification.
	outs, outsPer, outIDs := n, per, []uint32(nil)
	if slots > 0 {
		outs, outsPer, outIDs = slots, slots, vids
	}
	var vo *raster.VertexOutputs
	if !p.rasterOff && vl.position.ok() {
		vo = p.allocVertexOutputs(&r.scratch, outs)
		if slots > 0 {
			clearHoles(vo, vids)
		}
	}
	vs := vertexStage{r: r, d: d, vids: vids, per: per, n: n, baseInstance: baseInstance, baseVertex: baseVertex, vo: vo, outIDs: outIDs}
	if err := vs.run(); err != nil {
		return err
	}
	if vo == nil {
		return nil
	}
	d.mapViews(&r.scratch, vo, outsPer)
	var fs *fragmentShader
	if p.frag != nil {
		if fs, err = r.newFragmentShader(d); err != nil {
			return err
		}
	}
	for k := range instances * d.amp {
		idx := prims
		if k > 0 {
			idx = r.scratch.uints(len(prims))
			off := uint32(k * len(vids))
			for i, v := range prims {
				if v == raster.RestartIndex {
					idx[i] = v
				} else {
					idx[i] = v + off
				}
			}
		}
		rd := &raster.Draw{Topology: d.prim, Vertices: vo, Indices: idx, State: &d.state, Interp: p.interp,
			Flags: p.flags, ColorMask: p.colorMask(), AlphaToCoverage: p.alphaToCov, AlphaToOne: p.alphaToOne, SampleMask: 0xFFFFFFFF}
		if fs != nil {
			rd.Shader = fs
		}
		if err := r.rp.Draw(rd); err != nil {
			return fmt.Errorf("draw: %w", err)
		}
	}
	return nil
}

// clearHoles zeroes the slots of vo that no vertex of vids (ascending,
// slot vids[j]-vids[0]) fills: the unreferenced vertices of a draw laid
// out by index (assembleSlots), whose outputs nothing reads.
func clearHoles(vo *raster.VertexOutputs, vids []uint32) {
	hole := func(lo, hi int) {
		clear(vo.Position[4*lo : 4*hi])
		clear(vo.Varyings[vo.Stride*lo : vo.Stride*hi])
		if vo.PointSize != nil {
			clear(vo.PointSize[lo:hi])
		}
		if vo.ClipCount > 0 {
			clear(vo.ClipDistances[vo.ClipCount*lo : vo.ClipCount*hi])
		}
		if vo.Layer != nil {
			clear(vo.Layer[lo:hi])
		}
		if vo.ViewportIndex != nil {
			clear(vo.ViewportIndex[lo:hi])
		}
	}
	next := 0
	for _, v := range vids {
		s := int(v - vids[0])
		if s > next {
			hole(next, s)
		}
		next = s + 1
	}
	if next < vo.Count {
		hole(next, vo.Count)
	}
}

// mapViews adds each amplification's view mapping offsets to the viewport
// and render target array indices of its vertices (per records each).
func (d *drawCmd) mapViews(sc *drawScratch, vo *raster.VertexOutputs, per int) {
	var vp, rt bool
	for _, m := range d.ampMaps {
		vp = vp || m.ViewportArrayIndexOffset != 0
		rt = rt || m.RenderTargetArrayIndexOffset != 0
	}
	offset := func(dst *[]uint32, off func(VertexAmplificationViewMapping) uint32) {
		if *dst == nil {
			*dst = sc.uints(vo.Count)
			clear(*dst)
		}
		for a, m := range d.ampMaps {
			o := off(m)
			for i := a * per; i < (a+1)*per; i++ {
				(*dst)[i] += o
			}
		}
	}
	if vp {
		offset(&vo.ViewportIndex, func(m VertexAmplificationViewMapping) uint32 { return m.ViewportArrayIndexOffset })
	}
	if rt {
		offset(&vo.Layer, func(m VertexAmplificationViewMapping) uint32 { return m.RenderTargetArrayIndexOffset })
	}
}

// colorMask is the set of colour attachments the fragment function writes.
func (p *RenderPipelineState) colorMask() uint8 {
	var m uint8
	for i, s := range p.fin.colorOut {
		if s.ok() && p.frag != nil {
			m |= 1 << i
		}
	}
	return m
}

// assemble lists the distinct vertex ids a draw references and its
// primitive stream as positions in that list, with restart indices kept:
// in ascending index order through a table when the indices are dense
// enough (decoding and renumbering split over the workers), else in order
// of first use through a map.
func (d *drawCmd) assemble(sc *drawScratch, start, count, baseVertex, workers int) (vids, prims []uint32, err error) {
	vids, prims, _, err = d.assembleSlots(sc, start, count, baseVertex, workers, false)
	return vids, prims, err
}

// sparseNum and sparseDen bound the unused share of an index range that
// assembleSlots still lays out by index: at least 7/8 of its vertices used.
const sparseNum, sparseDen = 7, 8

// assembleSlots is assemble, and with sparse set, for indices covering
// most of their range [lo, hi] but not all of it (a mesh with a few
// unreferenced vertices), it keeps the vertices' outputs in index order
// instead of renumbering the stream through a table: it returns span =
// hi-lo+1 and the stream as index-lo, and vertex vids[j]'s outputs go to
// slot vids[j]-vids[0] of span slots (vids[0] is lo+baseVertex; the
// slots of unreferenced vertices are never read). span is 0 when the
// outputs are numbered as vids.
func (d *drawCmd) assembleSlots(sc *drawScratch, start, count, baseVertex, workers int, sparse bool) (vids, prims []uint32, span int, err error) {
	if !d.indexed {
		vids = sc.uints(count)
		for i := range vids {
			vids[i] = uint32(start + i)
		}
		return vids, nil, 0, nil
	}
	src := d.index.buf.Contents()[d.index.off:]
	prims = sc.uints(count)
	restart := uint32(0xFFFFFFFF)
	size := 4
	if d.indexType == IndexTypeUInt16 {
		restart, size = 0xFFFF, 2
	}
	src = src[size*start : size*(start+count)]
	// Decode the indices into prims, with their range, chunk by chunk.
	const chunk = 1 << 14
	nch := (count + chunk - 1) / chunk
	// (A serial run is one call over everything: its range lands in
	// chunk 0, the others keep the empty range.)
	los, his := make([]uint32, nch), make([]uint32, nch)
	for c := range los {
		los[c] = ^uint32(0)
	}
	_ = parallelChunks(count, chunk, workers, func(i0, i1 int) error {
		// The restart value is the type's largest: it never lowers lo,
		// and counts as 0 for hi (no branch per index).
		lo, hi := ^uint32(0), uint32(0)
		dst := prims[i0:i1]
		if size == 2 {
			b := src[2*i0 : 2*i1]
			for i := range dst {
				v := uint32(binary.LittleEndian.Uint16(b[2*i:]))
				dst[i] = v
				lo = min(lo, v)
				h := v
				if v == restart {
					h = 0
				}
				hi = max(hi, h)
			}
		} else if words, ok := recWords(src[4*i0:4*i1], 4); ok {
			// lane.URange: v+1 wraps the restart value to 0, so hi (one
			// more than the largest other index) takes no branch.
			words = words[:len(dst)]
			copy(dst, words)
			var h uint32
			lo, h = lane.URange(words)
			hi = max(h, 1) - 1
		} else {
			b := src[4*i0 : 4*i1]
			for i := range dst {
				v := binary.LittleEndian.Uint32(b[4*i:])
				dst[i] = v
				lo = min(lo, v)
				h := v
				if v == restart {
					h = 0
				}
				hi = max(hi, h)
			}
		}
		if lo == restart { // only restarts: the empty range
			lo = ^uint32(0)
		}
		los[i0/chunk], his[i0/chunk] = lo, hi
		return nil
	})
	lo, hi := ^uint32(0), uint32(0)
	for c := range nch {
		lo, hi = min(lo, los[c]), max(hi, his[c])
	}
	if lo <= hi && uint64(hi-lo) < 4*uint64(count)+64 {
		// Mark the used indices (a byte each), number them in ascending
		// order, then map the stream. When every index of the range is used
		// (a mesh's own index buffer), a vertex's number is its index minus
		// lo and the map needs no table.
		span := int(hi-lo) + 1
		used := sc.bytesN(span)
		for _, v := range prims {
			if v != restart {
				used[v-lo] = 1
			}
		}
		n := 0
		for _, u := range used {
			n += int(u)
		}
		if dense := n == span; dense || sparse && n*sparseDen >= span*sparseNum {
			if dense {
				vids = sc.uints(span)
				for i := range vids {
					vids[i] = uint32(int64(lo) + int64(i) + int64(baseVertex))
				}
			} else {
				vids = sc.uints(-n)
				for i, u := range used {
					if u != 0 {
						vids = append(vids, uint32(int64(lo)+int64(i)+int64(baseVertex)))
					}
				}
			}
			slots := 0
			if !dense {
				slots = span
			}
			if lo == 0 && restart == raster.RestartIndex {
				// The decoded indices are already the vertices' numbers
				// and the restarts the rasterizer's.
				return vids, prims, slots, nil
			}
			_ = parallelChunks(count, chunk, workers, func(i0, i1 int) error {
				for i := i0; i < i1; i++ {
					if v := prims[i]; v == restart {
						prims[i] = raster.RestartIndex
					} else {
						prims[i] = v - lo
					}
				}
				return nil
			})
			return vids, prims, slots, nil
		}
		table := sc.uints(span)
		vids = sc.uints(-n)
		for i, u := range used {
			table[i] = uint32(len(vids))
			if u != 0 {
				vids = append(vids, uint32(int64(lo)+int64(i)+int64(baseVertex)))
			}
		}
		_ = parallelChunks(count, chunk, workers, func(i0, i1 int) error {
			for i := i0; i < i1; i++ {
				if v := prims[i]; v == restart {
					prims[i] = raster.RestartIndex
				} else {
					prims[i] = table[v-lo]
				}
			}
			return nil
		})
		return vids, prims, 0, nil
	}
	slot := map[uint32]uint32{}
	for i, v := range prims {
		if v == restart {
			prims[i] = raster.RestartIndex
			continue
		}
		s, ok := slot[v]
		if !ok {
			s = uint32(len(vids))
			slot[v] = s
			vids = append(vids, uint32(int64(v)+int64(baseVertex)))
		}
		prims[i] = s
	}
	return vids, prims, 0, nil
}

// fetchVertices fills the [[stage_in]] of records lo..hi-1 (record i is
// vertex vids[i mod len(vids)] of instance i / len(vids)) from the vertex
// buffers: per-vertex layouts by vertex id, per-instance ones by
// baseInstance + instance / stepRate, constant ones element 0. Record i
// is at rec[(i-base)·size], or with lanes > 0 record i-base of a
// lane-major block (laneRow).
func fetchVertices(f *stageFetch, sources map[int]stageSource, rec []byte, size, lanes, base int, vids []uint32, per, lo, hi, baseInstance int, fn string) error {
	nv := len(vids)
	if lo >= hi {
		return nil
	}
	// Member by member: the member's source, stride and format stay in
	// registers over the vertices.
	for k := range f.members {
		m := &f.members[k]
		src := sources[m.ad.BufferIndex].data()
		af := m.af
		nb, stride, off := af.bytes(), m.layout.Stride, m.ad.Offset
		plain := af.kind == 'f' && m.scalar == sema.KFloat && af.n == m.comps
		if plain && m.layout.StepFunction == StepFunctionThreadPositionInGridX {
			if lanes > 0 && fetchPlainLanes(rec, lanes, base, m.dst, src, stride, off, nb, vids, lo, hi) {
				continue
			}
			if lanes <= 0 && fetchPlain(rec, size, base, m.dst, src, stride, off, nb, vids, lo, hi) {
				continue
			}
		}
		// Record i is vertex j = i mod nv of instance inst = (i mod per) / nv:
		// both are stepped, not divided.
		j, inst := lo%nv, (lo%per)/nv
		for i := lo; i < hi; i, j = i+1, j+1 {
			if j == nv {
				j, inst = 0, inst+1
				if inst*nv == per {
					inst = 0
				}
			}
			vid := vids[j]
			var e int
			switch m.layout.StepFunction {
			case StepFunctionThreadPositionInGridX:
				e = int(vid)
			case StepFunctionThreadPositionInGridY:
				e = baseInstance + inst/max(m.layout.StepRate, 1)
			}
			at := e*stride + off
			if at < 0 || at+nb > len(src) {
				return fmt.Errorf("%s: vertex fetch: attribute %d (member %q) of vertex %d, instance %d reads bytes [%d, %d) beyond the vertex buffer at index %d (%d bytes)",
					fn, m.attr, m.name, vid, baseInstance+inst, at, at+nb, m.ad.BufferIndex, len(src))
			}
			if lanes > 0 {
				writeMemberLanes(rec, lanes, i-base, m, af, src[at:])
				continue
			}
			d := rec[(i-base)*size+m.dst:]
			if plain {
				copy(d[:nb], src[at:at+nb])
				continue
			}
			writeMember(d, m, af, src[at:])
		}
	}
	return nil
}

// fetchPlain is fetchVertices' loop for a per-vertex member stored as it
// is read (float components): record i (at rec[(i-base)·size]) gets the nb bytes of vertex
// vids[i mod len(vids)] at byte off of its stride-byte element, copied
// as words for the common sizes. It reports false, leaving the reporting
// to the general loop, when some vertex reads past src.
func fetchPlain(rec []byte, size, base, dst int, src []byte, stride, off, nb int, vids []uint32, lo, hi int) bool {
	nv := len(vids)
	j := lo % nv
	if nb == 12 && hi-lo <= nv-j && (hi-1-base)*size+dst+12 <= len(rec) && (lo-base)*size+dst >= 0 {
		// A float3 of one instance (no wrap of vids): the records'
		// bounds are checked once, each source read on its own.
		return fetch12(rec[(lo-base)*size+dst:], size, src, stride, off, vids[j:j+hi-lo])
	}
	for i := lo; i < hi; i++ {
		at := int(vids[j])*stride + off
		if j++; j == nv {
			j = 0
		}
		if at < 0 || at+nb > len(src) {
			return false
		}
		d, s := rec[(i-base)*size+dst:][:nb:nb], src[at:][:nb:nb]
		switch nb {
		case 12:
			binary.LittleEndian.PutUint64(d, binary.LittleEndian.Uint64(s))
			binary.LittleEndian.PutUint32(d[8:], binary.LittleEndian.Uint32(s[8:]))
		case 16:
			binary.LittleEndian.PutUint64(d, binary.LittleEndian.Uint64(s))
			binary.LittleEndian.PutUint64(d[8:], binary.LittleEndian.Uint64(s[8:]))
		case 8:
			binary.LittleEndian.PutUint64(d, binary.LittleEndian.Uint64(s))
		case 4:
			binary.LittleEndian.PutUint32(d, binary.LittleEndian.Uint32(s))
		default:
			copy(d, s)
		}
	}
	return true
}

// parallelFor runs fn over [0, n) in chunks on up to workers goroutines
// and returns the error of the lowest chunk that failed, so the result
// does not depend on the worker count.
func parallelFor(n, workers int, fn func(lo, hi int) error) error {
	return parallelChunks(n, 4096, workers, fn)
}

// parallelChunks is parallelFor with chunks of the given size.
func parallelChunks(n, chunk, workers int, fn func(lo, hi int) error) error {
	chunks := (n + chunk - 1) / chunk
	if workers <= 1 || chunks <= 1 {
		return fn(0, n)
	}
	errs := make([]error, chunks)
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(workers, chunks) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				c := int(next.Add(1) - 1)
				if c >= chunks {
					return
				}
				errs[c] = fn(c*chunk, min(n, (c+1)*chunk))
			}
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// vertexOutputs gathers the rasterizer's inputs from n vertex records.
func (p *RenderPipelineState) vertexOutputs(sc *drawScratch, rec []byte, n, workers int) *raster.VertexOutputs {
	vo := p.allocVertexOutputs(sc, n)
	_ = parallelFor(n, workers, func(lo, hi int) error {
		p.gatherOutputs(vo, rec, lo, hi)
		return nil
	})
	return vo
}

// allocVertexOutputs takes from sc the arrays of n vertices' rasterizer
// inputs, for the outputs the vertex (or mesh) function has; the caller
// fills them entirely.
func (p *RenderPipelineState) allocVertexOutputs(sc *drawScratch, n int) *raster.VertexOutputs {
	vl := &p.vout
	vo := &raster.VertexOutputs{Count: n, Position: sc.floats(4 * n), Stride: len(p.varyings)}
	vo.Varyings = sc.floats(n * vo.Stride)
	if vl.pointSize.ok() {
		vo.PointSize = sc.floats(n)
	}
	if vl.clip.ok() {
		vo.ClipCount = vl.clip.n
		vo.ClipDistances = sc.floats(n * vl.clip.n)
	}
	if vl.layer.ok() {
		vo.Layer = sc.uints(n)
	}
	if vl.viewport.ok() {
		vo.ViewportIndex = sc.uints(n)
	}
	return vo
}

// maxWordVaryings is the most varyings gatherWords handles.
const maxWordVaryings = 32

// gatherWords is gatherOutputsAt for float positions and varyings at word
// offsets of word-aligned records and nothing else per vertex: the bits
// copied as words. It reports false, doing nothing, for other layouts.
func gatherWords(vo *raster.VertexOutputs, rec []byte, size, base, posOff int, vars []varyingSlot, lo, hi int, ids []uint32) bool {
	if lo >= hi {
		return true
	}
	w, ok := recWords(rec, size)
	n := vo.Stride
	if !ok || posOff%4 != 0 || n != len(vars) || n > maxWordVaryings {
		return false
	}
	var offs [maxWordVaryings]int
	for k, v := range vars {
		if v.vert.off%4 != 0 {
			return false
		}
		offs[k] = v.vert.off / 4
	}
	step, po := size/4, posOff/4
	if po+4 > step || (hi-base)*step > len(w) {
		return false
	}
	for _, o := range offs[:n] {
		if o >= step {
			return false
		}
	}
	copyOutputWords(vo, w[(lo-base)*step:(hi-base)*step], step, po, offs[:n], lo, ids)
	return true
}

// gatherOutputs fills vertices lo..hi-1 of vo from their records.
func (p *RenderPipelineState) gatherOutputs(vo *raster.VertexOutputs, rec []byte, lo, hi int) {
	p.gatherOutputsAt(vo, rec, 0, lo, hi, nil)
}

// gatherOutputsAt is gatherOutputs for records from base on: record i at
// rec[(i-base)·record]. With ids, record i's outputs go to vertex
// ids[i]-ids[0] of vo instead of vertex i (assembleSlots).
func (p *RenderPipelineState) gatherOutputsAt(vo *raster.VertexOutputs, rec []byte, base, lo, hi int, ids []uint32) {
	vl := &p.vout
	// Float position and varyings (the common case): plain copies of bits.
	plain := vl.position.kind == sema.KFloat
	for _, v := range p.varyings {
		plain = plain && v.vert.kind == sema.KFloat
	}
	if vl.lanes > 0 {
		p.gatherLanes(vo, rec, base, lo, hi, ids, plain)
		return
	}
	if plain && vo.PointSize == nil && vo.ClipCount == 0 && vo.Layer == nil && vo.ViewportIndex == nil && gatherWords(vo, rec, vl.record, base, vl.position.off, p.varyings, lo, hi, ids) {
		return
	}
	for j := lo; j < hi; j++ {
		r := rec[(j-base)*vl.record:]
		i := j
		if ids != nil {
			i = int(ids[j] - ids[0])
		}
		if plain {
			pos := r[vl.position.off:][:16]
			dst := vo.Position[4*i : 4*i+4 : 4*i+4]
			dst[0] = math.Float32frombits(binary.LittleEndian.Uint32(pos[0:]))
			dst[1] = math.Float32frombits(binary.LittleEndian.Uint32(pos[4:]))
			dst[2] = math.Float32frombits(binary.LittleEndian.Uint32(pos[8:]))
			dst[3] = math.Float32frombits(binary.LittleEndian.Uint32(pos[12:]))
			vy := vo.Varyings[i*vo.Stride : (i+1)*vo.Stride]
			for k, v := range p.varyings[:len(vy)] {
				vy[k] = math.Float32frombits(binary.LittleEndian.Uint32(r[v.vert.off:]))
			}
		} else {
			for c := range 4 {
				vo.Position[4*i+c] = math.Float32frombits(vl.position.get32(r, c))
			}
			for k, v := range p.varyings {
				vo.Varyings[i*vo.Stride+k] = math.Float32frombits(v.vert.get32(r, 0))
			}
		}
		if vo.PointSize != nil {
			vo.PointSize[i] = math.Float32frombits(vl.pointSize.get32(r, 0))
		}
		for c := range vo.ClipCount {
			vo.ClipDistances[i*vo.ClipCount+c] = math.Float32frombits(vl.clip.get32(r, c))
		}
		if vo.Layer != nil {
			vo.Layer[i] = vl.layer.get32(r, 0)
		}
		if vo.ViewportIndex != nil {
			vo.ViewportIndex[i] = vl.viewport.get32(r, 0)
		}
	}
}

// fragmentShader runs a draw's fragment function for the rasterizer: one
// exec.Runner and one block of 64 stage records per worker.
type fragmentShader struct {
	mu      sync.Mutex
	fault   error // the first fault of a fragment function
	r       *passRun
	p       *RenderPipelineState
	args    []uint64
	rec     int
	bufs    []exec.Buffer
	workers []*fragmentWorker
	tileMem bool // runs on the tile memory of its worker
}

type fragmentWorker struct {
	run *exec.Runner
	rec []byte
	tmp [2][raster.MaxBatch]uint32 // tile inputs
}

// putTile writes the tile-shading inputs of the batch's lanes.
func (w *fragmentWorker) putTile(fl *fragmentLayout, b *raster.FragmentBatch, t *raster.Tile) {
	n := b.N
	if fl.pixelInTile.ok() {
		for i := range n {
			w.tmp[0][i] = uint32(max(int(b.PosX[i])-t.X0, 0))
			w.tmp[1][i] = uint32(max(int(b.PosY[i])-t.Y0, 0))
		}
		fl.putU(w.rec, n, fl.pixelInTile, 0, w.tmp[0][:n])
		fl.putU(w.rec, n, fl.pixelInTile, 1, w.tmp[1][:n])
	}
	if fl.pixelsPerTile.ok() {
		for i := range n {
			w.tmp[0][i], w.tmp[1][i] = uint32(t.Width), uint32(t.Height)
		}
		fl.putU(w.rec, n, fl.pixelsPerTile, 0, w.tmp[0][:n])
		fl.putU(w.rec, n, fl.pixelsPerTile, 1, w.tmp[1][:n])
	}
	if fl.tileIndex.ok() {
		for i := range n {
			w.tmp[0][i] = uint32(t.Index)
		}
		fl.putU(w.rec, n, fl.tileIndex, 0, w.tmp[0][:n])
	}
}

func (r *passRun) newFragmentShader(d *drawCmd) (*fragmentShader, error) {
	s := &fragmentShader{r: r, p: d.p, args: d.fargs, rec: d.frec, bufs: d.fbound.transient, workers: make([]*fragmentWorker, r.workers)}
	if len(d.ftg) > 0 {
		// [[threadgroup(i)]] arguments address the tile's persistent
		// threadgroup memory.
		s.args = append([]uint64(nil), s.args...)
		for _, t := range d.ftg {
			s.args[t.param] = uint64(r.tiles.tgBase + t.off)
		}
		s.tileMem = true
	}
	r.shaders = append(r.shaders, s)
	return s, nil
}

func (s *fragmentShader) close() {
	for _, w := range s.workers {
		if w != nil {
			w.run.Close()
		}
	}
}

// worker returns (making it on first use) worker i's runner.
func (s *fragmentShader) worker(i int) (*fragmentWorker, error) {
	if i < 0 || i >= len(s.workers) {
		return nil, fmt.Errorf("fragment stage: worker %d outside [0, %d)", i, len(s.workers))
	}
	if w := s.workers[i]; w != nil {
		return w, nil
	}
	size := raster.MaxBatch * s.p.fin.record
	rb := exec.Buffer{Addr: s.r.pass.dev.reserveAddr(size), Data: make([]byte, size), Name: "fragment records"}
	mem, err := s.r.memory(append(append([]exec.Buffer(nil), s.bufs...), rb)...)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", s.p.frag.name, err)
	}
	args := append([]uint64(nil), s.args...)
	if s.rec >= 0 {
		args[s.rec] = rb.Addr
	}
	fragEnv := *s.r.snap.res
	fragEnv.fragment = true
	fragEnv.samples = s.r.pass.samples
	run, err := s.p.frag.pl.NewRunner(s.r.ctx, exec.Dispatch{Args: args, Memory: mem, Env: &fragEnv, Budget: stepBudgetFrom(s.r.ctx), Done: s.r.pass.dev.releaseDispatch, Traffic: s.r.traffic, TrafficSkip: skipOf(rb)})
	if err != nil {
		return nil, err
	}
	if s.tileMem {
		if err := run.UseThreadgroupMemory(s.r.tiles.mem[i]); err != nil {
			run.Close()
			return nil, err
		}
	}
	w := &fragmentWorker{run: run, rec: rb.Data}
	s.workers[i] = w
	return w, nil
}

// Shade runs one batch of fragment quads (raster.FragmentShader).
func (s *fragmentShader) Shade(worker int, b *raster.FragmentBatch) error {
	w, err := s.worker(worker)
	if err != nil {
		return err
	}
	fl := &s.p.fin
	n := b.N
	rec := w.rec
	fl.clearAlive(rec, n)
	fl.putF(rec, n, fl.position, 0, b.PosX)
	fl.putF(rec, n, fl.position, 1, b.PosY)
	fl.putF(rec, n, fl.position, 2, b.PosZ)
	fl.putF(rec, n, fl.position, 3, b.PosW)
	fl.putU(rec, n, fl.frontFacing, 0, b.FrontFacing)
	fl.putU(rec, n, fl.sampleID, 0, b.SampleID)
	fl.putU(rec, n, fl.sampleMask, 0, b.SampleMaskIn)
	fl.putU(rec, n, fl.primitiveID, 0, b.PrimitiveID)
	for c := range 3 {
		fl.putF(rec, n, fl.bary, c, b.Bary[c])
	}
	fl.putF(rec, n, fl.pointCoord, 0, b.PointCoord[0])
	fl.putF(rec, n, fl.pointCoord, 1, b.PointCoord[1])
	fl.putU(rec, n, fl.layer, 0, b.Layer)
	fl.putU(rec, n, fl.viewport, 0, b.ViewportIndex)
	for k, v := range s.p.varyings {
		fl.putF(rec, n, v.frag, 0, b.Varyings[k])
	}
	if fl.pixelInTile.ok() || fl.pixelsPerTile.ok() || fl.tileIndex.ok() {
		w.putTile(fl, b, &s.r.tiles.cur[worker])
	}
	if fl.ibSize > 0 {
		s.imageblockIn(worker, w, b)
	}
	if fl.readsColor {
		for i, sl := range fl.colorIn {
			if !sl.ok() {
				continue
			}
			for c := range 4 {
				fl.putF(rec, n, sl, c, b.ColorIn[i][c])
			}
		}
	}
	all := lane.FirstN(n)
	if err := w.run.Run(n, all&^lane.Mask(b.Covered)); err != nil {
		var f *exec.Fault
		if errors.As(err, &f) {
			s.mu.Lock()
			if s.fault == nil {
				s.fault = err
			}
			s.mu.Unlock()
			return err
		}
		return fmt.Errorf("%s: %w", s.p.frag.name, err)
	}
	live := fl.liveLanes(rec, n, b.Covered)
	for a, sl := range fl.colorOut {
		if sl.ok() {
			fl.readColors(sl, rec, n, live, b.Color[a])
		}
	}
	if fl.color1.ok() {
		fl.readColors(fl.color1, rec, n, live, b.Color1)
	}
	for m := live; m != 0 && (fl.depthOut.ok() || fl.sampleMaskOut.ok() || fl.stencilOut.ok()); m &= m - 1 {
		i := bits.TrailingZeros64(m)
		if fl.depthOut.ok() {
			b.Depth[i] = math.Float32frombits(fl.get32(rec, fl.depthOut, 0, i))
		}
		if fl.sampleMaskOut.ok() {
			b.SampleMaskOut[i] = fl.get32(rec, fl.sampleMaskOut, 0, i)
		}
		if fl.stencilOut.ok() {
			b.Stencil[i] = fl.get32(rec, fl.stencilOut, 0, i)
		}
	}
	b.Live = live
	return nil
}

// putF writes component c of slot sl of the first n records (size bytes
// apart) from v; nothing when the slot is absent.
func putF(rec []byte, size, n int, sl ioSlot, c int, v []float32) {
	if !sl.ok() || c >= sl.n || v == nil {
		return
	}
	if sl.kind == sema.KFloat {
		at := sl.off + 4*c
		if w, ok := recWords(rec, size); ok && at%4 == 0 && n > 0 {
			// Word k·step + o of the records is component c of record k.
			putStrided(w[at/4:], size/4, v[:n])
			return
		}
		for i := range n {
			putU32(rec[at+i*size:], math.Float32bits(v[i]))
		}
		return
	}
	for i := range n {
		sl.put32(rec[i*size:], c, math.Float32bits(v[i]))
	}
}

// putU is putF for 32-bit integer inputs.
func putU(rec []byte, size, n int, sl ioSlot, c int, v []uint32) {
	if !sl.ok() || c >= sl.n || v == nil {
		return
	}
	for i := range n {
		sl.put32(rec[i*size:], c, v[i])
	}
}

func putU32(b []byte, v uint32) { binary.LittleEndian.PutUint32(b, v) }

// readColor reads a colour output of lane i; missing components read as
// 0 (green, blue) and 1 (alpha; integer formats: 1 too).
func readColor(sl ioSlot, r []byte, i int, dst [4][]float32) {
	for c := range 4 {
		switch {
		case c < sl.n:
			dst[c][i] = math.Float32frombits(sl.get32(r, c))
		case c == 3 && isIntKind(sl.kind):
			dst[c][i] = math.Float32frombits(1)
		case c == 3:
			dst[c][i] = 1
		default:
			dst[c][i] = 0
		}
	}
}

// readColors reads colour slot sl of the live lanes' records (size bytes
// apart) into dst.
func readColors(sl ioSlot, rec []byte, size int, live uint64, dst [4][]float32) {
	if w, ok := recWords(rec, size); ok && sl.kind == sema.KFloat && sl.n == 4 && sl.off%4 == 0 {
		d0, d1, d2, d3 := dst[0], dst[1], dst[2], dst[3]
		step, o := size/4, sl.off/4
		for m := live; m != 0; m &= m - 1 {
			i := bits.TrailingZeros64(m)
			r := w[i*step+o:][:4]
			d0[i] = math.Float32frombits(r[0])
			d1[i] = math.Float32frombits(r[1])
			d2[i] = math.Float32frombits(r[2])
			d3[i] = math.Float32frombits(r[3])
		}
		return
	}
	if sl.kind == sema.KFloat && sl.n == 4 {
		d0, d1, d2, d3 := dst[0], dst[1], dst[2], dst[3]
		for m := live; m != 0; m &= m - 1 {
			i := bits.TrailingZeros64(m)
			r := rec[i*size+sl.off:][:16]
			d0[i] = math.Float32frombits(binary.LittleEndian.Uint32(r[0:]))
			d1[i] = math.Float32frombits(binary.LittleEndian.Uint32(r[4:]))
			d2[i] = math.Float32frombits(binary.LittleEndian.Uint32(r[8:]))
			d3[i] = math.Float32frombits(binary.LittleEndian.Uint32(r[12:]))
		}
		return
	}
	for m := live; m != 0; m &= m - 1 {
		i := bits.TrailingZeros64(m)
		readColor(sl, rec[i*size:], i, dst)
	}
}
