// Package objload imports Wavefront OBJ meshes with their MTL materials
// into the scene model.
//
// Supported: v (with optional per-vertex colour), vt, vn, f (polygons of any
// size, fan-triangulated; negative indices), l (lines), g/o (one mesh per
// group), usemtl/mtllib (one primitive per material), s (smoothing groups).
// Faces without normals get corner normals: with `s off` the face normal,
// otherwise the angle-weighted average of adjacent faces of the same
// smoothing group whose normals lie within 60° (so flat boxes stay flat and
// curved scans stay smooth). MTL: Kd, Ks, Ns, Ke, Ni, d/Tr, illum, Pr/Pm/Pe
// (PBR extension) and map_Kd/map_Ke/map_d/map_Bump/bump/norm/map_Pr/map_Pm;
// see Material for the mapping to the metallic-roughness model.
package objload
