package raster

import (
	"fmt"

	"github.com/chewxy/math32"
	"github.com/go-gl/mathgl/mgl32"

	"github.com/ingot-render/ingot/scenes/model"
	"github.com/ingot-render/ingot/scenes/render"
	"github.com/ingot-render/ingot/scenes/render/internal/kernel"
)

// frameCamera is the path tracer's camera of frame f (render.Renderer
// builds the same CameraData: LookAt or the scene's view camera at the
// frame's time; lens and shutter are ignored by the rasterizer).
func frameCamera(s *model.Scene, f *render.Frame) (kernel.CameraData, error) {
	aspect := float32(f.Width) / float32(f.Height)
	if f.LookAt != nil {
		fov := f.LookAt.FovY
		if fov == 0 {
			fov = 45
		}
		world := kernel.LookAt(f.LookAt.Eye, f.LookAt.Target, f.LookAt.Up)
		return kernel.NewCameraData(model.Camera{Projection: model.Perspective, YFov: mgl32.DegToRad(fov)}, world, world, aspect, kernel.Lens{}), nil
	}
	c, world, err := s.ViewCamera(f.CameraName, f.Time)
	if err != nil {
		return kernel.CameraData{}, fmt.Errorf("raster: Frame.CameraName %q: %w", f.CameraName, err)
	}
	return kernel.NewCameraData(c, world, world, aspect, kernel.Lens{}), nil
}

// clipPlanes returns near and far distances along the camera's forward
// axis that enclose bounds b (with a margin), near at least
// cam.NearClip and far/near at most 1e5 (depth precision).
func clipPlanes(cam *kernel.CameraData, b model.Bounds) (near, far float32) {
	if b.Empty() {
		return max(cam.NearClip, 1e-3), 1e3
	}
	c := b.Center()
	r := b.Size().Len()/2 + 1e-6
	pos, fwd := mgl32.Vec3(cam.Position), mgl32.Vec3(cam.Forward)
	d := c.Sub(pos).Dot(fwd)
	far = max(d+r, 1e-3) * 1.01
	near = max(d-r, far*1e-5) * 0.99
	if cam.Projection == kernel.ProjectionOrthographic {
		near = d - r*1.01
	}
	if cam.NearClip > 0 && cam.NearClip > near {
		near = cam.NearClip
	}
	if far <= near {
		far = near * 2
	}
	return near, far
}

// viewProjection returns the rows of the camera's clip transform (Metal
// NDC: x right, y up, z in [0, 1] from near to far) for the path tracer's
// camera: a point on the ray through NDC (sx, sy) projects to (sx, sy).
func viewProjection(cam *kernel.CameraData, near, far float32) [4][4]float32 {
	pos := mgl32.Vec3(cam.Position)
	right, up, fwd := mgl32.Vec3(cam.Right), mgl32.Vec3(cam.Up), mgl32.Vec3(cam.Forward)
	row := func(v mgl32.Vec3, s, add float32) [4]float32 {
		return [4]float32{v[0] * s, v[1] * s, v[2] * s, -v.Dot(pos)*s + add}
	}
	if cam.Projection == kernel.ProjectionOrthographic {
		h := max(cam.OrthoHalfHeight, 1e-20)
		k := 1 / (far - near)
		return [4][4]float32{row(right, 1/(h*cam.Aspect), 0), row(up, 1/h, 0), row(fwd, k, -near*k), {0, 0, 0, 1}}
	}
	t := max(cam.TanHalfFovY, 1e-20)
	a := far / (far - near)
	return [4][4]float32{row(right, 1/(t*cam.Aspect), 0), row(up, 1/t, 0), row(fwd, a, -near*a), row(fwd, 1, 0)}
}

// lookAtRows returns the rows of a right-handed orthonormal view basis
// looking along dir (for shadow maps): right, up, forward.
func lookAtRows(dir mgl32.Vec3) (right, up, fwd mgl32.Vec3) {
	fwd = dir.Normalize()
	ref := mgl32.Vec3{0, 1, 0}
	if math32.Abs(fwd.Dot(ref)) > 0.99 {
		ref = mgl32.Vec3{1, 0, 0}
	}
	right = fwd.Cross(ref).Normalize()
	up = right.Cross(fwd)
	return right, up, fwd
}
