package model

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

// TestAutoCamera: the automatic camera looks at the bounds' centre from
// 25° above the horizon, 45° around from +Z towards +X, and every corner
// of the bounds is in view.
func TestAutoCamera(t *testing.T) {
	b := Bounds{Min: [3]float32{-1, 0, -2}, Max: [3]float32{3, 1, 2}}
	c := AutoCamera(b)
	eye := c.World.Col(3).Vec3()
	dir := eye.Sub(b.Center()).Normalize()
	el := math.Asin(float64(dir[1])) * 180 / math.Pi
	az := math.Atan2(float64(dir[0]), float64(dir[2])) * 180 / math.Pi
	if math.Abs(el-25) > 0.01 || math.Abs(az-45) > 0.01 {
		t.Errorf("eye at elevation %.2f°, azimuth %.2f°; want 25°, 45°", el, az)
	}
	view := c.World.Inv()
	tanHalf := math.Tan(float64(c.YFov) / 2)
	for i := range 8 {
		p := mgl32.Vec3{b.Min[0], b.Min[1], b.Min[2]}
		for k := range 3 {
			if i>>k&1 != 0 {
				p[k] = b.Max[k]
			}
		}
		v := view.Mul4x1(p.Vec4(1))
		depth := -float64(v[2])
		if depth <= float64(c.ZNear) || math.Abs(float64(v[1]))/depth > tanHalf || math.Abs(float64(v[0]))/depth > tanHalf {
			t.Errorf("corner %v at view position %v is out of the %v° view", p, v.Vec3(), c.YFov*180/math.Pi)
		}
	}
}
