package lower_test

import (
	"context"
	"encoding/binary"
	"math"
	"testing"

	"github.com/ingot-render/ingot/engine/exec"
	"github.com/ingot-render/ingot/shaders/lower"
)

const stageSrc = `#include <metal_stdlib>
using namespace metal;
struct VIn { float2 pos [[attribute(0)]]; float3 color [[attribute(1)]]; };
struct VOut { float4 position [[position]]; float3 color; };
vertex VOut vmain(VIn in [[stage_in]], uint vid [[vertex_id]], constant float& scale [[buffer(1)]]) {
    VOut o;
    o.position = float4(in.pos * scale, float(vid), 1);
    o.color = in.color;
    return o;
}
fragment float4 fmain(VOut in [[stage_in]]) {
    float d = dfdx(in.position.x);  // before the discard: a discarded lane no longer feeds derivatives
    if (in.color.x < 0) discard_fragment();
    return float4(in.color, d);
}
`

func TestStageVertexFragment(t *testing.T) {
	prog, err := compileMSL("stage.metal", stageSrc, false)
	if err != nil {
		t.Fatal(err)
	}
	vres, err := lower.Stage(prog, prog.Lookup("vmain"), lower.Options{})
	if err != nil {
		t.Fatal(err)
	}
	lay := vres.Wrapper
	in, vid, out := lay.Field("in"), lay.Field("vid"), lay.Field("result")
	if in == nil || vid == nil || out == nil {
		t.Fatalf("layout %+v", lay)
	}
	const n = 4
	recs := make([]byte, n*lay.RecordSize)
	scale := make([]byte, 4)
	binary.LittleEndian.PutUint32(scale, math.Float32bits(2))
	for i := 0; i < n; i++ {
		r := recs[i*lay.RecordSize:]
		binary.LittleEndian.PutUint32(r[in.Offset:], math.Float32bits(float32(i)))
		binary.LittleEndian.PutUint32(r[in.Offset+16:], math.Float32bits(0.5))
		binary.LittleEndian.PutUint32(r[vid.Offset:], uint32(10+i))
	}
	mem, _ := exec.NewMemory(exec.Buffer{Addr: 0x1000, Data: scale}, exec.Buffer{Addr: 0x2000, Data: recs})
	args := make([]uint64, len(vres.Bindings))
	for _, bd := range vres.Bindings {
		switch bd.Kind {
		case lower.BindBuffer:
			args[bd.Param] = 0x1000
		case lower.BindStageIO:
			args[bd.Param] = 0x2000
		}
	}
	pl, err := exec.Compile(vres.Program, vres.Entry, exec.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := pl.Run(context.Background(), exec.Dispatch{Grid: exec.ThreadsGrid([3]uint32{n, 1, 1}, [3]uint32{32, 1, 1}), Args: args, Memory: mem}); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < n; i++ {
		r := recs[i*lay.RecordSize+out.Offset:]
		x := math.Float32frombits(binary.LittleEndian.Uint32(r))
		z := math.Float32frombits(binary.LittleEndian.Uint32(r[8:]))
		c := math.Float32frombits(binary.LittleEndian.Uint32(r[16:]))
		if x != float32(2*i) || z != float32(10+i) || c != 0.5 {
			t.Errorf("vertex %d: position.x %v z %v color.r %v", i, x, z, c)
		}
	}

	fres, err := lower.Stage(prog, prog.Lookup("fmain"), lower.Options{})
	if err != nil {
		t.Fatal(err)
	}
	fl := fres.Wrapper
	fin, fout, alive := fl.Field("in"), fl.Field("result"), fl.Field("alive")
	if fin == nil || fout == nil || alive == nil {
		t.Fatalf("layout %+v", fl)
	}
	frecs := make([]byte, n*fl.RecordSize)
	for i := 0; i < n; i++ {
		r := frecs[i*fl.RecordSize:]
		binary.LittleEndian.PutUint32(r[fin.Offset:], math.Float32bits(float32(i%2)*3))
		cr := float32(1)
		if i == 3 {
			cr = -1
		}
		binary.LittleEndian.PutUint32(r[fin.Offset+16:], math.Float32bits(cr))
	}
	fmem, _ := exec.NewMemory(exec.Buffer{Addr: 0x2000, Data: frecs})
	fpl, err := exec.Compile(fres.Program, fres.Entry, exec.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := fpl.Run(context.Background(), exec.Dispatch{Grid: exec.ThreadsGrid([3]uint32{n, 1, 1}, [3]uint32{32, 1, 1}), Args: []uint64{0x2000}, Memory: fmem}); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < n; i++ {
		r := frecs[i*fl.RecordSize:]
		a := binary.LittleEndian.Uint32(r[alive.Offset:])
		w := math.Float32frombits(binary.LittleEndian.Uint32(r[fout.Offset+12:]))
		if i == 3 {
			if a != 0 {
				t.Errorf("fragment 3 not discarded")
			}
			continue
		}
		if a != 1 || w != 3 {
			t.Errorf("fragment %d: alive %d dfdx %v, want 1 and 3", i, a, w)
		}
	}
}

const stageLanesSrc = `#include <metal_stdlib>
using namespace metal;
struct VIn { float2 pos [[attribute(0)]]; float3 color [[attribute(1)]]; };
struct VOut { float4 position [[position]]; half2 h; };
vertex VOut vh(VIn in [[stage_in]], uint vid [[vertex_id]]) {
    VOut o;
    o.position = float4(in.pos, float(vid), 1);
    o.h = half2(in.color.xy);
    return o;
}
`

// TestStageLanes runs a vertex function on lane-major records in two
// blocks of four (threadgroups of four) and checks every record's inputs
// and outputs at the layout's places, sub-word halves included.
func TestStageLanes(t *testing.T) {
	prog, err := compileMSL("lanes.metal", stageLanesSrc, false)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := lower.Stage(prog, prog.Lookup("vh"), lower.Options{StageLanes: -1}); err == nil {
		t.Error("StageLanes -1 accepted")
	}
	const W, n = 4, 8
	res, err := lower.Stage(prog, prog.Lookup("vh"), lower.Options{StageLanes: W})
	if err != nil {
		t.Fatal(err)
	}
	lay := res.Wrapper
	if lay.Lanes != W || lay.RecordSize%4 != 0 {
		t.Fatalf("lanes %d, record %d bytes", lay.Lanes, lay.RecordSize)
	}
	in, vid, out := lay.Field("in"), lay.Field("vid"), lay.Field("result")
	if in == nil || vid == nil || out == nil {
		t.Fatalf("layout %+v", lay)
	}
	block := lay.RecordSize * W
	recs := make([]byte, n/W*block)
	at := func(i, off int) []byte { return recs[i/W*block+lay.RecordOffset(off, i%W):] }
	for i := range n {
		binary.LittleEndian.PutUint32(at(i, in.Offset), math.Float32bits(float32(i)))      // pos.x
		binary.LittleEndian.PutUint32(at(i, in.Offset+4), math.Float32bits(float32(-i)))   // pos.y
		binary.LittleEndian.PutUint32(at(i, in.Offset+16), math.Float32bits(float32(i)/2)) // color.x
		binary.LittleEndian.PutUint32(at(i, in.Offset+20), math.Float32bits(3))            // color.y
		binary.LittleEndian.PutUint32(at(i, vid.Offset), uint32(10+i))
	}
	mem, _ := exec.NewMemory(exec.Buffer{Addr: 0x2000, Data: recs})
	pl, err := exec.Compile(res.Program, res.Entry, exec.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := pl.Run(context.Background(), exec.Dispatch{Grid: exec.ThreadsGrid([3]uint32{n, 1, 1}, [3]uint32{W, 1, 1}), Args: []uint64{0x2000}, Memory: mem}); err != nil {
		t.Fatal(err)
	}
	f32 := func(i, off int) float32 {
		return math.Float32frombits(binary.LittleEndian.Uint32(at(i, out.Offset+off)))
	}
	for i := range n {
		h0, h1 := binary.LittleEndian.Uint16(at(i, out.Offset+16)), binary.LittleEndian.Uint16(at(i, out.Offset+18))
		if f32(i, 0) != float32(i) || f32(i, 4) != float32(-i) || f32(i, 8) != float32(10+i) || f32(i, 12) != 1 {
			t.Errorf("vertex %d: position %v %v %v %v", i, f32(i, 0), f32(i, 4), f32(i, 8), f32(i, 12))
		}
		if want := halfBits(float32(i) / 2); h0 != want || h1 != 0x4200 {
			t.Errorf("vertex %d: h %#04x %#04x, want %#04x 0x4200", i, h0, h1, want)
		}
	}
}

// halfBits is the half-precision encoding of the small exact value v
// (a multiple of 1/2 below 8).
func halfBits(v float32) uint16 {
	if v == 0 {
		return 0
	}
	e := 0
	for m := v; m >= 2; m /= 2 {
		e++
	}
	for m := v; m < 1; m *= 2 {
		e--
	}
	frac := v/float32(math.Ldexp(1, e)) - 1
	return uint16(e+15)<<10 | uint16(frac*1024)
}
