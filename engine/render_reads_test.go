package engine

import (
	"testing"

	"github.com/ingot-render/ingot/engine/raster"
	"github.com/ingot-render/ingot/shaders/ir"
)

// TestFragmentUnreadBuiltins: built-in inputs whose record bytes the
// fragment code never loads are dropped (nothing computed or copied for
// them), the ones it reads are kept, and a record pointer the analysis
// cannot follow keeps everything.
func TestFragmentUnreadBuiltins(t *testing.T) {
	const vs = `#include <metal_stdlib>
using namespace metal;
struct VOut { float4 position [[position]]; float3 n; };
vertex VOut v(uint vid [[vertex_id]]) {
    VOut o;
    o.position = float4(float(vid & 1), float(vid >> 1), 0.5, 1.0);
    o.n = float3(1.0, 0.0, float(vid));
    return o;
}
`
	cases := []struct {
		name, frag        string
		keepPos, keepFace bool
	}{
		{"unused position member", `fragment float4 f(VOut in [[stage_in]]) { return float4(in.n, 1.0); }`, false, false},
		{"position read", `fragment float4 f(VOut in [[stage_in]]) { return float4(in.n * in.position.x, 1.0); }`, true, false},
		{"position w only", `fragment float4 f(VOut in [[stage_in]]) { return float4(in.n, in.position.w); }`, true, false},
		{"front_facing unused", `fragment float4 f(VOut in [[stage_in]], bool ff [[front_facing]]) { return float4(in.n, 1.0); }`, false, false},
		{"front_facing read", `fragment float4 f(VOut in [[stage_in]], bool ff [[front_facing]]) { return float4(in.n, ff ? 1.0 : 0.5); }`, false, true},
		{"helper function", `float4 shade(VOut v) { return float4(v.n, v.position.y); }
fragment float4 f(VOut in [[stage_in]]) { return shade(in); }`, true, false},
	}
	dev, err := NewDevice(DeviceOptions{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			lib, err := dev.NewLibraryWithFile("reads.metal", []byte(vs+c.frag), CompileOptions{})
			if err != nil {
				t.Fatal(err)
			}
			vf, _ := lib.Function("v")
			ff, _ := lib.Function("f")
			desc := &RenderPipelineDescriptor{VertexFunction: vf, FragmentFunction: ff}
			desc.ColorAttachments[0] = ColorAttachment(PixelFormatRGBA8Unorm)
			p, err := dev.NewRenderPipelineState(desc)
			if err != nil {
				t.Fatal(err)
			}
			if got := p.fin.position.ok(); got != c.keepPos {
				t.Errorf("position slot kept = %v, want %v", got, c.keepPos)
			}
			if got := p.flags&raster.FlagInPosition != 0; got != c.keepPos {
				t.Errorf("FlagInPosition = %v, want %v", got, c.keepPos)
			}
			if got := p.fin.frontFacing.ok(); got != c.keepFace {
				t.Errorf("front_facing slot kept = %v, want %v", got, c.keepFace)
			}
			if p.fin.lanes != stageLanes {
				t.Errorf("fragment records in blocks of %d, want lane-major blocks of %d", p.fin.lanes, stageLanes)
			}
			rd := stageRecordReadsLanes(p.frag.pl.Program(), p.fin.record, p.fin.lanes)
			if rd.all {
				t.Fatalf("the analysis gave up on %s", c.frag)
			}
			for _, u := range p.fin.users {
				if !rd.reads(u.slot.off, u.slot.n*scalarSize(u.slot.kind)) {
					t.Errorf("the read input %q counts as unread", u.member)
				}
			}
		})
	}
}

// TestRecordReads: the analysis on hand-built stage functions of 32-byte
// records: loads at constant field offsets are exact, stores read nothing,
// and any other use of the record pointer makes every byte count as read.
func TestRecordReads(t *testing.T) {
	const size = 32
	type ptrs struct{ base, row, field, tid ir.Reg }
	cases := []struct {
		name  string
		body  func(b *ir.Builder, p ptrs)
		all   bool
		reads []int // byte offsets that count as read (when !all)
	}{
		{"field load", func(b *ir.Builder, p ptrs) { b.Load(ir.Device, ir.F32, p.field, 4) }, false, []int{8, 9, 10, 11}},
		{"row load", func(b *ir.Builder, p ptrs) { b.Load(ir.Device, ir.U64, p.row, 8) }, false, []int{0, 1, 2, 3, 4, 5, 6, 7}},
		{"store only", func(b *ir.Builder, p ptrs) { b.Store(ir.Device, ir.F32, p.field, b.ConstF32(1), 4) }, false, nil},
		{"lane offset", func(b *ir.Builder, p ptrs) {
			b.Load(ir.Device, ir.F32, b.Binary(ir.OpAdd, ir.U64, p.row, b.Conv(ir.U64, ir.U32, p.tid)), 4)
		}, true, nil},
		{"pointer stored", func(b *ir.Builder, p ptrs) { b.Store(ir.Device, ir.U64, p.field, p.row, 8) }, true, nil},
		{"other stride", func(b *ir.Builder, p ptrs) {
			r := b.Binary(ir.OpAdd, ir.U64, p.base, b.Binary(ir.OpMul, ir.U64, b.Conv(ir.U64, ir.U32, p.tid), b.ConstU64(16)))
			b.Load(ir.Device, ir.F32, r, 4)
		}, true, nil},
		{"offset past the record", func(b *ir.Builder, p ptrs) {
			b.Load(ir.Device, ir.F32, b.Binary(ir.OpAdd, ir.U64, p.row, b.ConstU64(size)), 4)
		}, true, nil},
		{"field of a field", func(b *ir.Builder, p ptrs) {
			b.Load(ir.Device, ir.F32, b.Binary(ir.OpAdd, ir.U64, p.field, b.ConstU64(4)), 4)
		}, true, nil},
		{"variable", func(b *ir.Builder, p ptrs) {
			v := b.Var(ir.U64, "v")
			b.Set(v, p.row)
		}, true, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			prog := &ir.Program{}
			b := ir.NewFunction(prog, "f", []ir.Kind{ir.U64}, nil)
			b.Fn.Kernel = true
			var p ptrs
			p.base = b.Param(0)
			p.tid = b.Builtin(ir.ThreadPositionInGrid)
			p.row = b.Binary(ir.OpAdd, ir.U64, p.base, b.Binary(ir.OpMul, ir.U64, b.Conv(ir.U64, ir.U32, p.tid), b.ConstU64(size)))
			p.field = b.Binary(ir.OpAdd, ir.U64, p.row, b.ConstU64(8))
			c.body(b, p)
			b.Return()
			if err := b.Finish(); err != nil {
				t.Fatal(err)
			}
			rd := stageRecordReads(prog, size)
			if rd.all != c.all {
				t.Fatalf("all = %v, want %v", rd.all, c.all)
			}
			if c.all {
				return
			}
			want := map[int]bool{}
			for _, o := range c.reads {
				want[o] = true
			}
			for o := range size {
				if rd.reads(o, 1) != want[o] {
					t.Errorf("byte %d: read = %v", o, rd.reads(o, 1))
				}
			}
			if !rd.reads(size, 1) || !rd.reads(-1, 1) {
				t.Errorf("bytes outside the record must count as read")
			}
		})
	}
}
