package lower_test

import (
	"context"
	"encoding/binary"
	"math"
	"testing"

	"github.com/ingot-render/ingot/engine/exec"
	"github.com/ingot-render/ingot/shaders/ir"
	"github.com/ingot-render/ingot/shaders/lower"
	"github.com/ingot-render/ingot/shaders/stdlib"
)

const textureSrc = `#include <metal_stdlib>
using namespace metal;
kernel void tex(texture2d<float, access::read_write> t [[texture(0)]],
                texture2d_array<float> ta [[texture(1)]],
                sampler s [[sampler(0)]],
                device float4* out [[buffer(0)]],
                uint2 gid [[thread_position_in_grid]]) {
    constexpr sampler cs(filter::linear, address::repeat, coord::pixel);
    float4 r = t.read(gid);
    t.write(r * 2, gid);
    float4 a = ta.sample(s, float2(0.5f, 0.25f), 3u, level(2.0f));
    float4 b = ta.sample(cs, float2(1, 2), 1u);
    out[gid.x] = float4(r.x, a.y, float(t.get_width()), b.w);
}
`

// TestTextureLowering runs texture methods against toy intrinsics that
// echo their arguments, checking argument order and kinds.
func TestTextureLowering(t *testing.T) {
	prog, err := compileMSL("tex.metal", textureSrc, false)
	if err != nil {
		t.Fatal(err)
	}
	res, err := lower.Entry(prog, prog.Lookup("tex"), lower.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range res.Program.Intrinsics {
		want, ok := stdlib.LookupTextureIntrinsic(d.Name)
		if !ok {
			continue
		}
		if !sameDecl(d, want) {
			t.Errorf("%s declared as %+v, catalogue %+v", d.Name, d, want)
		}
	}
	var writes [][6]uint64
	var sampled []uint64
	intr := exec.Intrinsics{
		stdlib.TexGetWidth: func(c *exec.Call) error {
			for l := 0; l < c.W; l++ {
				c.SetResult(0, l, 64)
			}
			return nil
		},
		"texture.read.2d.f32": func(c *exec.Call) error {
			for l := 0; l < c.W; l++ {
				// r = x + 100*y + 1000*lod (+ tex id in g)
				x, y, lod := c.ArgValue(1, l), c.ArgValue(2, l), c.ArgValue(3, l)
				c.SetResult(0, l, ir.F32Value(float32(x+100*y+1000*lod)))
				c.SetResult(1, l, ir.F32Value(float32(c.ArgValue(0, l))))
				c.SetResult(2, l, 0)
				c.SetResult(3, l, 0)
			}
			return nil
		},
		"texture.write.2d.f32": func(c *exec.Call) error {
			for m := c.StoreMask; m != 0; m &= m - 1 {
				l := m.First()
				writes = append(writes, [6]uint64{c.ArgValue(0, l), c.ArgValue(1, l), c.ArgValue(5, l), c.ArgValue(6, l), c.ArgValue(7, l)})
			}
			return nil
		},
		"texture.sample.2d_array.f32": func(c *exec.Call) error {
			for l := 0; l < c.W; l++ {
				sampled = append(sampled, c.ArgValue(1, l))
				// args: tex smp u v layer mode lod minclamp dPdx(2) dPdy(2) off(2)
				c.SetResult(0, l, 0)
				c.SetResult(1, l, ir.F32Value(float32(c.ArgValue(4, l))*10+float32(c.ArgValue(5, l))+ir.AsF32(c.ArgValue(6, l))/10))
				c.SetResult(2, l, 0)
				c.SetResult(3, l, ir.F32Value(float32(c.ArgValue(1, l)>>63)))
			}
			return nil
		},
	}
	out := make([]byte, 16*2)
	mem, _ := exec.NewMemory(exec.Buffer{Addr: 0x1000, Data: out})
	args := make([]uint64, len(res.Bindings))
	for _, bd := range res.Bindings {
		switch bd.Kind {
		case lower.BindTexture:
			args[bd.Param] = uint64(7 + bd.Index)
		case lower.BindSampler:
			args[bd.Param] = 99
		case lower.BindBuffer:
			args[bd.Param] = 0x1000
		}
	}
	pl, err := exec.Compile(res.Program, res.Entry, exec.Options{Intrinsics: intr, Width: 32})
	if err != nil {
		t.Fatal(err)
	}
	if err := pl.Run(context.Background(), exec.Dispatch{Grid: exec.ThreadsGrid([3]uint32{2, 1, 1}, [3]uint32{2, 1, 1}), Args: args, Memory: mem}); err != nil {
		t.Fatal(err)
	}
	f := func(i int) float32 { return math.Float32frombits(binary.LittleEndian.Uint32(out[4*i:])) }
	// thread 1: read x=1 → r.x = 1; a.y = layer 3 *10 + mode LodLevel(2) + lod 2/10
	if f(4) != 1 || f(5) != 32.2 || f(6) != 64 || f(7) != 1 {
		t.Errorf("thread 1 output %v %v %v %v", f(4), f(5), f(6), f(7))
	}
	if len(writes) != 2 || writes[1][0] != 7 || math.Float32frombits(uint32(writes[1][1])) != 2 || writes[1][2] != 1 || writes[1][3] != 0 {
		t.Errorf("writes %v", writes)
	}
	found := false
	for _, s := range sampled {
		if d, ok := stdlib.DecodeSampler(s); ok {
			found = true
			if !d.PixelCoords || d.MagFilter != stdlib.FilterLinear || d.SAddress != stdlib.AddressRepeat {
				t.Errorf("constexpr sampler decoded as %+v", d)
			}
		}
	}
	if !found {
		t.Error("constexpr sampler not passed as a descriptor")
	}
}
