package engine

import (
	"fmt"
	"maps"

	"github.com/ingot-render/ingot/engine/exec"
	"github.com/ingot-render/ingot/engine/raster"
	"github.com/ingot-render/ingot/shaders/lower"
	"github.com/ingot-render/ingot/shaders/reflect"
	"github.com/ingot-render/ingot/shaders/sema"
)

// meshPipeline is the object and mesh half of a mesh render pipeline; the
// fragment half and the fixed-function state are those of the
// RenderPipelineState that holds it.
type meshPipeline struct {
	object *renderStage // nil without an object function
	mesh   *renderStage
	out    *lower.MeshOutputLayout
	// payloadLen is the stride of the object threadgroups' payloads (the
	// payload length rounded up to 16), 0 without object function.
	payloadLen  int
	objThreads  int // max threads per object threadgroup
	meshThreads int // max threads per mesh threadgroup
	maxMeshTGs  int // max threadgroups per mesh grid
	// The rasterizer's vertex records: the vertex at 0, the primitive at
	// primOff (de-indexed draws), recStride bytes apart.
	recStride, primOff int
	// perPrimitive: the fragment reads per-primitive values, so every
	// primitive gets its own vertices.
	perPrimitive bool
	culled       ioSlot // P's [[primitive_culled]] within a primitive
	// primID is P's [[primitive_id]] within a primitive: when the
	// fragment reads [[primitive_id]] it gets this value (the primitive's
	// number within the draw without such a member).
	primID   ioSlot
	topology PrimitiveType
	// readsAmpID: the mesh function reads [[amplification_id]], so its
	// grids run once per amplification of a draw.
	readsAmpID bool
}

// NewMeshRenderPipelineState compiles an object (optional), mesh and
// fragment function into a render pipeline for DrawMeshThreadgroups and
// DrawMeshThreads (MTLDevice newRenderPipelineStateWithMeshDescriptor).
// It checks every limit — threads per object and mesh threadgroup,
// threadgroups per mesh grid, payload length, mesh vertex and primitive
// counts — and the fragment inputs against the mesh outputs (§5.7.2);
// errors name the descriptor field or the function at fault.
func (d *Device) NewMeshRenderPipelineState(desc *MeshRenderPipelineDescriptor) (*RenderPipelineState, error) {
	const m = "NewMeshRenderPipelineState"
	fail := func(format string, args ...any) (*RenderPipelineState, error) {
		return nil, fmt.Errorf("engine: %s: "+format, append([]any{m}, args...)...)
	}
	if desc == nil {
		return fail("descriptor is nil")
	}
	p := &RenderPipelineState{dev: d, label: desc.Label, depthFormat: desc.DepthAttachmentPixelFormat,
		stencilFormat: desc.StencilAttachmentPixelFormat, alphaToCov: desc.AlphaToCoverageEnabled,
		alphaToOne: desc.AlphaToOneEnabled, rasterOff: desc.RasterizationDisabled, maxAmp: max(desc.MaxVertexAmplificationCount, 1)}
	if desc.MaxVertexAmplificationCount < 0 || desc.MaxVertexAmplificationCount > MaxVertexAmplification {
		return fail(fmt.Sprintf("MaxVertexAmplificationCount %d, want 1..%d", desc.MaxVertexAmplificationCount, MaxVertexAmplification))
	}
	of, mf, ff := desc.ObjectFunction, desc.MeshFunction, desc.FragmentFunction
	check := func(field string, f *Function, kind reflect.FunctionKind) error {
		if f.lib.dev != d {
			return fmt.Errorf("engine: %s: %s %s belongs to another device", m, field, f.Name())
		}
		if k := f.fn.Reflection.Kind; k != kind {
			return fmt.Errorf("engine: %s: %s %s is a %s function, not a %s function", m, field, f.Name(), k, kind)
		}
		return nil
	}
	if mf == nil {
		return fail("MeshFunction is nil")
	}
	if err := check("MeshFunction", mf, reflect.KindMesh); err != nil {
		return nil, err
	}
	if of != nil {
		if err := check("ObjectFunction", of, reflect.KindObject); err != nil {
			return nil, err
		}
	}
	if ff != nil {
		if err := check("FragmentFunction", ff, reflect.KindFragment); err != nil {
			return nil, err
		}
		if desc.RasterizationDisabled {
			return fail("FragmentFunction %s is set but RasterizationDisabled is true", ff.Name())
		}
	}
	switch desc.RasterSampleCount {
	case 0, 1:
		p.samples = 1
	case 2, 4, 8:
		p.samples = desc.RasterSampleCount
	default:
		return fail("RasterSampleCount is %d, want 1, 2, 4 or 8", desc.RasterSampleCount)
	}
	rd := &RenderPipelineDescriptor{ColorAttachments: desc.ColorAttachments, DepthAttachmentPixelFormat: desc.DepthAttachmentPixelFormat,
		StencilAttachmentPixelFormat: desc.StencilAttachmentPixelFormat}
	if err := p.checkAttachmentFormats(rd); err != nil {
		return nil, err
	}
	mp := &meshPipeline{}
	var err error
	if mp.objThreads, err = threadLimit(m, "MaxTotalThreadsPerObjectThreadgroup", of, desc.MaxTotalThreadsPerObjectThreadgroup); err != nil {
		return nil, err
	}
	if mp.meshThreads, err = threadLimit(m, "MaxTotalThreadsPerMeshThreadgroup", mf, desc.MaxTotalThreadsPerMeshThreadgroup); err != nil {
		return nil, err
	}
	if n := desc.MaxTotalThreadgroupsPerMeshGrid; n < 0 || n > MaxThreadgroupsPerMeshGrid {
		return fail("MaxTotalThreadgroupsPerMeshGrid is %d, want 0..%d", n, MaxThreadgroupsPerMeshGrid)
	}
	mp.maxMeshTGs = MaxThreadgroupsPerMeshGrid
	if of != nil {
		if n := of.fn.Reflection.MaxTotalThreadgroupsPerMeshGrid; n > 0 {
			if n > MaxThreadgroupsPerMeshGrid {
				return fail("ObjectFunction %s: [[max_total_threadgroups_per_mesh_grid(%d)]] is more than %d", of.Name(), n, MaxThreadgroupsPerMeshGrid)
			}
			mp.maxMeshTGs = n
		}
	}
	if n := desc.MaxTotalThreadgroupsPerMeshGrid; n > 0 {
		mp.maxMeshTGs = n
	}
	// Payload: the object function's type sets the default length; the
	// mesh function may read at most that much.
	objPayload, meshPayload := payloadSize(of), payloadSize(mf)
	if n := desc.PayloadMemoryLength; n < 0 || n > MaxPayloadMemoryLength {
		return fail("PayloadMemoryLength is %d, want 0..%d", n, MaxPayloadMemoryLength)
	}
	if of == nil {
		if desc.PayloadMemoryLength != 0 {
			return fail("PayloadMemoryLength is %d without an ObjectFunction", desc.PayloadMemoryLength)
		}
		if meshPayload >= 0 {
			return fail("MeshFunction %s reads a [[payload]] but there is no ObjectFunction to write it", mf.Name())
		}
	} else {
		plen := desc.PayloadMemoryLength
		if plen == 0 {
			plen = max(objPayload, 0)
		}
		if plen > MaxPayloadMemoryLength {
			return fail("ObjectFunction %s: the payload type takes %d bytes, more than %d (PayloadMemoryLength)", of.Name(), plen, MaxPayloadMemoryLength)
		}
		if objPayload > plen {
			return fail("PayloadMemoryLength %d is smaller than ObjectFunction %s's payload type (%d bytes)", plen, of.Name(), objPayload)
		}
		if meshPayload > plen {
			return fail("MeshFunction %s reads a %d-byte payload; PayloadMemoryLength is %d", mf.Name(), meshPayload, plen)
		}
		mp.payloadLen = (max(plen, 1) + 15) &^ 15
	}
	for _, prm := range mf.fn.Checked.Params {
		if prm.Bind == sema.BindMesh {
			if mp.out, err = lower.MeshLayout(prm.Type); err != nil {
				return fail("MeshFunction %s: argument %q: %v", mf.Name(), prm.Name, err)
			}
		}
	}
	if mp.out != nil {
		if mp.out.MaxVertices > MaxMeshVertices {
			return fail("MeshFunction %s: the mesh type has %d vertices, more than %d", mf.Name(), mp.out.MaxVertices, MaxMeshVertices)
		}
		if mp.out.MaxPrimitives > MaxMeshPrimitives {
			return fail("MeshFunction %s: the mesh type has %d primitives, more than %d", mf.Name(), mp.out.MaxPrimitives, MaxMeshPrimitives)
		}
		mp.topology = [...]PrimitiveType{PrimitiveTypePoint, PrimitiveTypeLine, PrimitiveTypeTriangle}[mp.out.Topology]
	}
	if of != nil {
		if mp.object, err = compileMeshStage(d, of, desc.ObjectConstants, "ObjectFunction"); err != nil {
			return nil, err
		}
	}
	if mp.mesh, err = compileMeshStage(d, mf, desc.MeshConstants, "MeshFunction"); err != nil {
		return nil, err
	}
	for _, b := range mp.mesh.bindings {
		mp.readsAmpID = mp.readsAmpID || b.kind == lower.BindAmplificationID
	}
	p.mesh = mp
	if mp.out == nil {
		p.rasterOff = true // no mesh argument: nothing is rasterized
	}
	if p.vout, err = mp.layoutOutputs(mf.Name()); err != nil {
		return nil, err
	}
	if ff != nil && mp.out != nil {
		if err := p.attachFragment(m, "MeshFunction", mf, ff, desc.FragmentConstants); err != nil {
			return nil, err
		}
		// Per-primitive values are never interpolated (§5.7.2).
		for i, v := range p.varyings {
			if mp.out.Primitive != nil && v.vert.off >= mp.primOff {
				p.interp[i] = raster.InterpFlat
				mp.perPrimitive = true
			}
		}
		if err := p.checkFragmentOutputs(ff.Name()); err != nil {
			return nil, err
		}
		p.flags = p.fin.flags(ff.fn.Reflection.EarlyFragmentTests)
	}
	if p.vout.layer.ok() || p.vout.viewport.ok() {
		mp.perPrimitive = true
	}
	d.pipelines.Add(1)
	return p, nil
}

// threadLimit resolves a MaxTotalThreadsPer…Threadgroup field against the
// function's attribute.
func threadLimit(m, field string, f *Function, v int) (int, error) {
	if v < 0 || v > MaxThreadsPerThreadgroup {
		return 0, fmt.Errorf("engine: %s: %s is %d, want 0..%d", m, field, v, MaxThreadsPerThreadgroup)
	}
	if f == nil {
		return v, nil
	}
	attr := f.fn.Reflection.MaxTotalThreadsPerThreadgroup
	if attr > 0 && v > 0 && attr != v {
		return 0, fmt.Errorf("engine: %s: %s is %d but %s declares [[max_total_threads_per_threadgroup(%d)]]", m, field, v, f.Name(), attr)
	}
	switch {
	case v > 0:
		return v, nil
	case attr > 0:
		return min(attr, MaxThreadsPerThreadgroup), nil
	}
	return MaxThreadsPerThreadgroup, nil
}

// payloadSize returns the bytes of f's [[payload]] object, -1 if it has
// none.
func payloadSize(f *Function) int {
	if f == nil {
		return -1
	}
	for _, prm := range f.fn.Checked.Params {
		if prm.Bind == sema.BindPayload && prm.Type.Elem != nil {
			return sema.SizeOf(prm.Type.Elem)
		}
	}
	return -1
}

// compileMeshStage lowers, specializes and compiles an object or mesh
// function.
func compileMeshStage(d *Device, fn *Function, constants *FunctionConstantValues, field string) (*renderStage, error) {
	in := maps.Clone(d.intrinsics)
	if in == nil {
		in = exec.Intrinsics{}
	}
	in[lower.MeshFaultIntrinsic.Name] = meshFault
	return compileStage(d, fn, constants, stageCompile{method: "NewMeshRenderPipelineState", field: field, pipeline: "a mesh pipeline",
		lower: lower.MeshStage, intrinsics: in,
		allowed: []lower.BindingKind{lower.BindBuffer, lower.BindTexture, lower.BindSampler, lower.BindHandle, lower.BindThreadgroup,
			lower.BindPayload, lower.BindMesh, lower.BindMeshGrid, lower.BindAmplificationID, lower.BindAmplificationCount}})
}

// meshFault implements lower.MeshFaultIntrinsic: it fails the dispatch
// with the first active lane's index.
func meshFault(c *exec.Call) error {
	i := c.Mask.First()
	if i < 0 {
		return nil
	}
	return c.Fault(exec.FaultIntrinsic, i, 0, lower.MeshFaultMessage(c.Arg32(0)[i], c.Arg32(1)[i], c.Arg32(2)[i]))
}

// layoutOutputs lays out the rasterizer's vertex records (the vertex type
// at 0, the primitive type after it) and finds the built-in and
// user outputs in them.
func (mp *meshPipeline) layoutOutputs(fn string) (vertexLayout, error) {
	v := vertexLayout{vid: noSlot, iid: noSlot, baseVertex: noSlot, baseInstance: noSlot, amp: noSlot,
		position: noSlot, pointSize: noSlot, layer: noSlot, viewport: noSlot, clip: noSlot, user: map[string]ioSlot{}}
	mp.culled, mp.primID = noSlot, noSlot
	o := mp.out
	if o == nil {
		v.record = 1
		return v, nil
	}
	mp.primOff = (o.VertexStride + 15) &^ 15
	mp.recStride = mp.primOff
	if o.Primitive != nil {
		mp.recStride += (o.PrimitiveStride + 15) &^ 15
	}
	v.record = mp.recStride
	errf := func(format string, args ...any) (vertexLayout, error) {
		return v, fmt.Errorf("engine: NewMeshRenderPipelineState: MeshFunction %s: "+format, append([]any{fn}, args...)...)
	}
	add := func(t *sema.Type, base int, prim bool) error {
		t = t.Unqualified()
		if t.Kind != sema.KStruct {
			s, ok := slotOf(t, base)
			if !ok || s.kind != sema.KFloat || s.n != 4 {
				return fmt.Errorf("the mesh vertex type %s is neither float4 nor a struct", t)
			}
			v.position = s
			return nil
		}
		_, _, offs := sema.Layout(t)
		for i, f := range t.Struct.Fields {
			if f.Static {
				continue
			}
			s, ok := slotOf(f.Type, base+offs[i])
			if !ok {
				return fmt.Errorf("member %q has the unsupported type %s", f.Name, f.Type)
			}
			name := f.Name
			switch {
			case !prim && f.Attr("position") != nil:
				v.position = s
			case !prim && f.Attr("point_size") != nil:
				v.pointSize = s
			case !prim && f.Attr("clip_distance") != nil:
				v.clip = s
			case prim && f.Attr("primitive_culled") != nil:
				mp.culled = ioSlot{off: offs[i], kind: s.kind, n: 1}
			case prim && f.Attr("primitive_id") != nil:
				if s.kind != sema.KUInt || s.n != 1 {
					return fmt.Errorf("the [[primitive_id]] member %q of %s is %s, not uint", f.Name, t, f.Type)
				}
				mp.primID = ioSlot{off: offs[i], kind: s.kind, n: 1}
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
		return nil
	}
	if err := add(o.Vertex, 0, false); err != nil {
		return errf("%v", err)
	}
	if o.Primitive != nil {
		if err := add(o.Primitive, mp.primOff, true); err != nil {
			return errf("%v", err)
		}
	}
	if !v.position.ok() {
		return errf("the mesh vertex type %s has no [[position]] member", o.Vertex)
	}
	return v, nil
}
