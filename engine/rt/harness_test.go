package rt_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/ingot-render/ingot/accel"
	"github.com/ingot-render/ingot/engine/exec"
	"github.com/ingot-render/ingot/engine/exec/refexec"
	"github.com/ingot-render/ingot/engine/rt"
	"github.com/ingot-render/ingot/shaders/diag"
	"github.com/ingot-render/ingot/shaders/lower"
	"github.com/ingot-render/ingot/shaders/sema"
	"github.com/ingot-render/ingot/shaders/syntax"
)

const header = `#include <metal_stdlib>
using namespace metal;
using namespace raytracing;
struct Ray { packed_float3 o; float tmin; packed_float3 d; float tmax; };
struct Out { float t; uint prim; uint type; float u; float v; uint front; uint geom; uint inst; uint count; uint sum; uint pad0; uint pad1; };
`

// out mirrors the MSL Out struct.
type out struct {
	T                             float32
	Prim, Type                    uint32
	U, V                          float32
	Front, Geom, Inst, Count, Sum uint32
	_, _                          uint32
}

const outSize = 48

// lowerKernel checks and lowers kernel name of src.
func lowerKernel(t testing.TB, src, name string, opts lower.Options) *lower.Result {
	t.Helper()
	fset := diag.NewFileSet()
	diags := diag.NewList(fset)
	file := syntax.ParseFile(fset, "rt.metal", []byte(header+src), syntax.Options{}, diags)
	prog := sema.Check(fset, file, &sema.Config{}, diags)
	if diags.HasErrors() {
		t.Fatal(diags.Err())
	}
	fn := prog.Lookup(name)
	if fn == nil {
		t.Fatalf("no kernel %s", name)
	}
	res, err := lower.Entry(prog, fn, opts)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// dispatch describes one kernel run: buffers by [[buffer(i)]] index and
// handles (acceleration structures, tables) by index.
type dispatch struct {
	bufs    map[int][]byte
	handles map[int]uint64
	threads int
}

func bufAddr(i int) uint64 { return uint64(i+1) << 24 }

func (d *dispatch) build(t testing.TB, res *lower.Result) ([]uint64, *exec.Memory, map[int][]byte) {
	t.Helper()
	copies := map[int][]byte{}
	var list []exec.Buffer
	for i, b := range d.bufs {
		c := bytes.Clone(b)
		copies[i] = c
		list = append(list, exec.Buffer{Addr: bufAddr(i), Data: c, Name: fmt.Sprint("buffer", i)})
	}
	args := make([]uint64, len(res.Bindings))
	for i, bd := range res.Bindings {
		switch bd.Kind {
		case lower.BindBuffer:
			if _, ok := d.bufs[bd.Index]; !ok {
				t.Fatalf("no buffer %d", bd.Index)
			}
			args[i] = bufAddr(bd.Index)
		case lower.BindHandle:
			args[i] = d.handles[bd.Index]
		default:
			t.Fatalf("binding %v", bd.Kind)
		}
	}
	mem, err := exec.NewMemory(list...)
	if err != nil {
		t.Fatal(err)
	}
	return args, mem, copies
}

// run runs res on exec (2 workers) and on refexec, checks that every
// buffer ends identical and returns exec's buffers.
func run(t testing.TB, reg *rt.Registry, res *lower.Result, d *dispatch) map[int][]byte {
	t.Helper()
	grid := exec.ThreadsGrid([3]uint32{uint32(d.threads), 1, 1}, [3]uint32{64, 1, 1})
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	args, mem, got := d.build(t, res)
	pl, err := exec.Compile(res.Program, res.Entry, exec.Options{Workers: 2, Intrinsics: rt.Intrinsics(reg)})
	if err != nil {
		t.Fatal(err)
	}
	if err := pl.Run(ctx, exec.Dispatch{Grid: grid, Args: args, Memory: mem}); err != nil {
		t.Fatal(err)
	}
	if n := reg.InFlight(); n != 0 {
		t.Fatalf("%d tracers still in flight after exec", n)
	}
	if testing.Short() {
		return got
	}
	// One worker, 32-lane batches: the same bits.
	pl32, err := exec.Compile(res.Program, res.Entry, exec.Options{Workers: 1, Width: 32, Intrinsics: rt.Intrinsics(reg)})
	if err != nil {
		t.Fatal(err)
	}
	args, mem, w32 := d.build(t, res)
	if err := pl32.Run(ctx, exec.Dispatch{Grid: grid, Args: args, Memory: mem}); err != nil {
		t.Fatal(err)
	}
	for i := range got {
		if !bytes.Equal(got[i], w32[i]) {
			t.Fatalf("buffer %d differs between 64-lane/2-worker and 32-lane/1-worker runs", i)
		}
	}
	args, mem, ref := d.build(t, res)
	si := map[string]refexec.ScalarIntrinsic{}
	for k, v := range rt.ScalarIntrinsics(reg) {
		si[k] = v
	}
	if err := refexec.Run(ctx, res.Program, res.Entry, exec.Dispatch{Grid: grid, Args: args, Memory: mem}, refexec.Options{Intrinsics: si}); err != nil {
		t.Fatal(err)
	}
	if n := reg.InFlight(); n != 0 {
		t.Fatalf("%d tracers still in flight after refexec", n)
	}
	for i := range got {
		if !bytes.Equal(got[i], ref[i]) {
			for k := 0; k < len(got[i]); k += 4 {
				if !bytes.Equal(got[i][k:k+4], ref[i][k:k+4]) {
					t.Fatalf("buffer %d differs between exec and refexec at byte %d: %x vs %x", i, k, got[i][k:k+4], ref[i][k:k+4])
				}
			}
		}
	}
	return got
}

func f32bytes(v []float32) []byte {
	b := make([]byte, 4*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(x))
	}
	return b
}

func u32bytes(v ...uint32) []byte {
	b := make([]byte, 4*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint32(b[4*i:], x)
	}
	return b
}

// soup returns n random triangles of size sz inside [0,1]^3.
func soup(rng *rand.Rand, n int, sz float32) []float32 {
	v := make([]float32, 0, 9*n)
	for i := 0; i < n; i++ {
		c := [3]float32{rng.Float32(), rng.Float32(), rng.Float32()}
		for j := 0; j < 9; j++ {
			v = append(v, c[j%3]+(rng.Float32()-0.5)*sz)
		}
	}
	return v
}

// randomRays returns n rays from around the unit cube toward points in it.
func randomRays(rng *rand.Rand, n int) []accel.Ray {
	rays := make([]accel.Ray, n)
	for i := range rays {
		o := [3]float32{-1 + 3*rng.Float32(), -1 + 3*rng.Float32(), -1 + 3*rng.Float32()}
		tg := [3]float32{rng.Float32(), rng.Float32(), rng.Float32()}
		rays[i] = accel.NewRay(o, [3]float32{tg[0] - o[0], tg[1] - o[1], tg[2] - o[2]})
		rays[i].MaxDistance = 10
		if i%7 == 3 {
			rays[i].MinDistance = 0.3
		}
	}
	return rays
}

// rayBytes encodes rays as the MSL Ray struct.
func rayBytes(rays []accel.Ray) []byte {
	var v []float32
	for _, r := range rays {
		v = append(v, r.Origin[0], r.Origin[1], r.Origin[2], r.MinDistance, r.Direction[0], r.Direction[1], r.Direction[2], r.MaxDistance)
	}
	return f32bytes(v)
}

func readOut(b []byte, i int) out {
	var o out
	if err := binary.Read(bytes.NewReader(b[i*outSize:(i+1)*outSize]), binary.LittleEndian, &o); err != nil {
		panic(err)
	}
	return o
}

func build(t testing.TB, d *accel.PrimitiveDescriptor) *accel.Structure {
	t.Helper()
	s, err := accel.BuildPrimitive(context.Background(), d)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func relClose(a, b float32) bool {
	return a == b || math.Abs(float64(a-b)) <= 1e-6*math.Max(math.Abs(float64(a)), math.Abs(float64(b)))
}

// checkHit compares a kernel result with an accel hit.
func checkHit(t *testing.T, i int, o out, h *accel.Hit) {
	t.Helper()
	if o.Type != uint32(h.Type) {
		t.Fatalf("ray %d: type %d, want %v", i, o.Type, h.Type)
	}
	if h.Type == accel.HitNone {
		return
	}
	if o.Prim != h.PrimitiveID || o.Geom != h.GeometryID || !relClose(o.T, h.Distance) {
		t.Fatalf("ray %d: prim %d geom %d t %v, want prim %d geom %d t %v", i, o.Prim, o.Geom, o.T, h.PrimitiveID, h.GeometryID, h.Distance)
	}
}
