package kernel

import "github.com/chewxy/math32"

// Vec3 is a float32 3-vector (MSL float3) used by the Go references.
type Vec3 [3]float32

func (a Vec3) add(b Vec3) Vec3        { return Vec3{a[0] + b[0], a[1] + b[1], a[2] + b[2]} }
func (a Vec3) sub(b Vec3) Vec3        { return Vec3{a[0] - b[0], a[1] - b[1], a[2] - b[2]} }
func (a Vec3) mul(b Vec3) Vec3        { return Vec3{a[0] * b[0], a[1] * b[1], a[2] * b[2]} }
func (a Vec3) scale(s float32) Vec3   { return Vec3{a[0] * s, a[1] * s, a[2] * s} }
func (a Vec3) dot(b Vec3) float32     { return a[0]*b[0] + a[1]*b[1] + a[2]*b[2] }
func (a Vec3) length() float32        { return math32.Sqrt(a.dot(a)) }
func (a Vec3) normalize() Vec3        { return a.scale(1 / a.length()) }
func splat(s float32) Vec3            { return Vec3{s, s, s} }
func lerp3(a, b Vec3, t float32) Vec3 { return a.add(b.sub(a).scale(t)) }
func (a Vec3) cross(b Vec3) Vec3 {
	return Vec3{a[1]*b[2] - a[2]*b[1], a[2]*b[0] - a[0]*b[2], a[0]*b[1] - a[1]*b[0]}
}

// Luminance is the Rec. 709 luminance of linear RGB (bsdf.h luminance).
func Luminance(c Vec3) float32 { return 0.2126*c[0] + 0.7152*c[1] + 0.0722*c[2] }
