package lower_test

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// knownFailures reads testdata/conformance/known_failures.txt: one case
// name per line ("file.metal" or "file.metal:kernel"), '#' comments.
func knownFailures(t *testing.T) map[string]string {
	m := map[string]string{}
	f, err := os.Open(filepath.Join("testdata", "conformance", "known_failures.txt"))
	if err != nil {
		return m
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, why, _ := strings.Cut(line, " ")
		m[name] = strings.TrimSpace(why)
	}
	return m
}

// TestConformance runs every case of testdata/conformance on engine/exec
// and refexec and compares both with the expectations in the file.
func TestConformance(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "conformance", "*.metal"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no conformance cases: %v", err)
	}
	known := knownFailures(t)
	used := map[string]bool{}
	for _, path := range files {
		base := filepath.Base(path)
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		specs, err := parseSpecs(string(src))
		if err != nil {
			t.Errorf("%s: %v", base, err)
			continue
		}
		if len(specs) == 0 {
			t.Errorf("%s: no RUN line", base)
		}
		for _, spec := range specs {
			name := fmt.Sprintf("%s:%d:%s", base, spec.line, spec.kernel)
			key := base + ":" + spec.kernel
			t.Run(name, func(t *testing.T) {
				err := runCase(t, string(src), base, spec)
				_, listed := known[key]
				if !listed {
					_, listed = known[base]
					if listed {
						used[base] = true
					}
				} else {
					used[key] = true
				}
				switch {
				case err != nil && !listed:
					t.Error(err)
				case err == nil && listed:
					t.Errorf("listed in known_failures.txt but passes now: remove it")
				case err != nil:
					t.Logf("known failure: %v", err)
				}
			})
		}
	}
	for k := range known {
		if !used[k] {
			t.Errorf("known_failures.txt names %q, which is no case", k)
		}
	}
}

func runCase(t *testing.T, src, name string, spec *runSpec) error {
	prog, err := compileMSL(name, src, spec.precise)
	if err != nil {
		return fmt.Errorf("front end: %w", err)
	}
	_, outs, err := runBoth(t, prog, spec)
	if err != nil {
		return err
	}
	for i, who := range []string{"exec", "refexec"} {
		if err := checkExpect(spec, outs[i]); err != nil {
			return fmt.Errorf("%s: %w", who, err)
		}
	}
	return nil
}
