package model

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
)

// Bounds is an axis-aligned box. An empty box has Min > Max.
type Bounds struct {
	Min [3]float32 `json:"min"`
	Max [3]float32 `json:"max"`
}

// EmptyBounds returns a box that contains nothing.
func EmptyBounds() Bounds {
	inf := float32(math.Inf(1))
	return Bounds{Min: [3]float32{inf, inf, inf}, Max: [3]float32{-inf, -inf, -inf}}
}

// Empty reports whether the box contains no point.
func (b Bounds) Empty() bool {
	return b.Min[0] > b.Max[0] || b.Min[1] > b.Max[1] || b.Min[2] > b.Max[2]
}

// Extend grows the box to contain p.
func (b *Bounds) Extend(p [3]float32) {
	for k := 0; k < 3; k++ {
		b.Min[k] = min(b.Min[k], p[k])
		b.Max[k] = max(b.Max[k], p[k])
	}
}

// Union returns the box containing both.
func (b Bounds) Union(o Bounds) Bounds {
	for k := 0; k < 3; k++ {
		b.Min[k] = min(b.Min[k], o.Min[k])
		b.Max[k] = max(b.Max[k], o.Max[k])
	}
	return b
}

// Center returns the box centre.
func (b Bounds) Center() mgl32.Vec3 {
	return mgl32.Vec3{(b.Min[0] + b.Max[0]) / 2, (b.Min[1] + b.Max[1]) / 2, (b.Min[2] + b.Max[2]) / 2}
}

// Size returns Max - Min.
func (b Bounds) Size() mgl32.Vec3 {
	return mgl32.Vec3{b.Max[0] - b.Min[0], b.Max[1] - b.Min[1], b.Max[2] - b.Min[2]}
}

// Transform returns the box bounding the 8 transformed corners.
func (b Bounds) Transform(m mgl32.Mat4) Bounds {
	if b.Empty() {
		return b
	}
	out := EmptyBounds()
	for i := 0; i < 8; i++ {
		p := mgl32.Vec4{b.Min[0], b.Min[1], b.Min[2], 1}
		if i&1 != 0 {
			p[0] = b.Max[0]
		}
		if i&2 != 0 {
			p[1] = b.Max[1]
		}
		if i&4 != 0 {
			p[2] = b.Max[2]
		}
		q := m.Mul4x1(p)
		out.Extend([3]float32{q[0], q[1], q[2]})
	}
	return out
}
