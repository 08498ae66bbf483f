package engine

import (
	"fmt"
	"strings"

	"github.com/ingot-render/ingot/engine/exec"
	"github.com/ingot-render/ingot/shaders/ir"
	"github.com/ingot-render/ingot/shaders/lower"
	"github.com/ingot-render/ingot/shaders/reflect"
	"github.com/ingot-render/ingot/shaders/sema"
)

// ComputePipelineOptions configure NewComputePipelineState.
type ComputePipelineOptions struct {
	// Reflection asks for the pipeline's reflection (Metal's
	// MTLPipelineOption.ArgumentInfo): arguments with their bindings after
	// specialization.
	Reflection bool
	// Label names the pipeline in messages.
	Label string
	// MaxTotalThreadsPerThreadgroup lowers the pipeline's limit (0: the
	// function's [[max_total_threads_per_threadgroup]] or 1024).
	MaxTotalThreadsPerThreadgroup int
	// LinkedFunctions are the [[intersection]] and [[visible]] functions
	// linked into the pipeline (MTLLinkedFunctions.functions); they must
	// come from the kernel's library. FunctionHandle gives their handles
	// for function tables. Nil links every intersection and visible
	// function of the library.
	LinkedFunctions []*Function
	// PreloadedLibraries resolve the extern functions and extern
	// program-scope constants the kernel's library declares but does not
	// define (MTLComputePipelineDescriptor.preloadedLibraries): each is
	// looked up by name and type in these libraries, in order, and linked
	// into the pipeline. Linked libraries may not have program-scope
	// resource bindings.
	PreloadedLibraries []*Library
	// StageInput describes how the engine fetches a kernel's [[stage_in]]
	// argument from buffers (MTLComputePipelineDescriptor.stageInputDescriptor);
	// required exactly when the kernel has one.
	StageInput *StageInputOutputDescriptor
}

// ComputePipelineState is a kernel compiled for dispatch
// (MTLComputePipelineState): lowered to IR, specialized with its function
// constants, simplified and compiled once for the executor. It is
// immutable and safe for concurrent use.
type ComputePipelineState struct {
	dev        *Device
	name       string
	label      string
	pl         *exec.Pipeline
	bindings   []binding
	staticTG   uint32
	maxThreads int
	reflection *reflect.Function
	required   [3]int // [[required_threads_per_threadgroup]], zeros if none

	lib *Library
	// stage is the [[stage_in]] fetch plan, nil without one.
	stage *stageFetch
	// intersectionIDs and visibleIDs map linked functions' names to the
	// ids their table entries hold.
	intersectionIDs map[string]uint64
	visibleIDs      map[string]uint64
}

// binding is one entry parameter with its index resolved.
type binding struct {
	kind    lower.BindingKind
	param   int
	index   int
	name    string
	enabled bool
	space   ir.Space
	byValue bool
	// implicit is the layout of an implicit imageblock (tile functions).
	implicit *lower.ImplicitLayout
	// size is the bytes the argument needs: the value of a by-value
	// argument, the referenced object of a reference (0: unchecked).
	size int
	// texType is the MSL texture type name of a texture argument
	// ("texture2d", "depthcube_array", ...).
	texType string
	access  reflect.Access
	// handle is the kind of resource a BindHandle binding takes.
	handle handleKind
}

// NewComputePipelineState compiles the kernel fn with the given function
// constants (nil: none) into a pipeline (MTLDevice
// newComputePipelineStateWithFunction). Errors name the function and the
// offending constant or source position.
func (d *Device) NewComputePipelineState(fn *Function, constants *FunctionConstantValues, opts ComputePipelineOptions) (*ComputePipelineState, error) {
	if fn == nil {
		return nil, fmt.Errorf("engine: NewComputePipelineState: function is nil")
	}
	if fn.lib.dev != d {
		return nil, fmt.Errorf("engine: NewComputePipelineState: function %s belongs to another device", fn.Name())
	}
	name := fn.Name()
	refl := fn.fn.Reflection
	if refl.Kind != reflect.KindKernel {
		return nil, fmt.Errorf("engine: NewComputePipelineState: function %s is a %s function, not a kernel", name, refl.Kind)
	}
	if opts.MaxTotalThreadsPerThreadgroup < 0 || opts.MaxTotalThreadsPerThreadgroup > MaxThreadsPerThreadgroup {
		return nil, fmt.Errorf("engine: NewComputePipelineState %s: MaxTotalThreadsPerThreadgroup is %d, want 0..%d", name, opts.MaxTotalThreadsPerThreadgroup, MaxThreadsPerThreadgroup)
	}
	lib := fn.lib.lib
	lopts, linked, err := linkOptions(name, fn.lib, opts.LinkedFunctions)
	if err != nil {
		return nil, err
	}
	if lopts.Externs, err = externsOf(name, d, opts.PreloadedLibraries); err != nil {
		return nil, err
	}
	res, err := lower.Entry(lib.Program, fn.fn.Checked, lopts)
	if err != nil {
		return nil, fmt.Errorf("engine: NewComputePipelineState %s: %w", name, err)
	}
	values, err := constants.resolve(res.Program)
	if err != nil {
		return nil, fmt.Errorf("engine: NewComputePipelineState %s: %w", name, err)
	}
	for _, fc := range refl.FunctionConstants {
		if !fc.Required || fc.Index < 0 {
			continue
		}
		if !constants.has(fc.Index, fc.Name) {
			return nil, fmt.Errorf("engine: NewComputePipelineState %s: function constant %q (index %d) is required but has no value", name, fc.Name, fc.Index)
		}
	}
	prog, err := ir.Specialize(res.Program, values)
	if err != nil {
		return nil, fmt.Errorf("engine: NewComputePipelineState %s: %w", name, err)
	}
	pl, err := exec.Compile(prog, res.Entry, exec.Options{
		Workers:      d.opts.Workers,
		MaxCallDepth: d.opts.MaxCallDepth,
		Intrinsics:   d.intrinsics,
	})
	if err != nil {
		return nil, fmt.Errorf("engine: NewComputePipelineState %s: %w", name, err)
	}
	ps := &ComputePipelineState{dev: d, name: name, label: opts.Label, pl: pl, staticTG: pl.ThreadgroupMemory(), maxThreads: MaxThreadsPerThreadgroup,
		lib: fn.lib, intersectionIDs: res.IntersectionFunctionIDs, visibleIDs: res.FunctionIDs}
	if ps.stage, err = planStageInput(name, res, opts.StageInput); err != nil {
		return nil, err
	}
	if linked != nil {
		ps.visibleIDs = map[string]uint64{}
		for n, id := range res.FunctionIDs {
			if linked[n] {
				ps.visibleIDs[n] = id
			}
		}
	}
	if n := refl.MaxTotalThreadsPerThreadgroup; n > 0 && n < ps.maxThreads {
		ps.maxThreads = n
	}
	if n := opts.MaxTotalThreadsPerThreadgroup; n > 0 && n < ps.maxThreads {
		ps.maxThreads = n
	}
	if r := refl.RequiredThreadsPerThreadgroup; len(r) > 0 {
		for i := 0; i < 3 && i < len(r); i++ {
			ps.required[i] = r[i]
		}
		for i := len(r); i < 3; i++ {
			ps.required[i] = 1
		}
	}
	if ps.bindings, err = resolveBindings("NewComputePipelineState", name, fn, res, constants); err != nil {
		return nil, err
	}
	if opts.Reflection {
		r := refl
		r.Arguments = append([]reflect.Argument(nil), refl.Arguments...)
		for i := range r.Arguments {
			a := &r.Arguments[i]
			for _, bd := range ps.bindings {
				if bd.name == a.Name || strings.HasPrefix(bd.name, a.Name+"[") {
					if a.IndexConstant != "" && bd.name == a.Name || bd.name == a.Name+"[0]" {
						a.Index = bd.index
					}
					if !bd.enabled {
						a.Active = false
					}
				}
			}
		}
		ps.reflection = &r
	}
	d.pipelines.Add(1)
	return ps, nil
}

// checkIndex validates a binding index against the device's slot counts.
func checkIndex(fn string, b binding) error {
	limit := 0
	switch b.kind {
	case lower.BindBuffer, lower.BindHandle:
		limit = MaxBufferArguments
	case lower.BindTexture:
		limit = MaxTextureArguments
	case lower.BindSampler:
		limit = MaxSamplerArguments
	case lower.BindThreadgroup:
		limit = MaxBufferArguments
	default:
		return nil
	}
	if b.index < 0 || b.index >= limit {
		return fmt.Errorf("engine: %s: argument %q has %s index %d, outside [0, %d)", fn, b.name, b.kind, b.index, limit)
	}
	return nil
}

// Device returns the device that created the pipeline.
func (p *ComputePipelineState) Device() *Device { return p.dev }

// Label returns the pipeline's label.
func (p *ComputePipelineState) Label() string { return p.label }

// FunctionName returns the name of the pipeline's kernel.
func (p *ComputePipelineState) FunctionName() string { return p.name }

// MaxTotalThreadsPerThreadgroup returns the largest threadgroup a dispatch
// of this pipeline may use.
func (p *ComputePipelineState) MaxTotalThreadsPerThreadgroup() int { return p.maxThreads }

// ThreadExecutionWidth returns the SIMD-group width, 32.
func (p *ComputePipelineState) ThreadExecutionWidth() int { return p.pl.ThreadExecutionWidth() }

// StaticThreadgroupMemoryLength returns the bytes of threadgroup memory
// the kernel declares itself (threadgroup variables in its body).
func (p *ComputePipelineState) StaticThreadgroupMemoryLength() int { return int(p.staticTG) }

// Reflection returns the pipeline's reflection (after specialization:
// indices given by function constants resolved, arguments disabled by a
// constant inactive), or nil unless ComputePipelineOptions.Reflection was
// set.
func (p *ComputePipelineState) Reflection() *reflect.Function { return p.reflection }

// Program returns the optimized IR the pipeline runs (for tools).
func (p *ComputePipelineState) Program() *ir.Program { return p.pl.Program() }

// Binding is one resource binding point of a pipeline (MTLBinding): every
// argument after specialization, program-scope resource variables
// included, with its final index.
type Binding struct {
	// Name is the argument's name ("tex[1]" for an element of an array).
	Name string
	// Type is the binding group: buffer, texture, sampler,
	// threadgroupMemory, or another handle.
	Type reflect.ArgumentType
	// Index is the binding index after specialization.
	Index int
	// Active is false for an argument disabled by a function constant.
	Active bool
	// TextureType is the MSL texture type name for textures ("texture2d").
	TextureType string
	// Size is the bytes a by-value or reference buffer argument needs (0
	// for pointers).
	Size int
}

// Bindings lists the pipeline's binding points in parameter order.
func (p *ComputePipelineState) Bindings() []Binding {
	out := make([]Binding, len(p.bindings))
	for i, b := range p.bindings {
		t := reflect.ArgumentType(b.kind.String())
		switch b.kind {
		case lower.BindBuffer:
			t = reflect.ArgBuffer
		case lower.BindTexture:
			t = reflect.ArgTexture
		case lower.BindSampler:
			t = reflect.ArgSampler
		case lower.BindThreadgroup:
			t = reflect.ArgThreadgroupMemory
		}
		out[i] = Binding{Name: b.name, Type: t, Index: b.index, Active: b.enabled, TextureType: b.texType, Size: b.size}
	}
	return out
}

// resolveBindings turns the lowered entry's bindings into the pipeline's,
// resolving arguments enabled or indexed by function constants; method
// and name prefix the errors.
func resolveBindings(method, name string, fn *Function, res *lower.Result, constants *FunctionConstantValues) ([]binding, error) {
	var out []binding
	refSize := map[string]int{}
	for _, prm := range fn.fn.Checked.Params {
		if prm.Type != nil && prm.Type.Kind == sema.KReference && prm.Type.Elem != nil {
			refSize[prm.Name] = sema.SizeOf(prm.Type.Elem)
		}
	}
	ev := &fcEval{prog: fn.lib.lib.Program, values: constants}
	refl := fn.fn.Reflection
	args := map[string]reflect.Argument{}
	for _, a := range refl.Arguments {
		args[a.Name] = a
	}
	for _, b := range res.Bindings {
		bd := binding{kind: b.Kind, param: b.Param, index: b.Index, name: b.ArgName, enabled: true,
			space: b.Space, byValue: b.ByValue, size: b.Size, handle: handleKindOf(b.Type), implicit: b.Implicit}
		if b.FuncConst != "" {
			v, ok, err := ev.constant(b.FuncConst)
			on := ok && v.truth()
			if err != nil {
				return nil, fmt.Errorf("engine: %s %s: argument %q: %w", method, name, b.ArgName, err)
			}
			bd.enabled = on
		}
		if b.IndexConst != "" && bd.enabled {
			v, ok, err := ev.constant(b.IndexConst)
			if err == nil && ok && v.class != classInt {
				err = fmt.Errorf("function constant %q gives a binding index but holds a %s", b.IndexConst, v.src)
			}
			if err != nil {
				return nil, fmt.Errorf("engine: %s %s: argument %q: %w", method, name, b.ArgName, err)
			}
			if !ok {
				return nil, fmt.Errorf("engine: %s %s: argument %q takes its index from function constant %q, which has no value", method, name, b.ArgName, b.IndexConst)
			}
			bd.index = int(v.int())
			if k := strings.IndexByte(b.ArgName, '['); k >= 0 {
				var off int
				fmt.Sscanf(b.ArgName[k:], "[%d]", &off)
				bd.index += off
			}
		}
		base := b.ArgName
		if k := strings.IndexByte(base, '['); k >= 0 {
			base = base[:k]
		}
		if n, ok := refSize[base]; ok && b.Kind == lower.BindBuffer {
			bd.size = n
		}
		if a, ok := args[base]; ok {
			bd.texType = a.TextureType
			bd.access = a.Access
		}
		if bd.enabled {
			if err := checkIndex(method+" "+name, bd); err != nil {
				return nil, err
			}
		}
		out = append(out, bd)
	}
	return out, nil
}
