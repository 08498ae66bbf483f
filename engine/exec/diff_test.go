package exec_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"math"
	"testing"

	"github.com/ingot-render/ingot/engine/exec"
	"github.com/ingot-render/ingot/engine/exec/refexec"
	"github.com/ingot-render/ingot/shaders/ir"
)

// kcase is one kernel run on refexec, on exec with every width and worker
// count, and checked against native Go.
type kcase struct {
	name   string
	prog   func() *ir.Program
	entry  string
	grid   exec.Grid
	bufs   func() []exec.Buffer // fresh input buffers
	args   func(b []exec.Buffer) []uint64
	check  func(t *testing.T, b []exec.Buffer) // against native Go
	tgMem  uint32
	approx bool // compare float32 results with a tolerance
}

func u32bytes(v []uint32) []byte {
	b := make([]byte, 4*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint32(b[4*i:], x)
	}
	return b
}

func bytesU32(b []byte) []uint32 {
	v := make([]uint32, len(b)/4)
	for i := range v {
		v[i] = binary.LittleEndian.Uint32(b[4*i:])
	}
	return v
}

func addrArgs(b []exec.Buffer) []uint64 {
	a := make([]uint64, len(b))
	for i := range b {
		a[i] = b[i].Addr
	}
	return a
}

func outBuf(n int) func() []exec.Buffer {
	return func() []exec.Buffer { return []exec.Buffer{{Addr: 1 << 20, Data: make([]byte, 4*n), Name: "out"}} }
}

func perThread(n int, f func(i uint32) uint32) func(*testing.T, []exec.Buffer) {
	return func(t *testing.T, b []exec.Buffer) {
		got := bytesU32(b[len(b)-1].Data)
		for i := range n {
			if w := f(uint32(i)); got[i] != w {
				t.Fatalf("out[%d] = %d, want %d", i, got[i], w)
			}
		}
	}
}

func mustMem(t testing.TB, b []exec.Buffer) *exec.Memory {
	m, err := exec.NewMemory(b...)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func kernelCases() []kcase {
	const n = 1000
	grid1 := exec.ThreadsGrid([3]uint32{n, 1, 1}, [3]uint32{128, 1, 1})
	mw, mh := uint32(96), uint32(40)
	const x0, y0, dx, dy = -2.2, -1.2, 3.2 / 96, 2.4 / 40
	bpN := 777
	return []kcase{
		{name: "saxpy", prog: buildSaxpy, entry: "saxpy", grid: grid1,
			bufs: func() []exec.Buffer {
				x, y := make([]float32, n), make([]float32, n)
				for i := range x {
					x[i], y[i] = float32(i)*0.5, float32(n-i)
				}
				return []exec.Buffer{{Addr: 0x1000, Data: f32bytes(x)}, {Addr: 0x100000, Data: f32bytes(y)}}
			},
			args: func(b []exec.Buffer) []uint64 { return []uint64{ir.F32Value(1.5), b[0].Addr, b[1].Addr} },
			check: func(t *testing.T, b []exec.Buffer) {
				y := bytesF32(b[1].Data)
				for i := range y {
					if w := 1.5*(float32(i)*0.5) + float32(n-i); y[i] != w {
						t.Fatalf("y[%d] = %v, want %v", i, y[i], w)
					}
				}
			}},
		{name: "blinn_phong", prog: buildBlinnPhong, entry: "blinn_phong",
			grid: exec.ThreadsGrid([3]uint32{uint32(bpN), 1, 1}, [3]uint32{64, 1, 1}),
			bufs: func() []exec.Buffer {
				pos, nrm := bpInputs(bpN)
				return []exec.Buffer{{Addr: 0x1000, Data: f32bytes(pos)}, {Addr: 0x100000, Data: f32bytes(nrm)}, {Addr: 0x200000, Data: make([]byte, 16*bpN)}}
			},
			args: addrArgs,
			check: func(t *testing.T, b []exec.Buffer) {
				pos, nrm := bytesF32(b[0].Data), bytesF32(b[1].Data)
				want := make([]float32, 4*bpN)
				blinnPhongNative(want, pos, nrm)
				got := bytesF32(b[2].Data)
				for i := range got {
					if got[i] != want[i] {
						t.Fatalf("out[%d] = %v, want %v", i, got[i], want[i])
					}
				}
			}},
		{name: "mandelbrot", prog: func() *ir.Program { return buildMandelbrot(mw, x0, y0, dx, dy, 64) }, entry: "mandelbrot",
			grid: exec.ThreadsGrid([3]uint32{mw, mh, 1}, [3]uint32{16, 8, 1}),
			bufs: outBuf(int(mw * mh)), args: addrArgs,
			check: func(t *testing.T, b []exec.Buffer) {
				want := make([]uint32, mw*mh)
				mandelNative(want, mw, mh, x0, y0, dx, dy, 64)
				got := bytesU32(b[0].Data)
				for i := range want {
					if got[i] != want[i] {
						t.Fatalf("pixel %d: %d, want %d", i, got[i], want[i])
					}
				}
			}},
		{name: "reduction", prog: buildReduction, entry: "reduce",
			grid: exec.ThreadgroupsGrid([3]uint32{6, 1, 1}, [3]uint32{reduceTG, 1, 1}),
			bufs: func() []exec.Buffer {
				in := make([]float32, 6*4*reduceTG)
				for i := range in {
					in[i] = float32(i%97) * 0.25
				}
				return []exec.Buffer{{Addr: 0x1000, Data: f32bytes(in)}, {Addr: 0x100000, Data: make([]byte, 6*4)}}
			},
			args: addrArgs,
			check: func(t *testing.T, b []exec.Buffer) {
				want := make([]float32, 6)
				reduceNative(want, bytesF32(b[0].Data))
				got := bytesF32(b[1].Data)
				for i := range want {
					if got[i] != want[i] {
						t.Fatalf("group %d: %v, want %v", i, got[i], want[i])
					}
				}
			}},
		{name: "reduction1024", prog: buildReduction1024, entry: "reduce",
			grid: exec.ThreadgroupsGrid([3]uint32{6, 1, 1}, [3]uint32{1024, 1, 1}),
			bufs: func() []exec.Buffer {
				in := make([]float32, 6*1024)
				for i := range in {
					in[i] = float32(i%97) * 0.25
				}
				return []exec.Buffer{{Addr: 0x1000, Data: f32bytes(in)}, {Addr: 0x100000, Data: make([]byte, 6*4)}}
			},
			args: addrArgs,
			check: func(t *testing.T, b []exec.Buffer) {
				want := make([]float32, 6)
				reduce1024Native(want, bytesF32(b[0].Data), 1024)
				got := bytesF32(b[1].Data)
				for i := range want {
					if got[i] != want[i] {
						t.Fatalf("group %d: %v, want %v", i, got[i], want[i])
					}
				}
			}},
		{name: "fib", prog: buildFib, entry: "fibk", grid: exec.ThreadsGrid([3]uint32{100, 1, 1}, [3]uint32{64, 1, 1}),
			bufs: outBuf(100), args: addrArgs, check: perThread(100, func(i uint32) uint32 { return fibNative(i % 16) })},
		{name: "switch", prog: buildSwitch, entry: "sw", grid: grid1, bufs: outBuf(n), args: addrArgs, check: perThread(n, switchNative)},
		{name: "early_return", prog: buildEarlyReturn, entry: "early", grid: grid1, bufs: outBuf(n), args: addrArgs,
			check: perThread(n, func(i uint32) uint32 {
				switch {
				case i%3 == 0:
					return 1
				case i%5 == 0:
					return 0
				}
				return 2
			})},
		{name: "nested", prog: buildNested, entry: "nested", grid: grid1, bufs: outBuf(n), args: addrArgs, check: perThread(n, nestedNative)},
	}
}

func cloneBufs(b []exec.Buffer) []exec.Buffer {
	c := make([]exec.Buffer, len(b))
	for i := range b {
		c[i] = b[i]
		c[i].Data = bytes.Clone(b[i].Data)
	}
	return c
}

// TestKernels runs every kernel on refexec and on exec (widths 32 and 64,
// 1 and 2 workers), requires identical memory, and checks native Go.
func TestKernels(t *testing.T) { runCases(t, kernelCases()) }

func runCases(t *testing.T, cases []kcase) {
	for _, kc := range cases {
		t.Run(kc.name, func(t *testing.T) {
			init := kc.bufs()
			ref := cloneBufs(init)
			ctx := context.Background()
			err := refexec.Run(ctx, kc.prog(), kc.entry, exec.Dispatch{Grid: kc.grid, Args: kc.args(ref), Memory: mustMem(t, ref), ThreadgroupMemory: kc.tgMem},
				refexec.Options{Intrinsics: refMath})
			if err != nil {
				t.Fatalf("refexec: %v", err)
			}
			kc.check(t, ref)
			for _, width := range []int{32, 64} {
				for _, workers := range []int{1, 2} {
					got := cloneBufs(init)
					pl, err := exec.Compile(kc.prog(), kc.entry, exec.Options{Width: width, Workers: workers, Intrinsics: mathIntrinsics})
					if err != nil {
						t.Fatal(err)
					}
					err = pl.Run(ctx, exec.Dispatch{Grid: kc.grid, Args: kc.args(got), Memory: mustMem(t, got), ThreadgroupMemory: kc.tgMem})
					if err != nil {
						t.Fatalf("exec W=%d workers=%d: %v", width, workers, err)
					}
					for i := range got {
						if !bytes.Equal(got[i].Data, ref[i].Data) {
							t.Fatalf("exec W=%d workers=%d: buffer %d differs from refexec: %s", width, workers, i, firstDiff(got[i].Data, ref[i].Data))
						}
					}
				}
			}
		})
	}
}

func firstDiff(a, b []byte) string {
	for i := 0; i+4 <= len(a); i += 4 {
		x, y := binary.LittleEndian.Uint32(a[i:]), binary.LittleEndian.Uint32(b[i:])
		if x != y {
			return fmt.Sprintf("word %d: %#x (%v) vs %#x (%v)", i/4, x, math.Float32frombits(x), y, math.Float32frombits(y))
		}
	}
	return "?"
}

func bpInputs(n int) (pos, nrm []float32) {
	pos, nrm = make([]float32, 4*n), make([]float32, 4*n)
	for i := range n {
		t := float32(i) * 0.01
		pos[4*i], pos[4*i+1], pos[4*i+2] = float32(math.Sin(float64(t)))*2, float32(math.Cos(float64(t*1.3))), t*0.1
		nrm[4*i], nrm[4*i+1], nrm[4*i+2] = float32(math.Cos(float64(t*0.7))), float32(math.Sin(float64(t*2.1))), 1
	}
	return pos, nrm
}

func norm3(x, y, z float32) (float32, float32, float32) {
	inv := 1 / float32(math.Sqrt(float64(x*x+y*y+z*z)))
	return x * inv, y * inv, z * inv
}

// blinnPhongNative is the hand-written scalar Go version of buildBlinnPhong.
func blinnPhongNative(out, pos, nrm []float32) {
	for i := 0; i < len(out)/4; i++ {
		px, py, pz := pos[4*i], pos[4*i+1], pos[4*i+2]
		nx, ny, nz := norm3(nrm[4*i], nrm[4*i+1], nrm[4*i+2])
		lx, ly, lz := norm3(bpLight[0]-px, bpLight[1]-py, bpLight[2]-pz)
		vx, vy, vz := norm3(bpEye[0]-px, bpEye[1]-py, bpEye[2]-pz)
		hx, hy, hz := norm3(lx+vx, ly+vy, lz+vz)
		ndl := max(nx*lx+ny*ly+nz*lz, 0)
		ndh := max(nx*hx+ny*hy+nz*hz, 0)
		spec := exp2Poly(bpShine * log2Poly(ndh))
		c := 0.1 + 0.7*ndl + 0.5*spec
		out[4*i], out[4*i+1], out[4*i+2], out[4*i+3] = c, c, c, 1
	}
}
