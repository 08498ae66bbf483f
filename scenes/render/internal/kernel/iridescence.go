package kernel

import "github.com/chewxy/math32"

// KHR_materials_iridescence (bsdf.h "thin film"): the Fresnel factor of the
// specular lobes seen through a thin dielectric film over the base, after
// Belcour and Barla (2017) as the extension's appendix evaluates it: the
// Airy summation of the film's inter-reflections written as a Fourier
// series in the phase, its first two orders integrated against the CIE
// XYZ sensitivities in closed form (Gaussian fits of their Fourier
// transforms), then converted to linear Rec. 709. The outside medium is
// air (IOR 1).

// xyzToRec709 converts CIE XYZ to linear Rec. 709 RGB (rows).
var xyzToRec709 = [3][3]float32{
	{3.2404542, -1.5371385, -0.4985314},
	{-0.9692660, 1.8760108, 0.0415560},
	{0.0556434, -0.2040259, 1.0572252},
}

// Gaussian fits of the XYZ sensitivities' Fourier transforms: amplitude,
// position (1/m) and variance per channel, and the extra lobe of X.
var (
	filmVal = Vec3{5.4856e-13, 4.4201e-13, 5.2481e-13}
	filmPos = Vec3{1.6810e+06, 1.7953e+06, 2.2084e+06}
	filmVar = Vec3{4.3278e+09, 9.3046e+09, 6.6121e+09}
)

const (
	filmXVal  = 9.7470e-14
	filmXPos  = 2.2399e+06
	filmXVar  = 4.5282e+09
	filmNorm  = 1.0685e-7 // the Y sensitivity's integral: white stays white
	filmF0Max = 0.9999    // base F0 guard (its IOR would be infinite at 1)
)

// filmSensitivity is the XYZ sensitivities' response to an optical path
// difference opd (nm) with phase shifts shift, in linear Rec. 709.
func filmSensitivity(opd float32, shift Vec3) Vec3 {
	phase := 2 * math32.Pi * opd * 1e-9
	var xyz Vec3
	for c := range 3 {
		xyz[c] = filmVal[c] * math32.Sqrt(2*math32.Pi*filmVar[c]) * math32.Cos(filmPos[c]*phase+shift[c]) * math32.Exp(-phase*phase*filmVar[c])
	}
	xyz[0] += filmXVal * math32.Sqrt(2*math32.Pi*filmXVar) * math32.Cos(filmXPos*phase+shift[0]) * math32.Exp(-filmXVar*phase*phase)
	xyz = xyz.scale(1 / filmNorm)
	var rgb Vec3
	for r := range 3 {
		rgb[r] = xyzToRec709[r][0]*xyz[0] + xyzToRec709[r][1]*xyz[1] + xyzToRec709[r][2]*xyz[2]
	}
	return rgb
}

// schlickF is Schlick's Fresnel approximation for normal reflectance f0.
func schlickF(f0, c float32) float32 { return f0 + (1-f0)*schlickWeight(c) }

// ThinFilmFresnel is the reflectance of a film of IOR filmIOR and
// thickness (nm) in air over a base of normal reflectance baseF0, at cos1,
// the cosine of the angle between the viewer and the microfacet normal
// (bsdf.h thin_film_fresnel).
func ThinFilmFresnel(filmIOR float32, baseF0 Vec3, thickness, cos1 float32) Vec3 {
	s2 := (1 - cos1*cos1) / (filmIOR * filmIOR)
	if 1-s2 < 0 {
		return Vec3{1, 1, 1} // total internal reflection (a film of IOR < 1)
	}
	cos2 := math32.Sqrt(1 - s2)
	// The air/film interface: reflectance, transmission there and back,
	// and the phase of the reflection inside the film.
	q := (filmIOR - 1) / (filmIOR + 1)
	r12 := schlickF(q*q, cos1)
	t121 := 1 - r12
	phi21 := math32.Pi
	if filmIOR < 1 {
		phi21 = 0
	}
	// The film/base interface per channel (the base IOR from its F0), the
	// phase shifts and the compound terms of the Airy summation.
	var phi, r123, i, cm Vec3
	for c := range 3 {
		sf := math32.Sqrt(min(max(baseF0[c], 0), filmF0Max))
		baseIOR := (1 + sf) / (1 - sf)
		qb := (baseIOR - filmIOR) / (baseIOR + filmIOR)
		r23 := schlickF(qb*qb, cos2)
		phi[c] = phi21
		if baseIOR < filmIOR {
			phi[c] += math32.Pi
		}
		rr := min(max(r12*r23, 1e-5), 0.9999)
		r123[c] = math32.Sqrt(rr)
		rs := t121 * t121 * r23 / (1 - rr)
		i[c] = r12 + rs // the m = 0 (DC) term
		cm[c] = rs - t121
	}
	opd := 2 * filmIOR * thickness * cos2 // optical path difference (nm)
	for m := float32(1); m <= 2; m++ {
		sm := filmSensitivity(m*opd, phi.scale(m))
		for c := range 3 {
			cm[c] *= r123[c]
			i[c] += cm[c] * 2 * sm[c]
		}
	}
	for c := range 3 {
		i[c] = max(i[c], 0)
	}
	return i
}
