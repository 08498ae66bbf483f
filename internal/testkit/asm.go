package testkit

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// xmmReg matches an XMM or YMM register operand.
var xmmReg = regexp.MustCompile(`\b[XY]\d+\b`)

// macroDef matches the name of a function-like #define.
var macroDef = regexp.MustCompile(`(?m)^#define (\w+)\(`)

// asmInstructions calls fn for every instruction of the Go assembly
// source src with its line number and its fields: instructions separated
// by ';' on one line (macro bodies) are taken one by one, comments and
// line continuations are dropped, and invocations of the file's own
// macros are skipped (their bodies are checked where they are defined).
func asmInstructions(src string, fn func(line int, fields []string, code string)) {
	macros := map[string]bool{}
	for _, m := range macroDef.FindAllStringSubmatch(src, -1) {
		macros[m[1]] = true
	}
	for i, line := range strings.Split(src, "\n") {
		code, _, _ := strings.Cut(line, "//")
		code = strings.TrimSuffix(strings.TrimSpace(code), "\\")
		if strings.HasPrefix(code, "#define") {
			// The body after the macro's parameter list.
			_, body, ok := strings.Cut(code, ")")
			if !ok {
				continue
			}
			code = body
		} else if strings.HasPrefix(code, "#") {
			continue
		}
		for _, ins := range strings.Split(code, ";") {
			f := strings.Fields(ins)
			if len(f) == 0 {
				continue
			}
			if name, _, ok := strings.Cut(f[0], "("); ok && macros[name] {
				continue
			}
			fn(i+1, f, strings.TrimSpace(ins))
		}
	}
}

// AssemblyProblems returns, for the Go assembly files named by the glob
// pattern (an error when none match), each legacy-SSE instruction that
// touches an XMM or YMM register: run while the upper YMM halves are
// dirty, each costs an SSE/AVX state transition (one such MOVQ once made
// a kernel 50 times slower). With zeroUpper it also reports a RET of a
// TEXT that has not run VZEROUPPER since its start.
func AssemblyProblems(pattern string, zeroUpper bool) ([]string, error) {
	files, err := filepath.Glob(pattern)
	if err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("no assembly files match %s", pattern)
	}
	var problems []string
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			return nil, err
		}
		zeroed := true
		asmInstructions(string(src), func(line int, f []string, code string) {
			switch f[0] {
			case "TEXT":
				zeroed = false
			case "VZEROUPPER":
				zeroed = true
			case "RET":
				if zeroUpper && !zeroed {
					problems = append(problems, fmt.Sprintf("%s:%d: RET without VZEROUPPER", name, line))
				}
			}
			if len(f) >= 2 && xmmReg.MatchString(code) && !strings.HasPrefix(f[0], "V") {
				problems = append(problems, fmt.Sprintf("%s:%d: %s is not VEX-encoded", name, line, code))
			}
		})
	}
	return problems, nil
}

// CheckAssembly fails t with every problem AssemblyProblems finds.
func CheckAssembly(t testing.TB, pattern string, zeroUpper bool) {
	t.Helper()
	problems, err := AssemblyProblems(pattern, zeroUpper)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		t.Error(p)
	}
}
