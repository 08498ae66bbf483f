package engine

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/ingot-render/ingot/engine/exec"
	"github.com/ingot-render/ingot/engine/raster"
	"github.com/ingot-render/ingot/internal/texel"
	"github.com/ingot-render/ingot/shaders/ir"
	"github.com/ingot-render/ingot/shaders/lower"
	"github.com/ingot-render/ingot/shaders/reflect"
	"github.com/ingot-render/ingot/shaders/sema"
)

// RenderPipelineState is a vertex function and an optional fragment
// function compiled together with the fixed-function state they need
// (MTLRenderPipelineState). It is immutable and safe for concurrent use.
type RenderPipelineState struct {
	dev   *Device
	label string
	vert  *renderStage
	frag  *renderStage // nil: no fragment function

	// fetch is the vertex fetch plan of the vertex [[stage_in]], nil when
	// the vertex function has none.
	fetch *stageFetch
	vout  vertexLayout
	fin   fragmentLayout
	// varyings links each interpolated float of the fragment's inputs to
	// the vertex output it reads; interp is the rasterizer's view.
	varyings []varyingSlot
	interp   []raster.Interp

	colors        [MaxColorAttachments]PixelFormat
	blends        [MaxColorAttachments]raster.Blend
	depthFormat   PixelFormat
	stencilFormat PixelFormat
	samples       int
	alphaToCov    bool
	alphaToOne    bool
	rasterOff     bool
	maxAmp        int // MaxVertexAmplificationCount
	topology      PrimitiveTopologyClass
	flags         raster.ShaderFlags

	vertReflection, fragReflection *reflect.Function

	// mesh holds the object and mesh stages of a mesh pipeline
	// (mesh_pipeline.go); vert is nil then.
	mesh *meshPipeline
}

// renderStage is one compiled function of a render pipeline.
type renderStage struct {
	name     string
	pl       *exec.Pipeline
	layout   *lower.WrapperLayout
	bindings []binding
	lib      *Library
	params   int // parameters of the entry function
}

// Label returns the pipeline's label.
func (p *RenderPipelineState) Label() string { return p.label }

// Device returns the device that made the pipeline.
func (p *RenderPipelineState) Device() *Device { return p.dev }

// VertexReflection and FragmentReflection return the functions'
// reflection after specialization when the descriptor asked for it
// (RenderPipelineDescriptor.Reflection), else nil.
func (p *RenderPipelineState) VertexReflection() *reflect.Function { return p.vertReflection }

// FragmentReflection: see VertexReflection.
func (p *RenderPipelineState) FragmentReflection() *reflect.Function { return p.fragReflection }

// NewRenderPipelineState compiles the descriptor's functions into a render
// pipeline (MTLDevice newRenderPipelineStateWithDescriptor). It checks the
// fragment inputs against the vertex outputs (MSL §5.7), the vertex
// descriptor against the vertex [[stage_in]], the fragment outputs
// against the attachments' formats, and every field's value; each error
// names the descriptor field or the function and member at fault.
func (d *Device) NewRenderPipelineState(desc *RenderPipelineDescriptor) (*RenderPipelineState, error) {
	const m = "NewRenderPipelineState"
	if desc == nil {
		return nil, fmt.Errorf("engine: %s: descriptor is nil", m)
	}
	p := &RenderPipelineState{dev: d, label: desc.Label, depthFormat: desc.DepthAttachmentPixelFormat,
		stencilFormat: desc.StencilAttachmentPixelFormat, alphaToCov: desc.AlphaToCoverageEnabled,
		alphaToOne: desc.AlphaToOneEnabled, rasterOff: desc.RasterizationDisabled, topology: desc.InputPrimitiveTopology}
	fail := func(format string, args ...any) (*RenderPipelineState, error) {
		return nil, fmt.Errorf("engine: %s: "+format, append([]any{m}, args...)...)
	}
	p.maxAmp = max(desc.MaxVertexAmplificationCount, 1)
	if desc.MaxVertexAmplificationCount < 0 || desc.MaxVertexAmplificationCount > MaxVertexAmplification {
		return fail("MaxVertexAmplificationCount %d, want 1..%d", desc.MaxVertexAmplificationCount, MaxVertexAmplification)
	}
	vf, ff := desc.VertexFunction, desc.FragmentFunction
	if vf == nil {
		return fail("VertexFunction is nil")
	}
	if vf.lib.dev != d {
		return fail("VertexFunction %s belongs to another device", vf.Name())
	}
	if k := vf.fn.Reflection.Kind; k != reflect.KindVertex {
		return fail("VertexFunction %s is a %s function, not a vertex function", vf.Name(), k)
	}
	if ff != nil {
		if ff.lib.dev != d {
			return fail("FragmentFunction %s belongs to another device", ff.Name())
		}
		if k := ff.fn.Reflection.Kind; k != reflect.KindFragment {
			return fail("FragmentFunction %s is a %s function, not a fragment function", ff.Name(), k)
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
	if desc.InputPrimitiveTopology < PrimitiveTopologyClassUnspecified || desc.InputPrimitiveTopology > PrimitiveTopologyClassTriangle {
		return fail("InputPrimitiveTopology is %d, not a topology class", desc.InputPrimitiveTopology)
	}
	if err := p.checkAttachmentFormats(desc); err != nil {
		return nil, err
	}
	var err error
	if p.vert, err = compileRenderStage(d, vf, desc.VertexConstants, "VertexFunction"); err != nil {
		return nil, err
	}
	if p.fetch, err = planVertexFetch(vf.Name(), p.vert.layout, desc.VertexDescriptor); err != nil {
		return nil, err
	}
	if p.vout, err = layoutVertexOutputs(vf.Name(), p.vert.layout); err != nil {
		return nil, err
	}
	if ff != nil {
		if err := p.attachFragment(m, "VertexFunction", vf, ff, desc.FragmentConstants); err != nil {
			return nil, err
		}
		if err := p.checkFragmentOutputs(ff.Name()); err != nil {
			return nil, err
		}
		p.flags = p.fin.flags(ff.fn.Reflection.EarlyFragmentTests)
	}
	if desc.Reflection {
		p.vertReflection = specializedReflection(vf, p.vert.bindings)
		if ff != nil {
			p.fragReflection = specializedReflection(ff, p.frag.bindings)
		}
	}
	d.pipelines.Add(1)
	return p, nil
}

// vertexOnlyOutput are the vertex output built-ins a fragment [[stage_in]]
// struct may carry without a matching output.
var vertexOnlyOutput = map[string]bool{"point_size": true, "clip_distance": true}

// checkAttachmentFormats validates the colour, depth and stencil formats
// and the blend state of every colour attachment.
func (p *RenderPipelineState) checkAttachmentFormats(desc *RenderPipelineDescriptor) error {
	for i, ca := range desc.ColorAttachments {
		field := fmt.Sprintf("ColorAttachments[%d]", i)
		f := ca.PixelFormat
		if f == texel.Invalid {
			if ca.BlendingEnabled {
				return fmt.Errorf("engine: NewRenderPipelineState: %s.BlendingEnabled is set but its PixelFormat is Invalid", field)
			}
			continue
		}
		info, ok := f.Info()
		if !ok || info.Depth || info.Stencil || info.Kind == texel.KindNone {
			return fmt.Errorf("engine: NewRenderPipelineState: %s.PixelFormat %v is not a colour-renderable format", field, f)
		}
		if ca.BlendingEnabled && info.Kind.IsInteger() {
			return fmt.Errorf("engine: NewRenderPipelineState: %s.BlendingEnabled is set on the integer format %v, which cannot blend", field, f)
		}
		b := raster.Blend{Enabled: ca.BlendingEnabled, RGBOp: ca.RGBBlendOperation, AlphaOp: ca.AlphaBlendOperation,
			SrcRGB: ca.SourceRGBBlendFactor, DstRGB: ca.DestinationRGBBlendFactor,
			SrcAlpha: ca.SourceAlphaBlendFactor, DstAlpha: ca.DestinationAlphaBlendFactor, WriteMask: raster.WriteAll}
		if ca.WriteMask != nil {
			if *ca.WriteMask&^raster.WriteAll != 0 {
				return fmt.Errorf("engine: NewRenderPipelineState: %s.WriteMask %#x has bits outside red|green|blue|alpha", field, *ca.WriteMask)
			}
			b.WriteMask = *ca.WriteMask
		}
		if err := checkBlend(field, b); err != nil {
			return err
		}
		p.colors[i], p.blends[i] = f, b
	}
	if f := desc.DepthAttachmentPixelFormat; f != texel.Invalid {
		if !f.IsDepth() {
			return fmt.Errorf("engine: NewRenderPipelineState: DepthAttachmentPixelFormat %v is not a depth format", f)
		}
	}
	if f := desc.StencilAttachmentPixelFormat; f != texel.Invalid {
		if !f.IsStencil() {
			return fmt.Errorf("engine: NewRenderPipelineState: StencilAttachmentPixelFormat %v is not a stencil format", f)
		}
	}
	return nil
}

// checkBlend validates the factors and operations of one attachment.
func checkBlend(field string, b raster.Blend) error {
	for _, f := range []struct {
		name string
		v    raster.BlendFactor
	}{{"SourceRGBBlendFactor", b.SrcRGB}, {"DestinationRGBBlendFactor", b.DstRGB}, {"SourceAlphaBlendFactor", b.SrcAlpha}, {"DestinationAlphaBlendFactor", b.DstAlpha}} {
		if f.v > raster.BlendOneMinusSource1Alpha {
			return fmt.Errorf("engine: NewRenderPipelineState: %s.%s is %d, not a blend factor", field, f.name, f.v)
		}
	}
	if b.RGBOp > raster.BlendOpMax {
		return fmt.Errorf("engine: NewRenderPipelineState: %s.RGBBlendOperation is %d, not a blend operation", field, b.RGBOp)
	}
	if b.AlphaOp > raster.BlendOpMax {
		return fmt.Errorf("engine: NewRenderPipelineState: %s.AlphaBlendOperation is %d, not a blend operation", field, b.AlphaOp)
	}
	return nil
}

// attachFragment checks fragment function ff's inputs against the outputs
// of up (the VertexFunction or MeshFunction named by field), compiles it,
// lays out its record and links its varyings to up's outputs.
func (p *RenderPipelineState) attachFragment(m, field string, up, ff *Function, constants *FunctionConstantValues) error {
	var errs []error
	for _, mm := range reflect.CheckSignatures(&up.fn.Reflection, &ff.fn.Reflection) {
		if vertexOnlyOutput[mm.Input.Attribute] {
			// A struct shared by both stages: the rasterizer consumes
			// these members; the fragment function does not read them.
			continue
		}
		errs = append(errs, fmt.Errorf("engine: %s: FragmentFunction %s does not match %s %s: %w", m, ff.Name(), field, up.Name(), mm))
	}
	if len(errs) > 0 {
		return errors.Join(errs...)
	}
	var err error
	if p.frag, err = compileRenderStage(p.dev, ff, constants, "FragmentFunction"); err != nil {
		return err
	}
	if p.fin, err = layoutFragment(ff.Name(), p.frag.layout, ff.fn.Checked, ff.lib.lib.Program); err != nil {
		return err
	}
	return p.linkVaryings(up.Name(), ff.Name())
}

// compileRenderStage lowers, specializes and compiles a vertex or
// fragment function; field names the descriptor field in errors.
func compileRenderStage(d *Device, fn *Function, constants *FunctionConstantValues, field string) (*renderStage, error) {
	allowed := []lower.BindingKind{lower.BindBuffer, lower.BindTexture, lower.BindSampler, lower.BindHandle, lower.BindStageIO}
	lanes := 0
	if field == "VertexFunction" {
		// Lane-major records: the vertex stage's batches are blocks of
		// stageLanes records (render_vertex.go).
		lanes = vertexStageLanes
	}
	if field == "FragmentFunction" {
		// [[threadgroup(i)]]: the tile's persistent threadgroup memory
		// (tile_encoder.go).
		allowed = append(allowed, lower.BindThreadgroup)
		// Lane-major records (the imageblock copies are record-major).
		if !usesImageblockData(fn.fn.Checked) {
			lanes = stageLanes
		}
	}
	return compileStage(d, fn, constants, stageCompile{method: "NewRenderPipelineState", field: field, pipeline: "a render pipeline",
		lower: lower.Stage, intrinsics: d.intrinsics, allowed: allowed, lanes: lanes})
}

// vertexStageLanes is the block size of vertex functions' lane-major
// records: stageLanes; the tests set 0 to compare with record-major
// records.
var vertexStageLanes = stageLanes

// stageCompile says how compileStage builds one stage of a pipeline.
type stageCompile struct {
	method, field string // for errors: the creating method and the descriptor field
	pipeline      string // "a render pipeline", "a mesh pipeline"
	lower         func(*sema.Program, *sema.Function, lower.Options) (*lower.Result, error)
	intrinsics    exec.Intrinsics
	allowed       []lower.BindingKind // the binding kinds the stage may use
	// lanes asks for lane-major stage records in blocks of lanes
	// (lower.Options.StageLanes; 0: record-major).
	lanes int
}

// compileStage lowers fn with sc.lower, specializes it with constants
// (every required constant must have a value), compiles it and resolves
// its bindings, refusing enabled arguments of kinds the pipeline cannot
// bind.
func compileStage(d *Device, fn *Function, constants *FunctionConstantValues, sc stageCompile) (*renderStage, error) {
	name := fn.Name()
	what := sc.method + " " + sc.field + " " + name
	lopts, _, err := linkOptions(name, fn.lib, nil)
	if err != nil {
		return nil, err
	}
	lopts.StageLanes = sc.lanes
	res, err := sc.lower(fn.lib.lib.Program, fn.fn.Checked, lopts)
	if err != nil {
		return nil, fmt.Errorf("engine: %s: %w", what, err)
	}
	values, err := constants.resolve(res.Program)
	if err != nil {
		return nil, fmt.Errorf("engine: %s: %w", what, err)
	}
	for _, fc := range fn.fn.Reflection.FunctionConstants {
		if fc.Required && fc.Index >= 0 && !constants.has(fc.Index, fc.Name) {
			return nil, fmt.Errorf("engine: %s: function constant %q (index %d) is required but has no value", what, fc.Name, fc.Index)
		}
	}
	prog, err := ir.Specialize(res.Program, values)
	if err != nil {
		return nil, fmt.Errorf("engine: %s: %w", what, err)
	}
	pl, err := exec.Compile(prog, res.Entry, exec.Options{Workers: d.opts.Workers, MaxCallDepth: d.opts.MaxCallDepth, Intrinsics: sc.intrinsics})
	if err != nil {
		return nil, fmt.Errorf("engine: %s: %w", what, err)
	}
	if w := res.Wrapper; w != nil && w.Lanes > 0 && w.Lanes != pl.Width() {
		return nil, fmt.Errorf("engine: %s: internal error: stage records in blocks of %d for a pipeline %d lanes wide", what, w.Lanes, pl.Width())
	}
	bs, err := resolveBindings(sc.method+" "+sc.field, name, fn, res, constants)
	if err != nil {
		return nil, err
	}
	for _, b := range bs {
		if b.enabled && !slices.Contains(sc.allowed, b.kind) {
			return nil, fmt.Errorf("engine: %s: argument %q (%s binding) cannot be bound in %s", what, b.name, b.kind, sc.pipeline)
		}
	}
	return &renderStage{name: name, pl: pl, layout: res.Wrapper, bindings: bs, lib: fn.lib, params: len(prog.Func(res.Entry).Params)}, nil
}

// specializedReflection copies fn's reflection with the activity of its
// arguments after function constants.
func specializedReflection(fn *Function, bs []binding) *reflect.Function {
	r := fn.fn.Reflection
	r.Arguments = append([]reflect.Argument(nil), r.Arguments...)
	for i := range r.Arguments {
		a := &r.Arguments[i]
		for _, b := range bs {
			if b.name == a.Name || strings.HasPrefix(b.name, a.Name+"[") {
				if b.name == a.Name || b.name == a.Name+"[0]" {
					a.Index = b.index
				}
				if !b.enabled {
					a.Active = false
				}
			}
		}
	}
	return &r
}

// planVertexFetch checks the vertex descriptor against the vertex
// function's [[stage_in]] and returns its fetch plan (nil without one).
func planVertexFetch(fn string, lay *lower.WrapperLayout, vd *VertexDescriptor) (*stageFetch, error) {
	var desc *StageInputOutputDescriptor
	if vd != nil {
		desc = &StageInputOutputDescriptor{Attributes: map[int]AttributeDescriptor{}, Layouts: map[int]BufferLayoutDescriptor{}}
		for i, a := range vd.Attributes {
			desc.Attributes[i] = AttributeDescriptor{Format: a.Format, Offset: a.Offset, BufferIndex: a.BufferIndex}
		}
		for i, l := range vd.Layouts {
			sf := StepFunctionThreadPositionInGridX
			switch l.StepFunction {
			case VertexStepFunctionPerVertex:
			case VertexStepFunctionConstant:
				sf = StepFunctionConstant
			case VertexStepFunctionPerInstance:
				sf = StepFunctionThreadPositionInGridY
			default:
				return nil, fmt.Errorf("engine: NewRenderPipelineState: VertexDescriptor.Layouts[%d].StepFunction is %d, not a vertex step function", i, l.StepFunction)
			}
			if l.StepFunction != VertexStepFunctionConstant && l.Stride <= 0 {
				return nil, fmt.Errorf("engine: NewRenderPipelineState: VertexDescriptor.Layouts[%d].Stride is %d, want > 0", i, l.Stride)
			}
			if l.Stride < 0 || l.StepRate < 0 {
				return nil, fmt.Errorf("engine: NewRenderPipelineState: VertexDescriptor.Layouts[%d] has stride %d, step rate %d", i, l.Stride, l.StepRate)
			}
			desc.Layouts[i] = BufferLayoutDescriptor{Stride: l.Stride, StepFunction: sf, StepRate: l.StepRate}
		}
	}
	return planStageFetch(stageFetchNames{method: "NewRenderPipelineState", fn: fn, desc: "VertexDescriptor", function: "vertex function"}, &lower.Result{Wrapper: lay}, desc)
}
