package kernel

import "github.com/chewxy/math32"

// AlphaMin is the smallest GGX alpha (roughness² is clamped to it), as
// bsdf.h kAlphaMin.
const AlphaMin = 1e-3

// GGXAlpha maps perceptual roughness to GGX alpha (roughness², clamped).
func GGXAlpha(roughness float32) float32 {
	r := min(max(roughness, 0), 1)
	return max(r*r, AlphaMin)
}

// ggxD is the GGX / Trowbridge–Reitz normal distribution of a local
// half vector h (z = normal).
func ggxD(h Vec3, a float32) float32 {
	a2 := a * a
	t := h[2]*h[2]*(a2-1) + 1
	return a2 / (math32.Pi * t * t)
}

// ggxLambda is Smith's Λ for GGX at cosine mu.
func ggxLambda(mu, a float32) float32 {
	mu2 := mu * mu
	if mu2 <= 0 {
		return 1e30
	}
	t2 := (1 - mu2) / mu2
	return 0.5 * (-1 + math32.Sqrt(1+a*a*t2))
}

// ggxG1 is the Smith masking term of one direction.
func ggxG1(mu, a float32) float32 { return 1 / (1 + ggxLambda(mu, a)) }

// ggxG2 is the height-correlated Smith masking-shadowing term.
func ggxG2(muo, mui, a float32) float32 {
	return 1 / (1 + ggxLambda(muo, a) + ggxLambda(mui, a))
}

// ggxSingle is the single-scattering GGX reflection lobe with Fresnel 1,
// D·G2 / (4 μo μi), for wo, wi above the surface.
func ggxSingle(wo, wi Vec3, a float32) float32 {
	if wo[2] <= 0 || wi[2] <= 0 {
		return 0
	}
	h := wo.add(wi).normalize()
	return ggxD(h, a) * ggxG2(wo[2], wi[2], a) / (4 * wo[2] * wi[2])
}

// ggxSampleVNDF samples a visible normal (Heitz 2018) for wo (z > 0).
func ggxSampleVNDF(wo Vec3, a, u1, u2 float32) Vec3 {
	vh := Vec3{a * wo[0], a * wo[1], wo[2]}.normalize()
	lensq := vh[0]*vh[0] + vh[1]*vh[1]
	t1v := Vec3{1, 0, 0}
	if lensq > 0 {
		t1v = Vec3{-vh[1], vh[0], 0}.scale(1 / math32.Sqrt(lensq))
	}
	t2v := vh.cross(t1v)
	r := math32.Sqrt(u1)
	phi := 2 * math32.Pi * u2
	t1 := r * math32.Cos(phi)
	t2 := r * math32.Sin(phi)
	s := 0.5 * (1 + vh[2])
	t2 = (1-s)*math32.Sqrt(max(1-t1*t1, 0)) + s*t2
	nh := t1v.scale(t1).add(t2v.scale(t2)).add(vh.scale(math32.Sqrt(max(1-t1*t1-t2*t2, 0))))
	return Vec3{a * nh[0], a * nh[1], max(nh[2], 1e-6)}.normalize()
}

// ggxPdfVNDF is the density of wi = reflect(wo, h) with h from
// ggxSampleVNDF: G1(wo) D(h) / (4 μo).
func ggxPdfVNDF(wo, wi Vec3, a float32) float32 {
	if wo[2] <= 0 || wi[2] <= 0 {
		return 0
	}
	h := wo.add(wi).normalize()
	return ggxG1(wo[2], a) * ggxD(h, a) / (4 * wo[2])
}

// reflectH reflects wo about the half vector h.
func reflectH(wo, h Vec3) Vec3 { return h.scale(2 * wo.dot(h)).sub(wo) }

// schlickWeight is (1 − c)^5.
func schlickWeight(c float32) float32 {
	m := min(max(1-c, 0), 1)
	m2 := m * m
	return m2 * m2 * m
}
