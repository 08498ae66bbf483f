package sema

import (
	"strings"
	"sync"
)

// This file types the members of built-in handle types (ray tracing,
// imageblocks, function tables, votes) well enough for lowering to know
// result types. Arguments are checked for well-formedness only; members
// not listed here yield Unknown.

// opaqueMethod returns the result type of o.name(...), or nil when the
// member is not modelled.
func opaqueMethod(t *Type, name string) *Type {
	o := t.Opaque
	arg0 := func() *Type {
		if len(o.Args) > 0 && o.Args[0].Type != nil {
			return o.Args[0].Type
		}
		return nil
	}
	switch o.Name {
	case "initializer_list":
		// begin()/end() point at the (thread) elements (not const in
		// Metal's library, as SPIRV-Cross output relies on); size() counts them.
		switch name {
		case "begin", "end":
			if e := arg0(); e != nil {
				return PointerTo(e, SpaceThread, false, false)
			}
		case "size":
			return SizeT
		}
	case "interpolant":
		if strings.HasPrefix(name, "interpolate_at_") {
			return arg0()
		}
	case "patch_control_point":
		if name == "size" {
			return SizeT
		}
	case "mesh":
		if strings.HasPrefix(name, "set_") {
			return Void
		}
	case "mesh_grid_properties":
		if name == "set_threadgroups_per_grid" {
			return Void
		}
	case "vertex_value":
		if name == "get" {
			return arg0()
		}
	case "imageblock":
		elem := arg0()
		switch name {
		case "read":
			return elem
		case "write":
			return Void
		case "data":
			if elem != nil {
				return PointerTo(elem, SpaceThreadgroupImageblock, false, false)
			}
		case "slice":
			return OpaqueOf("imageblock_slice", o.Args, nil)
		case "get_width", "get_height", "get_num_samples", "get_num_colors", "get_color_coverage_mask":
			return UShort
		}
	case "visible_function_table", "intersection_function_table":
		switch name {
		case "size":
			return UInt
		case "empty":
			return Bool
		case "set_buffer", "set_visible_function_table":
			return Void
		}
	case "acceleration_structure", "instance_acceleration_structure":
		if name == "get_instance_count" {
			return UInt
		}
	case "simd_vote", "quad_vote":
		if name == "all" || name == "any" {
			return Bool
		}
	case "os_log":
		if strings.HasPrefix(name, "log") {
			return Void
		}
	case "intersector":
		switch {
		case name == "intersect":
			return intersectionResult(o.Args)
		case strings.HasPrefix(name, "set_"), strings.HasPrefix(name, "assume_"), name == "force_opacity",
			name == "accept_any_intersection":
			return Void
		}
	case "intersection_query":
		return queryMethod(name)
	case "intersection_result_ref":
		return queryMethod(strings.TrimPrefix(name, "is_"))
	}
	return nil
}

// queryMethod types intersection_query / intersection_result_ref getters
// by their naming pattern.
func queryMethod(name string) *Type {
	switch {
	case name == "next":
		return Bool
	case name == "reset", name == "abort", strings.HasPrefix(name, "commit_"):
		return Void
	case strings.HasSuffix(name, "intersection_type"), name == "get_type":
		return builtinEnum("intersection_type")
	case strings.HasSuffix(name, "_distance"), strings.HasSuffix(name, "_parameter"), strings.HasSuffix(name, "_time"):
		return Float
	case strings.HasSuffix(name, "_barycentric_coord"):
		return Vec(Float, 2)
	case strings.HasSuffix(name, "front_facing"):
		return Bool
	case strings.HasSuffix(name, "_transform"):
		return Mat(Float, 4, 3)
	case strings.HasSuffix(name, "_origin"), strings.HasSuffix(name, "_direction"):
		return Vec(Float, 3)
	case strings.HasSuffix(name, "_id"), strings.HasSuffix(name, "_count"):
		return UInt
	case strings.HasSuffix(name, "_data"):
		return PointerTo(Void, SpaceDevice, true, false)
	}
	return nil
}

var intersectionResults struct {
	sync.Mutex
	m map[string]*Type
}

// intersectionResult builds metal::raytracing::intersection_result<tags>
// as a struct whose members follow the tags (§2.17.4).
func intersectionResult(tags []TemplArg) *Type {
	has := map[string]bool{}
	levels := 0
	var names []string
	for _, a := range tags {
		if a.Type != nil && a.Type.Kind == KOpaque {
			n := a.Type.Opaque.Name
			has[n] = true
			names = append(names, a.Type.String())
			if n == "max_levels" {
				if v, ok := argInt(a.Type.Opaque.Args, 0); ok {
					levels = v
				}
			}
		}
	}
	key := strings.Join(names, ", ")
	intersectionResults.Lock()
	defer intersectionResults.Unlock()
	if intersectionResults.m == nil {
		intersectionResults.m = map[string]*Type{}
	}
	if t := intersectionResults.m[key]; t != nil {
		return t
	}
	st := &Struct{Name: "intersection_result", QualName: "metal::raytracing::intersection_result<" + key + ">",
		Methods: map[string][]*Func{}, TemplArgs: tags}
	add := func(n string, t *Type) { st.Fields = append(st.Fields, &Field{Name: n, Type: t}) }
	add("type", builtinEnum("intersection_type"))
	add("distance", Float)
	add("primitive_id", UInt)
	add("geometry_id", UInt)
	add("primitive_data", PointerTo(Void, SpaceDevice, true, false))
	if has["instancing"] {
		if levels > 1 {
			add("instance_count", UInt)
			add("instance_id", ArrayOf(UInt, levels-1, false))
			add("user_instance_id", ArrayOf(UInt, levels-1, false))
		} else {
			add("instance_id", UInt)
			add("user_instance_id", UInt)
		}
	}
	if has["triangle_data"] {
		add("triangle_barycentric_coord", Vec(Float, 2))
		add("triangle_front_facing", Bool)
	}
	if has["world_space_data"] && has["instancing"] {
		add("world_to_object_transform", Mat(Float, 4, 3))
		add("object_to_world_transform", Mat(Float, 4, 3))
	}
	if has["curve_data"] {
		add("curve_parameter", Float)
	}
	st.Complete = true
	t := NewStructType(st)
	intersectionResults.m[key] = t
	return t
}
