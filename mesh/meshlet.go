package mesh

import (
	"context"
	"fmt"
	"math"
)

// Meshlet is one cluster of a Meshlets set: VertexCount global vertex
// indices at Meshlets.Vertices[VertexOffset:] and TriangleCount triangles of
// three local (meshlet-relative) indices at Meshlets.Triangles[TriangleOffset:].
type Meshlet struct {
	VertexOffset   uint32
	TriangleOffset uint32
	VertexCount    uint32
	TriangleCount  uint32
}

// Meshlets is the output of Build. Meshlet i owns Bounds[i].
type Meshlets struct {
	Meshlets []Meshlet
	// Vertices are indices into the positions given to Build.
	Vertices []uint32
	// Triangles are local vertex indices, three per triangle, in the
	// winding of the input triangles.
	Triangles []uint8
	// Bounds hold each meshlet's bounding sphere and normal cone.
	Bounds []Bounds
}

// Triangle returns the global vertex indices of triangle t of meshlet m.
func (s *Meshlets) Triangle(m, t int) [3]uint32 {
	ml := s.Meshlets[m]
	tri := s.Triangles[int(ml.TriangleOffset)+3*t:]
	vs := s.Vertices[ml.VertexOffset:]
	return [3]uint32{vs[tri[0]], vs[tri[1]], vs[tri[2]]}
}

// AverageVertices returns the mean vertex count per meshlet.
func (s *Meshlets) AverageVertices() float64 {
	if len(s.Meshlets) == 0 {
		return 0
	}
	return float64(len(s.Vertices)) / float64(len(s.Meshlets))
}

// AverageTriangles returns the mean triangle count per meshlet.
func (s *Meshlets) AverageTriangles() float64 {
	if len(s.Meshlets) == 0 {
		return 0
	}
	return float64(len(s.Triangles)/3) / float64(len(s.Meshlets))
}

const (
	noTri   = ^uint32(0)
	noLocal = ^uint16(0)
)

// triCone is a triangle's centroid and unit normal (zero when degenerate).
type triCone struct{ p, n [3]float32 }

// builder holds the state of one Build call.
type builder struct {
	o       Options
	idx     []uint32
	offsets []uint32 // adjacency: live triangles of vertex v are
	counts  []uint32 // adj[offsets[v] : offsets[v]+counts[v]]
	adj     []uint32
	cones   []triCone
	used    []uint16 // local index of a vertex in the open meshlet
	radius  float32  // expected meshlet radius, for the spatial score
	out     *Meshlets
	cur     Meshlet
}

// Build splits the indexed triangle list (three indices per triangle into
// positions) into meshlets within opts' limits and computes their bounds.
// Every input triangle appears in exactly one meshlet, in the input winding.
// Errors wrap ErrInvalid and name the offending field or element, or are
// ctx's error.
func Build(ctx context.Context, positions [][3]float32, indices []uint32, opts Options) (*Meshlets, error) {
	o, err := opts.resolved()
	if err != nil {
		return nil, err
	}
	if len(indices)%3 != 0 {
		return nil, fmt.Errorf("%w: len(indices) = %d is not a multiple of 3", ErrInvalid, len(indices))
	}
	nv := len(positions)
	for i, v := range indices {
		if int(v) >= nv {
			return nil, fmt.Errorf("%w: indices[%d] = %d, want < len(positions) = %d", ErrInvalid, i, v, nv)
		}
	}
	for i, p := range positions {
		for k, c := range p {
			if math.IsNaN(float64(c)) || math.IsInf(float64(c), 0) {
				return nil, fmt.Errorf("%w: positions[%d][%d] = %v is not finite", ErrInvalid, i, k, c)
			}
		}
	}
	nt := len(indices) / 3
	b := &builder{o: o, idx: indices, out: &Meshlets{}}
	b.adjacency(nv)
	b.radius = b.triangleCones(positions)
	kd := buildKD(b.cones)
	b.used = make([]uint16, nv)
	for i := range b.used {
		b.used[i] = noLocal
	}
	var accP, accN [3]float32
	for emitted := 0; emitted < nt; emitted++ {
		if emitted&1023 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		cone := meshletCone(accP, accN, b.cur.TriangleCount)
		best, extra := b.neighbour(&cone)
		if best != noTri && (b.cur.VertexCount+extra > uint32(o.MaxVertices) || b.cur.TriangleCount >= uint32(o.MaxTriangles)) {
			// The spatial score means little for a triangle that opens a
			// new meshlet: pick by topology instead.
			best, _ = b.neighbour(nil)
		}
		if best == noTri {
			best = kd.nearest(cone.p)
		}
		a, bb, c := indices[3*best], indices[3*best+1], indices[3*best+2]
		if b.appendTriangle(a, bb, c) {
			accP, accN = [3]float32{}, [3]float32{}
		}
		b.remove(best, a)
		b.remove(best, bb)
		b.remove(best, c)
		tc := &b.cones[best]
		for k := range 3 {
			accP[k] += tc.p[k]
			accN[k] += tc.n[k]
		}
		kd.remove(best)
	}
	if b.cur.TriangleCount > 0 {
		b.flush()
	}
	s := b.out
	s.Bounds = make([]Bounds, len(s.Meshlets))
	for i, m := range s.Meshlets {
		s.Bounds[i] = computeBounds(positions, s.Vertices[m.VertexOffset:m.VertexOffset+m.VertexCount],
			s.Triangles[m.TriangleOffset:m.TriangleOffset+3*m.TriangleCount])
	}
	return s, nil
}

// adjacency builds the vertex → triangle lists in CSR form.
func (b *builder) adjacency(nv int) {
	b.counts = make([]uint32, nv)
	for _, v := range b.idx {
		b.counts[v]++
	}
	b.offsets = make([]uint32, nv)
	var off uint32
	for v, c := range b.counts {
		b.offsets[v] = off
		off += c
		b.counts[v] = 0
	}
	b.adj = make([]uint32, len(b.idx))
	for i, v := range b.idx {
		b.adj[b.offsets[v]+b.counts[v]] = uint32(i / 3)
		b.counts[v]++
	}
}

// triangleCones fills b.cones and returns the expected meshlet radius.
func (b *builder) triangleCones(pos [][3]float32) float32 {
	nt := len(b.idx) / 3
	b.cones = make([]triCone, nt)
	var area float64
	for t := range nt {
		p0, p1, p2 := pos[b.idx[3*t]], pos[b.idx[3*t+1]], pos[b.idx[3*t+2]]
		e1 := sub3(p1, p0)
		e2 := sub3(p2, p0)
		n := cross3(e1, e2)
		l := float32(math.Sqrt(float64(dot3(n, n))))
		inv := float32(0)
		if l > 0 {
			inv = 1 / l
		}
		area += float64(l)
		b.cones[t] = triCone{
			p: [3]float32{(p0[0] + p1[0] + p2[0]) / 3, (p0[1] + p1[1] + p2[1]) / 3, (p0[2] + p1[2] + p2[2]) / 3},
			n: [3]float32{n[0] * inv, n[1] * inv, n[2] * inv},
		}
	}
	if nt == 0 {
		return 1
	}
	avg := area / float64(nt) * 0.5 // |cross| is twice the area
	r := float32(math.Sqrt(avg*float64(b.o.MaxTriangles)) * 0.5)
	if !(r > 0) {
		r = 1
	}
	return r
}

// meshletCone is the running centre (mean centroid) and mean normal of the
// open meshlet.
func meshletCone(accP, accN [3]float32, count uint32) triCone {
	var c triCone
	if count > 0 {
		s := 1 / float32(count)
		c.p = [3]float32{accP[0] * s, accP[1] * s, accP[2] * s}
	}
	l := float32(math.Sqrt(float64(dot3(accN, accN))))
	if l > 0 {
		c.n = [3]float32{accN[0] / l, accN[1] / l, accN[2] / l}
	}
	return c
}

// neighbour returns the best live triangle sharing a vertex with the open
// meshlet and the number of vertices it would add (priority-adjusted), or
// noTri. With cone nil the score is topological (fewest live neighbours).
func (b *builder) neighbour(cone *triCone) (uint32, uint32) {
	best, bestExtra, bestScore := noTri, uint32(5), float32(math.MaxFloat32)
	verts := b.out.Vertices[b.cur.VertexOffset:][:b.cur.VertexCount]
	cw := b.o.ConeWeight
	idx, used, counts, offsets, adj, cones := b.idx, b.used, b.counts, b.offsets, b.adj, b.cones
	invR := (1 - cw) / b.radius
	for _, v := range verts {
		n := counts[v]
		if n == 0 {
			continue
		}
		for _, t := range adj[offsets[v] : offsets[v]+n] {
			tri := idx[3*t : 3*t+3 : 3*t+3]
			a, bb, c := tri[0], tri[1], tri[2]
			ca, cb, cc := counts[a], counts[bb], counts[c]
			var extra uint32
			if used[a] == noLocal {
				extra++
			}
			if used[bb] == noLocal {
				extra++
			}
			if used[c] == noLocal {
				extra++
			}
			if extra != 0 {
				// Dangling triangles are expensive in a later meshlet.
				if ca == 1 || cb == 1 || cc == 1 {
					extra = 0
				}
				extra++
			}
			if extra > bestExtra {
				continue
			}
			var score float32
			if cone != nil {
				tc := &cones[t]
				dx, dy, dz := tc.p[0]-cone.p[0], tc.p[1]-cone.p[1], tc.p[2]-cone.p[2]
				dist := float32(math.Sqrt(float64(dx*dx + dy*dy + dz*dz)))
				spread := tc.n[0]*cone.n[0] + tc.n[1]*cone.n[1] + tc.n[2]*cone.n[2]
				k := 1 - spread*cw
				if k < 1e-3 {
					k = 1e-3
				}
				score = (1 + dist*invR) * k
			} else {
				score = float32(ca + cb + cc - 3)
			}
			if extra < bestExtra || score < bestScore {
				best, bestExtra, bestScore = t, extra, score
			}
		}
	}
	if best == noTri {
		return noTri, 0
	}
	return best, bestExtra
}

// appendTriangle adds a triangle to the open meshlet, first closing it when
// the triangle does not fit. It reports whether a meshlet was closed.
func (b *builder) appendTriangle(a, bb, c uint32) bool {
	var extra uint32
	for _, v := range [3]uint32{a, bb, c} {
		if b.used[v] == noLocal {
			extra++
		}
	}
	flushed := false
	if b.cur.VertexCount+extra > uint32(b.o.MaxVertices) || b.cur.TriangleCount >= uint32(b.o.MaxTriangles) {
		b.flush()
		flushed = true
	}
	for _, v := range [3]uint32{a, bb, c} {
		if b.used[v] == noLocal {
			b.used[v] = uint16(b.cur.VertexCount)
			b.out.Vertices = append(b.out.Vertices, v)
			b.cur.VertexCount++
		}
		b.out.Triangles = append(b.out.Triangles, uint8(b.used[v]))
	}
	b.cur.TriangleCount++
	return flushed
}

// flush closes the open meshlet and starts an empty one.
func (b *builder) flush() {
	vs := b.out.Vertices[b.cur.VertexOffset:]
	for _, v := range vs[:b.cur.VertexCount] {
		b.used[v] = noLocal
	}
	b.out.Meshlets = append(b.out.Meshlets, b.cur)
	b.cur = Meshlet{VertexOffset: uint32(len(b.out.Vertices)), TriangleOffset: uint32(len(b.out.Triangles))}
}

// remove drops one occurrence of triangle t from vertex v's live list.
func (b *builder) remove(t, v uint32) {
	list := b.adj[b.offsets[v] : b.offsets[v]+b.counts[v]]
	for i, x := range list {
		if x == t {
			list[i] = list[len(list)-1]
			b.counts[v]--
			return
		}
	}
}

func sub3(a, b [3]float32) [3]float32 { return [3]float32{a[0] - b[0], a[1] - b[1], a[2] - b[2]} }

func dot3(a, b [3]float32) float32 { return a[0]*b[0] + a[1]*b[1] + a[2]*b[2] }

func cross3(a, b [3]float32) [3]float32 {
	return [3]float32{a[1]*b[2] - a[2]*b[1], a[2]*b[0] - a[0]*b[2], a[0]*b[1] - a[1]*b[0]}
}
