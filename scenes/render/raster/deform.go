package raster

import (
	"fmt"
	"math"
	"unsafe"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/ingot-render/ingot/engine"
	"github.com/ingot-render/ingot/scenes/model"
	"github.com/ingot-render/ingot/scenes/render/internal/kernel"
)

// RasterDeform.flags (raster_types.h).
const (
	deformSkin            = 1
	deformTargetPositions = 2
	deformTargetNormals   = 4
	deformTargetTangents  = 8
)

// rasterDeform is raster_types.h RasterDeform (80 bytes): how the vertex
// functions morph and skin one geometry record.
type rasterDeform struct {
	Joints, Weights                                uint64
	TargetPositions, TargetNormals, TargetTangents uint64
	Flags, TargetCount, VertexCount, JointBase     uint32
	JointCount, WeightBase, PositionBase, Pad0     uint32
	Pad1, Pad2                                     uint32
}

// jointRows is the float4 rows one joint takes in the palette: three of
// joint world × inverse bind, three of its linear part's inverse
// transpose (the normal matrix, w 0).
const jointRows = 6

// deformPlan is what a renderer needs to deform a scene's skinned and
// morphed instances in its vertex functions instead of on the host: the
// joint-palette and morph-weight layout of every deformable instance and
// the per-primitive boxes that bound the deformed geometry at any time
// without deforming it.
type deformPlan struct {
	// jointBase is each skin's first joint in the palette (−1: no
	// deformable instance uses it); joints is the palette's length.
	jointBase []int
	joints    int
	// weightBase is each instance's first morph weight (−1: none) and
	// weightCount its count; weights is the weight buffer's length.
	weightBase, weightCount []int
	weights                 int
	// deformable marks the instances (InstancesOf order) that deform.
	deformable []bool
	// bounds are the deformable meshes' primitive bounds, by mesh.
	bounds map[int][]primBounds
}

// primBounds bound one primitive's deformed positions: the rest box, each
// target's displacement range and, per joint, the box of the vertices
// it moves (skinned positions are convex combinations of the joints'
// transforms when the weights are non-negative and sum to 1: convex).
type primBounds struct {
	rest   model.Bounds
	morph  [][2][3]float32
	joint  []model.Bounds
	convex bool
}

// newDeformPlan returns the plan for s, or nil when the vertex functions
// cannot deform it: no instance deforms, or an emissive instance does
// (its emissive triangles, area lights, would stay at the rest pose).
func newDeformPlan(s *model.Scene) (*deformPlan, error) {
	insts := s.InstancesAt(0)
	pl := &deformPlan{jointBase: make([]int, len(s.Skins)), weightBase: make([]int, len(insts)), weightCount: make([]int, len(insts)),
		deformable: make([]bool, len(insts)), bounds: map[int][]primBounds{}}
	for i := range pl.jointBase {
		pl.jointBase[i] = -1
	}
	any := false
	for ii, in := range insts {
		pl.weightBase[ii] = -1
		if !kernel.Deformable(s, in) {
			continue
		}
		mesh := s.Meshes[in.Mesh]
		for pi := range mesh.Primitives {
			if mat := s.Material(mesh.Primitives[pi].Material); mesh.Primitives[pi].Mode == model.Triangles && mat.IsEmissive() {
				return nil, nil
			}
		}
		any = true
		pl.deformable[ii] = true
		if in.Skin >= 0 && pl.jointBase[in.Skin] < 0 {
			pl.jointBase[in.Skin] = pl.joints
			pl.joints += len(s.Skins[in.Skin].Joints)
		}
		n := 0
		for pi := range mesh.Primitives {
			n = max(n, len(mesh.Primitives[pi].Targets))
		}
		if n > 0 {
			pl.weightBase[ii], pl.weightCount[ii] = pl.weights, n
			pl.weights += n
		}
		if _, ok := pl.bounds[in.Mesh]; !ok {
			pb, err := meshBounds(in.Mesh, mesh)
			if err != nil {
				return nil, err
			}
			pl.bounds[in.Mesh] = pb
		}
	}
	if !any {
		return nil, nil
	}
	return pl, nil
}

// meshBounds precomputes the primitives' bounds of a deformable mesh and
// checks its streams' lengths.
func meshBounds(mi int, m *model.Mesh) ([]primBounds, error) {
	out := make([]primBounds, len(m.Primitives))
	for pi := range m.Primitives {
		pr := &m.Primitives[pi]
		nv := len(pr.Positions)
		if err := checkDeformStreams(mi, m, pi); err != nil {
			return nil, err
		}
		b := &out[pi]
		b.rest = model.EmptyBounds()
		for _, p := range pr.Positions {
			b.rest.Extend(p)
		}
		for _, tg := range pr.Targets {
			r := [2][3]float32{}
			for v := range tg.Positions {
				for c := range 3 {
					r[0][c], r[1][c] = min(r[0][c], tg.Positions[v][c]), max(r[1][c], tg.Positions[v][c])
				}
			}
			b.morph = append(b.morph, r)
		}
		if pr.Joints == nil || pr.Weights == nil {
			continue
		}
		b.convex = true
		for v := range nv {
			var sum float32
			for k := range 4 {
				w := pr.Weights[v][k]
				if w < 0 || w != w {
					b.convex = false
				}
				sum += w
				if w == 0 {
					continue
				}
				j := int(pr.Joints[v][k])
				for len(b.joint) <= j {
					b.joint = append(b.joint, model.EmptyBounds())
				}
				b.joint[j].Extend(pr.Positions[v])
			}
			if math.Abs(float64(sum)-1) > 1e-3 {
				b.convex = false
			}
		}
	}
	return out, nil
}

// checkDeformStreams checks that a deformable primitive's joint, weight
// and target streams have one entry per vertex (the host's deformation
// and the vertex functions index them by vertex).
func checkDeformStreams(mi int, m *model.Mesh, pi int) error {
	pr := &m.Primitives[pi]
	nv := len(pr.Positions)
	for name, l := range map[string]int{"JOINTS_0": len(pr.Joints), "WEIGHTS_0": len(pr.Weights)} {
		if l != 0 && l != nv {
			return fmt.Errorf("raster: mesh %d %q primitive %d: %d %s for %d vertices", mi, m.Name, pi, l, name, nv)
		}
	}
	for ti, tg := range pr.Targets {
		for name, l := range map[string]int{"positions": len(tg.Positions), "normals": len(tg.Normals), "tangents": len(tg.Tangents)} {
			if l != 0 && l != nv {
				return fmt.Errorf("raster: mesh %d %q primitive %d morph target %d: %d %s for %d vertices", mi, m.Name, pi, ti, l, name, nv)
			}
		}
	}
	return nil
}

// jointMatrices returns skin sk's joint matrices at pose p (joint world ×
// inverse bind) and their normal matrices, as Scene.Deform computes them.
func jointMatrices(sk *model.Skin, p *model.Pose, j int) (m, n mgl32.Mat4) {
	w := mgl32.Ident4()
	if node := sk.Joints[j]; node >= 0 && node < len(p.World) {
		w = p.World[node]
	}
	ib := mgl32.Ident4()
	if j < len(sk.InverseBind) {
		ib = sk.InverseBind[j]
	}
	m = w.Mul4(ib)
	return m, m.Mat3().Inv().Transpose().Mat4()
}

// palette fills the joint palette (jointRows float4 rows a joint) and
// the morph weights of pose p (insts: its instances).
func (pl *deformPlan) palette(s *model.Scene, p *model.Pose, insts []model.Instance, joints [][4]float32, weights []float32) {
	for si, base := range pl.jointBase {
		if base < 0 {
			continue
		}
		sk := &s.Skins[si]
		for j := range sk.Joints {
			m, n := jointMatrices(sk, p, j)
			r := joints[jointRows*(base+j):]
			for i := range 3 {
				r[i] = [4]float32{m[i], m[4+i], m[8+i], m[12+i]}
				r[3+i] = [4]float32{n[i], n[4+i], n[8+i], 0}
			}
		}
	}
	for ii, base := range pl.weightBase {
		if base < 0 {
			continue
		}
		w := weights[base : base+pl.weightCount[ii]]
		clear(w)
		if ii < len(insts) {
			copy(w, insts[ii].Weights)
		}
	}
}

// boundsOf returns the world bounds of the scene at pose p (insts: its
// instances) as Scene.BoundsAt, with the deformable instances bounded
// from their precomputed boxes instead of deformed: the joints' boxes
// (with the morph targets' displacement ranges) under the joint
// matrices, so a box may be larger than the deformed geometry's. A
// primitive whose weights are not convex is deformed on the host.
func (pl *deformPlan) boundsOf(s *model.Scene, p *model.Pose, insts []model.Instance) model.Bounds {
	b := model.EmptyBounds()
	for ii, in := range insts {
		if ii >= len(pl.deformable) || !pl.deformable[ii] {
			b = b.Union(s.Meshes[in.Mesh].Bounds.Transform(in.Transform))
			continue
		}
		b = b.Union(pl.instanceBounds(s, p, in))
	}
	return b
}

// instanceBounds bounds one deformable instance at pose p.
func (pl *deformPlan) instanceBounds(s *model.Scene, p *model.Pose, in model.Instance) model.Bounds {
	var sk *model.Skin
	if in.Skin >= 0 && in.Skin < len(s.Skins) {
		sk = &s.Skins[in.Skin]
	}
	out := model.EmptyBounds()
	for pi, pb := range pl.bounds[in.Mesh] {
		if pb.rest.Empty() {
			continue
		}
		var lo, hi [3]float32
		for ti, r := range pb.morph {
			if ti >= len(in.Weights) || in.Weights[ti] == 0 {
				continue
			}
			w := in.Weights[ti]
			for c := range 3 {
				a, z := w*r[0][c], w*r[1][c]
				lo[c], hi[c] = lo[c]+min(a, z), hi[c]+max(a, z)
			}
		}
		grow := func(x model.Bounds) model.Bounds {
			for c := range 3 {
				x.Min[c], x.Max[c] = x.Min[c]+lo[c], x.Max[c]+hi[c]
			}
			return x
		}
		pr := &s.Meshes[in.Mesh].Primitives[pi]
		if sk == nil || pr.Joints == nil || pr.Weights == nil {
			out = out.Union(grow(pb.rest).Transform(in.Transform))
			continue
		}
		if !pb.convex || len(pb.joint) > len(sk.Joints) {
			return s.Deform(in, p).Bounds
		}
		for j, jb := range pb.joint {
			if jb.Empty() {
				continue
			}
			m, _ := jointMatrices(sk, p, j)
			out = out.Union(grow(jb).Transform(m))
		}
	}
	return out
}

// deformUpload is the device side of a plan for one packed scene: the
// RasterDeform record of every geometry record and their streams,
// uploaded once, and the dispatches that deform their positions.
type deformUpload struct {
	records *engine.Buffer
	streams *engine.Buffer
	// jobs are raster_deform_positions' dispatches (one per deformed
	// record); positions is the vertex count they write.
	jobs      []rasterDeformJob
	positions int
}

// uploadDeform builds the RasterDeform records of p (packed with
// RestPose and SeparateInstances from s, whose instances at time 0 are
// insts) and uploads them with the joint, weight and target streams;
// buf creates an upload-owned buffer.
func (pl *deformPlan) upload(s *model.Scene, p *kernel.Packed, buf func(string, []byte, int) (*engine.Buffer, error)) (*deformUpload, error) {
	insts := s.InstancesAt(0)
	if len(insts) != len(p.Instances) {
		return nil, fmt.Errorf("raster: %d instances packed, %d in the scene", len(p.Instances), len(insts))
	}
	recs := make([]rasterDeform, len(p.Geometries))
	type streamRef struct{ joints, weights, pos, nrm, tan int }
	var data []byte
	add := func(b []byte) int {
		if len(b) == 0 {
			return -1
		}
		for len(data)%16 != 0 {
			data = append(data, 0)
		}
		o := len(data)
		data = append(data, b...)
		return o
	}
	type key struct{ mesh, prim int }
	streams := map[key]streamRef{}
	refs := make([]streamRef, len(p.Geometries))
	var jobs []rasterDeformJob
	positions := 0
	for ii, in := range insts {
		if !pl.deformable[ii] {
			continue
		}
		pin := &p.Instances[ii]
		for gi := pin.GeometryBase; gi < pin.GeometryBase+pin.GeometryCount; gi++ {
			info := &p.GeometryInfo[gi]
			pr := &s.Meshes[info.Mesh].Primitives[info.Primitive]
			nv := len(pr.Positions)
			rec := rasterDeform{VertexCount: uint32(nv), TargetCount: uint32(len(pr.Targets))}
			skinned := in.Skin >= 0 && pr.Joints != nil && pr.Weights != nil
			if skinned {
				rec.Flags |= deformSkin
				rec.JointBase, rec.JointCount = uint32(pl.jointBase[in.Skin]), uint32(len(s.Skins[in.Skin].Joints))
			}
			if len(pr.Targets) > 0 {
				rec.WeightBase = uint32(pl.weightBase[ii])
			}
			k := key{info.Mesh, info.Primitive}
			ref, ok := streams[k]
			if !ok {
				ref = streamRef{-1, -1, -1, -1, -1}
				if pr.Joints != nil && pr.Weights != nil {
					j := make([][4]uint32, nv)
					for v := range nv {
						for c := range 4 {
							j[v][c] = uint32(pr.Joints[v][c])
						}
					}
					ref.joints, ref.weights = add(bytesOf(j)), add(bytesOf(pr.Weights))
				}
				var pos, nrm, tan [][3]float32
				for _, tg := range pr.Targets {
					pos = appendTarget(pos, tg.Positions, nv)
					nrm = appendTarget(nrm, tg.Normals, nv)
					var t3 [][3]float32
					if tg.Tangents != nil {
						t3 = make([][3]float32, nv)
						for v := range nv {
							t3[v] = [3]float32{tg.Tangents[v][0], tg.Tangents[v][1], tg.Tangents[v][2]}
						}
					}
					tan = appendTarget(tan, t3, nv)
				}
				if anyTarget(pr.Targets, func(tg model.MorphTarget) bool { return tg.Positions != nil }) {
					ref.pos = add(bytesOf(pos))
				}
				if pr.Normals != nil && anyTarget(pr.Targets, func(tg model.MorphTarget) bool { return tg.Normals != nil }) {
					ref.nrm = add(bytesOf(nrm))
				}
				if pr.Tangents != nil && anyTarget(pr.Targets, func(tg model.MorphTarget) bool { return tg.Tangents != nil }) {
					ref.tan = add(bytesOf(tan))
				}
				streams[k] = ref
			}
			if !skinned {
				ref.joints, ref.weights = -1, -1
			}
			for _, f := range []struct {
				off  int
				flag uint32
			}{{ref.pos, deformTargetPositions}, {ref.nrm, deformTargetNormals}, {ref.tan, deformTargetTangents}} {
				if f.off >= 0 {
					rec.Flags |= f.flag
				}
			}
			if rec.Flags != 0 {
				rec.PositionBase = uint32(positions)
				jobs = append(jobs, rasterDeformJob{Geometry: gi, VertexCount: uint32(nv)})
				positions += nv
			}
			recs[gi], refs[gi] = rec, ref
		}
	}
	sb, err := buf("deformStreams", data, 16)
	if err != nil {
		return nil, err
	}
	base := sb.GPUAddress()
	addr := func(o int) uint64 {
		if o < 0 {
			return 0
		}
		return base + uint64(o)
	}
	for gi := range recs {
		r, ref := &recs[gi], refs[gi]
		if r.VertexCount == 0 {
			continue
		}
		r.Joints, r.Weights = addr(ref.joints), addr(ref.weights)
		r.TargetPositions, r.TargetNormals, r.TargetTangents = addr(ref.pos), addr(ref.nrm), addr(ref.tan)
	}
	rb, err := buf("deforms", bytesOf(recs), int(unsafe.Sizeof(rasterDeform{})))
	if err != nil {
		return nil, err
	}
	return &deformUpload{records: rb, streams: sb, jobs: jobs, positions: positions}, nil
}

// appendTarget appends one target's stream (zeros where it is absent).
func appendTarget(dst, src [][3]float32, nv int) [][3]float32 {
	if src == nil {
		return append(dst, make([][3]float32, nv)...)
	}
	return append(dst, src...)
}

func anyTarget(ts []model.MorphTarget, f func(model.MorphTarget) bool) bool {
	for _, t := range ts {
		if f(t) {
			return true
		}
	}
	return false
}
