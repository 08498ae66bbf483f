package objload

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/ingot-render/ingot/scenes/model"
)

// mtl is one MTL material as written.
type mtl struct {
	name                  string
	kd, ks, ke, tf        [3]float32
	hasKs, hasKe          bool
	ns, ni, d             float32
	hasNs, hasNi          bool
	illum                 int
	pr, pm                float32
	hasPr, hasPm          bool
	mapKd, mapKe, mapBump string
	other                 []string
}

// parseMTL reads MTL text into materials keyed by name (in file order).
func parseMTL(r io.Reader) ([]*mtl, error) {
	var out []*mtl
	var cur *mtl
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), maxLine)
	lineNo := 0
	for sc.Scan() {
		lineNo++
		s := sc.Text()
		if i := strings.IndexByte(s, '#'); i >= 0 {
			s = s[:i]
		}
		f := strings.Fields(s)
		if len(f) == 0 {
			continue
		}
		key, args := f[0], f[1:]
		if key == "newmtl" {
			cur = &mtl{name: strings.Join(args, " "), kd: [3]float32{0.8, 0.8, 0.8}, d: 1, illum: 2}
			out = append(out, cur)
			continue
		}
		if cur == nil {
			return nil, fmt.Errorf("line %d: %s before newmtl", lineNo, key)
		}
		num := func(i int) (float32, error) {
			if i >= len(args) {
				return 0, fmt.Errorf("line %d: %s: missing value", lineNo, key)
			}
			v, err := strconv.ParseFloat(args[i], 32)
			if err != nil {
				return 0, fmt.Errorf("line %d: %s: bad number %q", lineNo, key, args[i])
			}
			return float32(v), nil
		}
		rgb := func() ([3]float32, error) {
			var c [3]float32
			for k := 0; k < 3; k++ {
				j := k
				if j >= len(args) && k > 0 {
					j = 0 // "Kd 0.5" means grey
				}
				v, err := num(j)
				if err != nil {
					return c, err
				}
				c[k] = v
			}
			return c, nil
		}
		var err error
		switch strings.ToLower(key) {
		case "kd":
			cur.kd, err = rgb()
		case "ks":
			cur.ks, err = rgb()
			cur.hasKs = true
		case "ke":
			cur.ke, err = rgb()
			cur.hasKe = true
		case "tf":
			cur.tf, err = rgb()
		case "ns":
			cur.ns, err = num(0)
			cur.hasNs = true
		case "ni":
			cur.ni, err = num(0)
			cur.hasNi = true
		case "d":
			cur.d, err = num(0)
		case "tr":
			var tr float32
			tr, err = num(0)
			cur.d = 1 - tr
		case "illum":
			var v float32
			v, err = num(0)
			cur.illum = int(v)
		case "pr":
			cur.pr, err = num(0)
			cur.hasPr = true
		case "pm":
			cur.pm, err = num(0)
			cur.hasPm = true
		case "map_kd":
			cur.mapKd = mapFile(args)
		case "map_ke":
			cur.mapKe = mapFile(args)
		case "map_bump", "bump", "norm":
			cur.mapBump = mapFile(args)
		case "ka", "map_ka":
		default:
			if strings.HasPrefix(strings.ToLower(key), "map_") || key == "disp" || key == "decal" || key == "refl" {
				cur.other = append(cur.other, key)
			}
		}
		if err != nil {
			return nil, err
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("line %d: %w", lineNo+1, err)
	}
	return out, nil
}

// mapFile returns the file name of a map statement (options precede it).
func mapFile(args []string) string {
	if len(args) == 0 {
		return ""
	}
	return args[len(args)-1]
}

// toMaterial maps MTL parameters to the metallic-roughness model:
//
//   - base colour = Kd, alpha = d (or 1 - Tr); d < 1 selects BLEND;
//   - roughness = Pr, else (2 / (Ns + 2))^¼ (Blinn-Phong exponent to GGX);
//   - metallic = Pm, else 1 for mirror illumination models (3, 5) with
//     base colour Ks, else 0;
//   - refraction models (4, 6, 7, 9) become transmission 1, base colour
//     white, IOR = Ni;
//   - for dielectrics, KHR_materials_specular factor = max(Ks) and colour =
//     Ks / max(Ks) (Ks = 0 turns specular reflection off);
//   - Ke is the emissive colour (usable as an area light);
//   - IOR = Ni when Ni >= 1.
func (m *mtl) toMaterial() model.Material {
	out := model.DefaultMaterial()
	out.Name = m.name
	out.BaseColor = [4]float32{m.kd[0], m.kd[1], m.kd[2], clamp01(m.d)}
	if out.BaseColor[3] < 1 {
		out.AlphaMode = model.AlphaBlend
	}
	out.Metallic = 0
	out.Roughness = 1
	if m.hasNs {
		out.Roughness = float32(math.Pow(2/(math.Max(float64(m.ns), 0)+2), 0.25))
	}
	if m.hasPr {
		out.Roughness = clamp01(m.pr)
	}
	if m.hasNi && m.ni >= 1 {
		out.IOR = m.ni
	}
	ksMax := max(m.ks[0], m.ks[1], m.ks[2])
	switch m.illum {
	case 3, 5:
		if ksMax > 0 {
			out.Metallic = 1
			out.BaseColor = [4]float32{m.ks[0], m.ks[1], m.ks[2], out.BaseColor[3]}
		}
	case 4, 6, 7, 9:
		out.Transmission.Factor = 1
		out.BaseColor = [4]float32{1, 1, 1, 1}
		out.AlphaMode = model.AlphaOpaque
	}
	if m.hasPm {
		out.Metallic = clamp01(m.pm)
	}
	if out.Metallic == 0 && m.hasKs {
		out.Specular.Factor = clamp01(ksMax)
		if ksMax > 0 {
			out.Specular.Color = [3]float32{m.ks[0] / ksMax, m.ks[1] / ksMax, m.ks[2] / ksMax}
		}
	}
	if m.hasKe {
		out.Emissive = m.ke
	}
	out.DoubleSided = true // OBJ has no culling convention
	return out
}

func clamp01(v float32) float32 { return max(0, min(1, v)) }
