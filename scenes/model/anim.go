package model

import (
	"math"
	"sort"
)

// Interpolation is a keyframe interpolation mode.
type Interpolation uint8

// Interpolation modes (glTF animation sampler).
const (
	InterpLinear Interpolation = iota
	InterpStep
	InterpCubicSpline
)

// String returns the glTF name of the mode.
func (i Interpolation) String() string {
	return [...]string{"LINEAR", "STEP", "CUBICSPLINE"}[i%3]
}

// Path is the node property an animation channel drives.
type Path uint8

// Animated node properties.
const (
	PathTranslation Path = iota
	PathRotation
	PathScale
	PathWeights
)

// String returns the glTF target path name.
func (p Path) String() string {
	return [...]string{"translation", "rotation", "scale", "weights"}[p%4]
}

// AnimSampler is a keyframe curve. Output holds, per key, Width values
// (3 for translation/scale, 4 for a rotation quaternion x,y,z,w, the target
// count for weights); for cubic splines each key holds in-tangent, value,
// out-tangent, Width values each.
type AnimSampler struct {
	Input         []float32
	Output        []float32
	Interpolation Interpolation
	Width         int
}

// Channel drives one property of one node from a sampler.
type Channel struct {
	Sampler int
	Node    int
	Path    Path
}

// Animation is a set of channels played together.
type Animation struct {
	Name     string
	Samplers []AnimSampler
	Channels []Channel
	// Start and End are the earliest and latest key times.
	Start, End float32
}

// Eval writes the value at time t into out (len Width). Times before the
// first key or after the last clamp. Rotations (quat true) use spherical
// linear interpolation and are normalized.
func (s *AnimSampler) Eval(t float32, quat bool, out []float32) {
	w, in := s.Width, s.Input
	n := len(in)
	if n == 0 || w == 0 {
		return
	}
	stride, voff := w, 0
	if s.Interpolation == InterpCubicSpline {
		stride, voff = 3*w, w
	}
	val := func(k int) []float32 { return s.Output[k*stride+voff : k*stride+voff+w] }
	if t <= in[0] || n == 1 {
		copy(out, val(0))
		return
	}
	if t >= in[n-1] {
		copy(out, val(n-1))
		return
	}
	k := sort.Search(n, func(i int) bool { return in[i] > t }) - 1
	td := in[k+1] - in[k]
	if td <= 0 {
		copy(out, val(k+1))
		return
	}
	u := (t - in[k]) / td
	switch s.Interpolation {
	case InterpStep:
		copy(out, val(k))
	case InterpLinear:
		a, b := val(k), val(k+1)
		if quat && w == 4 {
			q := Slerp([4]float32(a), [4]float32(b), u)
			copy(out, q[:])
			return
		}
		for i := 0; i < w; i++ {
			out[i] = a[i] + (b[i]-a[i])*u
		}
	case InterpCubicSpline:
		p0, p1 := val(k), val(k+1)
		m0 := s.Output[k*stride+2*w : k*stride+3*w]   // out-tangent of k
		m1 := s.Output[(k+1)*stride : (k+1)*stride+w] // in-tangent of k+1
		u2, u3 := u*u, u*u*u
		h00, h10, h01, h11 := 2*u3-3*u2+1, u3-2*u2+u, -2*u3+3*u2, u3-u2
		for i := 0; i < w; i++ {
			out[i] = h00*p0[i] + h10*td*m0[i] + h01*p1[i] + h11*td*m1[i]
		}
		if quat && w == 4 {
			q := normalizeQ([4]float32(out[:4]))
			copy(out, q[:])
		}
	}
}

// Slerp interpolates unit quaternions (x,y,z,w) along the shorter arc.
func Slerp(a, b [4]float32, u float32) [4]float32 {
	d := a[0]*b[0] + a[1]*b[1] + a[2]*b[2] + a[3]*b[3]
	if d < 0 {
		d = -d
		b = [4]float32{-b[0], -b[1], -b[2], -b[3]}
	}
	var wa, wb float64
	if d > 0.9995 {
		wa, wb = float64(1-u), float64(u)
	} else {
		th := math.Acos(float64(d))
		st := math.Sin(th)
		wa = math.Sin((1-float64(u))*th) / st
		wb = math.Sin(float64(u)*th) / st
	}
	var q [4]float32
	for i := range q {
		q[i] = float32(wa*float64(a[i]) + wb*float64(b[i]))
	}
	return normalizeQ(q)
}

func normalizeQ(q [4]float32) [4]float32 {
	l := float32(math.Sqrt(float64(q[0]*q[0] + q[1]*q[1] + q[2]*q[2] + q[3]*q[3])))
	if l == 0 {
		return [4]float32{0, 0, 0, 1}
	}
	return [4]float32{q[0] / l, q[1] / l, q[2] / l, q[3] / l}
}

// TimeRange returns the earliest start and latest end of all animations
// (0, 0 when there are none).
func (s *Scene) TimeRange() (start, end float32) {
	for i, a := range s.Animations {
		if i == 0 || a.Start < start {
			start = a.Start
		}
		if i == 0 || a.End > end {
			end = a.End
		}
	}
	return start, end
}
