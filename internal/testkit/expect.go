package testkit

import (
	"bufio"
	"bytes"
	"fmt"
	"regexp"
	"strings"
)

// Expectation is one `// ERROR "regexp"` (or WARNING) comment in a test
// source: a diagnostic of that severity whose message matches Pattern must be
// reported on Line.
type Expectation struct {
	Line     int
	Severity string // "error" or "warning"
	Pattern  *regexp.Regexp
	Raw      string
}

var expectRE = regexp.MustCompile(`\b(ERROR|WARNING)\s+"((?:[^"\\]|\\.)*)"`)

// ParseExpectations finds every `ERROR "re"` and `WARNING "re"` in the
// line comments of src (`// ERROR "a" WARNING "b"` expects both on that
// line).
func ParseExpectations(src []byte) ([]Expectation, error) {
	var out []Expectation
	sc := bufio.NewScanner(bytes.NewReader(src))
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	line := 0
	for sc.Scan() {
		line++
		text := sc.Text()
		c := strings.Index(text, "//")
		if c < 0 {
			continue
		}
		for _, m := range expectRE.FindAllStringSubmatch(text[c:], -1) {
			pat := strings.ReplaceAll(m[2], `\"`, `"`)
			re, err := regexp.Compile(pat)
			if err != nil {
				return nil, fmt.Errorf("line %d: bad expectation regexp %q: %w", line, pat, err)
			}
			out = append(out, Expectation{Line: line, Severity: strings.ToLower(m[1]), Pattern: re, Raw: pat})
		}
	}
	return out, sc.Err()
}

// Reported is a diagnostic as the checker reported it, reduced to what the
// harness compares.
type Reported struct {
	Line, Column int
	Severity     string
	Msg          string
}

// MatchExpectations pairs reported diagnostics with expectations. It
// returns a description of each unmatched expectation and each unexpected
// error (warnings and notes without an expectation are allowed).
func MatchExpectations(exps []Expectation, got []Reported) (problems []string) {
	used := make([]bool, len(got))
	for _, e := range exps {
		found := false
		for i, r := range got {
			if used[i] || r.Line != e.Line || r.Severity != e.Severity {
				continue
			}
			if e.Pattern.MatchString(r.Msg) {
				used[i] = true
				found = true
				break
			}
		}
		if !found {
			var near []string
			for _, r := range got {
				if r.Line == e.Line {
					near = append(near, fmt.Sprintf("%s: %s", r.Severity, r.Msg))
				}
			}
			p := fmt.Sprintf("line %d: expected %s matching %q, not reported", e.Line, e.Severity, e.Raw)
			if len(near) > 0 {
				p += " (got on that line: " + strings.Join(near, "; ") + ")"
			}
			problems = append(problems, p)
		}
	}
	for i, r := range got {
		if !used[i] && r.Severity == "error" {
			problems = append(problems, fmt.Sprintf("line %d:%d: unexpected error: %s", r.Line, r.Column, r.Msg))
		}
	}
	return problems
}
