package engine_test

import (
	"context"
	"encoding/binary"
	"os"
	"path/filepath"
	"testing"

	"github.com/ingot-render/ingot/engine"
)

// TestAlphaTestIntersectionByTexture: a non-opaque quad whose
// intersection function samples a mask texture (reached through an
// argument buffer bound to the table) accepts exactly the cells where the
// mask is at or above the cutoff; the primitive id of each hit is the
// triangle the cell centre lies in.
func TestAlphaTestIntersectionByTexture(t *testing.T) {
	const n, cells = 8, 16 // mask texels per side, rays per side
	for _, workers := range []int{1, 2} {
		d := newDevice(t, engine.DeviceOptions{Workers: workers})
		ctx := context.Background()
		src, err := os.ReadFile(filepath.Join("testdata", "alphatest.metal"))
		must(t, err)
		lib, err := d.NewLibraryWithFile("alphatest.metal", src, engine.CompileOptions{})
		must(t, err)
		kernel, err := lib.Function("shoot")
		must(t, err)
		alpha, err := lib.Function("alphaTest")
		must(t, err)
		p, err := d.NewComputePipelineState(kernel, nil, engine.ComputePipelineOptions{LinkedFunctions: []*engine.Function{alpha}})
		must(t, err)

		// A checkerboard-and-ramp mask: texel (x, y) holds (x+y)%2==0 ? 255 : 60.
		mask := make([]byte, n*n)
		for y := range n {
			for x := range n {
				mask[y*n+x] = 60
				if (x+y)%2 == 0 {
					mask[y*n+x] = 255
				}
			}
		}
		tex, err := d.NewTexture(engine.Texture2DDescriptor(engine.PixelFormatR8Unorm, n, n, false))
		must(t, err)
		must(t, tex.ReplaceRegion(engine.Region{Width: n, Height: n, Depth: 1}, 0, 0, mask, n, 0))
		sd := engine.DefaultSamplerDescriptor() // nearest, clamp to edge
		smp, err := d.NewSamplerState(sd)
		must(t, err)
		res := le(nil, tex.GPUResourceID(), smp.GPUResourceID(), float32(0.5), float32(0))
		resBuf := newBuffer(t, d, res)

		// The quad (0,0,0)-(1,1,0), two triangles, not opaque.
		verts := newBuffer(t, d, le(nil,
			float32(0), float32(0), float32(0), float32(1), float32(0), float32(0), float32(1), float32(1), float32(0),
			float32(0), float32(0), float32(0), float32(1), float32(1), float32(0), float32(0), float32(1), float32(0)))
		desc := &engine.PrimitiveAccelerationStructureDescriptor{Geometries: []engine.AccelerationStructureGeometry{
			&engine.TriangleGeometryDescriptor{VertexBuffer: verts, VertexStride: 12, VertexFormat: engine.VertexFormatFloat3, TriangleCount: 2},
		}}
		as, scratch := newStructure(t, d, desc)
		q := d.NewCommandQueue()
		cb := q.CommandBuffer(ctx)
		ae, err := cb.AccelerationStructureCommandEncoder()
		must(t, err)
		must(t, ae.BuildAccelerationStructure(as, desc, scratch, 0))
		must(t, ae.EndEncoding())
		must(t, cb.Commit())
		must(t, cb.WaitUntilCompleted())

		table, err := p.NewIntersectionFunctionTable(engine.IntersectionFunctionTableDescriptor{FunctionCount: 1})
		must(t, err)
		h, err := p.FunctionHandle(alpha)
		must(t, err)
		must(t, table.SetFunction(h, 0))
		must(t, table.SetBuffer(resBuf, 0, 0))

		out, err := d.NewBuffer(4 * cells * cells)
		must(t, err)
		cb = q.CommandBuffer(ctx)
		ce, err := cb.ComputeCommandEncoder()
		must(t, err)
		must(t, ce.SetComputePipelineState(p))
		must(t, ce.SetAccelerationStructure(as, 0))
		must(t, ce.SetIntersectionFunctionTable(table, 1))
		must(t, ce.SetBuffer(out, 0, 2))
		must(t, ce.SetBytes(le(nil, uint32(cells)), 3))
		must(t, ce.UseResource(tex))
		must(t, ce.UseResource(smp))
		must(t, ce.DispatchThreads(engine.Sz(cells, cells, 1), engine.Sz(8, 8, 1)))
		must(t, ce.EndEncoding())
		must(t, cb.Commit())
		must(t, cb.WaitUntilCompleted())

		got := out.Contents()
		hits := 0
		for cy := range cells {
			for cx := range cells {
				u, v := (float64(cx)+0.5)/cells, (float64(cy)+0.5)/cells
				tx, ty := int(u*n), int(v*n)
				var want uint32
				if (tx+ty)%2 == 0 { // mask 255 ≥ 0.5: accepted
					want = 1 // triangle 0 holds u > v
					if v > u {
						want = 2
					}
				}
				g := binary.LittleEndian.Uint32(got[4*(cy*cells+cx):])
				if cx == cy && want != 0 && g != 0 {
					// On the shared diagonal edge either triangle may own
					// the hit (the watertight test reports exactly one).
					want = g
				}
				if g != want {
					t.Errorf("workers %d cell (%d,%d) uv (%.3f,%.3f): got %d, want %d", workers, cx, cy, u, v, g, want)
				}
				if g != 0 {
					hits++
				}
			}
		}
		if hits != cells*cells/2 {
			t.Errorf("workers %d: %d hits, want %d", workers, hits, cells*cells/2)
		}
	}
}
