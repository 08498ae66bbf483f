package accel

import "math"

// Float4x3 is a packed float4x3 in column-major order, as Metal's
// MTLPackedFloat4x3: elements 0–2 are column 0, 3–5 column 1, 6–8 column 2
// (the linear part) and 9–11 column 3 (the translation). It maps object space
// to world space: world = M * float4(p, 1).
type Float4x3 [12]float32

// Identity4x3 is the identity transform.
var Identity4x3 = Float4x3{1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0}

// Point transforms the point p.
func (m *Float4x3) Point(p [3]float32) [3]float32 {
	return [3]float32{
		m[0]*p[0] + m[3]*p[1] + m[6]*p[2] + m[9],
		m[1]*p[0] + m[4]*p[1] + m[7]*p[2] + m[10],
		m[2]*p[0] + m[5]*p[1] + m[8]*p[2] + m[11],
	}
}

// Vector transforms the direction v (no translation).
func (m *Float4x3) Vector(v [3]float32) [3]float32 {
	return [3]float32{
		m[0]*v[0] + m[3]*v[1] + m[6]*v[2],
		m[1]*v[0] + m[4]*v[1] + m[7]*v[2],
		m[2]*v[0] + m[5]*v[1] + m[8]*v[2],
	}
}

// transformRay sets *o to Point(*o) and *d to Vector(*d), with the same
// expressions. The results are stored one float at a time into the
// caller's arrays: returned by value, [3]float32 came back through the
// stack and the caller's 8-byte reads of the 4-byte stores stalled on
// store forwarding (about 6% of a Cornell-box render).
func (m *Float4x3) transformRay(o, d *[3]float32) {
	o[0], o[1], o[2], d[0], d[1], d[2] = m.transformRay3(o[0], o[1], o[2], d[0], d[1], d[2])
}

// transformRay3 is transformRay on values.
func (m *Float4x3) transformRay3(ox, oy, oz, dx, dy, dz float32) (float32, float32, float32, float32, float32, float32) {
	return m[0]*ox + m[3]*oy + m[6]*oz + m[9],
		m[1]*ox + m[4]*oy + m[7]*oz + m[10],
		m[2]*ox + m[5]*oy + m[8]*oz + m[11],
		m[0]*dx + m[3]*dy + m[6]*dz,
		m[1]*dx + m[4]*dy + m[7]*dz,
		m[2]*dx + m[5]*dy + m[8]*dz
}

// keepsNonzero reports whether transformRay3 by m returns a finite ray
// none of whose components is zero as it is, bit for bit: m's linear part
// has ones on its diagonal and zeros (of either sign) elsewhere, and its
// translation is zero. (x*1 is x, and adding a zero of either sign to a
// non-zero x gives x; the zeros' signs matter only for a zero component,
// and Inverse gives the identity's inverse some negative zeros.)
func (m *Float4x3) keepsNonzero() bool {
	return m[0] == 1 && m[4] == 1 && m[8] == 1 &&
		m[1] == 0 && m[2] == 0 && m[3] == 0 && m[5] == 0 && m[6] == 0 && m[7] == 0 &&
		m[9] == 0 && m[10] == 0 && m[11] == 0
}

// noZero reports false for a ray with a zero component, and true for
// most rays without one: the product of the components is zero where one
// is, or NaN (a zero times an overflow, or a component that is not
// finite); it fails too where the product or its square underflows (the
// caller's transform, right for every ray, is then only the slower way).
func noZero(ox, oy, oz, dx, dy, dz float32) bool {
	p := ox * oy * oz * dx * dy * dz
	return p*p > 0
}

// Mul returns m * n (apply n first, then m).
func (m *Float4x3) Mul(n *Float4x3) Float4x3 {
	var r Float4x3
	for c := 0; c < 4; c++ {
		x, y, z := n[3*c], n[3*c+1], n[3*c+2]
		r[3*c] = m[0]*x + m[3]*y + m[6]*z
		r[3*c+1] = m[1]*x + m[4]*y + m[7]*z
		r[3*c+2] = m[2]*x + m[5]*y + m[8]*z
	}
	r[9] += m[9]
	r[10] += m[10]
	r[11] += m[11]
	return r
}

// Inverse returns the inverse affine transform, computed in float64. A
// singular matrix yields a matrix of zeros (rays then miss the instance).
func (m *Float4x3) Inverse() Float4x3 {
	a, b, c := float64(m[0]), float64(m[3]), float64(m[6])
	d, e, f := float64(m[1]), float64(m[4]), float64(m[7])
	g, h, i := float64(m[2]), float64(m[5]), float64(m[8])
	A := e*i - f*h
	B := -(d*i - f*g)
	C := d*h - e*g
	det := a*A + b*B + c*C
	if det == 0 || math.IsNaN(det) || math.IsInf(det, 0) {
		return Float4x3{}
	}
	inv := 1 / det
	// Rows of the inverse linear part.
	r00, r01, r02 := A*inv, -(b*i-c*h)*inv, (b*f-c*e)*inv
	r10, r11, r12 := B*inv, (a*i-c*g)*inv, -(a*f-c*d)*inv
	r20, r21, r22 := C*inv, -(a*h-b*g)*inv, (a*e-b*d)*inv
	tx, ty, tz := float64(m[9]), float64(m[10]), float64(m[11])
	return Float4x3{
		float32(r00), float32(r10), float32(r20),
		float32(r01), float32(r11), float32(r21),
		float32(r02), float32(r12), float32(r22),
		float32(-(r00*tx + r01*ty + r02*tz)),
		float32(-(r10*tx + r11*ty + r12*tz)),
		float32(-(r20*tx + r21*ty + r22*tz)),
	}
}

// lerp4x3 interpolates two matrices element-wise.
func lerp4x3(a, b *Float4x3, f float32) Float4x3 {
	var r Float4x3
	for i := range r {
		r[i] = a[i] + (b[i]-a[i])*f
	}
	return r
}

// ComponentTransform is a decomposed transform (MTLComponentTransform):
// p' = Translation + R(Rotation) * (ScaleShear * p + Pivot), where ScaleShear
// is the upper-triangular matrix [[Scale.x, Shear.x, Shear.y], [0, Scale.y,
// Shear.z], [0, 0, Scale.z]] and Rotation a unit quaternion (x, y, z, w).
// Interpolating keyframes of this form interpolates rotation spherically.
// (Same form as Vulkan's VkSRTDataNV; Apple's exact pivot convention is
// unverified.)
type ComponentTransform struct {
	Scale       [3]float32
	Shear       [3]float32
	Pivot       [3]float32
	Rotation    [4]float32
	Translation [3]float32
}

// Matrix returns the transform as a Float4x3.
func (c *ComponentTransform) Matrix() Float4x3 {
	s := Float4x3{
		c.Scale[0], 0, 0,
		c.Shear[0], c.Scale[1], 0,
		c.Shear[1], c.Shear[2], c.Scale[2],
		c.Pivot[0], c.Pivot[1], c.Pivot[2],
	}
	r := quatMatrix(c.Rotation)
	r[9], r[10], r[11] = c.Translation[0], c.Translation[1], c.Translation[2]
	return r.Mul(&s)
}

func quatMatrix(q [4]float32) Float4x3 {
	x, y, z, w := float64(q[0]), float64(q[1]), float64(q[2]), float64(q[3])
	n := math.Sqrt(x*x + y*y + z*z + w*w)
	if n == 0 {
		return Identity4x3
	}
	x, y, z, w = x/n, y/n, z/n, w/n
	return Float4x3{
		float32(1 - 2*(y*y+z*z)), float32(2 * (x*y + z*w)), float32(2 * (x*z - y*w)),
		float32(2 * (x*y - z*w)), float32(1 - 2*(x*x+z*z)), float32(2 * (y*z + x*w)),
		float32(2 * (x*z + y*w)), float32(2 * (y*z - x*w)), float32(1 - 2*(x*x+y*y)),
		0, 0, 0,
	}
}

// lerpComponent interpolates two decomposed transforms (slerp for rotation).
func lerpComponent(a, b *ComponentTransform, f float32) ComponentTransform {
	var r ComponentTransform
	l3 := func(p, q [3]float32) [3]float32 {
		return [3]float32{p[0] + (q[0]-p[0])*f, p[1] + (q[1]-p[1])*f, p[2] + (q[2]-p[2])*f}
	}
	r.Scale = l3(a.Scale, b.Scale)
	r.Shear = l3(a.Shear, b.Shear)
	r.Pivot = l3(a.Pivot, b.Pivot)
	r.Translation = l3(a.Translation, b.Translation)
	r.Rotation = slerp(a.Rotation, b.Rotation, f)
	return r
}

func slerp(a, b [4]float32, f float32) [4]float32 {
	ax, ay, az, aw := float64(a[0]), float64(a[1]), float64(a[2]), float64(a[3])
	bx, by, bz, bw := float64(b[0]), float64(b[1]), float64(b[2]), float64(b[3])
	d := ax*bx + ay*by + az*bz + aw*bw
	if d < 0 {
		bx, by, bz, bw, d = -bx, -by, -bz, -bw, -d
	}
	t := float64(f)
	var wa, wb float64
	if d > 0.9995 {
		wa, wb = 1-t, t
	} else {
		th := math.Acos(d)
		s := math.Sin(th)
		wa, wb = math.Sin((1-t)*th)/s, math.Sin(t*th)/s
	}
	x, y, z, w := wa*ax+wb*bx, wa*ay+wb*by, wa*az+wb*bz, wa*aw+wb*bw
	n := math.Sqrt(x*x + y*y + z*z + w*w)
	if n == 0 {
		return [4]float32{0, 0, 0, 1}
	}
	return [4]float32{float32(x / n), float32(y / n), float32(z / n), float32(w / n)}
}
