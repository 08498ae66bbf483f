package kernel

import (
	"math"

	"github.com/chewxy/math32"
)

// SheenRoughnessMin is the smallest perceptual sheen roughness the BSDF
// uses (bsdf.h kSheenRoughnessMin): below it the Charlie distribution
// (exponent 1/α) becomes a numerical delta at grazing half vectors.
const SheenRoughnessMin = 0.07

// sheenAlpha maps KHR_materials_sheen's sheenRoughness to the Charlie α
// (roughness², with the roughness clamped to [SheenRoughnessMin, 1]).
func sheenAlpha(r float32) float32 {
	r = min(max(r, SheenRoughnessMin), 1)
	return r * r
}

// charlieD is the Charlie sheen distribution (Estevez and Kulla 2017, as
// KHR_materials_sheen writes it) of a half vector with cosine nh:
// (2 + 1/α)·sin(θh)^(1/α) / (2π).
func charlieD(nh, a float32) float32 {
	inv := 1 / a
	s2 := max(1-nh*nh, 0)
	return (2 + inv) * math32.Pow(s2, 0.5*inv) / (2 * math32.Pi)
}

// charlieL is the fit L(x) of Estevez and Kulla's sheen Λ, with its five
// coefficients interpolated in (1 − α)² (KHR_materials_sheen; the glTF
// sample viewer's l()).
func charlieL(x, a float32) float32 {
	t := (1 - a) * (1 - a)
	mix := func(u, v float32) float32 { return u + (v-u)*t }
	ca, cb, cc := mix(21.5473, 25.3245), mix(3.82987, 3.32435), mix(0.19823, 0.16801)
	cd, ce := mix(-1.97760, -1.27393), mix(-4.32054, -4.85967)
	return ca/(1+cb*math32.Pow(x, cc)) + cd*x + ce
}

// charlieLambda is the sheen Λ at cosine mu (mirrored about μ = 0.5 from
// the fit, as the extension specifies).
func charlieLambda(mu, a float32) float32 {
	if mu < 0.5 {
		return math32.Exp(charlieL(mu, a))
	}
	return math32.Exp(2*charlieL(0.5, a) - charlieL(1-mu, a))
}

// charlieV is the sheen visibility KHR_materials_sheen gives,
// 1 / ((1 + Λ(μo) + Λ(μi))·4μoμi), clamped to [0, 1] as the glTF sample
// viewer does. (Neubelt's cheaper 1/(4(μo + μi − μoμi)), which the
// extension also allows, reflects up to 5× the incoming light at grazing
// angles with a smooth sheen, so it is not used.)
func charlieV(muo, mui, a float32) float32 {
	v := 1 / ((1 + charlieLambda(muo, a) + charlieLambda(mui, a)) * (4 * muo * mui))
	return min(max(v, 0), 1)
}

// sheenLobe is the sheen BRDF for a white sheen colour, D·V, for wo and wi
// above the surface (bsdf.h sheen_lobe).
func sheenLobe(wo, wi Vec3, a float32) float32 {
	if wo[2] <= 0 || wi[2] <= 0 {
		return 0
	}
	h := wo.add(wi).normalize()
	return charlieD(h[2], a) * charlieV(wo[2], wi[2], a)
}

// Strata of the sheen albedo integral per table cell: cosines × azimuths
// over [0, π] (the lobe is symmetric about the plane of wo).
const (
	sheenStrataMu  = 128
	sheenStrataPhi = 64
)

// computeSheenRow integrates row j (sheen roughness j/(N−1)) of the
// directional albedo E(μo) of sheenLobe: stratified uniform hemisphere
// samples, float64 accumulation.
func (t *GGXTables) computeSheenRow(j int) {
	const n = GGXTableSize
	a := sheenAlpha(float32(j) / (n - 1))
	for i := range n {
		mu := max(float32(i)/(n-1), 1e-3)
		wo := Vec3{float32(math.Sqrt(float64(1 - mu*mu))), 0, mu}
		var sum float64
		for x := range sheenStrataMu {
			mi := (float32(x) + 0.5) / sheenStrataMu
			st := float32(math.Sqrt(float64(1 - mi*mi)))
			v := charlieV(wo[2], mi, a) * mi
			for y := range sheenStrataPhi {
				phi := math.Pi * (float64(y) + 0.5) / sheenStrataPhi
				wi := Vec3{st * float32(math.Cos(phi)), st * float32(math.Sin(phi)), mi}
				sum += float64(charlieD(wo.add(wi).normalize()[2], a) * v)
			}
		}
		// Uniform hemisphere pdf 1/(2π).
		t.Sheen[j*n+i] = float32(2 * math.Pi * sum / (sheenStrataMu * sheenStrataPhi))
	}
}

// sheenLayer is KHR_materials_sheen's layering of the sheen over the base
// BSDF at (wo, wi): the factor min(1 − max(colour)·Ê(μo), 1 − max(colour)·Ê(μi))
// that scales the base, and the sheen BRDF colour·D·V / max(1, E(μo), E(μi)).
// E is the sheen albedo table and Ê = min(E, 1): the Charlie lobe reflects
// more than it receives at grazing angles when smooth (E up to 1.6), so
// it is normalised there, symmetrically to stay reciprocal; the sheen
// then reflects at most Ê(μo) and base + sheen at most 1.
func (s *bsdfState) sheenLayer(wo, wi Vec3) (scale float32, sheen Vec3) {
	p := &s.p
	ei := lookup2(&s.tab.Sheen, math32.Abs(wi[2]), min(max(p.SheenRoughness, 0), 1))
	scale = min(s.sheenScale, 1-s.sheenMax*min(ei, 1))
	if wi[2] > 0 {
		sheen = p.SheenColor.scale(sheenLobe(wo, wi, s.sheenA) / max(s.sheenEo, ei, 1))
	}
	return scale, sheen
}
