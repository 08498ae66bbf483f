package objload

import (
	"context"
	"fmt"
	"math"

	"github.com/ingot-render/ingot/scenes/model"
)

// creaseCos is cos(60°): adjacent faces bending more than this stay sharp.
const creaseCos = 0.5

// validate checks all corner indices against the final element counts;
// errors give the source line.
func (d *objData) validate() error {
	np, nt, nn := int32(len(d.pos)), int32(len(d.uv)), int32(len(d.nrm))
	for fi := range d.faces {
		f := &d.faces[fi]
		for _, c := range f.c {
			var err error
			switch {
			case c.v >= np:
				err = fmt.Errorf("vertex index %d out of range (%d vertices in the file)", c.v+1, np)
			case c.t >= nt:
				err = fmt.Errorf("texture index %d out of range (%d texture coordinates in the file)", c.t+1, nt)
			case c.n >= nn:
				err = fmt.Errorf("normal index %d out of range (%d normals in the file)", c.n+1, nn)
			}
			if err != nil {
				if int(f.poly) < len(d.polyLines) {
					return fmt.Errorf("line %d: f: %w", d.polyLines[f.poly], err)
				}
				return fmt.Errorf("face %d: %w", fi, err)
			}
		}
	}
	for _, l := range d.lines {
		if l.a >= np || l.b >= np {
			return fmt.Errorf("line %d: l: vertex index %d out of range (%d vertices in the file)", l.src, max(l.a, l.b)+1, np)
		}
	}
	return nil
}

// cornerNormals computes a normal for every corner lacking one.
func (d *objData) cornerNormals(ctx context.Context) ([][3]float32, error) {
	need := false
	for fi := range d.faces {
		for _, c := range d.faces[fi].c {
			if c.n < 0 {
				need = true
			}
		}
	}
	if !need {
		return nil, nil
	}
	// Face normals are per source polygon (sum of its triangles' area
	// vectors), so the triangles of one flat polygon share bit-identical
	// normals and their vertices merge.
	polyN := make([][3]float32, d.polys)
	ang := make([][3]float32, len(d.faces))
	for fi := range d.faces {
		f := &d.faces[fi]
		a, b, c := d.pos[f.c[0].v], d.pos[f.c[1].v], d.pos[f.c[2].v]
		cr := cross(sub(b, a), sub(c, a))
		for k := 0; k < 3; k++ {
			polyN[f.poly][k] += cr[k]
		}
		ang[fi] = [3]float32{angle(a, b, c), angle(b, c, a), angle(c, a, b)}
	}
	for i := range polyN {
		polyN[i] = norm(polyN[i])
	}
	fn := make([][3]float32, len(d.faces))
	for fi := range d.faces {
		fn[fi] = polyN[d.faces[fi].poly]
	}
	// Faces around each position (CSR).
	start := make([]int32, len(d.pos)+1)
	for fi := range d.faces {
		for _, c := range d.faces[fi].c {
			start[c.v+1]++
		}
	}
	for i := 1; i < len(start); i++ {
		start[i] += start[i-1]
	}
	fill := append([]int32(nil), start[:len(d.pos)]...)
	adj := make([]int32, start[len(d.pos)]) // face*3 + corner
	for fi := range d.faces {
		for k, c := range d.faces[fi].c {
			adj[fill[c.v]] = int32(fi*3 + k)
			fill[c.v]++
		}
	}
	out := make([][3]float32, 3*len(d.faces))
	for fi := range d.faces {
		if fi%65536 == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		f := &d.faces[fi]
		for k, c := range f.c {
			if c.n >= 0 {
				continue
			}
			if f.smooth == 0 || fn[fi] == ([3]float32{}) {
				out[fi*3+k] = faceOr(fn[fi])
				continue
			}
			var sum [3]float32
			for _, e := range adj[start[c.v]:start[c.v+1]] {
				g, gk := e/3, e%3
				if d.faces[g].smooth != f.smooth || dot(fn[g], fn[fi]) < creaseCos {
					continue
				}
				w := ang[g][gk]
				for j := 0; j < 3; j++ {
					sum[j] += w * fn[g][j]
				}
			}
			out[fi*3+k] = faceOr(norm(sum))
		}
	}
	return out, nil
}

func faceOr(n [3]float32) [3]float32 {
	if n == ([3]float32{}) {
		return [3]float32{0, 0, 1}
	}
	return n
}

type vkey struct {
	v, t, n int32
	nb      [3]uint32
}

// primBuilder accumulates one (group, material) primitive.
type primBuilder struct {
	mat   int32
	lines bool
	remap map[vkey]uint32
	p     model.Primitive
	hasUV bool
}

func (b *primBuilder) vertex(d *objData, c corner, gen [3]float32, hasGen bool) uint32 {
	k := vkey{v: c.v, t: c.t, n: c.n}
	if hasGen {
		k.nb = [3]uint32{math.Float32bits(gen[0]), math.Float32bits(gen[1]), math.Float32bits(gen[2])}
	}
	if i, ok := b.remap[k]; ok {
		return i
	}
	i := uint32(len(b.p.Positions))
	b.remap[k] = i
	b.p.Positions = append(b.p.Positions, d.pos[c.v])
	if d.col != nil {
		col := d.col[c.v]
		b.p.Colors = append(b.p.Colors, [4]float32{col[0], col[1], col[2], 1})
	}
	if !b.lines {
		switch {
		case c.n >= 0:
			b.p.Normals = append(b.p.Normals, norm(d.nrm[c.n]))
		default:
			b.p.Normals = append(b.p.Normals, gen)
		}
		var uv [2]float32
		if c.t >= 0 {
			t := d.uv[c.t]
			uv = [2]float32{t[0], 1 - t[1]} // OBJ V points up, glTF/model V down
			b.hasUV = true
		}
		b.p.UV0 = append(b.p.UV0, uv)
	}
	return i
}

// build turns parsed data into meshes: one per group, one primitive per
// material (triangles, then lines).
func (d *objData) build(ctx context.Context, s *model.Scene, matIndex []int) error {
	if err := d.validate(); err != nil {
		return err
	}
	gen, err := d.cornerNormals(ctx)
	if err != nil {
		return err
	}
	builders := make([]map[int32]*primBuilder, len(d.groups))
	lineBuilders := make([]map[int32]*primBuilder, len(d.groups))
	var order [][2]int32 // (group, mat) in first-use order, per kind
	var lorder [][2]int32
	get := func(tab []map[int32]*primBuilder, ord *[][2]int32, g, m int32, lines bool) *primBuilder {
		if tab[g] == nil {
			tab[g] = map[int32]*primBuilder{}
		}
		b := tab[g][m]
		if b == nil {
			b = &primBuilder{mat: m, lines: lines, remap: map[vkey]uint32{}}
			tab[g][m] = b
			*ord = append(*ord, [2]int32{g, m})
		}
		return b
	}
	for fi := range d.faces {
		f := &d.faces[fi]
		b := get(builders, &order, f.group, f.mat, false)
		for k, c := range f.c {
			var g [3]float32
			if c.n < 0 {
				g = gen[fi*3+k]
			}
			b.p.Indices = append(b.p.Indices, b.vertex(d, c, g, c.n < 0))
		}
	}
	for _, l := range d.lines {
		b := get(lineBuilders, &lorder, l.group, l.mat, true)
		for _, v := range [2]int32{l.a, l.b} {
			b.p.Indices = append(b.p.Indices, b.vertex(d, corner{v, -1, -1}, [3]float32{}, false))
		}
	}
	meshOf := map[int32]int{}
	emit := func(ord [][2]int32, tab []map[int32]*primBuilder, mode model.Mode) {
		for _, gm := range ord {
			b := tab[gm[0]][gm[1]]
			mi, ok := meshOf[gm[0]]
			if !ok {
				mi = len(s.Meshes)
				meshOf[gm[0]] = mi
				s.Meshes = append(s.Meshes, &model.Mesh{Name: d.groups[gm[0]]})
				n := model.NewNode(d.groups[gm[0]])
				n.Mesh = mi
				s.AddNode(n, -1)
			}
			p := b.p
			p.Mode = mode
			p.Material = -1
			if b.mat >= 0 {
				p.Material = matIndex[b.mat]
			}
			if !b.hasUV {
				p.UV0 = nil
			}
			if mode == model.Triangles && p.UV0 != nil && p.Material >= 0 && s.Materials[p.Material].NormalTex.Valid() {
				p.Tangents = model.GenerateTangents(p.Positions, p.Normals, p.UV0, p.Indices)
				p.GeneratedTangents = true
			}
			s.Meshes[mi].Primitives = append(s.Meshes[mi].Primitives, p)
		}
	}
	emit(order, builders, model.Triangles)
	emit(lorder, lineBuilders, model.Lines)
	for _, m := range s.Meshes {
		m.ComputeBounds()
	}
	if len(s.Meshes) == 0 {
		return fmt.Errorf("no faces or lines")
	}
	return nil
}

func sub(a, b [3]float32) [3]float32 { return [3]float32{a[0] - b[0], a[1] - b[1], a[2] - b[2]} }

func cross(a, b [3]float32) [3]float32 {
	return [3]float32{a[1]*b[2] - a[2]*b[1], a[2]*b[0] - a[0]*b[2], a[0]*b[1] - a[1]*b[0]}
}

func dot(a, b [3]float32) float32 { return a[0]*b[0] + a[1]*b[1] + a[2]*b[2] }

func norm(v [3]float32) [3]float32 {
	l := float32(math.Sqrt(float64(dot(v, v))))
	if l == 0 || math.IsNaN(float64(l)) || math.IsInf(float64(l), 0) {
		return [3]float32{}
	}
	return [3]float32{v[0] / l, v[1] / l, v[2] / l}
}

func angle(a, b, c [3]float32) float32 {
	u, v := norm(sub(b, a)), norm(sub(c, a))
	return float32(math.Acos(float64(max(-1, min(1, dot(u, v))))))
}
