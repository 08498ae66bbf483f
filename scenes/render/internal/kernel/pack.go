package kernel

import (
	"encoding/binary"
	"fmt"
	"unsafe"

	"github.com/chewxy/math32"
	"github.com/go-gl/mathgl/mgl32"

	"github.com/ingot-render/ingot/scenes/model"
)

// PackOptions select the frame a scene is packed for.
type PackOptions struct {
	// ShutterOpen and ShutterClose are the scene times of the frame's
	// shutter interval (equal: no motion blur).
	ShutterOpen, ShutterClose float32
	// Env is the environment; nil is black.
	Env *Environment
	// MaterialFunctions maps a material name ("*" for all) to the
	// visible-function-table index of a user material function
	// (--material NAME=file.metal); unnamed materials keep the stock ones.
	MaterialFunctions map[string]uint32
	// SeparateInstances keeps one instance per scene instance. By default
	// static instances with the same transform and records of their own
	// (every instance of an OBJ file, a glTF scene's untransformed nodes)
	// are merged into one instance whose primitive structure holds all
	// their geometries, so a ray enters one structure instead of many.
	SeparateInstances bool
	// RestPose packs the instances that can deform (a skin, or a mesh
	// with morph targets) in their rest pose, for a caller that applies
	// the morph targets and skins itself (the raster preview's vertex
	// functions): each such instance gets records of its own
	// (GeometryInfo.Instance, PositionsCloseOffset −1) over the mesh's
	// undeformed streams, InstanceDeformed is not set, and ToWorld is the
	// instance transform (the identity for a skinned instance, whose skin
	// gives world space). Nothing is deformed on the host; emissive
	// triangles of such instances are at their rest pose. With
	// SeparateInstances the records do not depend on the time, and
	// Packed.Repose moves them to another.
	RestPose bool
	// Bounds are the scene's world bounds at ShutterOpen, which scale
	// the directional lights' selection weights (nil: Scene.BoundsAt,
	// which deforms skinned and morphed meshes on the host).
	Bounds *model.Bounds
}

// Environment is a constant colour or an equirectangular map, as Pack
// reads it; render.Environment has the same fields (convert a pointer).
type Environment struct {
	// Color is the constant radiance, or the map's multiplier.
	Color [3]float32
	// Intensity scales Color (0: 1).
	Intensity float32
	// Width, Height and RGB hold a linear map (3 floats per texel, top row
	// first); empty for a constant environment.
	Width, Height int
	RGB           []float32
	// Rotation turns the map about +Y (radians).
	Rotation float32
}

// GeometryInfo tells the host how to build geometry record i of a
// primitive acceleration structure: the record's mesh primitive, its
// opacity and where its streams lie in the arena.
type GeometryInfo struct {
	// Mesh and Primitive identify the source primitive.
	Mesh, Primitive int
	// Instance is the owning instance for per-instance records (deformed
	// or emissive instances), -1 for records shared by all instances of Mesh.
	Instance int
	// Opaque is false for alpha MASK/BLEND materials: build the geometry
	// non-opaque with intersection-function-table offset 0 (alpha_test).
	Opaque bool
	// PositionsOffset and IndicesOffset are arena offsets of the packed
	// float3 positions (at shutter open) and uint32 indices.
	PositionsOffset, IndicesOffset int
	// PositionsCloseOffset is the shutter-close keyframe of a deformed
	// primitive, -1 when the geometry does not move.
	PositionsCloseOffset int
	VertexCount          int
	TriangleCount        int
}

// streamOffsets are arena offsets of a record's streams (-1: absent).
type streamOffsets [8]int

// Packed is a scene flattened into the records of scene_types.h plus one
// byte arena holding every vertex and index stream. Upload Arena as one
// buffer, call Relocate with its GPU address, then upload the records.
type Packed struct {
	Arena      []byte
	Instances  []InstanceData
	Geometries []GeometryData
	// GeometryInfo parallels Geometries. An instance's records
	// GeometryBase … GeometryBase+GeometryCount−1 form one primitive
	// acceleration structure (instances sharing a GeometryBase share it).
	GeometryInfo []GeometryInfo
	Materials    []MaterialData
	Emissive     []EmissiveTriangle
	Punctual     []PunctualLight
	// Env and EnvCDF describe the environment (EnvCDF nil: constant).
	Env    Environment
	EnvCDF *EnvCDF
	// Picks are SceneResources pickEmissive, pickPunctual, pickEnv.
	Picks [3]float32

	offsets []streamOffsets
	streams map[streamKey]int
	// restPose and separate record PackOptions.RestPose and
	// SeparateInstances (Repose needs both).
	restPose, separate bool
}

// appendStream copies a stream into the arena (16-byte aligned) and
// returns its offset, or −1 for an empty stream. A stream already copied
// (the same backing array and length, as meshes sharing vertex data have)
// is not copied again.
func (p *Packed) appendStream(b []byte) int {
	if len(b) == 0 {
		return -1
	}
	k := streamKey{unsafe.SliceData(b), len(b)}
	if off, ok := p.streams[k]; ok {
		return off
	}
	for len(p.Arena)%16 != 0 {
		p.Arena = append(p.Arena, 0)
	}
	off := len(p.Arena)
	p.Arena = append(p.Arena, b...)
	if p.streams == nil {
		p.streams = map[streamKey]int{}
	}
	p.streams[k] = off
	return off
}

type streamKey struct {
	data *byte
	n    int
}

// Relocate fills the records' pointer fields from the arena's GPU address.
func (p *Packed) Relocate(arenaAddress uint64) {
	for i := range p.Geometries {
		g := &p.Geometries[i]
		ptrs := []*uint64{&g.Positions, &g.Normals, &g.Tangents, &g.UV0, &g.UV1, &g.Colors, &g.Indices, &g.FaceNormals}
		for k, ptr := range ptrs {
			*ptr = 0
			if off := p.offsets[i][k]; off >= 0 {
				*ptr = arenaAddress + uint64(off)
			}
		}
	}
}

// Pack flattens scene s for one frame.
func Pack(s *model.Scene, opts PackOptions) (*Packed, error) {
	p := &Packed{restPose: opts.RestPose, separate: opts.SeparateInstances}
	for i := range s.Materials {
		p.Materials = append(p.Materials, packMaterial(&s.Materials[i], opts.MaterialFunctions))
	}
	// Primitives whose material is -1 use an extra default material at the end.
	defaultMat := uint32(len(p.Materials))
	dm := model.DefaultMaterial()
	p.Materials = append(p.Materials, packMaterial(&dm, opts.MaterialFunctions))
	matIndex := func(m int) uint32 {
		if m < 0 || m >= len(s.Materials) {
			return defaultMat
		}
		return uint32(m)
	}
	poseOpen := s.PoseAt(opts.ShutterOpen)
	poseClose := s.PoseAt(opts.ShutterClose)
	open := s.InstancesOf(poseOpen)
	closeInsts := s.InstancesOf(poseClose)
	if len(open) != len(closeInsts) {
		return nil, fmt.Errorf("instances at shutter open (%d) and close (%d) differ", len(open), len(closeInsts))
	}
	shared := map[int]uint32{} // mesh → geometry base of shared records
	for ii, in := range open {
		mesh := s.Meshes[in.Mesh]
		emissive := false
		for pi := range mesh.Primitives {
			mat := s.Material(mesh.Primitives[pi].Material)
			if mesh.Primitives[pi].Mode == model.Triangles && mat.IsEmissive() {
				emissive = true
			}
		}
		var base uint32
		var count int
		deforms := in.Deforms || closeInsts[ii].Deforms
		if opts.RestPose && Deformable(s, in) {
			deforms = false
			b, n, err := p.addMesh(in.Mesh, ii, mesh, nil, matIndex, s)
			if err != nil {
				return nil, err
			}
			base, count = b, n
		} else if deforms {
			b, n, err := p.addMesh(in.Mesh, ii, s.Deform(in, poseOpen), s.Deform(closeInsts[ii], poseClose), matIndex, s)
			if err != nil {
				return nil, err
			}
			base, count = b, n
		} else if emissive {
			b, n, err := p.emissiveRecords(in.Mesh, ii, mesh, shared, matIndex, s)
			if err != nil {
				return nil, err
			}
			base, count = b, n
		} else if b, ok := shared[in.Mesh]; ok {
			base = b
			count = countTriangles(mesh)
		} else {
			b, n, err := p.addMesh(in.Mesh, -1, mesh, nil, matIndex, s)
			if err != nil {
				return nil, err
			}
			shared[in.Mesh] = b
			base, count = b, n
		}
		rec := InstanceData{GeometryBase: base, GeometryCount: uint32(count), UserID: uint32(in.Node)}
		rec.ToWorld, rec.NormalToWorld = affineRows(in.Transform)
		rec.ToWorldClose, rec.NormalToWorldClose = affineRows(closeInsts[ii].Transform)
		if rec.ToWorld != rec.ToWorldClose {
			rec.Flags |= InstanceMoving
		}
		if deforms {
			rec.Flags |= InstanceDeformed
		}
		if rec.Flags&InstanceMoving == 0 && rec.ToWorld == identityRows {
			rec.Flags |= InstanceIdentity
		}
		p.Instances = append(p.Instances, rec)
		if emissive {
			p.addEmissive(ii, in.Transform, base, count)
		}
	}
	if !opts.SeparateInstances {
		p.mergeStaticInstances()
	}
	finishCDF(len(p.Emissive), func(i int) *float32 { return &p.Emissive[i].Pmf }, func(i int) *float32 { return &p.Emissive[i].Cdf })
	p.addPunctual(s, poseOpen)
	if err := p.setEnv(opts.Env); err != nil {
		return nil, err
	}
	if opts.Bounds != nil {
		p.setPicks(*opts.Bounds)
	} else {
		p.setPicks(s.BoundsAt(opts.ShutterOpen))
	}
	return p, nil
}

// Deformable reports whether instance in can deform: it is skinned, or
// its mesh has morph targets (whatever the weights at its time).
func Deformable(s *model.Scene, in model.Instance) bool {
	if in.Skin >= 0 {
		return true
	}
	if in.Mesh < 0 || in.Mesh >= len(s.Meshes) {
		return false
	}
	for i := range s.Meshes[in.Mesh].Primitives {
		if len(s.Meshes[in.Mesh].Primitives[i].Targets) > 0 {
			return true
		}
	}
	return false
}

// Repose returns a copy of p, packed with RestPose and SeparateInstances,
// whose instance, emissive-triangle and punctual-light records and picks
// are those of time t (b: the scene's bounds at t, as
// PackOptions.Bounds): the instances' transforms and the lights follow
// the animation, while the arena, geometry records, materials and
// environment are p's own (shared, not copied). It is Pack at t without
// repacking the streams.
func (p *Packed) Repose(s *model.Scene, t float32, b model.Bounds) (*Packed, error) {
	if !p.restPose || !p.separate {
		return nil, fmt.Errorf("Packed.Repose: the scene was not packed with RestPose and SeparateInstances")
	}
	pose := s.PoseAt(t)
	insts := s.InstancesOf(pose)
	if len(insts) != len(p.Instances) {
		return nil, fmt.Errorf("Packed.Repose: %d instances at time %v, %d packed", len(insts), t, len(p.Instances))
	}
	q := *p
	q.Instances = make([]InstanceData, len(p.Instances))
	q.Emissive, q.Punctual = nil, nil
	q.Geometries = append([]GeometryData(nil), p.Geometries...)
	for ii, in := range insts {
		rec := p.Instances[ii]
		rec.ToWorld, rec.NormalToWorld = affineRows(in.Transform)
		rec.ToWorldClose, rec.NormalToWorldClose = rec.ToWorld, rec.NormalToWorld
		rec.Flags &^= InstanceMoving | InstanceIdentity
		if rec.Flags&InstanceDeformed == 0 && rec.ToWorld == identityRows {
			rec.Flags |= InstanceIdentity
		}
		q.Instances[ii] = rec
		mesh := s.Meshes[in.Mesh]
		for pi := range mesh.Primitives {
			if mat := s.Material(mesh.Primitives[pi].Material); mesh.Primitives[pi].Mode == model.Triangles && mat.IsEmissive() {
				q.addEmissive(ii, in.Transform, rec.GeometryBase, int(rec.GeometryCount))
				break
			}
		}
	}
	finishCDF(len(q.Emissive), func(i int) *float32 { return &q.Emissive[i].Pmf }, func(i int) *float32 { return &q.Emissive[i].Cdf })
	q.addPunctual(s, pose)
	q.setPicks(b)
	return &q, nil
}

// emissiveRecords gives emissive instance ii its own records (each needs
// its own lightBase): the mesh's first instance appends the streams, later
// ones copy its records and share the streams.
func (p *Packed) emissiveRecords(meshIndex, ii int, mesh *model.Mesh, shared map[int]uint32, matIndex func(int) uint32, s *model.Scene) (uint32, int, error) {
	b, ok := shared[meshIndex]
	if !ok {
		nb, n, err := p.addMesh(meshIndex, ii, mesh, nil, matIndex, s)
		if err != nil {
			return 0, 0, err
		}
		shared[meshIndex] = nb
		return nb, n, nil
	}
	count := countTriangles(mesh)
	base := uint32(len(p.Geometries))
	for k := b; k < b+uint32(count); k++ {
		g := p.Geometries[k]
		g.LightBase = NoLight
		p.Geometries = append(p.Geometries, g)
		p.offsets = append(p.offsets, p.offsets[k])
		info := p.GeometryInfo[k]
		info.Instance = ii
		p.GeometryInfo = append(p.GeometryInfo, info)
	}
	return base, count, nil
}

func countTriangles(m *model.Mesh) int {
	n := 0
	for i := range m.Primitives {
		if m.Primitives[i].Mode == model.Triangles {
			n++
		}
	}
	return n
}

// addMesh appends the streams and records of m's triangle primitives
// (mc: the shutter-close keyframe of a deformed mesh, or nil).
func (p *Packed) addMesh(meshIndex, instance int, m, mc *model.Mesh, matIndex func(int) uint32, s *model.Scene) (uint32, int, error) {
	base := uint32(len(p.Geometries))
	n := 0
	for pi := range m.Primitives {
		pr := &m.Primitives[pi]
		if pr.Mode != model.Triangles {
			continue
		}
		nv := len(pr.Positions)
		for k, ix := range pr.Indices {
			if int(ix) >= nv {
				return 0, 0, fmt.Errorf("mesh %d %q primitive %d: index %d = %d out of range (%d vertices)", meshIndex, m.Name, pi, k, ix, nv)
			}
		}
		for name, l := range map[string]int{"normals": len(pr.Normals), "tangents": len(pr.Tangents), "uv0": len(pr.UV0), "uv1": len(pr.UV1), "colors": len(pr.Colors)} {
			if l != 0 && l != nv {
				return 0, 0, fmt.Errorf("mesh %d %q primitive %d: %d %s for %d vertices", meshIndex, m.Name, pi, l, name, nv)
			}
		}
		var off streamOffsets
		off[0] = p.appendStream(model.Bytes(pr.Positions))
		off[1] = p.appendStream(model.Bytes(pr.Normals))
		off[2] = p.appendStream(model.Bytes(pr.Tangents))
		off[3] = p.appendStream(model.Bytes(pr.UV0))
		off[4] = p.appendStream(model.Bytes(pr.UV1))
		off[5] = p.appendStream(model.Bytes(pr.Colors))
		off[6] = p.appendStream(model.Bytes(pr.Indices))
		off[7] = p.appendStream(model.Bytes(faceNormals(pr.Positions, pr.Indices)))
		closeOff := -1
		if mc != nil && pi < len(mc.Primitives) && len(mc.Primitives[pi].Positions) == nv {
			closeOff = p.appendStream(model.Bytes(mc.Primitives[pi].Positions))
		}
		g := GeometryData{Material: matIndex(pr.Material), TriangleCount: uint32(len(pr.Indices) / 3),
			VertexCount: uint32(nv), LightBase: NoLight}
		for k, f := range []uint32{GeometryHasNormals, GeometryHasTangents, GeometryHasUV0, GeometryHasUV1, GeometryHasColors} {
			if off[k+1] >= 0 {
				g.Flags |= f
			}
		}
		mat := s.Material(pr.Material)
		p.Geometries = append(p.Geometries, g)
		p.offsets = append(p.offsets, off)
		p.GeometryInfo = append(p.GeometryInfo, GeometryInfo{Mesh: meshIndex, Primitive: pi, Instance: instance,
			Opaque: mat.AlphaMode == model.AlphaOpaque, PositionsOffset: off[0], IndicesOffset: off[6],
			PositionsCloseOffset: closeOff, VertexCount: nv, TriangleCount: len(pr.Indices) / 3})
		n++
	}
	return base, n, nil
}

// faceNormals returns cross(p1 − p0, p2 − p0) of each triangle, rounded as
// MSL's cross rounds it (each product to float32, then the difference), so
// the path tracer's geometric normals keep their bits.
func faceNormals(pos [][3]float32, idx []uint32) [][3]float32 {
	n := make([][3]float32, len(idx)/3)
	for t := range n {
		p0, p1, p2 := pos[idx[3*t]], pos[idx[3*t+1]], pos[idx[3*t+2]]
		a := [3]float32{p1[0] - p0[0], p1[1] - p0[1], p1[2] - p0[2]}
		b := [3]float32{p2[0] - p0[0], p2[1] - p0[1], p2[2] - p0[2]}
		n[t] = [3]float32{
			float32(a[1]*b[2]) - float32(a[2]*b[1]),
			float32(a[2]*b[0]) - float32(a[0]*b[2]),
			float32(a[0]*b[1]) - float32(a[1]*b[0]),
		}
	}
	return n
}

// addEmissive lists the emissive triangles of instance ii (records
// base…base+count−1, owned by the instance) in world space at shutter open.
func (p *Packed) addEmissive(ii int, xf mgl32.Mat4, base uint32, count int) {
	for gi := base; gi < base+uint32(count); gi++ {
		g := &p.Geometries[gi]
		m := &p.Materials[g.Material]
		if m.Flags&MaterialEmissive == 0 {
			continue
		}
		info := &p.GeometryInfo[gi]
		pos := p.Arena[info.PositionsOffset:]
		idx := p.Arena[info.IndicesOffset:]
		vert := func(i uint32) Vec3 {
			o := int(i) * 12
			v := mgl32.Vec4{f32le(pos[o:]), f32le(pos[o+4:]), f32le(pos[o+8:]), 1}
			w := xf.Mul4x1(v)
			return Vec3{w[0], w[1], w[2]}
		}
		lum := Luminance(Vec3(m.Emissive)) * m.EmissiveStrength
		g.LightBase = uint32(len(p.Emissive))
		for t := range info.TriangleCount {
			a, b, c := vert(u32le(idx[12*t:])), vert(u32le(idx[12*t+4:])), vert(u32le(idx[12*t+8:]))
			area := b.sub(a).cross(c.sub(a)).length() / 2
			p.Emissive = append(p.Emissive, EmissiveTriangle{P0: PackedFloat3(a), P1: PackedFloat3(b), P2: PackedFloat3(c),
				Instance: uint32(ii), Geometry: gi, Primitive: uint32(t), Area: area, Pmf: area * lum})
		}
	}
}

// finishCDF normalises n weights into pmf and inclusive cdf (last = 1).
func finishCDF(n int, pmf, cdf func(int) *float32) {
	var total float64
	for i := range n {
		total += float64(*pmf(i))
	}
	var acc float64
	for i := range n {
		w := float64(*pmf(i))
		if total > 0 {
			w /= total
		} else {
			w = 1 / float64(n)
		}
		acc += w
		*pmf(i) = float32(w)
		*cdf(i) = float32(acc)
	}
	if n > 0 {
		*cdf(n - 1) = 1
	}
}

func (p *Packed) addPunctual(s *model.Scene, pose *model.Pose) {
	for _, l := range s.Lights {
		w := l.World
		if l.Node >= 0 && l.Node < len(pose.World) {
			w = pose.World[l.Node]
		}
		pos := Vec3{w[12], w[13], w[14]}
		dir := Vec3{-w[8], -w[9], -w[10]}.normalize()
		in := Vec3(l.Color).scale(l.Intensity)
		pl := PunctualLight{Position: PackedFloat3(pos), Direction: PackedFloat3(dir), Range: l.Range,
			Intensity: PackedFloat3(in), CosInner: 1, CosOuter: 0}
		power := Luminance(in) * 4 * math32.Pi
		switch l.Type {
		case model.Directional:
			pl.Type = LightDirectional
			power = Luminance(in) // scaled by the scene's cross-section in setPicks
		case model.Point:
			pl.Type = LightPoint
		case model.Spot:
			pl.Type = LightSpot
			pl.CosInner = math32.Cos(l.InnerConeAngle)
			pl.CosOuter = math32.Cos(l.OuterConeAngle)
			power *= max(1-pl.CosOuter, 1e-3) / 2
		}
		pl.Pmf = power
		p.Punctual = append(p.Punctual, pl)
	}
}

func (p *Packed) setEnv(env *Environment) error {
	if env == nil {
		p.Env = Environment{}
		return nil
	}
	p.Env = *env
	if p.Env.Intensity == 0 {
		p.Env.Intensity = 1 // the zero value means the default
	}
	if len(env.RGB) > 0 {
		c, err := BuildEnvCDF(env.Width, env.Height, env.RGB)
		if err != nil {
			return fmt.Errorf("environment: %w", err)
		}
		p.EnvCDF = c
	}
	return nil
}

// setPicks chooses how often light sampling picks each set: by estimated
// power (emitters π·A·L, point and spot lights 4π·I (cone-scaled),
// directional lights and the environment by the flux through the scene's
// bounding sphere), each present set getting at least 10%.
func (p *Packed) setPicks(b model.Bounds) {
	r := float32(1)
	if !b.Empty() {
		r = max(b.Size().Len()/2, 1e-3)
	}
	cross := math32.Pi * r * r
	var pe, pp, pv float32
	for i := range p.Emissive {
		t := &p.Emissive[i]
		g := &p.Geometries[t.Geometry]
		m := &p.Materials[g.Material]
		pe += math32.Pi * t.Area * Luminance(Vec3(m.Emissive)) * m.EmissiveStrength
	}
	for i := range p.Punctual {
		if p.Punctual[i].Type == LightDirectional {
			p.Punctual[i].Pmf *= cross
		}
		pp += p.Punctual[i].Pmf
	}
	finishCDF(len(p.Punctual), func(i int) *float32 { return &p.Punctual[i].Pmf }, func(i int) *float32 { return &p.Punctual[i].Cdf })
	envL := Luminance(Vec3(p.Env.Color)) * p.Env.Intensity
	if p.EnvCDF != nil {
		envL *= p.EnvCDF.Integral * 2 // mean over the sphere of L·sinθ ×2 ≈ mean L
	}
	if envL > 0 {
		pv = 4 * math32.Pi * cross * envL
	}
	w := [3]float32{pe, pp, pv}
	var sum float32
	n := 0
	for _, x := range w {
		if x > 0 {
			n++
			sum += x
		}
	}
	if n == 0 {
		p.Picks = [3]float32{}
		return
	}
	for i, x := range w {
		if x > 0 {
			w[i] = max(x/sum, 0.1)
		}
	}
	sum = w[0] + w[1] + w[2]
	p.Picks = [3]float32{w[0] / sum, w[1] / sum, w[2] / sum}
}

// Resources returns the SceneResources record without its pointer and
// handle fields (the host fills them with GPU addresses and resource IDs).
func (p *Packed) Resources() SceneResources {
	r := SceneResources{InstanceCount: uint32(len(p.Instances)), GeometryCount: uint32(len(p.Geometries)),
		MaterialCount: uint32(len(p.Materials)), EmissiveCount: uint32(len(p.Emissive)),
		PunctualCount: uint32(len(p.Punctual)), PickEmissive: p.Picks[0], PickPunctual: p.Picks[1],
		PickEnv: p.Picks[2], EnvKind: EnvConstant, EnvColor: PackedFloat3(p.Env.Color),
		EnvIntensity: p.Env.Intensity, EnvRotation: p.Env.Rotation}
	if p.EnvCDF != nil {
		r.EnvKind = EnvMap
		r.EnvWidth, r.EnvHeight = uint32(p.EnvCDF.Width), uint32(p.EnvCDF.Height)
		r.EnvIntegral = p.EnvCDF.Integral
	}
	return r
}

// affineRows converts a column-major 4×4 transform into the three float4
// rows of scene_types.h and the rows of its normal matrix (inverse
// transpose of the linear part).
func affineRows(m mgl32.Mat4) (rows, normal [3]Float4) {
	for r := range 3 {
		rows[r] = Float4{m[r], m[4+r], m[8+r], m[12+r]}
	}
	inv := m.Mat3().Inv()
	// Row r of inv^T is column r of inv.
	for r := range 3 {
		normal[r] = Float4{inv[3*r], inv[3*r+1], inv[3*r+2], 0}
	}
	return rows, normal
}

// packMaterial converts a scene material.
func packMaterial(m *model.Material, funcs map[string]uint32) MaterialData {
	d := MaterialData{
		BaseColor: Float4(m.BaseColor), Emissive: PackedFloat3(m.Emissive), EmissiveStrength: 1,
		Metallic: m.Metallic, Roughness: m.Roughness, IOR: m.IOR, AlphaCutoff: m.AlphaCutoff,
		Transmission: m.Transmission.Factor, Clearcoat: m.Clearcoat.Factor,
		ClearcoatRoughness: m.Clearcoat.Roughness, NormalScale: m.NormalScale,
		AlphaMode: uint32(m.AlphaMode), Function: FunctionGLTF, OcclusionStrength: m.OcclusionStrength,
		BaseColorTex: textureSlot(m.BaseColorTex), MetallicRoughnessTex: textureSlot(m.MetallicRoughnessTex),
		NormalTex: textureSlot(m.NormalTex), EmissiveTex: textureSlot(m.EmissiveTex),
		OcclusionTex: textureSlot(m.OcclusionTex), TransmissionTex: textureSlot(m.Transmission.Tex),
		ClearcoatTex: textureSlot(m.Clearcoat.Tex), ClearcoatRoughnessTex: textureSlot(m.Clearcoat.RoughnessTex),
		ClearcoatNormalTex: textureSlot(m.Clearcoat.NormalTex),
		Specular:           m.Specular.Factor, SpecularColor: PackedFloat3(m.Specular.Color),
		SpecularTex: textureSlot(m.Specular.Tex), SpecularColorTex: textureSlot(m.Specular.ColorTex),
		SheenColor: PackedFloat3(m.Sheen.Color), SheenRoughness: m.Sheen.Roughness,
		SheenColorTex: textureSlot(m.Sheen.ColorTex), SheenRoughnessTex: textureSlot(m.Sheen.RoughnessTex),
		Attenuation: volumeAttenuation(m.Volume), Thickness: max(m.Volume.Thickness, 0),
		ThicknessTex: textureSlot(m.Volume.ThicknessTex),
		Iridescence:  m.Iridescence.Factor, IridescenceIor: m.Iridescence.IOR,
		IridescenceThicknessMin: m.Iridescence.ThicknessMin, IridescenceThicknessMax: m.Iridescence.ThicknessMax,
		IridescenceTex: textureSlot(m.Iridescence.Tex), IridescenceThicknessTex: textureSlot(m.Iridescence.ThicknessTex),
	}
	if d.Thickness > 0 {
		d.Flags |= MaterialVolume
	}
	if d.IOR <= 0 {
		d.IOR = 1.5
	}
	if m.DoubleSided {
		d.Flags |= MaterialDoubleSided
	}
	if m.Unlit {
		d.Flags |= MaterialUnlit
		d.Function = FunctionUnlit
	}
	if m.IsEmissive() {
		d.Flags |= MaterialEmissive
	}
	for _, s := range []TextureSlot{d.BaseColorTex, d.MetallicRoughnessTex, d.NormalTex, d.EmissiveTex, d.OcclusionTex,
		d.TransmissionTex, d.ClearcoatTex, d.ClearcoatRoughnessTex, d.ClearcoatNormalTex, d.SpecularTex, d.SpecularColorTex,
		d.SheenColorTex, d.SheenRoughnessTex, d.ThicknessTex, d.IridescenceTex, d.IridescenceThicknessTex} {
		if s.Texture >= 0 {
			d.Flags |= MaterialTextured
		}
	}
	if f, ok := funcs["*"]; ok {
		d.Function = f
	}
	if f, ok := funcs[m.Name]; ok {
		d.Function = f
	}
	return d
}

// volumeAttenuation is KHR_materials_volume's absorption coefficient per
// world unit, σ = −ln(attenuationColor)/attenuationDistance per channel:
// white light turns into attenuationColor after attenuationDistance
// (Beer–Lambert). An infinite (the default) or non-positive distance
// absorbs nothing; colour channels are clamped to [1e-6, 1].
func volumeAttenuation(v model.Volume) PackedFloat3 {
	var s PackedFloat3
	d := v.AttenuationDistance
	if !(d > 0) || math32.IsInf(d, 1) {
		return s
	}
	for i, c := range v.AttenuationColor {
		s[i] = max(-math32.Log(min(max(c, 1e-6), 1))/d, 0)
	}
	return s
}

// textureSlot folds KHR_texture_transform into the slot's two rows.
func textureSlot(r model.TextureRef) TextureSlot {
	s := TextureSlot{URow: PackedFloat3{1, 0, 0}, VRow: PackedFloat3{0, 1, 0}, Texture: -1, TexCoord: uint32(max(r.TexCoord, 0))}
	if !r.Valid() {
		return s
	}
	s.Texture = int32(r.Texture)
	if r.Transform != nil {
		m := r.Transform.Matrix() // column-major 3×3
		s.URow = PackedFloat3{m[0], m[3], m[6]}
		s.VRow = PackedFloat3{m[1], m[4], m[7]}
	}
	return s
}

func f32le(b []byte) float32 { return math32.Float32frombits(u32le(b)) }
func u32le(b []byte) uint32 {
	return uint32(b[0]) | uint32(b[1])<<8 | uint32(b[2])<<16 | uint32(b[3])<<24
}

// PrimitiveStructure is one primitive acceleration structure to build:
// geometry k is record Base+k (GeometryInfo[Base+k]).
type PrimitiveStructure struct {
	Base, Count uint32
	// Motion reports that the geometries have a shutter-close keyframe.
	Motion bool
}

// Structures lists the primitive structures to build, in first-use order,
// and for each instance the index of its structure (the instance
// descriptor's StructureIndex). Instances whose records use the same
// streams (shared meshes, emissive copies) and the same opacity share one
// structure: every geometry's streams and its Opaque flag are part of the
// key, since a structure's geometries are built opaque or not once (two
// meshes sharing accessors, one OPAQUE and one alpha MASK/BLEND, as in
// TransmissionTest, need two structures, or the second never runs its
// alpha test).
func (p *Packed) Structures() ([]PrimitiveStructure, []uint32) {
	var out []PrimitiveStructure
	index := map[string]uint32{}
	per := make([]uint32, len(p.Instances))
	var kb []byte
	for i, in := range p.Instances {
		kb = structureKey(kb[:0], p.GeometryInfo[in.GeometryBase:in.GeometryBase+in.GeometryCount])
		k, ok := index[string(kb)]
		if !ok {
			k = uint32(len(out))
			index[string(kb)] = k
			ps := PrimitiveStructure{Base: in.GeometryBase, Count: in.GeometryCount}
			for g := in.GeometryBase; g < in.GeometryBase+in.GeometryCount; g++ {
				if p.GeometryInfo[g].PositionsCloseOffset >= 0 {
					ps.Motion = true
				}
			}
			out = append(out, ps)
		}
		per[i] = k
	}
	return out, per
}

// structureKey appends the identity of a primitive structure built from
// geoms to b: each geometry's position, index and shutter-close streams,
// triangle count and opacity.
func structureKey(b []byte, geoms []GeometryInfo) []byte {
	b = binary.LittleEndian.AppendUint32(b, uint32(len(geoms)))
	for i := range geoms {
		g := &geoms[i]
		for _, v := range [...]int{g.PositionsOffset, g.IndicesOffset, g.PositionsCloseOffset, g.TriangleCount} {
			b = binary.LittleEndian.AppendUint64(b, uint64(v))
		}
		if g.Opaque {
			b = append(b, 1)
		} else {
			b = append(b, 0)
		}
	}
	return b
}

// identityRows are the rows of the identity transform (InstanceData.ToWorld).
var identityRows = [3]Float4{{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}}
