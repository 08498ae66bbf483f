package lower

import (
	"errors"
	"fmt"

	"github.com/ingot-render/ingot/shaders/ir"
	"github.com/ingot-render/ingot/shaders/sema"
)

// field returns the record field called name, or nil.
func (l *WrapperLayout) field(name string) *WrapperField {
	if l == nil {
		return nil
	}
	for i := range l.Fields {
		if l.Fields[i].Name == name {
			return &l.Fields[i]
		}
	}
	return nil
}

// Field returns the record field called name, or nil.
func (l *WrapperLayout) Field(name string) *WrapperField { return l.field(name) }

// Stage lowers a vertex or fragment function into a kernel-shaped IR
// function the engine dispatches with one thread per vertex or fragment
// (fragments in 2×2 quads: lane 4k+q holds pixel (x0 + q&1, y0 + q>>1) of
// a quad, so that dfdx/dfdy are lane differences; helper lanes included).
//
// Resource arguments are bound as for kernels (Result.Bindings); one more
// U64 parameter, the last, of kind BindStageIO, points at an array of
// records described by Result.Wrapper, record i belonging to thread x = i
// of the one-dimensional grid the function runs on (a kernel's [[stage_in]]
// uses the same records, record x + width·(y + height·z) for thread (x, y,
// z)). A record holds, in order:
//
//   - one FieldArg per stage input: built-in inputs ([[vertex_id]],
//     [[instance_id]], [[position]], [[front_facing]], [[sample_id]], ...)
//     named after the MSL argument, the [[stage_in]] struct (MSL layout,
//     member offsets from sema.Layout; the engine performs vertex fetch and
//     interpolation), and [[color(n)]] inputs;
//   - FieldResult "result": the function's return value (absent for void);
//   - for fragment functions a FieldResult "alive" (uint) that the
//     function sets to 1 when it returns; a discarded fragment leaves it
//     as the engine initialized it (0).
//
// The engine writes the inputs before the dispatch and reads the outputs
// after it. With opts.StageLanes the records are lane-major when their
// values allow it (WrapperLayout.Lanes).
func Stage(prog *sema.Program, fn *sema.Function, opts Options) (res *Result, err error) {
	if prog == nil || fn == nil || fn.Func == nil {
		return nil, errors.New("lower: nil program or function")
	}
	defer guard(&err)
	p := newProgram(prog)
	p.opts = opts
	if fn.Kind != sema.FuncVertex && fn.Kind != sema.FuncFragment {
		p.errorf(fn.Pos, "Stage lowers vertex and fragment functions, not %s functions", fn.Kind)
	}
	if opts.StageLanes < 0 {
		return nil, fmt.Errorf("lower: Options.StageLanes is %d, want 0 or more", opts.StageLanes)
	}
	lay := stageLayout(p, fn)
	if opts.StageLanes > 0 && laneMajorFits(lay) {
		lay.Lanes = opts.StageLanes
		lay.RecordSize = alignUp(lay.RecordSize, 4)
	}
	res = &Result{Program: p.out, Entry: fn.HostName, Wrapper: lay}
	f := p.lowerEntryIO(fn, res, lay)
	p.drain()
	res.ThreadgroupMemory = f.ThreadgroupMemory
	res.FunctionIDs = p.functionIDs()
	res.IntersectionFunctionIDs = p.intersectionIDs()
	if err := p.finish(opts); err != nil {
		return nil, err
	}
	return res, nil
}

// stageLayout lays out the stage input/output record of fn.
func stageLayout(p *program, fn *sema.Function) *WrapperLayout {
	lay := &WrapperLayout{Align: 1}
	off := 0
	add := func(k WrapperFieldKind, name string, t *sema.Type) {
		size, align, _ := sema.Layout(t)
		if _, ok := flatten(t); !ok || size == 0 {
			p.errorf(fn.Pos, "stage value '%s' of type '%s' is not supported", name, t)
		}
		off = alignUp(off, align)
		lay.Fields = append(lay.Fields, WrapperField{Kind: k, Name: name, Type: t, Offset: off, Size: size})
		off += size
		lay.Align = max(lay.Align, align)
	}
	for _, prm := range fn.Params {
		switch prm.Bind {
		case sema.BindBuiltin:
			if _, ok := kernelBuiltins[prm.Builtin]; ok {
				continue
			}
		case sema.BindStageIn, sema.BindColor, sema.BindImageblockData:
		default:
			continue
		}
		add(FieldArg, prm.Name, prm.Type.Unqualified())
		fd := &lay.Fields[len(lay.Fields)-1]
		fd.Bind, fd.Builtin, fd.Index = prm.Bind, prm.Builtin, prm.Index
	}
	if rt := fn.Result; rt != nil && rt.Kind != sema.KVoid {
		add(FieldResult, "result", rt)
	}
	if fn.Kind == sema.FuncFragment {
		add(FieldResult, "alive", sema.UInt)
	}
	lay.RecordSize = alignUp(max(off, 1), lay.Align)
	return lay
}

// laneMajorFits reports whether every scalar of lay's fields lies inside
// one 4-byte word of the record, as the lane-major layout needs: no
// 64-bit scalars and no pixel storage types (whose packed components the
// loads read as one value).
func laneMajorFits(lay *WrapperLayout) bool {
	for _, fd := range lay.Fields {
		cs, ok := flatten(fd.Type)
		if !ok {
			return false
		}
		for _, c := range cs {
			n, o := c.kind.Size(), fd.Offset+c.off
			if c.pix != nil || n < 1 || n > 4 || o%4+n > 4 {
				return false
			}
		}
	}
	return true
}

// ioField returns the lvalue of record field fd of the invocation's
// record (record-major layouts), or nil for lane-major ones, which
// ioLoad and ioStore address scalar by scalar.
func (f *fn) ioField(fd *WrapperField) *lvalue {
	if f.io.Lanes > 0 {
		return nil
	}
	return &lvalue{t: fd.Type, mem: true, addr: f.addOff(f.ioBase, fd.Offset), space: ir.Device}
}

// ioLoad reads record field fd of the invocation's record.
func (f *fn) ioLoad(fd *WrapperField) value {
	if lv := f.ioField(fd); lv != nil {
		return f.load(lv)
	}
	cs, _ := flatten(fd.Type) // laneMajorFits has checked the fields
	regs := make([]ir.Reg, len(cs))
	for i, c := range cs {
		a := f.addOff(f.ioBase, laneOffset(fd.Offset+c.off, f.io.Lanes))
		regs[i] = f.b.Load(ir.Device, c.kind, a, uint32(c.kind.Size()))
	}
	return value{t: fd.Type, regs: regs}
}

// ioStore writes v (of fd's type) to record field fd of the invocation's
// record.
func (f *fn) ioStore(fd *WrapperField, v value) {
	if lv := f.ioField(fd); lv != nil {
		f.store(lv, v)
		return
	}
	cs, _ := flatten(fd.Type)
	if len(cs) != len(v.regs) {
		f.errorf(f.b.Pos, "cannot store a value of type '%s'", fd.Type)
	}
	for i, c := range cs {
		a := f.addOff(f.ioBase, laneOffset(fd.Offset+c.off, f.io.Lanes))
		f.b.Store(ir.Device, c.kind, a, v.regs[i], uint32(c.kind.Size()))
	}
}
