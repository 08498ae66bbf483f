package engine

import (
	"encoding/binary"
	"fmt"
	"math"
	"strings"

	"github.com/ingot-render/ingot/engine/raster"
	"github.com/ingot-render/ingot/internal/fmath"
	"github.com/ingot-render/ingot/internal/texel"
	"github.com/ingot-render/ingot/shaders/ir"
	"github.com/ingot-render/ingot/shaders/lower"
	"github.com/ingot-render/ingot/shaders/sema"
	"github.com/ingot-render/ingot/shaders/stdlib"
)

// ioSlot is a scalar, vector or array value in a stage record: n
// components of scalar kind at byte offset off, each scalar-sized.
// off < 0 means absent.
type ioSlot struct {
	off  int
	kind sema.Kind
	n    int
}

var noSlot = ioSlot{off: -1}

func (s ioSlot) ok() bool { return s.off >= 0 }

// scalarSize is the size of one component of kind k.
func scalarSize(k sema.Kind) int {
	switch k {
	case sema.KHalf, sema.KShort, sema.KUShort:
		return 2
	case sema.KChar, sema.KUChar, sema.KBool:
		return 1
	}
	return 4
}

// isIntKind reports whether k is an integer or bool kind.
func isIntKind(k sema.Kind) bool { return k != sema.KFloat && k != sema.KHalf }

// slotOf describes a value of type t at offset off.
func slotOf(t *sema.Type, off int) (ioSlot, bool) {
	t = t.Unqualified()
	switch t.Kind {
	case sema.KFloat, sema.KHalf, sema.KInt, sema.KUInt, sema.KShort, sema.KUShort, sema.KChar, sema.KUChar, sema.KBool:
		return ioSlot{off: off, kind: t.Kind, n: 1}, true
	case sema.KVector, sema.KPacked:
		return ioSlot{off: off, kind: t.Elem.Kind, n: t.N}, true
	case sema.KArray:
		if e := t.Elem.Unqualified(); e.Kind == sema.KFloat && t.N > 0 {
			return ioSlot{off: off, kind: sema.KFloat, n: t.N}, true
		}
	}
	return noSlot, false
}

// get32 reads component c of s in record r as 32 bits: a float32's bits
// for float and half, the sign- or zero-extended integer otherwise.
func (s ioSlot) get32(r []byte, c int) uint32 {
	return s.get32At(r, s.off+c*scalarSize(s.kind))
}

// get32At is get32 for the component at byte at of r.
func (s ioSlot) get32At(r []byte, at int) uint32 {
	switch s.kind {
	case sema.KHalf:
		return math.Float32bits(fmath.HalfToFloat32(binary.LittleEndian.Uint16(r[at:])))
	case sema.KShort:
		return uint32(int32(int16(binary.LittleEndian.Uint16(r[at:]))))
	case sema.KUShort:
		return uint32(binary.LittleEndian.Uint16(r[at:]))
	case sema.KChar:
		return uint32(int32(int8(r[at])))
	case sema.KUChar, sema.KBool:
		return uint32(r[at])
	}
	return binary.LittleEndian.Uint32(r[at:])
}

// put32 writes component c of s from 32 bits as get32 returns them.
func (s ioSlot) put32(r []byte, c int, v uint32) {
	s.put32At(r, s.off+c*scalarSize(s.kind), v)
}

// put32At is put32 for the component at byte at of r.
func (s ioSlot) put32At(r []byte, at int, v uint32) {
	switch s.kind {
	case sema.KHalf:
		binary.LittleEndian.PutUint16(r[at:], fmath.Float32ToHalf(math.Float32frombits(v)))
	case sema.KShort, sema.KUShort:
		binary.LittleEndian.PutUint16(r[at:], uint16(v))
	case sema.KChar, sema.KUChar:
		r[at] = byte(v)
	case sema.KBool:
		r[at] = b2u8(v != 0)
	default:
		binary.LittleEndian.PutUint32(r[at:], v)
	}
}

func b2u8(b bool) byte {
	if b {
		return 1
	}
	return 0
}

// vertexLayout is where a vertex function's record holds its inputs and
// outputs.
type vertexLayout struct {
	record int
	// lanes is the block size of lane-major records (0: record-major;
	// lower.WrapperLayout.Lanes). Mesh pipelines' records are
	// record-major.
	lanes                                   int
	vid, iid, baseVertex, baseInstance, amp ioSlot
	ampCount                                ioSlot
	position, pointSize, layer, viewport    ioSlot
	clip                                    ioSlot
	// user holds the interpolatable outputs by matching name.
	user map[string]ioSlot
}

// layoutVertexOutputs finds the vertex function's built-in inputs and the
// outputs in its record.
func layoutVertexOutputs(fn string, lay *lower.WrapperLayout) (vertexLayout, error) {
	v := vertexLayout{record: lay.RecordSize, lanes: lay.Lanes, vid: noSlot, iid: noSlot, baseVertex: noSlot, baseInstance: noSlot, amp: noSlot, ampCount: noSlot,
		position: noSlot, pointSize: noSlot, layer: noSlot, viewport: noSlot, clip: noSlot, user: map[string]ioSlot{}}
	for _, f := range lay.Fields {
		if f.Kind != lower.FieldArg || f.Bind != sema.BindBuiltin {
			continue
		}
		s, ok := slotOf(f.Type, f.Offset)
		if !ok {
			return v, fmt.Errorf("engine: NewRenderPipelineState: VertexFunction %s: built-in %q has the unsupported type %s", fn, f.Name, f.Type)
		}
		switch f.Builtin {
		case "vertex_id":
			v.vid = s
		case "instance_id":
			v.iid = s
		case "base_vertex":
			v.baseVertex = s
		case "base_instance":
			v.baseInstance = s
		case "amplification_id":
			v.amp = s
		case "amplification_count":
			v.ampCount = s
		}
	}
	res := lay.Field("result")
	if res == nil {
		return v, nil // a void vertex function: buffer writes only
	}
	t := res.Type.Unqualified()
	if t.Kind != sema.KStruct {
		s, ok := slotOf(t, res.Offset)
		if !ok || s.kind != sema.KFloat || s.n != 4 {
			return v, fmt.Errorf("engine: NewRenderPipelineState: VertexFunction %s returns %s; a vertex function returns float4 (the position) or a struct", fn, t)
		}
		v.position = s
		return v, nil
	}
	_, _, offs := sema.Layout(t)
	for i, f := range t.Struct.Fields {
		if f.Static {
			continue
		}
		s, ok := slotOf(f.Type, res.Offset+offs[i])
		if !ok {
			return v, fmt.Errorf("engine: NewRenderPipelineState: VertexFunction %s: output member %q has the unsupported type %s", fn, f.Name, f.Type)
		}
		name := f.Name
		switch {
		case f.Attr("position") != nil:
			v.position = s
		case f.Attr("point_size") != nil:
			v.pointSize = s
		case f.Attr("clip_distance") != nil:
			v.clip = s
		case f.Attr("render_target_array_index") != nil:
			v.layer = s
		case f.Attr("viewport_array_index") != nil:
			v.viewport = s
		case f.Attr("user") != nil:
			name = f.Attr("user").StrArg(0)
			fallthrough
		default:
			v.user[name] = s
		}
	}
	if !v.position.ok() {
		return v, fmt.Errorf("engine: NewRenderPipelineState: VertexFunction %s returns %s, which has no [[position]] member", fn, t)
	}
	return v, nil
}

// fragInput is one interpolated [[stage_in]] member of a fragment function.
type fragInput struct {
	name   string
	member string
	slot   ioSlot
	interp raster.Interp
}

// fragmentLayout is where a fragment function's record holds its inputs
// and outputs.
type fragmentLayout struct {
	record int
	// lanes is the block size of lane-major records (0: record-major;
	// lower.WrapperLayout.Lanes).
	lanes int
	// built-in inputs
	position, frontFacing, sampleID, sampleMask, primitiveID, bary, pointCoord, layer, viewport ioSlot
	// tile-shading inputs: [[pixel_position_in_tile]], [[pixels_per_tile]], [[tile_index]]
	pixelInTile, pixelsPerTile, tileIndex ioSlot
	// amp is [[amplification_id]], a flat varying from the vertex function's.
	amp     ioSlot
	users   []fragInput
	colorIn [MaxColorAttachments]ioSlot
	// outputs
	alive                                   int
	colorOut                                [MaxColorAttachments]ioSlot
	color1                                  ioSlot
	depthOut, sampleMaskOut, stencilOut     ioSlot
	perSample, discards, readsColor, writes bool
	// ibIn and ibOut copy the explicit imageblock ([[imageblock_data]]) of
	// the lane's pixel into and out of the record; ibSize is the master
	// struct's size (0: none).
	ibIn, ibOut []ibCopy
	ibSize      int
	ibAlias     sema.ImageblockAlias // [[alias_implicit_imageblock(_color(n))]] (tile_alias.go)
	// ordered: some argument is in a [[raster_order_group]], so fragments
	// of one pixel run in primitive order (raster.FlagRasterOrder).
	ordered bool
	// quads: the function looks at other lanes of its quad (derivatives,
	// implicit-LOD samples...), so it runs in 2×2 quads with helper lanes.
	quads bool
}

// interpolation qualifiers by attribute name.
var interpByName = map[string]raster.Interp{
	"center_perspective":      raster.InterpPerspective | raster.InterpCenter,
	"center_no_perspective":   raster.InterpNoPerspective | raster.InterpCenter,
	"centroid_perspective":    raster.InterpPerspective | raster.InterpCentroid,
	"centroid_no_perspective": raster.InterpNoPerspective | raster.InterpCentroid,
	"sample_perspective":      raster.InterpPerspective | raster.InterpSample,
	"sample_no_perspective":   raster.InterpNoPerspective | raster.InterpSample,
	"flat":                    raster.InterpFlat,
}

// builtinSlot assigns a fragment built-in input by attribute name; it
// reports false for names that are not rasterizer inputs.
func (l *fragmentLayout) builtinSlot(name string, s ioSlot) bool {
	switch name {
	case "position":
		l.position = s
	case "front_facing":
		l.frontFacing = s
	case "sample_id":
		l.sampleID, l.perSample = s, true
	case "sample_mask":
		l.sampleMask = s
	case "primitive_id":
		l.primitiveID = s
	case "barycentric_coord":
		l.bary = s
	case "point_coord":
		l.pointCoord = s
	case "render_target_array_index":
		l.layer = s
	case "viewport_array_index":
		l.viewport = s
	case "amplification_id":
		l.amp = s
	case "pixel_position_in_tile":
		l.pixelInTile = s
	case "pixels_per_tile":
		l.pixelsPerTile = s
	case "tile_index":
		l.tileIndex = s
	default:
		return false
	}
	return true
}

// layoutFragment finds the fragment function's inputs and outputs in its
// record.
func layoutFragment(fn string, lay *lower.WrapperLayout, checked *sema.Function, prog *sema.Program) (fragmentLayout, error) {
	l := fragmentLayout{record: lay.RecordSize, lanes: lay.Lanes, position: noSlot, frontFacing: noSlot, sampleID: noSlot, sampleMask: noSlot,
		primitiveID: noSlot, bary: noSlot, pointCoord: noSlot, layer: noSlot, viewport: noSlot, amp: noSlot, alive: -1,
		pixelInTile: noSlot, pixelsPerTile: noSlot, tileIndex: noSlot,
		color1: noSlot, depthOut: noSlot, sampleMaskOut: noSlot, stencilOut: noSlot}
	for i := range l.colorIn {
		l.colorIn[i], l.colorOut[i] = noSlot, noSlot
	}
	errf := func(format string, args ...any) (fragmentLayout, error) {
		return l, fmt.Errorf("engine: NewRenderPipelineState: FragmentFunction %s: "+format, append([]any{fn}, args...)...)
	}
	for _, prm := range checked.Params {
		for _, a := range prm.Attrs {
			if a.Name == "raster_order_group" {
				l.ordered = true
			}
		}
	}
	for _, f := range lay.Fields {
		switch {
		case f.Kind == lower.FieldResult && f.Name == "alive":
			l.alive = f.Offset
		case f.Kind == lower.FieldResult && f.Name == "result":
			if err := l.layoutOutputs(fn, f, prog); err != nil {
				return l, err
			}
		case f.Kind != lower.FieldArg:
		case f.Bind == sema.BindImageblockData:
			if err := l.imageblockInput(fn, f, checked, prog); err != nil {
				return l, err
			}
		case f.Bind == sema.BindBuiltin:
			s, ok := slotOf(f.Type, f.Offset)
			if !ok || !l.builtinSlot(f.Builtin, s) {
				return errf("the built-in input %q ([[%s]]) is not supported", f.Name, f.Builtin)
			}
		case f.Bind == sema.BindColor:
			if f.Index < 0 {
				// The colour index of a [[color(m)]] argument, from its
				// attribute.
				for _, prm := range checked.Params {
					for _, a := range prm.Attrs {
						if prm.Name == f.Name && a.Name == "color" {
							f.Index = int(a.IntArg(0, -1))
						}
					}
				}
			}
			s, ok := slotOf(f.Type, f.Offset)
			if !ok || f.Index < 0 || f.Index >= MaxColorAttachments {
				return errf("the [[color(%d)]] input %q is not supported", f.Index, f.Name)
			}
			l.colorIn[f.Index], l.readsColor = s, true
		case f.Bind == sema.BindStageIn:
			t := f.Type.Unqualified()
			if t.Kind != sema.KStruct {
				s, ok := slotOf(t, f.Offset)
				if !ok {
					return errf("the [[stage_in]] argument %q has the unsupported type %s", f.Name, t)
				}
				l.users = append(l.users, fragInput{name: f.Name, member: f.Name, slot: s, interp: raster.InterpPerspective})
				continue
			}
			_, _, offs := sema.Layout(t)
			for i, m := range t.Struct.Fields {
				if m.Static {
					continue
				}
				s, ok := slotOf(m.Type, f.Offset+offs[i])
				if !ok {
					return errf("[[stage_in]] member %q has the unsupported type %s", m.Name, m.Type)
				}
				if m.Attr("point_size") != nil || m.Attr("clip_distance") != nil {
					continue // vertex outputs the rasterizer consumes, not fragment inputs
				}
				if builtin := rasterBuiltinAttr(m); builtin != "" {
					if !l.builtinSlot(builtin, s) {
						return errf("[[stage_in]] member %q: the built-in [[%s]] is not supported", m.Name, builtin)
					}
					continue
				}
				in := fragInput{name: m.Name, member: m.Name, slot: s, interp: raster.InterpPerspective}
				if a := m.Attr("user"); a != nil {
					in.name = a.StrArg(0)
				}
				for _, a := range m.Attrs {
					if v, ok := interpByName[a.Name]; ok {
						in.interp = v
					}
				}
				if isIntKind(s.kind) {
					in.interp = raster.InterpFlat
				}
				if in.interp&raster.InterpSample != 0 {
					l.perSample = true
				}
				l.users = append(l.users, in)
			}
		}
	}
	if l.alive < 0 {
		return errf("internal error: the stage record has no alive field")
	}
	if l.lanes > 0 && (l.ibSize > 0 || len(l.ibIn) > 0 || len(l.ibOut) > 0) {
		return errf("internal error: imageblock data in lane-major stage records")
	}
	return l, nil
}

// rasterBuiltinAttr returns the rasterizer built-in a stage_in member
// carries ("" for an interpolated member).
func rasterBuiltinAttr(m *sema.Field) string {
	for _, n := range []string{"position", "front_facing", "sample_id", "sample_mask", "primitive_id", "barycentric_coord",
		"point_coord", "render_target_array_index", "viewport_array_index"} {
		if m.Attr(n) != nil {
			return n
		}
	}
	return ""
}

// layoutOutputs finds the fragment function's colour, depth, sample mask
// and stencil outputs in its result.
func (l *fragmentLayout) layoutOutputs(fn string, f lower.WrapperField, prog *sema.Program) error {
	t := f.Type.Unqualified()
	if t.Kind != sema.KStruct {
		s, ok := slotOf(t, f.Offset)
		if !ok || s.n > 4 {
			return fmt.Errorf("engine: NewRenderPipelineState: FragmentFunction %s returns %s, which is not a colour", fn, t)
		}
		l.colorOut[0], l.writes = s, true
		return nil
	}
	_, _, offs := sema.Layout(t)
	for i, m := range t.Struct.Fields {
		if m.Static {
			continue
		}
		if a := m.Attr("imageblock_data"); a != nil {
			if err := l.imageblockOutput(fn, m, a, f.Offset+offs[i], prog); err != nil {
				return err
			}
			continue
		}
		s, ok := slotOf(m.Type, f.Offset+offs[i])
		if !ok {
			return fmt.Errorf("engine: NewRenderPipelineState: FragmentFunction %s: output member %q has the unsupported type %s", fn, m.Name, m.Type)
		}
		switch {
		case m.Attr("color") != nil:
			c := int(m.Attr("color").IntArg(0, 0))
			if c < 0 || c >= MaxColorAttachments || s.n > 4 {
				return fmt.Errorf("engine: NewRenderPipelineState: FragmentFunction %s: output member %q: [[color(%d)]] is outside 0..%d", fn, m.Name, c, MaxColorAttachments-1)
			}
			if a := m.Attr("index"); a != nil && a.IntArg(0, 0) == 1 {
				if c != 0 {
					return fmt.Errorf("engine: NewRenderPipelineState: FragmentFunction %s: output member %q: index(1) (dual-source blending) needs color(0)", fn, m.Name)
				}
				l.color1 = s
				continue
			}
			l.colorOut[c], l.writes = s, true
		case m.Attr("depth") != nil:
			l.depthOut = s
		case m.Attr("sample_mask") != nil:
			l.sampleMaskOut = s
		case m.Attr("stencil") != nil:
			l.stencilOut = s
		default:
			return fmt.Errorf("engine: NewRenderPipelineState: FragmentFunction %s: output member %q has no [[color(n)]], [[depth]], [[sample_mask]] or [[stencil]] attribute", fn, m.Name)
		}
	}
	return nil
}

// flags are the rasterizer's view of what the fragment function does.
func (l *fragmentLayout) flags(early bool) raster.ShaderFlags {
	var f raster.ShaderFlags
	if l.depthOut.ok() {
		f |= raster.FlagWritesDepth
	}
	if l.discards {
		f |= raster.FlagDiscards
	}
	if l.sampleMaskOut.ok() {
		f |= raster.FlagWritesSampleMask
	}
	if l.stencilOut.ok() {
		f |= raster.FlagWritesStencil
	}
	if l.readsColor {
		f |= raster.FlagReadsColor
	}
	if l.ordered || l.ibSize > 0 {
		f |= raster.FlagRasterOrder
	}
	if early {
		f |= raster.FlagEarlyTests
	}
	if l.perSample {
		f |= raster.FlagPerSample
	}
	if l.color1.ok() {
		f |= raster.FlagDualSource
	}
	if !l.quads {
		f |= raster.FlagPixels
	}
	f |= raster.FlagInputsListed
	if l.position.ok() || l.pixelInTile.ok() || l.ibSize > 0 {
		f |= raster.FlagInPosition
	}
	if l.bary.ok() {
		f |= raster.FlagInBary
	}
	if l.frontFacing.ok() || l.primitiveID.ok() || l.layer.ok() || l.viewport.ok() {
		f |= raster.FlagInPrimitive
	}
	if l.sampleMask.ok() || l.ibSize > 0 { // imageblock data: the samples a pixel-rate lane covers
		f |= raster.FlagInSampleMask
	}
	return f
}

// varyingSlot links one float of the rasterizer's varyings to a vertex
// output component and a fragment input component.
type varyingSlot struct {
	vert ioSlot // n = 1: the component
	frag ioSlot
}

// linkVaryings pairs each fragment input with the vertex output of the
// same name (CheckSignatures has checked names and types) and lays out
// the rasterizer's varyings: one float per component.
func (p *RenderPipelineState) linkVaryings(vf, ff string) error {
	for _, in := range p.fin.users {
		out, ok := p.vout.user[in.name]
		if !ok {
			return fmt.Errorf("engine: NewRenderPipelineState: FragmentFunction %s: input %q has no matching output in VertexFunction %s", ff, in.member, vf)
		}
		if out.n != in.slot.n || out.kind != in.slot.kind {
			return fmt.Errorf("engine: NewRenderPipelineState: FragmentFunction %s: input %q does not have the type of VertexFunction %s's output", ff, in.member, vf)
		}
		for c := range in.slot.n {
			vs := ioSlot{off: out.off + c*scalarSize(out.kind), kind: out.kind, n: 1}
			fs := ioSlot{off: in.slot.off + c*scalarSize(in.slot.kind), kind: in.slot.kind, n: 1}
			p.varyings = append(p.varyings, varyingSlot{vert: vs, frag: fs})
			p.interp = append(p.interp, in.interp)
		}
	}
	if p.fin.amp.ok() {
		// The fragment's [[amplification_id]] is the vertex function's,
		// carried as one more flat varying.
		if !p.vout.amp.ok() {
			return fmt.Errorf("engine: NewRenderPipelineState: FragmentFunction %s reads [[amplification_id]]; VertexFunction %s must take it too (ingot passes it on from there)", ff, vf)
		}
		p.varyings = append(p.varyings, varyingSlot{vert: ioSlot{off: p.vout.amp.off, kind: p.vout.amp.kind, n: 1}, frag: ioSlot{off: p.fin.amp.off, kind: p.fin.amp.kind, n: 1}})
		p.interp = append(p.interp, raster.InterpFlat)
	}
	if p.frag != nil {
		p.fin.discards = programDiscards(p.frag.pl.Program())
		p.fin.quads = readsOtherLanes(p.frag.pl.Program())
		rd := stageRecordReadsLanes(p.frag.pl.Program(), p.fin.record, p.fin.lanes)
		p.fin.dropUnread(&rd)
	}
	return nil
}

// readsOtherLanes reports whether any function of prog calls an intrinsic
// that looks at other lanes of its quad or SIMD-group (derivatives, which
// lower to SIMD-group shuffles, quad and SIMD-group functions: the
// convergent intrinsics), asks whether its lane is a helper, or samples a
// texture with an implicit LOD (which comes from the quads; a sample with
// a constant level or gradient LOD mode does not need them).
func readsOtherLanes(prog *ir.Program) bool {
	found := false
	for _, fn := range prog.Funcs {
		var consts map[ir.Reg]uint64
		ir.Walk(fn.Body, func(in *ir.Instr) bool {
			if in.Op == ir.OpConst {
				if consts == nil {
					consts = map[ir.Reg]uint64{}
				}
				consts[in.Dst] = in.Imm
			}
			if in.Op == ir.OpIntrinsic && int(in.Imm) < len(prog.Intrinsics) {
				d := prog.Intrinsics[in.Imm]
				found = found || d.Flags&ir.Convergent != 0 || d.Name == stdlib.FragIsHelper ||
					strings.HasPrefix(d.Name, "texture.sample") && !explicitLOD(d.Name, in.Args, consts)
			}
			return !found
		})
	}
	return found
}

// explicitLOD reports whether the sample or sample_compare intrinsic name
// called with args takes its LOD mode from a constant (defined before the
// call in the same function) that is LodLevel or LodGradient.
func explicitLOD(name string, args []ir.Reg, consts map[ir.Reg]uint64) bool {
	parts := strings.Split(name, ".")
	if len(parts) != 4 || parts[1] != stdlib.TexSample && parts[1] != stdlib.TexSampleCompare {
		return false
	}
	for _, sh := range stdlib.TextureShapes {
		if sh.Name != parts[2] {
			continue
		}
		i := 2 + sh.Coords // tex, smp, coord×C
		if sh.Layer {
			i++
		}
		if parts[1] == stdlib.TexSampleCompare {
			i++ // ref
		}
		if i >= len(args) {
			return false
		}
		m, ok := consts[args[i]]
		return ok && (uint32(m) == stdlib.LodLevel || uint32(m) == stdlib.LodGradient)
	}
	return false
}

// programDiscards reports whether any function of prog may discard.
func programDiscards(prog *ir.Program) bool {
	found := false
	for _, fn := range prog.Funcs {
		ir.Walk(fn.Body, func(in *ir.Instr) bool {
			found = found || in.Op == ir.OpDiscard
			return !found
		})
	}
	return found
}

// checkFragmentOutputs checks each written colour against its
// attachment's format: float outputs for float-like formats, int or uint
// outputs for integer formats of the same signedness.
func (p *RenderPipelineState) checkFragmentOutputs(ff string) error {
	for i, s := range p.fin.colorOut {
		f := p.colors[i]
		if !s.ok() || f == texel.Invalid {
			continue
		}
		k := f.Kind()
		switch {
		case k.IsInteger() && !isIntKind(s.kind):
			return fmt.Errorf("engine: NewRenderPipelineState: FragmentFunction %s writes a float colour to [[color(%d)]] but ColorAttachments[%d].PixelFormat %v is an integer format", ff, i, i, f)
		case !k.IsInteger() && isIntKind(s.kind):
			return fmt.Errorf("engine: NewRenderPipelineState: FragmentFunction %s writes an integer colour to [[color(%d)]] but ColorAttachments[%d].PixelFormat %v is not an integer format", ff, i, i, f)
		}
	}
	return nil
}
