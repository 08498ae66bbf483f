package sema

import (
	"bufio"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/ingot-render/ingot/internal/testkit"
	"github.com/ingot-render/ingot/shaders/diag"
	"github.com/ingot-render/ingot/shaders/syntax"
)

// knownFailuresFile lists seed cases that do not pass yet, one per line:
// "file.metal  reason". A listed case that passes fails the test until the
// list is updated.
const knownFailuresFile = "testdata/known_failures.txt"

func readKnownFailures(t *testing.T) map[string]string {
	t.Helper()
	out := map[string]string{}
	f, err := os.Open(knownFailuresFile)
	if err != nil {
		if os.IsNotExist(err) {
			return out
		}
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, reason, _ := strings.Cut(line, " ")
		out[name] = strings.TrimSpace(reason)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// seedOptions reads a "// flags: -std=metal3.1 -D X=1" header line.
func seedOptions(path string, src []byte) (syntax.Options, *Config) {
	opts := syntax.Options{Resolver: syntax.OSResolver{}, IncludeDirs: []string{filepath.Dir(path)}}
	conf := &Config{FastMath: true}
	for _, line := range strings.Split(string(src), "\n") {
		rest, ok := strings.CutPrefix(strings.TrimSpace(line), "// flags:")
		if !ok {
			continue
		}
		fields := strings.Fields(rest)
		for i := 0; i < len(fields); i++ {
			fl := fields[i]
			switch {
			case fl == "-D" && i+1 < len(fields):
				i++
				opts.Defines = append(opts.Defines, fields[i])
			case strings.HasPrefix(fl, "-D"):
				opts.Defines = append(opts.Defines, fl[2:])
			case strings.HasPrefix(fl, "-std="):
				opts.Std = fl
				if v, err := syntax.ParseStd(fl); err == nil {
					conf.Version = v.MetalVersion()
				}
			}
		}
	}
	return opts, conf
}

// checkFile parses and checks one .metal file and returns the diagnostics.
func checkFile(t testing.TB, path string) (*diag.List, []byte) {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	fset := diag.NewFileSet()
	diags := diag.NewList(fset)
	opts, conf := seedOptions(path, src)
	f := syntax.ParseFile(fset, path, src, opts, diags)
	Check(fset, f, conf, diags)
	diags.Sort()
	return diags, src
}

func reported(l *diag.List, file string) []testkit.Reported {
	var out []testkit.Reported
	for _, d := range l.Diags {
		p := l.Fset.Position(d.Pos)
		if p.Filename != file && p.Filename != "" {
			continue
		}
		out = append(out, testkit.Reported{Line: p.Line, Column: p.Column, Severity: d.Severity.String(), Msg: d.Msg})
	}
	return out
}

// TestSeeds checks every seed example in shaders/testdata/seeds: each
// `// ERROR "re"` comment must be matched by an error on its line and no
// other error may be reported.
func TestSeeds(t *testing.T) {
	files, err := filepath.Glob("../testdata/seeds/*.metal")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Skip("no seed cases in ../testdata/seeds")
	}
	known := readKnownFailures(t)
	sort.Strings(files)
	seen := map[string]bool{}
	for _, path := range files {
		name := filepath.Base(path)
		seen[name] = true
		t.Run(strings.TrimSuffix(name, ".metal"), func(t *testing.T) {
			diags, src := checkFile(t, path)
			exps, err := testkit.ParseExpectations(src)
			if err != nil {
				t.Fatal(err)
			}
			problems := testkit.MatchExpectations(exps, reported(diags, path))
			reason, isKnown := known[name]
			switch {
			case len(problems) > 0 && !isKnown:
				t.Errorf("%s:\n  %s", name, strings.Join(problems, "\n  "))
			case len(problems) == 0 && isKnown:
				t.Errorf("%s passes now; remove it from %s (was: %s)", name, knownFailuresFile, reason)
			}
		})
	}
	for name := range known {
		if !seen[name] {
			t.Errorf("%s lists %s, which does not exist", knownFailuresFile, name)
		}
	}
}
