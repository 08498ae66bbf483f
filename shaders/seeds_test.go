package shaders

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/ingot-render/ingot/internal/testkit"
	"github.com/ingot-render/ingot/shaders/diag"
	"github.com/ingot-render/ingot/shaders/reflect"
)

// seedCase is one .metal file of testdata/seeds with its header and
// expectations.
type seedCase struct {
	path   string
	src    []byte
	expect string // "valid", "error" or "link-error"
	// directives are the `// EXPECT-KIND key=value ...` lines.
	directives []directive
	// link is the `// link: vertex=A fragment=B expect=ok|mismatch` line.
	link map[string]string
	// opts are the compile options of the `// flags:` line.
	opts Options
}

type directive struct {
	line int
	kind string // FUNC, ARG, NOARG, ATTR, CONST
	kv   map[string]string
}

var kvRE = regexp.MustCompile(`([A-Za-z_]+)=("(?:[^"\\]|\\.)*"|\S+)`)

func parseKV(s string) map[string]string {
	m := map[string]string{}
	for _, x := range kvRE.FindAllStringSubmatch(s, -1) {
		v := x[2]
		if uq, err := strconv.Unquote(v); err == nil && strings.HasPrefix(v, `"`) {
			v = uq
		}
		m[x[1]] = v
	}
	return m
}

func loadSeedCases(t *testing.T, dir string) []seedCase {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(dir, "*.metal"))
	if len(files) == 0 {
		t.Skipf("no seed cases in %s", dir)
	}
	var out []seedCase
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		c := seedCase{path: f, src: src}
		sc := bufio.NewScanner(bytes.NewReader(src))
		line := 0
		for sc.Scan() {
			line++
			text := strings.TrimSpace(sc.Text())
			if rest, ok := strings.CutPrefix(text, "// expect:"); ok && c.expect == "" {
				c.expect = strings.Fields(rest)[0]
			}
			if rest, ok := strings.CutPrefix(text, "// flags:"); ok {
				opts, err := parseFlags(rest)
				if err != nil {
					t.Fatalf("%s:%d: %v", f, line, err)
				}
				c.opts = opts
			}
			if rest, ok := strings.CutPrefix(text, "// link:"); ok {
				c.link = parseKV(rest)
			}
			if rest, ok := strings.CutPrefix(text, "// EXPECT-"); ok {
				kind, args, _ := strings.Cut(rest, " ")
				c.directives = append(c.directives, directive{line: line, kind: kind, kv: parseKV(args)})
			}
		}
		out = append(out, c)
	}
	return out
}

// knownFailures reads testdata/known_failures.txt: one case file name per
// line, then " # reason".
func knownFailures(t *testing.T) map[string]string {
	m := map[string]string{}
	b, err := os.ReadFile("testdata/known_failures.txt")
	if err != nil {
		return m
	}
	for _, l := range strings.Split(string(b), "\n") {
		l = strings.TrimSpace(l)
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		name, why, _ := strings.Cut(l, "#")
		m[strings.TrimSpace(name)] = strings.TrimSpace(why)
	}
	return m
}

// parseFlags reads the compiler options of a `// flags:` line: -std=V,
// -std V, -D N[=V], -DN[=V].
func parseFlags(s string) (Options, error) {
	var o Options
	f := strings.Fields(s)
	for i := 0; i < len(f); i++ {
		a := f[i]
		switch {
		case strings.HasPrefix(a, "-std="):
			o.LanguageVersion = strings.TrimPrefix(a, "-std=")
		case a == "-std" && i+1 < len(f):
			i++
			o.LanguageVersion = f[i]
		case a == "-D" && i+1 < len(f):
			i++
			o.Defines = append(o.Defines, f[i])
		case strings.HasPrefix(a, "-D") && len(a) > 2:
			o.Defines = append(o.Defines, a[2:])
		default:
			return o, fmt.Errorf("unknown flag %q", a)
		}
	}
	return o, nil
}

func compileCase(c seedCase) (*Library, []testkit.Reported, error) {
	lib, err := Compile(filepath.Base(c.path), c.src, c.opts)
	var rep []testkit.Reported
	var dl *diag.List
	if errors.As(err, &dl) {
		rep = reported(dl)
	} else if lib != nil {
		rep = reported(lib.Diagnostics)
	}
	return lib, rep, err
}

func reported(dl *diag.List) []testkit.Reported {
	var rep []testkit.Reported
	if dl == nil {
		return nil
	}
	for _, d := range dl.Diags {
		p := dl.Fset.Position(d.Pos)
		rep = append(rep, testkit.Reported{Line: p.Line, Column: p.Column, Severity: d.Severity.String(), Msg: d.Msg})
	}
	return rep
}

// TestSeedCorpus compiles every example of the seeds (testdata/seeds):
// valid ones must compile, reflect to their golden JSON and satisfy their
// EXPECT-* lines; error ones must report exactly their `// ERROR "re"`
// diagnostics. Cases listed in testdata/known_failures.txt must fail (a
// listed case that passes fails the test until the list is updated).
func TestSeedCorpus(t *testing.T) {
	known := knownFailures(t)
	seen := map[string]bool{}
	for _, c := range loadSeedCases(t, "testdata/seeds") {
		name := filepath.Base(c.path)
		seen[name] = true
		problems := seedProblems(c)
		why, listed := known[name]
		switch {
		case listed && len(problems) == 0:
			t.Errorf("%s: listed in known_failures.txt (%s) but passes: remove it from the list", name, why)
		case !listed && len(problems) > 0:
			t.Errorf("%s:\n  %s", c.path, strings.Join(problems, "\n  "))
		}
		if len(problems) == 0 && c.expect == "valid" {
			lib, _, _ := compileCase(c)
			var all []reflect.Function
			for _, f := range lib.Functions() {
				all = append(all, f.Reflection)
			}
			js, _ := json.MarshalIndent(all, "", "  ")
			testkit.Golden(t, filepath.Join("testdata/seeds/golden", strings.TrimSuffix(name, ".metal")+".json"), append(js, '\n'))
		}
	}
	for name := range known {
		if !seen[name] && !strings.HasPrefix(name, "link/") {
			t.Errorf("known_failures.txt lists %s, which is not a seed case", name)
		}
	}
}

// seedProblems returns what is wrong with one case.
func seedProblems(c seedCase) []string {
	exps, err := testkit.ParseExpectations(c.src)
	if err != nil {
		return []string{err.Error()}
	}
	lib, rep, cerr := compileCase(c)
	problems := testkit.MatchExpectations(exps, rep)
	switch c.expect {
	case "valid", "link-error":
		if cerr != nil && len(exps) == 0 {
			problems = append(problems, "expected to compile: "+cerr.Error())
		}
	case "error":
		if cerr == nil {
			problems = append(problems, "expected a compile error, compiled")
		}
	default:
		problems = append(problems, fmt.Sprintf("header has no valid `// expect:` line (got %q)", c.expect))
	}
	if lib != nil {
		for _, d := range c.directives {
			if p := checkDirective(lib, d); p != "" {
				problems = append(problems, fmt.Sprintf("line %d: EXPECT-%s: %s", d.line, d.kind, p))
			}
		}
	} else if len(c.directives) > 0 && c.expect == "valid" {
		problems = append(problems, "reflection expectations not checked: the case did not compile")
	}
	return problems
}

func lookup(lib *Library, name string) *reflect.Function {
	if f, err := lib.Function(name); err == nil {
		return &f.Reflection
	}
	return nil
}

// checkDirective verifies one EXPECT-* line against the reflection.
func checkDirective(lib *Library, d directive) string {
	switch d.kind {
	case "FUNC":
		f := lookup(lib, d.kv["name"])
		if f == nil {
			return fmt.Sprintf("no function %q (have %v)", d.kv["name"], lib.FunctionNames())
		}
		return compareKV(d.kv, funcFacts(f), "name")
	case "ARG", "NOARG":
		f := lookup(lib, d.kv["function"])
		if f == nil {
			return fmt.Sprintf("no function %q (have %v)", d.kv["function"], lib.FunctionNames())
		}
		for _, a := range f.Arguments {
			if a.Name == d.kv["arg"] {
				if d.kind == "NOARG" {
					return fmt.Sprintf("argument %q is listed but must not be", a.Name)
				}
				return compareKV(d.kv, argFacts(a), "function", "arg")
			}
		}
		if d.kind == "NOARG" {
			return ""
		}
		return fmt.Sprintf("%s has no argument %q", f.Name, d.kv["arg"])
	case "ATTR":
		f := lookup(lib, d.kv["function"])
		if f == nil {
			return fmt.Sprintf("no function %q", d.kv["function"])
		}
		for _, a := range f.StageIn {
			if a.Name == d.kv["member"] || strings.HasSuffix(a.Name, "."+d.kv["member"]) {
				return compareKV(d.kv, map[string]string{"index": strconv.Itoa(a.Index), "type": a.Type,
					"active": strconv.FormatBool(a.Active)}, "function", "member")
			}
		}
		return fmt.Sprintf("%s has no stage_in attribute %q", f.Name, d.kv["member"])
	case "MEMBER":
		f := lookup(lib, d.kv["function"])
		if f == nil {
			return fmt.Sprintf("no function %q", d.kv["function"])
		}
		for _, a := range f.Arguments {
			if a.Name != d.kv["arg"] {
				continue
			}
			facts, ok := memberFacts(a.Struct, d.kv["member"])
			if !ok {
				return fmt.Sprintf("argument %q has no struct member %q", a.Name, d.kv["member"])
			}
			return compareKV(d.kv, facts, "function", "arg", "member")
		}
		return fmt.Sprintf("%s has no argument %q", f.Name, d.kv["arg"])
	case "CONST":
		for _, fc := range lib.Program.FuncConsts {
			if fc.Name == d.kv["name"] {
				return compareKV(d.kv, map[string]string{"index": strconv.Itoa(fc.Index), "type": fc.Type.String()}, "name", "function")
			}
		}
		return fmt.Sprintf("no function constant %q", d.kv["name"])
	}
	return "unknown directive"
}

// memberFacts finds a struct member by path ("a.b", "lights[].intensity")
// and describes it: offset within its parent, type (T[N] for arrays), size.
func memberFacts(st *reflect.StructType, path string) (map[string]string, bool) {
	parts := strings.Split(path, ".")
	for i, part := range parts {
		elem := strings.HasSuffix(part, "[]")
		part = strings.TrimSuffix(part, "[]")
		if st == nil {
			return nil, false
		}
		var m *reflect.StructMember
		for j := range st.Members {
			if st.Members[j].Name == part {
				m = &st.Members[j]
			}
		}
		if m == nil {
			return nil, false
		}
		if i == len(parts)-1 {
			typ := m.DataType
			if m.Array != nil {
				typ = fmt.Sprintf("%s[%d]", m.Array.ElementType, m.Array.Length)
				if m.Array.Struct != nil {
					typ = fmt.Sprintf("%s[%d]", m.Array.Struct.Name, m.Array.Length)
				}
			} else if m.Struct != nil {
				typ = m.Struct.Name
			}
			return map[string]string{"offset": strconv.Itoa(m.Offset), "type": typ, "size": strconv.Itoa(m.Size)}, true
		}
		st = m.Struct
		if elem && m.Array != nil {
			st = m.Array.Struct
		}
	}
	return nil, false
}

func compareKV(want, have map[string]string, skip ...string) string {
	var bad []string
	keys := make([]string, 0, len(want))
	for k := range want {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if containsStr(skip, k) {
			continue
		}
		h, ok := have[k]
		if !ok {
			bad = append(bad, fmt.Sprintf("unknown key %q", k))
			continue
		}
		if h != want[k] {
			bad = append(bad, fmt.Sprintf("%s = %q, want %q", k, h, want[k]))
		}
	}
	return strings.Join(bad, "; ")
}

func containsStr(xs []string, s string) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}

func funcFacts(f *reflect.Function) map[string]string {
	m := map[string]string{
		"kind":                                 string(f.Kind),
		"host_name":                            f.HostName,
		"user_annotation":                      f.UserAnnotation,
		"max_total_threads_per_threadgroup":    strconv.Itoa(f.MaxTotalThreadsPerThreadgroup),
		"max_total_threadgroups_per_mesh_grid": strconv.Itoa(f.MaxTotalThreadgroupsPerMeshGrid),
		"early_fragment_tests":                 strconv.FormatBool(f.EarlyFragmentTests),
		"return":                               f.ReturnType,
	}
	if m["host_name"] == "" {
		m["host_name"] = f.Name
	}
	if f.Patch != nil {
		m["patch"] = f.Patch.Type
		m["patch_points"] = strconv.Itoa(f.Patch.ControlPointCount)
		m["control_points"] = m["patch_points"]
	} else {
		m["patch"] = ""
	}
	if f.Intersection != nil {
		m["primitive"] = f.Intersection.Primitive
		m["tags"] = strings.Join(f.Intersection.Tags, ",")
	}
	if r := f.RequiredThreadsPerThreadgroup; len(r) == 3 {
		m["required_threads_per_threadgroup"] = fmt.Sprintf("%d,%d,%d", r[0], r[1], r[2])
	}
	var names []string
	for _, c := range f.FunctionConstants {
		names = append(names, c.Name)
	}
	m["constants"] = strings.Join(names, ",")
	return m
}

func argFacts(a reflect.Argument) map[string]string {
	m := map[string]string{
		"kind":              kindWord(a.Type),
		"index":             strconv.Itoa(a.Index),
		"access":            string(a.Access),
		"active":            strconv.FormatBool(a.Active),
		"type":              a.DataType,
		"size":              strconv.Itoa(a.DataSize),
		"alignment":         strconv.Itoa(a.Alignment),
		"array_length":      strconv.Itoa(a.ArrayLength),
		"function_constant": a.FunctionConstant,
	}
	if a.Struct != nil {
		m["type"] = a.Struct.Name
	}
	switch a.Type {
	case reflect.ArgTexture:
		m["type"] = a.TextureType
		m["texture_type"] = a.TextureType
		m["data_type"] = a.TextureDataType
	case reflect.ArgThreadgroupMemory:
		m["size"] = strconv.Itoa(a.ThreadgroupMemorySize)
		m["alignment"] = strconv.Itoa(a.ThreadgroupMemoryAlignment)
	}
	return m
}

// kindWord maps an argument type to the binding word the seeds use.
func kindWord(t reflect.ArgumentType) string {
	switch t {
	case reflect.ArgThreadgroupMemory:
		return "threadgroup"
	case reflect.ArgImageblockData:
		return "imageblock_data"
	}
	return string(t)
}

// TestSeedLinks checks the seeds' stage signature-matching examples
// (testdata/seeds/link): each file names a producer and a fragment
// function, and every `// MISMATCH "re"` line must be reported there.
func TestSeedLinks(t *testing.T) {
	known := knownFailures(t)
	for _, c := range loadSeedCases(t, "testdata/seeds/link") {
		name := "link/" + filepath.Base(c.path)
		problems := linkProblems(c)
		why, listed := known[name]
		switch {
		case listed && len(problems) == 0:
			t.Errorf("%s: listed in known_failures.txt (%s) but passes", name, why)
		case !listed && len(problems) > 0:
			t.Errorf("%s:\n  %s", c.path, strings.Join(problems, "\n  "))
		}
	}
}

var mismatchRE = regexp.MustCompile(`MISMATCH\s+"((?:[^"\\]|\\.)*)"`)

func linkProblems(c seedCase) []string {
	if c.link == nil {
		return []string{"no `// link:` header"}
	}
	lib, _, err := compileCase(c)
	if err != nil {
		return []string{"does not compile: " + err.Error()}
	}
	producerName := c.link["vertex"]
	if producerName == "" {
		producerName = c.link["mesh"]
	}
	prod, frag := lookup(lib, producerName), lookup(lib, c.link["fragment"])
	if prod == nil || frag == nil {
		return []string{fmt.Sprintf("functions %q/%q not found (have %v)", producerName, c.link["fragment"], lib.FunctionNames())}
	}
	mm := reflect.CheckSignatures(prod, frag)
	type want struct {
		line int
		re   *regexp.Regexp
	}
	var wants []want
	for i, l := range strings.Split(string(c.src), "\n") {
		if ci := strings.Index(l, "//"); ci >= 0 {
			for _, m := range mismatchRE.FindAllStringSubmatch(l[ci:], -1) {
				wants = append(wants, want{i + 1, regexp.MustCompile(m[1])})
			}
		}
	}
	var problems []string
	if c.link["expect"] == "ok" && len(mm) > 0 {
		for _, m := range mm {
			problems = append(problems, "unexpected mismatch: "+m.Error())
		}
		return problems
	}
	used := make([]bool, len(mm))
	for _, w := range wants {
		found := false
		for i, m := range mm {
			line := 0
			if parts := strings.Split(m.Input.Pos, ":"); len(parts) >= 3 {
				line, _ = strconv.Atoi(parts[len(parts)-2])
			}
			if !used[i] && line == w.line && w.re.MatchString(m.Msg) {
				used[i], found = true, true
				break
			}
		}
		if !found {
			problems = append(problems, fmt.Sprintf("line %d: expected a mismatch matching %q", w.line, w.re))
		}
	}
	for i, m := range mm {
		if !used[i] {
			problems = append(problems, "unexpected mismatch: "+m.Error())
		}
	}
	if c.link["expect"] == "mismatch" && len(mm) == 0 {
		problems = append(problems, "expected a mismatch, signatures matched")
	}
	return problems
}
