package sema

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/ingot-render/ingot/shaders/diag"
	"github.com/ingot-render/ingot/shaders/syntax"
)

// parseExpectLine splits "// EXPECT-FUNC k=v k=v" into its kind and keys.
func parseExpectLine(line string) (string, map[string]string) {
	rest, ok := strings.CutPrefix(strings.TrimSpace(line), "// EXPECT-")
	if !ok {
		return "", nil
	}
	fields := strings.Fields(rest)
	kv := map[string]string{}
	for _, f := range fields[1:] {
		k, v, _ := strings.Cut(f, "=")
		kv[k] = v
	}
	return fields[0], kv
}

// reflectAccess maps a parameter's access as Metal reflection reports it
// (sample access reads as read).
func reflectAccess(p *Param) string {
	if p.Access == AccessSample {
		return "read"
	}
	return p.Access.String()
}

// bindKindName names a parameter's binding as the seeds' EXPECT-ARG lines
// (Metal reflection binding types) do.
func bindKindName(p *Param) string {
	b := p.Bind
	if b == BindBuffer && p.Type.Kind == KOpaque {
		switch p.Type.Opaque.Name {
		case "acceleration_structure", "primitive_acceleration_structure":
			if p.Type.Opaque.Name == "acceleration_structure" && len(p.Type.Opaque.Args) > 0 {
				return "instanceAccelerationStructure"
			}
			return "primitiveAccelerationStructure"
		case "instance_acceleration_structure":
			return "instanceAccelerationStructure"
		case "intersection_function_table":
			return "intersectionFunctionTable"
		case "visible_function_table":
			return "visibleFunctionTable"
		}
	}
	switch b {
	case BindImageblockData:
		return "imageblock_data"
	case BindBuffer, BindTexture, BindSampler, BindThreadgroup, BindImageblock:
		return b.String()
	}
	return ""
}

// TestSeedExpectations checks the EXPECT-FUNC, EXPECT-ARG, EXPECT-NOARG and
// EXPECT-CONST lines of the seed cases against the checked Program (the
// parts of reflection sema owns: kinds, names, attributes, bindings,
// indices, access, buffer data sizes and alignments).
func TestSeedExpectations(t *testing.T) {
	files, _ := filepath.Glob("../testdata/seeds/*.metal")
	if len(files) == 0 {
		t.Skip("no seed cases")
	}
	known := readKnownFailures(t)
	for _, path := range files {
		name := filepath.Base(path)
		if _, bad := known[name]; bad {
			continue
		}
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(src), "// EXPECT-") {
			continue
		}
		fset := diag.NewFileSet()
		diags := diag.NewList(fset)
		opts, conf := seedOptions(path, src)
		f := syntax.ParseFile(fset, path, src, opts, diags)
		p := Check(fset, f, conf, diags)
		for i, line := range strings.Split(string(src), "\n") {
			kind, kv := parseExpectLine(line)
			if kind == "" {
				continue
			}
			where := name + ":" + strconv.Itoa(i+1)
			switch kind {
			case "FUNC":
				fn := p.Lookup(kv["name"])
				if fn == nil {
					t.Errorf("%s: function %q not found", where, kv["name"])
					continue
				}
				checkKV(t, where, kv, "kind", fn.Kind.String())
				checkKV(t, where, kv, "host_name", fn.HostName)
				checkKV(t, where, kv, "user_annotation", fn.UserAnnotation)
				if fn.Patch != nil {
					checkKV(t, where, kv, "patch", fn.Patch.Type)
					checkKV(t, where, kv, "control_points", strconv.Itoa(fn.Patch.Points))
				} else if kv["patch"] != "" {
					t.Errorf("%s: no patch attribute", where)
				}
				checkKV(t, where, kv, "max_total_threads_per_threadgroup", strconv.Itoa(fn.MaxTotalThreadsPerThreadgroup))
				checkKV(t, where, kv, "max_total_threadgroups_per_mesh_grid", strconv.Itoa(fn.MaxTotalThreadgroupsPerMeshGrid))
				if fn.Intersection != nil {
					checkKV(t, where, kv, "primitive", fn.Intersection.Primitive)
					checkKV(t, where, kv, "tags", strings.Join(fn.Intersection.Tags, ","))
				}
			case "ARG", "NOARG":
				fn := p.Lookup(kv["function"])
				if fn == nil {
					t.Errorf("%s: function %q not found", where, kv["function"])
					continue
				}
				var prm *Param
				for _, q := range fn.Params {
					if q.Name == kv["arg"] {
						prm = q
					}
				}
				if prm == nil {
					if kind == "ARG" {
						t.Errorf("%s: argument %q not found", where, kv["arg"])
					}
					continue
				}
				bk := bindKindName(prm)
				if kind == "NOARG" {
					if bk != "" && bk != "imageblock_data" {
						t.Errorf("%s: %s is a %s argument, want none (built-in/stage_in)", where, prm.Name, bk)
					}
					continue
				}
				checkKV(t, where, kv, "kind", bk)
				checkKV(t, where, kv, "index", strconv.Itoa(prm.Index))
				checkKV(t, where, kv, "access", reflectAccess(prm))
				if prm.Bind == BindBuffer || prm.Bind == BindThreadgroup {
					dt := prm.Type
					if dt.Kind == KPointer || dt.Kind == KReference {
						dt = dt.Elem
					}
					if dt.Kind == KArray {
						dt = dt.Elem // one element, as bufferDataSize reports
					}
					if kv["size"] != "" {
						checkKV(t, where, kv, "size", strconv.Itoa(SizeOf(dt)))
					}
					if kv["alignment"] != "" {
						checkKV(t, where, kv, "alignment", strconv.Itoa(AlignOf(dt)))
					}
				}
			case "CONST":
				var fc *FuncConst
				for _, k := range p.FuncConsts {
					if k.Name == kv["name"] {
						fc = k
					}
				}
				if fc == nil {
					t.Errorf("%s: function constant %q not found", where, kv["name"])
					continue
				}
				checkKV(t, where, kv, "index", strconv.Itoa(fc.Index))
				checkKV(t, where, kv, "type", fc.Type.String())
			}
		}
	}
}

func checkKV(t *testing.T, where string, kv map[string]string, key, got string) {
	t.Helper()
	if want, ok := kv[key]; ok && want != got {
		t.Errorf("%s: %s = %q, want %q", where, key, got, want)
	}
}
