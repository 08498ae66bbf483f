package kernel

import "github.com/chewxy/math32"

// KHR_materials_volume boundaries (bsdf.h "KHR_materials_volume"): a rough
// dielectric boundary that refracts (Walter et al. 2007) with the GGX D
// and height-correlated G2 of the reflection lobe. eta is the IOR of the
// far side over the viewer's. Radiance is not rescaled by eta² across the
// boundary: a path leaves a closed volume as often as it enters it, so the
// factors cancel, and a refracted VNDF sample weighs (1 − F)·G2/G1.

// Volume boundary kinds (BSDFParams.Volume, bsdf.h kVolume*).
const (
	// VolumeThin is thin-walled transmission (no KHR_materials_volume).
	VolumeThin = iota
	// VolumeEnter is a volume boundary seen from outside: the
	// transmission lobe refracts into the volume.
	VolumeEnter
	// VolumeExit is a volume boundary seen from inside: a bare dielectric
	// boundary reflecting (total internal reflection included) or
	// refracting out.
	VolumeExit
)

// volumeIorMin keeps a volume's IOR off 1, where refraction has no half
// vector (bsdf.h kVolumeIorMin).
const volumeIorMin = 1.001

// volumeFresnel is the reflectance of a dielectric boundary at a microfacet
// whose cosine with the viewer's direction is c: Schlick's approximation
// with the cosine on the optically thinner side, 1 under total internal
// reflection; the specular weight w scales it otherwise.
func volumeFresnel(f0, w, c, eta float32) float32 {
	if eta >= 1 {
		return w * (f0 + (1-f0)*schlickWeight(c))
	}
	s2 := (1 - c*c) / (eta * eta)
	if s2 >= 1 {
		return 1
	}
	return w * (f0 + (1-f0)*schlickWeight(math32.Sqrt(1-s2)))
}

// refractH refracts wo (wo·h > 0) through the microfacet normal h into the
// far side; ok is false under total internal reflection.
func refractH(wo, h Vec3, eta float32) (Vec3, bool) {
	c := wo.dot(h)
	inv := 1 / eta
	s2 := inv * inv * max(1-c*c, 0)
	if s2 >= 1 {
		return Vec3{}, false
	}
	return h.scale(inv*c - math32.Sqrt(1-s2)).sub(wo.scale(inv)).normalize(), true
}

// volumeHalf is the microfacet normal that refracts wo into wi (wi.z < 0),
// on the normal's side; the zero vector when none does.
func volumeHalf(wo, wi Vec3, eta float32) Vec3 {
	h := wo.add(wi.scale(eta)).normalize()
	if h[2] < 0 {
		h = h.scale(-1)
	}
	if !(wo.dot(h) > 0 && wi.dot(h) < 0) {
		return Vec3{}
	}
	return h
}

// volumeBTDF is the refraction lobe without its Fresnel factor:
// D·G2·|wi·h|·(wo·h) / (|wi.z|·wo.z·(wi·h + (wo·h)/eta)²).
func volumeBTDF(wo, wi, h Vec3, a, eta float32) float32 {
	oh, ih := wo.dot(h), wi.dot(h)
	den := ih + oh/eta
	return ggxD(h, a) * ggxG2(wo[2], -wi[2], a) * (-ih) * oh / (-wi[2] * wo[2] * den * den)
}

// volumePdf is the density of wi when h is drawn from the visible normals
// of wo and wo is refracted through it.
func volumePdf(wo, wi, h Vec3, a, eta float32) float32 {
	oh, ih := wo.dot(h), wi.dot(h)
	den := ih + oh/eta
	return ggxG1(wo[2], a) * ggxD(h, a) * oh / wo[2] * (-ih) / (den * den)
}

// exitEval is the boundary seen from inside a volume (s.eta < 1):
// reflection F·D·G2/(4·wo.z·wi.z), refraction out (1 − F)·btdf tinted by
// the base colour.
func (s *bsdfState) exitEval(wo, wi Vec3) Vec3 {
	if wi[2] > 0 {
		h := wo.add(wi).normalize()
		return splat(volumeFresnel(s.f0d, s.w, wo.dot(h), s.eta) * ggxSingle(wo, wi, s.a))
	}
	h := volumeHalf(wo, wi, s.eta)
	if !(wi[2] < 0) || !(h[2] > 0) {
		return Vec3{}
	}
	f := volumeFresnel(s.f0d, s.w, wo.dot(h), s.eta)
	return s.p.BaseColor.scale((1 - f) * volumeBTDF(wo, wi, h, s.a, s.eta))
}

// exitPdf: the microfacet's Fresnel factor picks reflection or refraction.
func (s *bsdfState) exitPdf(wo, wi Vec3) float32 {
	if wi[2] > 0 {
		h := wo.add(wi).normalize()
		return volumeFresnel(s.f0d, s.w, wo.dot(h), s.eta) * ggxPdfVNDF(wo, wi, s.a)
	}
	h := volumeHalf(wo, wi, s.eta)
	if !(wi[2] < 0) || !(h[2] > 0) {
		return 0
	}
	return (1 - volumeFresnel(s.f0d, s.w, wo.dot(h), s.eta)) * volumePdf(wo, wi, h, s.a, s.eta)
}

// exitSample draws a visible microfacet normal with u[1], u[2], then
// reflects (u[0] < F, always under total internal reflection) or refracts
// out of the volume through it.
func (s *bsdfState) exitSample(wo Vec3, u [3]float32) (BSDFSample, bool) {
	h := ggxSampleVNDF(wo, s.a, u[1], u[2])
	f := volumeFresnel(s.f0d, s.w, wo.dot(h), s.eta)
	var wi Vec3
	lobe := LobeSpecular
	if u[0] < f {
		wi = reflectH(wo, h)
		if wi[2] <= 0 {
			return BSDFSample{}, false
		}
	} else {
		t, ok := refractH(wo, h, s.eta)
		if !ok || t[2] >= 0 {
			return BSDFSample{}, false
		}
		wi, lobe = t, LobeTransmission
	}
	pdf := s.exitPdf(wo, wi)
	if !(pdf > 0) {
		return BSDFSample{}, false
	}
	fv := s.exitEval(wo, wi)
	return BSDFSample{Wi: wi, F: fv, Pdf: pdf, Weight: fv.scale(math32.Abs(wi[2]) / pdf), Lobe: lobe}, true
}
