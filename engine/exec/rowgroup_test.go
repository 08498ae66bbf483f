package exec_test

import (
	"context"
	"errors"
	"fmt"
	"math"
	"testing"

	"github.com/ingot-render/ingot/engine/exec"
	"github.com/ingot-render/ingot/engine/exec/refexec"
	"github.com/ingot-render/ingot/shaders/ir"
)

// rowBlock is the threadgroup size of the row kernels: threadgroup g is a
// block of rowBlock lane-major records.
const rowBlock = 64

// rowShape describes a row-copy kernel: n rows per record, the row k at
// byte offset offs[k] of the block's rows (a lane-major record's word k at
// (k·rowBlock + r)·4), rows 4 bytes per lane.
type rowShape struct {
	n      int
	offs   []uint64 // row offsets in bytes, increasing
	block  uint64   // bytes per block (offs[n-1] + 4·rowBlock at least)
	split  bool     // each row loaded, computed and stored in turn (no grouping)
	masked bool     // only lanes with r%3 != 1 read and write the rows
	kinds  []ir.Kind
}

// buildRowCopy: for the record r of block g, out[k] = in[k] * (k+1)
// (floats) or in[k] + k + 1 (integers), in and out lane-major with the
// shape's rows, addressed as the lowering addresses lane-major stage
// records: (base + g·block) + r·4 + offs[k].
func buildRowCopy(s rowShape) *ir.Program {
	p := ir.NewProgram(nil)
	b := fb{ir.NewFunction(p, "rows", []ir.Kind{ir.U64, ir.U64}, nil)}
	b.Fn.Kernel = true
	u64 := func(id ir.BuiltinID) ir.Reg { return b.Conv(ir.U64, ir.U32, b.Builtin(id)) }
	blk := b.Binary(ir.OpMul, ir.U64, u64(ir.ThreadgroupPositionInGrid), b.ConstU64(s.block))
	r := b.Binary(ir.OpMul, ir.U64, u64(ir.ThreadPositionInThreadgroup), b.ConstU64(4))
	in := b.Binary(ir.OpAdd, ir.U64, b.Binary(ir.OpAdd, ir.U64, b.Param(0), blk), r)
	out := b.Binary(ir.OpAdd, ir.U64, b.Binary(ir.OpAdd, ir.U64, b.Param(1), blk), r)
	at := func(base ir.Reg, k int) ir.Reg {
		if s.offs[k] == 0 {
			return base
		}
		return b.Binary(ir.OpAdd, ir.U64, base, b.ConstU64(s.offs[k]))
	}
	kind := func(k int) ir.Kind {
		if s.kinds != nil {
			return s.kinds[k]
		}
		return ir.F32
	}
	op := func(k int, v ir.Reg) ir.Reg {
		if kind(k) == ir.F32 {
			return b.mul(v, b.f(float32(k+1)))
		}
		return b.Binary(ir.OpAdd, ir.U32, v, b.u(uint32(k+1)))
	}
	body := func() {
		v := make([]ir.Reg, s.n)
		if s.split {
			// Each row loaded, computed and stored before the next: no
			// two accesses adjacent, in the same order of rows.
			for k := range s.n {
				v[k] = op(k, b.Load(ir.Device, kind(k), at(in, k), 4))
				b.Store(ir.Device, kind(k), at(out, k), v[k], 4)
			}
			return
		}
		for k := range s.n {
			v[k] = b.Load(ir.Device, kind(k), at(in, k), 4)
		}
		for k := range s.n {
			v[k] = op(k, v[k])
		}
		for k := range s.n {
			b.Store(ir.Device, kind(k), at(out, k), v[k], 4)
		}
	}
	if s.masked {
		lid := b.Builtin(ir.ThreadPositionInThreadgroup)
		b.If(b.Binary(ir.OpNe, ir.U32, b.Binary(ir.OpRem, ir.U32, lid, b.u(3)), b.u(1)))
		body()
		b.EndIf()
	} else {
		body()
	}
	must(b.Finish())
	return p
}

// rowShapes are the shapes the tests run: float4 and float3 members,
// several members in one run of rows, a gap, mixed float and integer
// rows, masked lanes.
func rowShapes() []rowShape {
	lm := func(words ...int) []uint64 {
		o := make([]uint64, len(words))
		for i, k := range words {
			o[i] = uint64(k) * 4 * rowBlock
		}
		return o
	}
	return []rowShape{
		{n: 4, offs: lm(0, 1, 2, 3), block: 4 * 4 * rowBlock},
		{n: 3, offs: lm(1, 2, 3), block: 5 * 4 * rowBlock},
		{n: 8, offs: lm(0, 1, 2, 3, 4, 5, 6, 7), block: 9 * 4 * rowBlock},
		{n: 5, offs: lm(0, 1, 2, 4, 5), block: 6 * 4 * rowBlock}, // a padding word
		{n: 4, offs: lm(0, 1, 2, 3), block: 4 * 4 * rowBlock, kinds: []ir.Kind{ir.F32, ir.U32, ir.U32, ir.F32}},
		{n: 4, offs: lm(0, 1, 2, 3), block: 4 * 4 * rowBlock, masked: true},
		{n: 3, offs: []uint64{0, 300, 604}, block: 904}, // rows not a block apart
	}
}

func (s rowShape) name() string {
	return fmt.Sprintf("n%d_offs%v_masked%v_mixed%v", s.n, s.offs, s.masked, s.kinds != nil)
}

// rowInput returns the input rows of blocks blocks.
func rowInput(s rowShape, blocks int) []byte {
	in := make([]uint32, int(s.block/4)*blocks)
	for i := range in {
		in[i] = uint32(i)*2654435761 ^ 0x3f800000
	}
	return u32bytes(in)
}

// TestRowGroups checks grouped row loads and stores against refexec and
// against the same kernel with the accesses kept apart (no grouping):
// whole blocks, a partial last block, masked lanes; the same results and
// the same traffic.
func TestRowGroups(t *testing.T) {
	for _, s := range rowShapes() {
		for _, threads := range []uint32{256, 200, 1} {
			grid := exec.ThreadsGrid([3]uint32{threads, 1, 1}, [3]uint32{rowBlock, 1, 1})
			blocks := int((threads + rowBlock - 1) / rowBlock)
			bufs := func() []exec.Buffer {
				return []exec.Buffer{{Addr: 0x1000, Data: rowInput(s, blocks)}, {Addr: 0x100000, Data: make([]byte, int(s.block)*blocks)}}
			}
			t.Run(fmt.Sprintf("%s_threads%d", s.name(), threads), func(t *testing.T) {
				ctx := context.Background()
				ref := bufs()
				if err := refexec.Run(ctx, buildRowCopy(s), "rows", exec.Dispatch{Grid: grid, Args: addrArgs(ref), Memory: mustMem(t, ref)}, refexec.Options{}); err != nil {
					t.Fatalf("refexec: %v", err)
				}
				split := s
				split.split = true
				for _, width := range []int{32, 64} {
					var traffic [2][2]int64
					for v, sh := range []rowShape{s, split} {
						pl, err := exec.Compile(buildRowCopy(sh), "rows", exec.Options{Width: width, Workers: 1})
						if err != nil {
							t.Fatal(err)
						}
						if g := exec.UsesRowGroup(pl); g != !sh.split {
							t.Fatalf("W=%d split=%v: row group %v", width, sh.split, g)
						}
						got := bufs()
						var tr exec.Traffic
						if err := pl.Run(ctx, exec.Dispatch{Grid: grid, Args: addrArgs(got), Memory: mustMem(t, got), Traffic: &tr}); err != nil {
							t.Fatalf("W=%d split=%v: %v", width, sh.split, err)
						}
						traffic[v][0], traffic[v][1] = tr.Bytes()
						if string(got[1].Data) != string(ref[1].Data) {
							t.Fatalf("W=%d split=%v: differs from refexec: %s", width, sh.split, firstDiff(got[1].Data, ref[1].Data))
						}
					}
					if traffic[0] != traffic[1] {
						t.Errorf("W=%d: traffic %v grouped, %v apart", width, traffic[0], traffic[1])
					}
				}
				// Native Go.
				in, out := bytesU32(ref[0].Data), bytesU32(ref[1].Data)
				for i := range threads {
					g, r := i/rowBlock, i%rowBlock
					for k := range s.n {
						w := (uint64(g)*s.block + s.offs[k] + 4*uint64(r)) / 4
						want := in[w]
						switch {
						case s.masked && r%3 == 1:
							want = 0
						case s.kinds == nil || s.kinds[k] == ir.F32:
							want = math.Float32bits(math.Float32frombits(want) * float32(k+1))
						default:
							want += uint32(k + 1)
						}
						if out[w] != want {
							t.Fatalf("thread %d row %d: %#x, want %#x", i, k, out[w], want)
						}
					}
				}
			})
		}
	}
}

// TestRowGroupFaults: grouped row loads and stores that run past their
// buffer or are misaligned fault exactly where the component accesses
// (refexec) do.
func TestRowGroupFaults(t *testing.T) {
	s := rowShapes()[0]
	const threads = 128
	grid := exec.ThreadsGrid([3]uint32{threads, 1, 1}, [3]uint32{rowBlock, 1, 1})
	size := int(s.block) * threads / rowBlock
	for _, tc := range []struct {
		name          string
		inLen, outLen int
		inOff         uint64
		seq           bool // refexec (thread after thread) faults on the same access
	}{
		{"load past the end", size - 4, size, 0, true},
		// Row 2 lacks its last lanes, row 3 all: the lanes fault in row
		// 2, refexec's first thread of the block in row 3.
		{"load rows past the end", size - 4*rowBlock - 8, size, 0, false},
		{"store past the end", size, size - 4, 0, true},
		{"misaligned", size + 8, size, 2, true},
	} {
		for _, masked := range []bool{false, true} {
			sh := s
			sh.masked = masked
			bufs := func() []exec.Buffer {
				return []exec.Buffer{{Addr: 0x1000, Data: make([]byte, tc.inLen)}, {Addr: 0x100000, Data: make([]byte, tc.outLen)}}
			}
			args := func(b []exec.Buffer) []uint64 { return []uint64{b[0].Addr + tc.inOff, b[1].Addr} }
			rb := bufs()
			refErr := refexec.Run(context.Background(), buildRowCopy(sh), "rows", exec.Dispatch{Grid: grid, Args: args(rb), Memory: mustMem(t, rb)}, refexec.Options{})
			var rf *exec.Fault
			if !errors.As(refErr, &rf) {
				t.Fatalf("%s masked=%v: refexec: %v, want a fault", tc.name, masked, refErr)
			}
			for _, w := range []int{32, 64} {
				pl, err := exec.Compile(buildRowCopy(sh), "rows", exec.Options{Width: w, Workers: 1})
				if err != nil {
					t.Fatal(err)
				}
				if !exec.UsesRowGroup(pl) {
					t.Fatalf("%s: no row group", tc.name)
				}
				split := sh
				split.split = true
				ps, err := exec.Compile(buildRowCopy(split), "rows", exec.Options{Width: w, Workers: 1})
				if err != nil {
					t.Fatal(err)
				}
				var errs [2]error
				for i, p := range []*exec.Pipeline{pl, ps} {
					b := bufs()
					errs[i] = p.Run(context.Background(), exec.Dispatch{Grid: grid, Args: args(b), Memory: mustMem(t, b)})
				}
				var f *exec.Fault
				if !errors.As(errs[0], &f) {
					t.Fatalf("%s masked=%v W=%d: %v, want a fault", tc.name, masked, w, errs[0])
				}
				if tc.seq && (f.Kind != rf.Kind || f.Thread != rf.Thread || f.Addr != rf.Addr) {
					t.Errorf("%s masked=%v W=%d: %v, refexec %v", tc.name, masked, w, errs[0], refErr)
				}
				// The same text as the component accesses give.
				if errs[1] == nil || errs[0].Error() != errs[1].Error() {
					t.Errorf("%s masked=%v W=%d: %v, apart %v", tc.name, masked, w, errs[0], errs[1])
				}
			}
		}
	}
}
