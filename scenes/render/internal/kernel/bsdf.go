package kernel

import (
	"github.com/chewxy/math32"
)

// BSDFParams are the shading parameters a material function returns
// (bsdf.h BSDFParams): the glTF metallic-roughness model with the
// KHR_materials_ior, _transmission, _clearcoat and _specular parameters.
type BSDFParams struct {
	BaseColor Vec3
	Metallic  float32
	// Roughness is perceptual roughness; GGX alpha is its square.
	Roughness          float32
	IOR                float32
	Transmission       float32
	Clearcoat          float32
	ClearcoatRoughness float32
	// Specular and SpecularColor are KHR_materials_specular's weight of
	// the dielectric specular layer and tint of its F0 (glTF defaults: 1
	// and white; DefaultSpecular). Specular 0 leaves a pure Lambert lobe.
	Specular      float32
	SpecularColor Vec3
	// SheenColor and SheenRoughness are KHR_materials_sheen's colour
	// (linear; black: no sheen) and perceptual roughness of the Charlie
	// sheen layer over the whole base (below the clearcoat).
	SheenColor     Vec3
	SheenRoughness float32
	// Volume is VolumeThin (thin-walled transmission), or VolumeEnter /
	// VolumeExit at a KHR_materials_volume boundary seen from outside /
	// inside (the path tracer decides it from the hit's facing).
	Volume int
	// Iridescence, IridescenceIOR and IridescenceThickness (nm) are
	// KHR_materials_iridescence's thin film over the specular lobes
	// (strength 0: no film).
	Iridescence          float32
	IridescenceIOR       float32
	IridescenceThickness float32
}

// DefaultSpecular sets the KHR_materials_specular defaults (weight 1,
// white tint) and returns p.
func (p BSDFParams) DefaultSpecular() BSDFParams {
	p.Specular, p.SpecularColor = 1, Vec3{1, 1, 1}
	return p
}

// BSDF lobes (bsdf.h kLobe*).
const (
	LobeClearcoat = iota
	LobeSpecular
	LobeDiffuse
	LobeTransmission
	lobeCount
)

// BSDFSample is a sampled direction (bsdf.h BSDFSample).
type BSDFSample struct {
	// Wi is the sampled incident direction (local frame, z = normal).
	Wi Vec3
	// F is the full BSDF value f(wo, wi) (all lobes), without the cosine.
	F Vec3
	// Pdf is the solid-angle density of Wi over the whole lobe mixture.
	Pdf float32
	// Weight is F·|Wi.z| / Pdf.
	Weight Vec3
	// Lobe is the lobe that produced Wi.
	Lobe int
}

// bsdfState holds the per-wo quantities shared by Eval, Pdf and Sample
// (bsdf.h BSDFState).
type bsdfState struct {
	p       BSDFParams
	a, acc  float32 // base and clearcoat GGX alpha
	f0d     float32 // dielectric F0 for the energy terms: max of f0c
	f0c     Vec3    // dielectric F0 per channel (specular colour tint)
	w       float32 // specular layer weight
	diffuse bool    // only the Lambert lobe (bsdf.h BSDFState.diffuse)
	e1o     float32 // E1(μo) at base roughness
	eso     float32 // dielectric specular albedo at μo
	esAvg   float32 // its hemispherical average
	fmsD    float32 // Kulla–Conty multiple-scattering colour, dielectric
	fmsM    Vec3    // same for the metal (F0 = base colour)
	avg1    float32
	ccScale float32 // 1 − clearcoat·Ecc(μo)
	lobeP   [lobeCount]float32
	tab     *GGXTables
	// Sheen: largest colour channel (0: no sheen layer), Charlie α, the
	// sheen albedo E(μo) and 1 − sheenMax·min(E(μo), 1).
	sheenMax, sheenA, sheenEo, sheenScale float32
	// eta: at a volume boundary the IOR of the far side over the viewer's
	// (ior entering, 1/ior leaving); 0 when thin-walled.
	eta float32
}

// fms is Kulla–Conty's multiple-scattering Fresnel term
// Favg² Eavg / (1 − Favg (1 − Eavg)) with Schlick's Favg = F0 + (1 − F0)/21.
func fms(f0, eavg float32) float32 {
	favg := f0 + (1-f0)/21
	return favg * favg * eavg / (1 - favg*(1-eavg))
}

// specAlbedo is a Schlick-Fresnel GGX lobe's albedo including multiple
// scattering: F0·E1 + (1 − F0)·E5 + Fms·(1 − E1).
func specAlbedo(f0, e1, e5, fm float32) float32 { return f0*e1 + (1-f0)*e5 + fm*(1-e1) }

func newBSDFState(p *BSDFParams, wo Vec3) bsdfState {
	t := ggxTables()
	s := bsdfState{p: *p, tab: t}
	r := min(max(p.Roughness, 0), 1)
	s.a = GGXAlpha(r)
	s.acc = GGXAlpha(p.ClearcoatRoughness)
	ior := max(p.IOR, 1)
	q := (ior - 1) / (ior + 1)
	for i := range 3 {
		s.f0c[i] = min(q*q*p.SpecularColor[i], 1)
	}
	s.f0d = max(s.f0c[0], max(s.f0c[1], s.f0c[2]))
	s.w = min(max(p.Specular, 0), 1)
	s.sheenMax = max(p.SheenColor[0], max(p.SheenColor[1], p.SheenColor[2]), 0)
	s.sheenScale = 1
	switch p.Volume {
	case VolumeExit:
		// Inside a volume: a bare dielectric boundary.
		s.eta = 1 / max(ior, volumeIorMin)
		s.ccScale = 1
		s.lobeP = [lobeCount]float32{0, 0.5, 0, 0.5}
		return s
	case VolumeEnter:
		s.eta = max(ior, volumeIorMin)
	}
	s.diffuse = s.w == 0 && p.Metallic == 0 && p.Transmission == 0 && p.Clearcoat == 0 && s.sheenMax == 0 && p.Iridescence == 0
	if s.diffuse {
		s.ccScale = 1
		s.lobeP[LobeDiffuse] = 1
		return s
	}
	mu := wo[2]
	s.avg1 = lookup1(&t.Avg1, r)
	avg5 := lookup1(&t.Avg5, r)
	s.e1o = lookup2(&t.E1, mu, r)
	e5o := lookup2(&t.E5, mu, r)
	s.fmsD = fms(s.f0d, s.avg1)
	for i := range 3 {
		s.fmsM[i] = fms(p.BaseColor[i], s.avg1)
	}
	s.eso = s.w * specAlbedo(s.f0d, s.e1o, e5o, s.fmsD)
	s.esAvg = s.w * specAlbedo(s.f0d, s.avg1, avg5, s.fmsD)
	rc := min(max(p.ClearcoatRoughness, 0), 1)
	ecc := 0.04*lookup2(&t.E1, mu, rc) + 0.96*lookup2(&t.E5, mu, rc)
	s.ccScale = 1 - p.Clearcoat*ecc
	// Lobe selection from estimated albedos at μo.
	m, tr := p.Metallic, p.Transmission
	lc := Luminance(p.BaseColor)
	var metalSpec float32
	for i := range 3 {
		metalSpec += [3]float32{0.2126, 0.7152, 0.0722}[i] * (p.BaseColor[i]*s.e1o + (1-p.BaseColor[i])*e5o)
	}
	wSpec := (1-m)*s.w*(s.f0d*s.e1o+(1-s.f0d)*e5o) + m*metalSpec
	wDiff := (1-m)*(1-tr)*lc*(1-s.eso) + ((1-m)*s.w*s.fmsD+m*Luminance(s.fmsM))*(1-s.e1o)
	wTrans := (1 - m) * tr * lc * (1 - s.eso)
	sum := wSpec + wDiff + wTrans
	if s.sheenMax > 0 {
		// The sheen layer: the base keeps 1 − max(colour)·E(μo); the
		// sheen's own albedo is sampled with the diffuse lobe (cosine).
		s.sheenA = sheenAlpha(p.SheenRoughness)
		s.sheenEo = lookup2(&t.Sheen, mu, min(max(p.SheenRoughness, 0), 1))
		eo := min(s.sheenEo, 1)
		s.sheenScale = 1 - s.sheenMax*eo
		wSpec *= s.sheenScale
		wTrans *= s.sheenScale
		wDiff = wDiff*s.sheenScale + Luminance(p.SheenColor)*eo
		sum = wSpec + wDiff + wTrans
	}
	if !(sum > 0) {
		wSpec, wDiff, wTrans, sum = 0, 1, 0, 1
	}
	pcc := 1 - s.ccScale
	s.lobeP[LobeClearcoat] = pcc
	s.lobeP[LobeSpecular] = (1 - pcc) * wSpec / sum
	s.lobeP[LobeDiffuse] = (1 - pcc) * wDiff / sum
	s.lobeP[LobeTransmission] = (1 - pcc) * wTrans / sum
	return s
}

// eval returns f(wo, wi) for wo above the surface.
func (s *bsdfState) eval(wo, wi Vec3) Vec3 {
	p := &s.p
	if s.diffuse {
		if wi[2] <= 0 {
			return Vec3{}
		}
		return p.BaseColor.scale(1 / float32(math32.Pi))
	}
	if p.Volume == VolumeExit {
		return s.exitEval(wo, wi)
	}
	t := s.tab
	r := min(max(p.Roughness, 0), 1)
	m := p.Metallic
	if wi[2] <= 0 {
		if p.Transmission <= 0 || m >= 1 || wi[2] == 0 || s.e1o <= 0 {
			return Vec3{}
		}
		var k float32
		if p.Volume == VolumeEnter {
			// Refraction into the volume, with the energy the boundary's
			// microfacet does not reflect.
			h := volumeHalf(wo, wi, s.eta)
			if !(h[2] > 0) {
				return Vec3{}
			}
			tr := 1 - volumeFresnel(s.f0d, s.w, wo.dot(h), s.eta)
			k = (1 - m) * p.Transmission * tr * volumeBTDF(wo, wi, h, s.a, s.eta) * s.ccScale
		} else {
			// Thin-walled transmission: the reflection lobe mirrored
			// through the surface, scaled to the energy the dielectric did
			// not reflect.
			wf := Vec3{wi[0], wi[1], -wi[2]}
			k = (1 - m) * p.Transmission * (1 - s.eso) * ggxSingle(wo, wf, s.a) / s.e1o * s.ccScale
		}
		if s.sheenMax > 0 {
			sc, _ := s.sheenLayer(wo, wi)
			k *= sc
		}
		return p.BaseColor.scale(k)
	}
	h := wo.add(wi).normalize()
	voh := max(wo.dot(h), 0)
	fw := schlickWeight(voh)
	ss := ggxSingle(wo, wi, s.a)
	e1i := lookup2(&t.E1, wi[2], r)
	var msShape float32
	if 1-s.avg1 > 1e-4 {
		msShape = (1 - s.e1o) * (1 - e1i) / (math32.Pi * (1 - s.avg1))
	}
	// Dielectric: specular + multiple scattering + albedo-scaled diffuse.
	var diel Vec3
	for i := range 3 {
		diel[i] = s.w * (ss*(s.f0c[i]+(1-s.f0c[i])*fw) + s.fmsD*msShape)
	}
	e5i := lookup2(&t.E5, wi[2], r)
	esi := s.w * specAlbedo(s.f0d, e1i, e5i, s.fmsD)
	var diffK float32
	if 1-s.esAvg > 1e-6 {
		diffK = (1 - p.Transmission) * (1 - s.eso) * (1 - esi) / (math32.Pi * (1 - s.esAvg))
	}
	var fi, fm Vec3
	if p.Iridescence > 0 {
		// KHR_materials_iridescence: the thin film's Fresnel replaces
		// Schlick's in the single-scattering specular lobes, mixed by the
		// strength (the dielectric's film sits over its weighted F0).
		if m < 1 {
			fi = ThinFilmFresnel(p.IridescenceIOR, s.f0c.scale(s.w), p.IridescenceThickness, voh)
			for i := range 3 {
				sch := s.w * (s.f0c[i] + (1-s.f0c[i])*fw)
				diel[i] = ss*(sch+(fi[i]-sch)*p.Iridescence) + s.w*s.fmsD*msShape
			}
		}
		if m > 0 {
			fm = ThinFilmFresnel(p.IridescenceIOR, p.BaseColor, p.IridescenceThickness, voh)
		}
	}
	var f Vec3
	for i := range 3 {
		c := p.BaseColor[i]
		metal := ss*(c+(1-c)*fw) + s.fmsM[i]*msShape
		if p.Iridescence > 0 && m > 0 {
			sch := c + (1-c)*fw
			metal = ss*(sch+(fm[i]-sch)*p.Iridescence) + s.fmsM[i]*msShape
		}
		f[i] = (1-m)*(diel[i]+c*diffK) + m*metal
	}
	if s.sheenMax > 0 {
		sc, sh := s.sheenLayer(wo, wi)
		f = f.scale(sc).add(sh)
	}
	f = f.scale(s.ccScale)
	if p.Clearcoat > 0 {
		cc := p.Clearcoat * ggxSingle(wo, wi, s.acc) * (0.04 + 0.96*fw)
		f = f.add(splat(cc))
	}
	return f
}

// pdf returns the mixture density of wi.
func (s *bsdfState) pdf(wo, wi Vec3) float32 {
	if s.diffuse {
		if wi[2] <= 0 {
			return 0
		}
		return s.lobeP[LobeDiffuse] * wi[2] / math32.Pi
	}
	if s.eta > 0 && s.eta < 1 {
		return s.exitPdf(wo, wi)
	}
	if wi[2] < 0 {
		if s.eta > 0 {
			h := volumeHalf(wo, wi, s.eta)
			if !(h[2] > 0) {
				return 0
			}
			return s.lobeP[LobeTransmission] * volumePdf(wo, wi, h, s.a, s.eta)
		}
		return s.lobeP[LobeTransmission] * ggxPdfVNDF(wo, Vec3{wi[0], wi[1], -wi[2]}, s.a)
	}
	if wi[2] == 0 {
		return 0
	}
	return s.lobeP[LobeClearcoat]*ggxPdfVNDF(wo, wi, s.acc) +
		s.lobeP[LobeSpecular]*ggxPdfVNDF(wo, wi, s.a) +
		s.lobeP[LobeDiffuse]*wi[2]/math32.Pi
}

// flipToUpper returns wo and wi flipped so that wo.z ≥ 0 (two-sided
// shading: the frame's normal faces the viewer).
func flipToUpper(wo, wi Vec3) (Vec3, Vec3) {
	if wo[2] < 0 {
		wo[2], wi[2] = -wo[2], -wi[2]
	}
	return wo, wi
}

// Eval returns f(wo, wi) (no cosine) and the density with which Sample
// picks wi, for directions in the local shading frame (z = normal, both
// pointing away from the surface). It is bsdf.h bsdf_eval.
func (p *BSDFParams) Eval(wo, wi Vec3) (f Vec3, pdf float32) {
	wo, wi = flipToUpper(wo, wi)
	if wo[2] <= 0 {
		return Vec3{}, 0
	}
	s := newBSDFState(p, wo)
	return s.eval(wo, wi), s.pdf(wo, wi)
}

// Sample picks an incident direction for wo with the random numbers u
// (u[0] chooses the lobe, u[1], u[2] the direction); ok is false when no
// direction was produced. It is bsdf.h bsdf_sample.
func (p *BSDFParams) Sample(wo Vec3, u [3]float32) (BSDFSample, bool) {
	flip := wo[2] < 0
	if flip {
		wo[2] = -wo[2]
	}
	if wo[2] <= 0 {
		return BSDFSample{}, false
	}
	s := newBSDFState(p, wo)
	if p.Volume == VolumeExit {
		out, ok := s.exitSample(wo, u)
		if ok && flip {
			out.Wi[2] = -out.Wi[2]
		}
		return out, ok
	}
	lobe := LobeDiffuse
	acc := float32(0)
	for l := range lobeCount {
		acc += s.lobeP[l]
		if u[0] < acc && s.lobeP[l] > 0 {
			lobe = l
			break
		}
	}
	var wi Vec3
	switch lobe {
	case LobeClearcoat:
		wi = reflectH(wo, ggxSampleVNDF(wo, s.acc, u[1], u[2]))
	case LobeSpecular, LobeTransmission:
		h := ggxSampleVNDF(wo, s.a, u[1], u[2])
		wi = reflectH(wo, h)
		if lobe == LobeTransmission {
			if s.eta > 0 {
				// Into the volume (no total internal reflection from outside).
				var ok bool
				if wi, ok = refractH(wo, h, s.eta); !ok {
					wi = Vec3{0, 0, 1}
				}
			} else {
				wi[2] = -wi[2]
			}
		}
	default:
		wi = cosineHemisphere(u[1], u[2])
	}
	if lobe != LobeTransmission && wi[2] <= 0 || lobe == LobeTransmission && wi[2] >= 0 {
		return BSDFSample{}, false
	}
	f := s.eval(wo, wi)
	pdf := s.pdf(wo, wi)
	if !(pdf > 0) {
		return BSDFSample{}, false
	}
	out := BSDFSample{Wi: wi, F: f, Pdf: pdf, Weight: f.scale(math32.Abs(wi[2]) / pdf), Lobe: lobe}
	if flip {
		out.Wi[2] = -out.Wi[2]
	}
	return out, true
}

// Albedo returns the expected directional albedo at wo predicted by the
// energy-compensation tables (1 for a white material): the value a white
// furnace integral of Eval must reach. With a sheen layer it is an upper
// bound: the base is scaled by 1 − max(sheen)·E(μo), where Eval scales it
// by the smaller min(1 − max(sheen)·E(μo), 1 − max(sheen)·E(μi)).
func (p *BSDFParams) Albedo(wo Vec3) Vec3 {
	if wo[2] < 0 {
		wo[2] = -wo[2]
	}
	s := newBSDFState(p, wo)
	t := s.tab
	r := min(max(p.Roughness, 0), 1)
	e5o := lookup2(&t.E5, wo[2], r)
	var a Vec3
	for i := range 3 {
		c := p.BaseColor[i]
		// The specular layer reflects its own tint; the diffuse keeps what
		// the layer's largest channel leaves (eso).
		diel := s.w*specAlbedo(s.f0c[i], s.e1o, e5o, s.fmsD) + c*(1-s.eso)
		metal := specAlbedo(c, s.e1o, e5o, s.fmsM[i])
		a[i] = (1-p.Metallic)*diel + p.Metallic*metal
	}
	if s.sheenMax > 0 {
		a = a.scale(s.sheenScale).add(p.SheenColor.scale(min(s.sheenEo, 1)))
	}
	a = a.scale(s.ccScale)
	rc := min(max(p.ClearcoatRoughness, 0), 1)
	cc := p.Clearcoat * (0.04*lookup2(&t.E1, wo[2], rc) + 0.96*lookup2(&t.E5, wo[2], rc))
	return a.add(splat(cc))
}

// cosineHemisphere maps u to a cosine-distributed direction (concentric
// disk mapping, Shirley–Chiu), pdf z/π.
func cosineHemisphere(u1, u2 float32) Vec3 {
	d := concentricDisk(u1, u2)
	return Vec3{d[0], d[1], math32.Sqrt(max(1-d[0]*d[0]-d[1]*d[1], 0))}
}

// concentricDisk maps the unit square to the unit disk (Shirley–Chiu).
func concentricDisk(u1, u2 float32) [2]float32 {
	x, y := 2*u1-1, 2*u2-1
	if x == 0 && y == 0 {
		return [2]float32{}
	}
	var r, phi float32
	if math32.Abs(x) > math32.Abs(y) {
		r, phi = x, math32.Pi/4*(y/x)
	} else {
		r, phi = y, math32.Pi/2-math32.Pi/4*(x/y)
	}
	return [2]float32{r * math32.Cos(phi), r * math32.Sin(phi)}
}

// PowerHeuristic is the MIS power heuristic (β = 2) weight of a strategy
// with density pa against one with density pb (bsdf.h mis_power).
func PowerHeuristic(pa, pb float32) float32 {
	if math32.IsInf(pa, 1) {
		return 1
	}
	a2, b2 := pa*pa, pb*pb
	if !(a2+b2 > 0) {
		return 0
	}
	return a2 / (a2 + b2)
}
