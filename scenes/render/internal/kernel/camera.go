package kernel

import (
	"github.com/chewxy/math32"
	"github.com/go-gl/mathgl/mgl32"

	"github.com/ingot-render/ingot/scenes/model"
)

// SampleTent maps u ∈ [0, 1) to an offset in (−1, 1) distributed as the
// tent filter of radius one pixel (pathtrace.metal tent): filter
// importance sampling, so every sample has weight 1.
func SampleTent(u float32) float32 {
	x := 2 * u
	if x < 1 {
		return math32.Sqrt(x) - 1
	}
	return 1 - math32.Sqrt(2-x)
}

// Lens is the thin-lens and shutter part of a camera.
type Lens struct {
	// Radius is the aperture radius in scene units (0: pinhole).
	Radius float32
	// FocusDistance is the distance of the plane in focus (≤ 0: 1).
	FocusDistance float32
	// ShutterOpen and ShutterClose are scene times (seconds).
	ShutterOpen, ShutterClose float32
}

// NewCameraData builds the GPU camera from a scene camera and its
// camera-to-world transforms at shutter open and close (the camera looks
// down its −Z with +Y up). aspect is the image's width/height; the scene
// camera's own aspect ratio is ignored (the image size wins, as glTF
// viewers do). Camera rotation during the shutter is not blurred: the
// frame at open is used, only the position moves.
func NewCameraData(c model.Camera, world, worldClose mgl32.Mat4, aspect float32, lens Lens) CameraData {
	col := func(m mgl32.Mat4, i int) Vec3 { return Vec3{m[i*4], m[i*4+1], m[i*4+2]} }
	right := col(world, 0).normalize()
	up := col(world, 1).normalize()
	fwd := col(world, 2).scale(-1).normalize()
	focus := lens.FocusDistance
	if focus <= 0 {
		focus = 1
	}
	cd := CameraData{
		Position:      PackedFloat3(col(world, 3)),
		PositionClose: PackedFloat3(col(worldClose, 3)),
		Right:         PackedFloat3(right),
		Up:            PackedFloat3(up),
		Forward:       PackedFloat3(fwd),
		Aspect:        aspect,
		LensRadius:    max(lens.Radius, 0),
		FocusDistance: focus,
		ShutterOpen:   lens.ShutterOpen,
		ShutterClose:  max(lens.ShutterClose, lens.ShutterOpen),
		NearClip:      max(c.ZNear, 0),
	}
	if c.Projection == model.Orthographic {
		cd.Projection = ProjectionOrthographic
		cd.OrthoHalfHeight = c.YMag
	} else {
		cd.Projection = ProjectionPerspective
		cd.TanHalfFovY = math32.Tan(c.YFov / 2)
	}
	return cd
}

// LookAt returns a perspective camera-to-world transform for --eye,
// --target and --up.
func LookAt(eye, target, up [3]float32) mgl32.Mat4 {
	return mgl32.LookAtV(mgl32.Vec3(eye), mgl32.Vec3(target), mgl32.Vec3(up)).Inv()
}

// Ray is pathtrace.metal camera_ray: the primary ray of pixel (px, py)
// for film random numbers (x, y: filter; z, w: lens) and shutter fraction
// tu. It returns the origin, the unit direction and the scene time.
func (c *CameraData) Ray(st *RenderSettings, px, py uint32, film [4]float32, tu float32) (Vec3, Vec3, float32) {
	off := FilterOffset(PixelFilter(st.Filter), st.FilterWidth, [2]float32{film[0], film[1]})
	fx := float32(px) + 0.5 + off[0]
	fy := float32(py) + 0.5 + off[1]
	sx := 2*fx/float32(st.Width) - 1
	sy := 1 - 2*fy/float32(st.Height)
	time := c.ShutterOpen + (c.ShutterClose-c.ShutterOpen)*tu
	pos := lerp3(Vec3(c.Position), Vec3(c.PositionClose), tu)
	right, up, fwd := Vec3(c.Right), Vec3(c.Up), Vec3(c.Forward)
	if c.Projection == ProjectionOrthographic {
		o := pos.add(right.scale(sx * c.OrthoHalfHeight * c.Aspect)).add(up.scale(sy * c.OrthoHalfHeight))
		return o, fwd, time
	}
	d := fwd.add(right.scale(sx * c.TanHalfFovY * c.Aspect)).add(up.scale(sy * c.TanHalfFovY)).normalize()
	if c.LensRadius <= 0 {
		return pos, d, time
	}
	focus := pos.add(d.scale(c.FocusDistance / d.dot(fwd)))
	l := cosineHemisphere(film[2], film[3])
	o := pos.add(right.scale(l[0] * c.LensRadius)).add(up.scale(l[1] * c.LensRadius))
	return o, focus.sub(o).normalize(), time
}
