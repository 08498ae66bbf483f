package exec_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/ingot-render/ingot/engine/exec"
	"github.com/ingot-render/ingot/engine/exec/refexec"
	"github.com/ingot-render/ingot/shaders/ir"
)

// buildVecCopy: out[4*i+k] = in[idx(i)].k * (k+1) for the n components of
// a vector of stride bytes (a scalarized float4/float3 load, which the
// compiler merges into one grouped load). idx(i) is i, i^xor, or an int
// index when signed.
func buildVecCopy(n int, stride uint64, xor uint32, signed bool) *ir.Program {
	p := ir.NewProgram(nil)
	b := fb{ir.NewFunction(p, "vcopy", []ir.Kind{ir.U64, ir.U64}, nil)}
	b.Fn.Kernel = true
	gid := b.Builtin(ir.ThreadPositionInGrid)
	idx := gid
	if xor != 0 {
		idx = b.Binary(ir.OpXor, ir.U32, gid, b.u(xor))
	}
	var base ir.Reg
	if signed {
		si := b.Bitcast(ir.I32, ir.U32, idx)
		off := b.Binary(ir.OpMul, ir.U64, b.Conv(ir.U64, ir.I32, si), b.ConstU64(stride))
		base = b.Binary(ir.OpAdd, ir.U64, b.Param(0), off)
	} else {
		base = elemAddr(b.Builder, b.Param(0), idx, stride)
	}
	var v []ir.Reg
	for k := 0; k < n; k++ {
		a := base
		if k > 0 {
			a = b.Binary(ir.OpAdd, ir.U64, base, b.ConstU64(uint64(4*k)))
		}
		v = append(v, b.Load(ir.Device, ir.F32, a, 4))
	}
	out := elemAddr(b.Builder, b.Param(1), gid, 16)
	for k := range v {
		a := out
		if k > 0 {
			a = b.Binary(ir.OpAdd, ir.U64, out, b.ConstU64(uint64(4*k)))
		}
		b.Store(ir.Device, ir.F32, a, b.mul(v[k], b.f(float32(k+1))), 4)
	}
	must(b.Finish())
	return p
}

// TestGroupedLoads checks grouped component loads against refexec and
// native Go: fast path, partial batches, non-consecutive and signed
// indices, 2 to 4 components, padded and packed strides.
func TestGroupedLoads(t *testing.T) {
	var cases []kcase
	for _, tc := range []struct {
		n       int
		stride  uint64
		threads uint32
		xor     uint32
		signed  bool
	}{
		{4, 16, 256, 0, false},
		{4, 16, 200, 0, false}, // partial last batch
		{4, 16, 256, 1, false}, // not consecutive
		{4, 16, 256, 0, true},
		{3, 12, 256, 0, false}, // packed float3
		{3, 16, 130, 0, false}, // float3 in a float4 slot
		{2, 8, 256, 0, false},
		{2, 24, 256, 0, false},
	} {
		tc := tc
		cases = append(cases, kcase{
			name:  fmt.Sprintf("n%d_stride%d_threads%d_xor%d_signed%v", tc.n, tc.stride, tc.threads, tc.xor, tc.signed),
			prog:  func() *ir.Program { return buildVecCopy(tc.n, tc.stride, tc.xor, tc.signed) },
			entry: "vcopy",
			grid:  exec.ThreadsGrid([3]uint32{tc.threads, 1, 1}, [3]uint32{64, 1, 1}),
			bufs: func() []exec.Buffer {
				in := make([]float32, int(tc.stride/4)*int(tc.threads+1))
				for i := range in {
					in[i] = float32(i)*0.5 + 1
				}
				return []exec.Buffer{{Addr: 0x1000, Data: f32bytes(in)}, {Addr: 0x100000, Data: make([]byte, 16*tc.threads)}}
			},
			args: addrArgs,
			check: func(t *testing.T, b []exec.Buffer) {
				in, got := bytesF32(b[0].Data), bytesF32(b[1].Data)
				for i := uint32(0); i < tc.threads; i++ {
					j := i ^ tc.xor
					for k := 0; k < tc.n; k++ {
						want := in[int(j)*int(tc.stride/4)+k] * float32(k+1)
						if g := got[4*i+uint32(k)]; g != want {
							t.Fatalf("thread %d component %d: %v, want %v", i, k, g, want)
						}
					}
				}
			},
		})
	}
	runCases(t, cases)
	for _, n := range []int{2, 3, 4} {
		pl, err := exec.Compile(buildVecCopy(n, 16, 0, false), "vcopy", exec.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if !exec.UsesGroupedLoad(pl) {
			t.Errorf("n=%d: the component loads were not grouped", n)
		}
	}
}

// TestGroupedLoadFault: a grouped load whose last component runs past the
// buffer faults exactly where the component loads would, with consecutive
// and with scattered indices (the per-lane gather path).
func TestGroupedLoadFault(t *testing.T) {
	const threads = 128
	for _, xor := range []uint32{0, 1} {
		groupedLoadFault(t, threads, xor)
	}
}

func groupedLoadFault(t *testing.T, threads int, xor uint32) {
	for _, n := range []int{2, 3, 4} {
		// The buffer lacks the last component of the last thread's vector.
		in := make([]byte, 16*threads-4*(4-n)-4)
		bufs := func() []exec.Buffer {
			return []exec.Buffer{{Addr: 0x1000, Data: append([]byte(nil), in...)}, {Addr: 0x100000, Data: make([]byte, 16*threads)}}
		}
		grid := exec.ThreadsGrid([3]uint32{uint32(threads), 1, 1}, [3]uint32{64, 1, 1})
		rb := bufs()
		refErr := refexec.Run(context.Background(), buildVecCopy(n, 16, xor, false), "vcopy", exec.Dispatch{Grid: grid, Args: addrArgs(rb), Memory: mustMem(t, rb)}, refexec.Options{})
		var rf *exec.Fault
		if !errors.As(refErr, &rf) {
			t.Fatalf("n=%d: refexec: %v, want a fault", n, refErr)
		}
		for _, w := range []int{32, 64} {
			pl, err := exec.Compile(buildVecCopy(n, 16, xor, false), "vcopy", exec.Options{Width: w, Workers: 1})
			if err != nil {
				t.Fatal(err)
			}
			b := bufs()
			err = pl.Run(context.Background(), exec.Dispatch{Grid: grid, Args: addrArgs(b), Memory: mustMem(t, b)})
			var f *exec.Fault
			if !errors.As(err, &f) {
				t.Fatalf("n=%d xor=%d W=%d: %v, want a fault", n, xor, w, err)
			}
			if f.Kind != rf.Kind || f.Thread != rf.Thread || f.Addr != rf.Addr {
				t.Errorf("n=%d xor=%d W=%d: fault %v at %v addr %#x, refexec %v at %v addr %#x", n, xor, w, f.Kind, f.Thread, f.Addr, rf.Kind, rf.Thread, rf.Addr)
			}
		}
	}
}
