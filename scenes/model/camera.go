package model

import (
	"fmt"
	"math"
	"strconv"

	"github.com/go-gl/mathgl/mgl32"
)

// Projection is a camera projection type.
type Projection uint8

// Projections.
const (
	Perspective Projection = iota
	Orthographic
)

// String returns "perspective" or "orthographic".
func (p Projection) String() string {
	if p == Orthographic {
		return "orthographic"
	}
	return "perspective"
}

// Camera is a camera object; the node it hangs on places it (looking down
// its local -Z with +Y up).
type Camera struct {
	Name       string
	Projection Projection
	// YFov is the vertical field of view in radians (perspective).
	YFov float32
	// Aspect is width/height, 0 to follow the viewport.
	Aspect float32
	// XMag, YMag are half-extents (orthographic).
	XMag, YMag float32
	ZNear      float32
	// ZFar is +Inf for an infinite perspective projection.
	ZFar float32
	// Node is the node carrying the camera, -1 if none (then World applies).
	Node int
	// World is the camera-to-world transform when Node is -1.
	World mgl32.Mat4
}

// CameraWorld returns camera i's camera-to-world transform at pose p.
func (s *Scene) CameraWorld(i int, p *Pose) mgl32.Mat4 {
	c := &s.Cameras[i]
	if c.Node >= 0 && c.Node < len(p.World) {
		return p.World[c.Node]
	}
	return c.World
}

// CameraNode returns the first node carrying camera i, or -1.
func (s *Scene) CameraNode(i int) int {
	for n := range s.Nodes {
		if s.Nodes[n].Camera == i {
			return n
		}
	}
	return -1
}

// autoElevation and autoAzimuth place AutoCamera's eye (radians).
const (
	autoElevation = 25 * math.Pi / 180
	autoAzimuth   = 45 * math.Pi / 180
)

// AutoCamera returns a perspective camera (45° vertical fov) looking at the
// centre of b in a three-quarter view from above (from the +X+Z side,
// 45° around and 25° above the horizon), placed so the bounding sphere
// fits the view.
func AutoCamera(b Bounds) Camera {
	if b.Empty() {
		b = Bounds{Min: [3]float32{-1, -1, -1}, Max: [3]float32{1, 1, 1}}
	}
	c := b.Center()
	r := b.Size().Len() / 2
	if r <= 0 || math.IsInf(float64(r), 0) || math.IsNaN(float64(r)) {
		r = 1
	}
	fov := float32(math.Pi / 4)
	dist := r / float32(math.Sin(float64(fov)/2))
	el, az := float64(autoElevation), float64(autoAzimuth)
	dir := mgl32.Vec3{float32(math.Cos(el) * math.Sin(az)), float32(math.Sin(el)), float32(math.Cos(el) * math.Cos(az))}
	eye := c.Add(dir.Mul(dist))
	view := mgl32.LookAtV(eye, c, mgl32.Vec3{0, 1, 0})
	return Camera{Name: "auto", Projection: Perspective, YFov: fov, ZNear: max(dist-r*1.5, dist*0.001),
		ZFar: dist + r*2, Node: -1, World: view.Inv()}
}

// FrontCamera is the automatic camera of earlier versions: 45° vertical
// fov, looking at the centre of b from the +Z side and a little above,
// placed so the bounding sphere fits. The benchmarks and golden images
// keep it so that their figures and bits stay comparable.
func FrontCamera(b Bounds) Camera {
	c := AutoCamera(b)
	if b.Empty() {
		b = Bounds{Min: [3]float32{-1, -1, -1}, Max: [3]float32{1, 1, 1}}
	}
	ctr := b.Center()
	r := b.Size().Len() / 2
	if r <= 0 || math.IsInf(float64(r), 0) || math.IsNaN(float64(r)) {
		r = 1
	}
	dist := r / float32(math.Sin(float64(c.YFov)/2))
	eye := ctr.Add(mgl32.Vec3{0, r * 0.25, dist})
	c.Name, c.World = "front", mgl32.LookAtV(eye, ctr, mgl32.Vec3{0, 1, 0}).Inv()
	return c
}

// FindCamera returns the index of the camera selected by sel: its name, or
// its decimal index; "" picks the first camera placed on a node (else the
// first camera). It returns -1 and no error when the scene has no camera
// and sel is "".
func (s *Scene) FindCamera(sel string) (int, error) {
	if sel == "" {
		for i, c := range s.Cameras {
			if c.Node >= 0 {
				return i, nil
			}
		}
		if len(s.Cameras) > 0 {
			return 0, nil
		}
		return -1, nil
	}
	for i, c := range s.Cameras {
		if c.Name == sel {
			return i, nil
		}
	}
	if i, err := strconv.Atoi(sel); err == nil && i >= 0 && i < len(s.Cameras) {
		return i, nil
	}
	names := make([]string, len(s.Cameras))
	for i, c := range s.Cameras {
		names[i] = c.Name
		if names[i] == "" {
			names[i] = strconv.Itoa(i)
		}
	}
	return -1, fmt.Errorf("camera %q not found (cameras: %v)", sel, names)
}

// ViewCamera returns the camera selected by sel (see FindCamera) and its
// camera-to-world transform at time t; without cameras it returns
// AutoCamera framing the bounds at t.
func (s *Scene) ViewCamera(sel string, t float32) (Camera, mgl32.Mat4, error) {
	i, err := s.FindCamera(sel)
	if err != nil {
		return Camera{}, mgl32.Mat4{}, err
	}
	if i < 0 {
		c := AutoCamera(s.BoundsAt(t))
		return c, c.World, nil
	}
	return s.Cameras[i], s.CameraWorld(i, s.PoseAt(t)), nil
}
