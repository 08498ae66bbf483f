package render

// Test fixtures shared with internal/kernel's tests (copies: test code
// cannot be imported across packages).

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/ingot-render/ingot/scenes/model"
	"github.com/ingot-render/ingot/scenes/render/internal/kernel"
)

// sphereScene is one UV sphere of material m at the origin.
func sphereScene(m model.Material) *model.Scene {
	s := &model.Scene{Name: "sphere"}
	const nu, nv = 16, 8
	var pr model.Primitive
	for j := 0; j <= nv; j++ {
		th := math.Pi * float64(j) / nv
		for i := 0; i <= nu; i++ {
			ph := 2 * math.Pi * float64(i) / nu
			p := [3]float32{float32(math.Sin(th) * math.Cos(ph)), float32(math.Cos(th)), float32(-math.Sin(th) * math.Sin(ph))}
			pr.Positions = append(pr.Positions, p)
			pr.Normals = append(pr.Normals, p)
		}
	}
	for j := range nv {
		for i := range nu {
			a := uint32(j*(nu+1) + i)
			b, c, d := a+1, a+nu+1, a+nu+2
			pr.Indices = append(pr.Indices, a, c, b, b, c, d)
		}
	}
	s.Materials = []model.Material{m}
	mesh := &model.Mesh{Name: "sphere", Primitives: []model.Primitive{pr}}
	mesh.ComputeBounds()
	s.Meshes = []*model.Mesh{mesh}
	n := model.NewNode("sphere")
	n.Mesh = 0
	s.AddNode(n, -1)
	return s
}

func testFrame(w, h, spp uint32, world mgl32.Mat4, fov float32) kernel.FrameParams {
	cam := kernel.NewCameraData(model.Camera{Projection: model.Perspective, YFov: fov}, world, world, float32(w)/float32(h), kernel.Lens{})
	return kernel.FrameParams{Camera: cam, Settings: kernel.RenderSettings{Width: w, Height: h, TileWidth: w, TileHeight: h,
		SamplesPerPass: spp, MaxBounces: 12, RRStartBounce: 3}}
}

func meanImage(accum []kernel.Float4) (mean [3]float64) {
	for _, a := range accum {
		for c := range 3 {
			mean[c] += float64(a[c] / a[3])
		}
	}
	for c := range 3 {
		mean[c] /= float64(len(accum))
	}
	return mean
}

// filterDensity is the 1D (separable filters) or radial (gaussian)
// unnormalised filter of width w at offset x (radius for gaussian).
func filterDensity(f kernel.PixelFilter, w, x float64) float64 {
	h := w / 2
	if math.Abs(x) > h {
		return 0
	}
	switch f {
	case kernel.FilterBox:
		return 1
	case kernel.FilterGaussian:
		s := w / 6
		return math.Exp(-x * x / (2 * s * s))
	case kernel.FilterBlackmanHarris:
		t := x / w
		return 0.35875 + 0.48829*math.Cos(2*math.Pi*t) + 0.14128*math.Cos(4*math.Pi*t) + 0.01168*math.Cos(6*math.Pi*t) // Blackman–Harris
	}
	return 1 - math.Abs(x)/h
}

// withFrontCamera gives a scene without cameras model.FrontCamera, the
// view its golden images were measured with.
func withFrontCamera(s *model.Scene) *model.Scene {
	if len(s.Cameras) == 0 {
		s.Cameras = append(s.Cameras, model.FrontCamera(s.BoundsAt(0)))
	}
	return s
}
