package engine

import (
	"context"
	"encoding/binary"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/ingot-render/ingot/mesh"
)

// TestMeshletLOD draws two bunnies, one near and one three times as far,
// through MeshletMSL's level-of-detail pipeline (the full mesh and a
// vertex-clustered one) and requires, for three level thresholds, the
// image of the indexed vertex pipeline drawing each bunny with the level
// Levels.Select picks for it; the level actually changes the image.
func TestMeshletLOD(t *testing.T) {
	m, err := bunnyMesh()
	if err != nil {
		t.Skip(err)
	}
	const size = 128
	pos := make([][3]float32, len(m.Verts)/6)
	for i := range pos {
		pos[i] = [3]float32{m.Verts[6*i], m.Verts[6*i+1], m.Verts[6*i+2]}
	}
	coarse, err := mesh.Simplify(pos, m.Indices, m.Max.Sub(m.Min).Len()/24)
	if err != nil {
		t.Fatal(err)
	}
	f, err := newMeshletFrame(m, meshletDefault, size, size, 2)
	if err != nil {
		t.Fatal(err)
	}
	dev := f.dev
	lib, err := dev.NewLibraryWithFile("meshlet.metal", []byte(mesh.MeshletMSL), CompileOptions{})
	if err != nil {
		t.Fatal(err)
	}
	fn := func(name string) *Function {
		x, err := lib.Function(name)
		if err != nil {
			t.Fatal(err)
		}
		return x
	}
	md := &MeshRenderPipelineDescriptor{ObjectFunction: fn("meshlet_lod_object"), MeshFunction: fn("meshlet_lod_mesh"), FragmentFunction: fn("meshlet_fragment"),
		DepthAttachmentPixelFormat: PixelFormatDepth32Float}
	md.ColorAttachments[0].PixelFormat = PixelFormatRGBA8Unorm
	lodP, err := dev.NewMeshRenderPipelineState(md)
	if err != nil {
		t.Fatal(err)
	}
	vd := &RenderPipelineDescriptor{VertexFunction: fn("meshlet_lod_reference_vertex"), FragmentFunction: fn("meshlet_fragment"),
		DepthAttachmentPixelFormat: PixelFormatDepth32Float}
	vd.ColorAttachments[0] = ColorAttachment(PixelFormatRGBA8Unorm)
	refP, err := dev.NewRenderPipelineState(vd)
	if err != nil {
		t.Fatal(err)
	}

	// Camera: rasterbench's framing of the bunny, with a far plane that
	// holds the second bunny.
	center := m.Min.Add(m.Max).Mul(0.5)
	radius := m.Max.Sub(m.Min).Len() / 2
	dist := radius / float32(math.Sin(20*math.Pi/180))
	eye := center.Add(mgl32.Vec3{0.4, 0.3, 1}.Normalize().Mul(dist))
	dir := center.Sub(eye).Normalize()
	right := dir.Cross(mgl32.Vec3{0, 1, 0}).Normalize()
	near, far := 0.5*(dist-radius), 6*dist
	fy := float32(1 / math.Tan(20*math.Pi/180))
	proj := mgl32.Mat4{fy, 0, 0, 0, 0, fy, 0, 0, 0, 0, far / (near - far), -1, 0, 0, near * far / (near - far), 0}
	mvp := [16]float32(proj.Mul4(mgl32.LookAtV(eye, center, mgl32.Vec3{0, 1, 0})))
	planes := mesh.FrustumPlanes(&mvp)
	uni := meshletUniforms(&mvp, &planes, [3]float32(eye), 0, true)
	offsets := []mgl32.Vec3{{}, dir.Mul(2 * dist).Add(right.Mul(0.6 * dist))}
	var offBytes []byte
	for _, o := range offsets {
		offBytes = meshF32s(offBytes, o[0], o[1], o[2], 0)
	}
	scale := fy * size / 2
	base, err := mesh.BuildLevels(context.Background(), pos, [][]uint32{m.Indices, coarse}, []float32{1, 0}, mesh.DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	sizes := make([]float32, len(offsets))
	for i, o := range offsets {
		c := mgl32.Vec3(base.Center).Add(o).Sub(eye)
		sizes[i] = mesh.ProjectedSize(base.Radius, float32(math.Sqrt(float64(c.Dot(c)))), scale)
	}
	t.Logf("projected sizes %.1f and %.1f pixels; %d and %d triangles", sizes[0], sizes[1], len(m.Indices)/3, len(coarse)/3)

	buf := func(b []byte) *Buffer {
		x, err := dev.NewBufferWithBytes(b)
		if err != nil {
			t.Fatal(err)
		}
		return x
	}
	var images [][]byte
	for _, threshold := range []float32{0.5 * (sizes[0] + sizes[1]), 0.5 * sizes[1], 2 * sizes[0]} {
		lv := *base
		lv.MinSize = []float32{threshold, 0}
		pk := lv.Pack()
		mv, err := lv.PackVertices(m.Verts, 6)
		if err != nil {
			t.Fatal(err)
		}
		descs, tris, culls, verts := buf(pk.Descs), buf(pk.Triangles), buf(pk.Culls), buf(mv)
		levels, offs := buf(lv.PackLevels()), buf(offBytes)
		lp := meshF32s(nil, lv.Center[0], lv.Center[1], lv.Center[2], lv.Radius)
		lp = binary.LittleEndian.AppendUint32(lp, uint32(len(offsets)))
		lp = binary.LittleEndian.AppendUint32(lp, uint32(len(lv.First)))
		lp = meshF32s(lp, scale, 0)
		groups := (max(lv.Count[0], lv.Count[1]) + 31) / 32
		render := func(encode func(e *RenderCommandEncoder) error) []byte {
			t.Helper()
			if err := f.pass(func(e *RenderCommandEncoder) error {
				e.SetDepthStencilState(f.ds)
				e.SetCullMode(CullModeBack)
				e.SetFrontFacingWinding(WindingCounterClockwise)
				return encode(e)
			}); err != nil {
				t.Fatal(err)
			}
			return f.pixels()
		}
		got := render(func(e *RenderCommandEncoder) error {
			e.SetRenderPipelineState(lodP)
			e.SetObjectBuffer(culls, 0, 0)
			e.SetObjectBytes(uni, 1)
			e.SetObjectBuffer(levels, 0, 2)
			e.SetObjectBuffer(offs, 0, 3)
			e.SetObjectBytes(lp, 4)
			e.SetMeshBuffer(descs, 0, 0)
			e.SetMeshBuffer(tris, 0, 2)
			e.SetMeshBuffer(verts, 0, 3)
			e.SetMeshBytes(uni, 4)
			return e.DrawMeshThreadgroups(Size{Width: groups, Height: len(offsets), Depth: 1}, Size{Width: 32, Height: 1, Depth: 1}, Size{Width: 64, Height: 1, Depth: 1})
		})
		want := render(func(e *RenderCommandEncoder) error {
			e.SetRenderPipelineState(refP)
			e.SetVertexBuffer(f.verts, 0, 3)
			e.SetVertexBytes(uni, 4)
			for i, o := range offsets {
				l := lv.Select(sizes[i])
				ib := buf(meshU32s(lv.Indices[l]))
				e.SetVertexBytes(meshF32s(nil, o[0], o[1], o[2], 0), 5)
				if err := e.DrawIndexedPrimitives(PrimitiveTypeTriangle, len(lv.Indices[l]), IndexTypeUInt32, ib, 0, 1, 0, 0); err != nil {
					return err
				}
			}
			return nil
		})
		diff, covered := 0, 0
		for i := 0; i < len(want); i += 4 {
			if want[i] != 0 || want[i+1] != 0 {
				covered++
			}
			if [4]byte(want[i:]) != [4]byte(got[i:]) {
				diff++
			}
		}
		t.Logf("threshold %.1f: levels %d and %d, %d pixels covered", threshold, lv.Select(sizes[0]), lv.Select(sizes[1]), covered)
		if diff != 0 || covered < 500 {
			t.Errorf("threshold %.1f: LOD pipeline and vertex pipeline differ in %d pixels (%d covered)", threshold, diff, covered)
		}
		images = append(images, got)
	}
	// Near at level 0 and far at level 1, all at level 0, all at level 1:
	// three different images.
	for i := range images {
		for j := i + 1; j < len(images); j++ {
			if string(images[i]) == string(images[j]) {
				t.Errorf("thresholds %d and %d give the same image: the level is not honoured", i, j)
			}
		}
	}
}

// pass encodes one render pass on f's targets, cleared to black.
func (f *meshletFrame) pass(encode func(e *RenderCommandEncoder) error) error {
	cb := f.q.CommandBuffer(context.Background())
	var pd RenderPassDescriptor
	pd.ColorAttachments[0].Texture = f.color
	pd.ColorAttachments[0].LoadAction = LoadActionClear
	cc := [4]float64{0, 0, 0, 1}
	pd.ColorAttachments[0].ClearColor = &cc
	pd.Depth.Texture = f.depth
	e, err := cb.RenderCommandEncoder(&pd)
	if err != nil {
		return err
	}
	if err := encode(e); err != nil {
		e.EndEncoding()
		return err
	}
	if err := e.EndEncoding(); err != nil {
		return err
	}
	if err := cb.Commit(); err != nil {
		return err
	}
	return cb.WaitUntilCompleted()
}

// pixels reads f's colour target.
func (f *meshletFrame) pixels() []byte {
	b := make([]byte, f.w*f.h*4)
	if err := f.color.GetBytes(b, f.w*4, 0, Region{Width: f.w, Height: f.h, Depth: 1}, 0, 0); err != nil {
		panic(err)
	}
	return b
}

func meshF32s(b []byte, v ...float32) []byte {
	for _, x := range v {
		b = binary.LittleEndian.AppendUint32(b, math.Float32bits(x))
	}
	return b
}

func meshU32s(v []uint32) []byte {
	b := make([]byte, 0, 4*len(v))
	for _, x := range v {
		b = binary.LittleEndian.AppendUint32(b, x)
	}
	return b
}
