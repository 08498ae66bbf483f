package kernel

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/ingot-render/ingot/scenes/model"
)

// TestSampleTent: the offsets follow the tent density (mean 0, variance
// 1/6) and stay inside (−1, 1).
func TestSampleTent(t *testing.T) {
	const n = 1 << 14
	var s, s2 float64
	for i := range n {
		x := float64(SampleTent((float32(i) + 0.5) / n))
		if x <= -1 || x >= 1 {
			t.Fatalf("offset %v", x)
		}
		s += x
		s2 += x * x
	}
	if m := s / n; math.Abs(m) > 1e-4 {
		t.Errorf("mean %v", m)
	}
	if v := s2 / n; math.Abs(v-1.0/6) > 1e-3 {
		t.Errorf("variance %v, want 1/6", v)
	}
}

func testCamera(lens Lens) (CameraData, RenderSettings) {
	cam := model.Camera{Projection: model.Perspective, YFov: float32(math.Pi / 2), ZNear: 0.01}
	world := LookAt([3]float32{0, 0, 5}, [3]float32{0, 0, 0}, [3]float32{0, 1, 0})
	closeW := mgl32.Translate3D(1, 0, 0).Mul4(world)
	return NewCameraData(cam, world, closeW, 2, lens), RenderSettings{Width: 200, Height: 100}
}

// TestCameraRay: the centre ray looks at the target, corners span the
// field of view, the shutter moves the origin, and a thin lens keeps rays
// converging on the focus plane.
func TestCameraRay(t *testing.T) {
	c, st := testCamera(Lens{ShutterOpen: 1, ShutterClose: 2})
	mid := [4]float32{0.5, 0.5, 0.5, 0.5}
	o, d, tm := c.Ray(&st, 99, 49, mid, 0)
	if o != (Vec3{0, 0, 5}) || tm != 1 {
		t.Errorf("origin %v time %v", o, tm)
	}
	if d.dot(Vec3{0, 0, -1}) < 0.9999 {
		t.Errorf("centre direction %v", d)
	}
	// Top-left corner: 45° up, aspect 2 → x = −2·tan 45° at the edge.
	_, d, _ = c.Ray(&st, 0, 0, [4]float32{0, 0, 0, 0}, 0)
	if d[0] >= 0 || d[1] <= 0 || math.Abs(float64(-d[0]/d[1]-2)) > 0.05 {
		t.Errorf("corner direction %v", d)
	}
	o, _, tm = c.Ray(&st, 99, 49, mid, 1)
	if o != (Vec3{1, 0, 5}) || tm != 2 {
		t.Errorf("at close: origin %v time %v", o, tm)
	}
	lc, _ := testCamera(Lens{Radius: 0.2, FocusDistance: 3})
	for i := range uint32(64) {
		u := Sample4(5, i, DimCamera)
		o, d, _ := lc.Ray(&st, 30, 70, u, 0)
		if o == (Vec3{0, 0, 5}) && u[2] != 0.5 {
			continue
		}
		// Every lens ray crosses z = 2 (focus distance 3) at the pinhole ray's point.
		_, pd, _ := c.Ray(&st, 30, 70, [4]float32{u[0], u[1], 0.5, 0.5}, 0)
		want := Vec3{0, 0, 5}.add(pd.scale(3 / -pd[2]))
		got := o.add(d.scale((2 - o[2]) / d[2]))
		if got.sub(want).length() > 1e-4 {
			t.Fatalf("lens ray %d hits the focus plane at %v, want %v", i, got, want)
		}
	}
}
