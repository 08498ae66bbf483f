package lower

import (
	"errors"
	"fmt"

	"github.com/ingot-render/ingot/shaders/ir"
	"github.com/ingot-render/ingot/shaders/sema"
)

// WrapperFieldKind tells how the wrapper uses a field of its record.
type WrapperFieldKind uint8

// Wrapper field kinds.
const (
	// FieldReceiver: the object a method is called on (written back after
	// the call unless the method is const).
	FieldReceiver WrapperFieldKind = iota
	// FieldArg: a by-value argument (read only).
	FieldArg
	// FieldInOut: the object a reference parameter binds to (read before
	// and written back after the call unless the reference is const).
	FieldInOut
	// FieldResult: the returned value (written).
	FieldResult
)

// WrapperField is one field of a wrapper record.
type WrapperField struct {
	Kind   WrapperFieldKind
	Name   string // parameter name; "this", "result" and "alive" for the others
	Type   *sema.Type
	Offset int
	Size   int
	// Stage records only: how the input is bound (BindBuiltin with the
	// attribute name in Builtin, BindStageIn, or BindColor with the colour
	// index in Index).
	Bind    sema.BindKind
	Builtin string
	Index   int
}

// WrapperLayout describes the argument buffer of a Function wrapper: one
// record per invocation, record i at address Args + i*RecordSize. Fields
// are laid out in order as the members of an MSL struct would be (each at
// a multiple of its alignment; values in their MSL memory layout; pointers,
// textures and samplers as 8-byte addresses/IDs).
//
// Stage records may instead be lane-major (Lanes > 0, Options.StageLanes):
// the records form blocks of Lanes records, RecordSize·Lanes bytes each,
// block b at Args + b·RecordSize·Lanes, and the 4-byte word k of record r
// of a block (the bytes [4k, 4k+4) of its record-major layout, Offset
// counting as there) at byte (k·Lanes + r)·4 of the block, a smaller
// scalar at its byte within that word (RecordOffset). The block is the
// threadgroup and r the thread's position in it: such a stage runs in
// one-dimensional threadgroups of Lanes threads (or one smaller one).
type WrapperLayout struct {
	RecordSize int
	Align      int
	Fields     []WrapperField
	// Lanes is the block size of lane-major stage records (0:
	// record-major).
	Lanes int
}

// RecordOffset returns the byte of record r of a block (0 ≤ r < Lanes)
// at which byte off of the record-major layout lies, relative to the
// block's start: off + r·RecordSize for record-major records.
func (l *WrapperLayout) RecordOffset(off, r int) int {
	if l.Lanes <= 0 {
		return off + r*l.RecordSize
	}
	return laneOffset(off, l.Lanes) + 4*r
}

// laneOffset is the byte of lane-major record 0 of a block of lanes
// records that holds byte off of the record-major layout.
func laneOffset(off, lanes int) int { return off/4*4*lanes + off%4 }

// Function lowers any function with a body (a helper, a method, a template
// instance, or an entry point's body called as a plain function) into a
// kernel wrapper: its single parameter (Bindings[0], kind
// BindWrapperArgs, a Device address) points at an array of records laid
// out by Result.Wrapper, and invocation i (thread_position_in_grid.x)
// reads record i's arguments, calls the function and stores the result and
// the by-reference arguments back. Dispatch exactly as many threads as
// records.
func Function(prog *sema.Program, sf *sema.Func, opts Options) (res *Result, err error) {
	if prog == nil || sf == nil {
		return nil, errors.New("lower: nil program or function")
	}
	defer guard(&err)
	p := newProgram(prog)
	p.opts = opts
	if isLambda(sf) {
		p.errorf(sf.Pos(), "a lambda cannot be called through a wrapper (it needs its enclosing function's variables)")
	}
	lay := &WrapperLayout{Align: 1}
	off := 0
	add := func(k WrapperFieldKind, name string, t *sema.Type) WrapperField {
		size, align, _ := sema.Layout(t)
		if _, ok := flatten(t); !ok || size == 0 {
			p.errorf(sf.Pos(), "cannot pass '%s' (%s) through a wrapper record", name, t)
		}
		off = alignUp(off, align)
		fd := WrapperField{Kind: k, Name: name, Type: t, Offset: off, Size: size}
		off += size
		lay.Align = max(lay.Align, align)
		lay.Fields = append(lay.Fields, fd)
		return fd
	}
	if sf.Method != nil && !sf.Static {
		add(FieldReceiver, "this", structType(sf.Method))
	}
	for i, v := range sf.Params {
		name := v.Name
		if name == "" {
			name = fmt.Sprintf("arg%d", i)
		}
		if v.Type.Kind == sema.KReference {
			add(FieldInOut, name, v.Type.Elem)
		} else {
			add(FieldArg, name, v.Type)
		}
	}
	if rt := sf.Result; rt != nil && rt.Kind != sema.KVoid {
		add(FieldResult, "result", rt.Unqualified())
	}
	lay.RecordSize = alignUp(max(off, 1), lay.Align)

	name := "__call_" + p.irName(sf)
	kinds := []ir.Kind{ir.U64}
	for range p.numGlobalParams() {
		kinds = append(kinds, ir.U64)
	}
	b := ir.NewFunction(p.out, name, kinds, nil)
	b.Fn.Kernel = true
	b.Fn.Pos = sf.Pos()
	b.Pos = sf.Pos()
	p.builders = append(p.builders, b)
	f := p.newFn(b, sf, sf.Info)
	f.kernel = true
	if n := p.numGlobalParams(); n > 0 {
		g := make([]ir.Reg, n)
		for k := range g {
			g[k] = b.Param(1 + k)
		}
		f.bindGlobals(g)
	}
	gid := b.Conv(ir.U64, ir.U32, b.Builtin(ir.ThreadPositionInGrid))
	base := b.Binary(ir.OpAdd, ir.U64, b.Param(0), b.Binary(ir.OpMul, ir.U64, gid, b.ConstU64(uint64(lay.RecordSize))))
	field := func(fd WrapperField) *lvalue {
		return &lvalue{t: fd.Type, mem: true, addr: f.addOff(base, fd.Offset), space: ir.Device}
	}
	var recv *lvalue
	var lvs []*lvalue
	var result *WrapperField
	for i := range lay.Fields {
		fd := lay.Fields[i]
		switch fd.Kind {
		case FieldReceiver:
			recv = field(fd)
		case FieldArg, FieldInOut:
			lvs = append(lvs, field(fd))
		case FieldResult:
			result = &lay.Fields[i]
		}
	}
	r := f.callWith(sf, recv, nil, nil, lvs, sf.Pos())
	if result != nil && r != nil {
		f.store(field(*result), f.convert(f.load(r), result.Type, sf.Pos()))
	}
	b.Return()
	if err := b.Finish(); err != nil {
		p.errorf(sf.Pos(), "%v", err)
	}
	p.drain()
	res = &Result{Program: p.out, Entry: name, Wrapper: lay,
		Bindings: []Binding{{Kind: BindWrapperArgs, Param: 0, Index: 0, ArgName: "args", Space: ir.Device}}}
	p.globalBindingDescs(res, 1)
	res.FunctionIDs = p.functionIDs()
	res.IntersectionFunctionIDs = p.intersectionIDs()
	if err := p.finish(opts); err != nil {
		return nil, err
	}
	return res, nil
}
