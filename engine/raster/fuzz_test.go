package raster

import (
	"context"
	"encoding/binary"
	"math"
	"testing"

	"github.com/ingot-render/ingot/internal/texel"
)

// FuzzDraw feeds random topologies, indices, positions and state to a pass:
// Draw and Flush must never panic, and a draw that Draw accepts must flush
// without error.
func FuzzDraw(f *testing.F) {
	f.Add(uint8(3), uint8(0), []byte{0, 1, 2, 3, 4, 5, 6, 7, 8}, []byte("\x00\x00\x80\xbf\x00\x00\x80\xbf\x00\x00\x00\x3f\x00\x00\x80\x3f"))
	f.Add(uint8(4), uint8(7), []byte{0, 1, 255, 2, 3}, []byte("0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"))
	f.Add(uint8(0), uint8(2), []byte{9, 9, 9}, []byte{0x7f, 0xc0, 0, 0, 0xff, 0x80, 0, 0})
	f.Fuzz(func(t *testing.T, topo, mode uint8, idx []byte, raw []byte) {
		const w, h = 40, 24
		n := len(raw) / 16
		if n > 64 {
			n = 64
		}
		v := &VertexOutputs{Count: n, Stride: 2}
		for i := range 4 * n {
			v.Position = append(v.Position, math.Float32frombits(binary.LittleEndian.Uint32(raw[4*i:])))
		}
		for i := range 2 * n {
			v.Varyings = append(v.Varyings, float32(i))
		}
		if mode&8 != 0 {
			v.PointSize = make([]float32, n)
			for i := range v.PointSize {
				v.PointSize[i] = v.Position[4*i] * 100
			}
		}
		if mode&16 != 0 {
			v.Layer = make([]uint32, n)
			for i := range v.Layer {
				v.Layer[i] = uint32(i % 3)
			}
		}
		var ind []uint32
		for _, b := range idx {
			if b == 255 {
				ind = append(ind, RestartIndex)
			} else {
				ind = append(ind, uint32(b))
			}
		}
		st := defaultState(w, h)
		st.Cull = CullMode(mode % 3)
		st.Fill = FillMode(mode >> 2 & 1)
		st.DepthClip = DepthClipMode(mode >> 5 & 1)
		st.DepthBias, st.DepthSlope = float32(mode), 1
		st.DepthStencil = DepthStencil{DepthCompare: CompareLess, DepthWrite: true}
		samples := []int{1, 4}[mode>>6&1]
		ct, _ := NewColorTarget(texel.RGBA8Unorm, w, h, samples, 2)
		dt, _ := NewDepthTarget(texel.Depth16Unorm, w, h, samples, 2)
		p, err := NewPass(PassTargets{Width: w, Height: h, Samples: samples, Layers: 2, Color: [8]*ColorTarget{ct}, Depth: dt}, PassOptions{Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		d := &Draw{Topology: Topology(topo % 6), Vertices: v, Indices: ind, State: st, Shader: &varyShader{stride: 2},
			ColorMask: 1, SampleMask: ^uint32(0), Interp: []Interp{InterpPerspective, InterpNoPerspective | InterpCentroid}}
		if mode&128 != 0 {
			d.Indices = nil
		}
		if err := p.Draw(d); err != nil {
			return
		}
		if err := p.Flush(context.Background()); err != nil {
			t.Fatalf("flush: %v", err)
		}
	})
}
