package engine_test

import (
	"fmt"
	"testing"

	"github.com/ingot-render/ingot/engine"
)

const oitSrc = `
#include <metal_stdlib>
using namespace metal;
struct VOut { float4 pos [[position]]; float4 col; };
vertex VOut tri_vs(uint vid [[vertex_id]], constant float4* v [[buffer(0)]]) {
    VOut o;
    o.pos = v[2 * vid];
    o.col = v[2 * vid + 1];
    return o;
}
// Per pixel the 4 nearest fragments, sorted by depth (key 1 + z; 0: empty).
struct OIT {
    float key[4] [[raster_order_group(0)]];
    uint rgba[4] [[raster_order_group(0)]];
};
struct OITOut { OIT o [[imageblock_data]]; };
fragment OITOut oit_insert(VOut in [[stage_in]], OIT cur [[imageblock_data]]) {
    float k = 1.0 + in.pos.z;
    uint c = pack_float_to_unorm4x8(in.col);
    for (int i = 0; i < 4; i++) {
        if (cur.key[i] == 0.0 || k < cur.key[i]) {
            float tk = cur.key[i];
            uint tc = cur.rgba[i];
            cur.key[i] = k;
            cur.rgba[i] = c;
            k = tk;
            c = tc;
            if (k == 0.0) {
                break;
            }
        }
    }
    OITOut o;
    o.o = cur;
    return o;
}
// Composites the list back to front over the background.
fragment float4 oit_resolve(VOut in [[stage_in]], OIT cur [[imageblock_data]]) {
    float3 acc = float3(0.1, 0.1, 0.2);
    for (int i = 3; i >= 0; i--) {
        if (cur.key[i] != 0.0) {
            float4 c = unpack_unorm4x8_to_float(cur.rgba[i]);
            acc = mix(acc, c.rgb, c.a);
        }
    }
    return float4(acc, 1.0);
}
`

// Order-independent transparency in an explicit imageblock: translucent
// triangles inserted into a per-pixel sorted list and composited by a
// full-screen draw give the same image whatever order they are drawn in.
func TestOrderIndependentTransparency(t *testing.T) {
	const w, h = 48, 40
	type oitTri struct {
		p     [3][2]float32
		z     float32
		color int
		alpha float32
	}
	tris := []oitTri{
		{[3][2]float32{{-1, -1}, {1, -0.6}, {-0.2, 1}}, 0.7, 0, 0.6},
		{[3][2]float32{{-0.8, 1}, {1, 0.8}, {0.1, -1}}, 0.3, 1, 0.5},
		{[3][2]float32{{-1, 0.2}, {1, 1}, {1, -1}}, 0.5, 2, 0.7},
	}
	cols := [3][3]float32{{1, 0.2, 0.1}, {0.1, 0.9, 0.2}, {0.2, 0.3, 1}}
	render := func(workers int, order []int) []byte {
		r := newRenderRig(t, w, h, workers, false)
		lib := r.library(oitSrc)
		ins, err := r.pipeline(lib, "tri_vs", "oit_insert", nil)
		if err != nil {
			t.Fatal(err)
		}
		res, err := r.pipeline(lib, "tri_vs", "oit_resolve", nil)
		if err != nil {
			t.Fatal(err)
		}
		tr := &tileRig{renderRig: r}
		err = tr.run(false, func(d *engine.RenderPassDescriptor) { d.ImageblockSampleLength = 32 }, func(e *engine.RenderCommandEncoder) error {
			if err := e.SetRenderPipelineState(ins); err != nil {
				return err
			}
			for _, k := range order {
				tri := tris[k]
				var v []float32
				for _, p := range tri.p {
					c := cols[tri.color]
					v = append(v, p[0], p[1], tri.z, 1, c[0], c[1], c[2], tri.alpha)
				}
				if err := e.SetVertexBytes(floatBytes(v), 0); err != nil {
					return err
				}
				if err := e.DrawPrimitives(engine.PrimitiveTypeTriangle, 0, 3); err != nil {
					return err
				}
			}
			return tr.triangle(e, res, [6]float32{-1, 1, 3, 1, -1, -3}, [4]float32{})
		})
		if err != nil {
			t.Fatal(err)
		}
		return r.pixels()
	}
	want := render(1, []int{0, 1, 2})
	layers := map[[4]byte]bool{}
	for i := 0; i < len(want); i += 4 {
		layers[[4]byte(want[i:i+4])] = true
	}
	if len(layers) < 6 {
		t.Fatalf("only %d distinct colours: the triangles do not overlap enough", len(layers))
	}
	for _, workers := range []int{1, 2} {
		for _, order := range [][]int{{0, 1, 2}, {2, 1, 0}, {1, 2, 0}, {2, 0, 1}} {
			t.Run(fmt.Sprintf("workers%d/%v", workers, order), func(t *testing.T) {
				if i := firstDiff(render(workers, order), want); i >= 0 {
					t.Fatalf("byte %d (pixel %d, %d) depends on the draw order", i, i/4%w, i/4/w)
				}
			})
		}
	}
}
