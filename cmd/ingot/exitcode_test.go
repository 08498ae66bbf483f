package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/ingot-render/ingot/scenes/render"
)

// TestExitCodesDocumented: README.md's "Exit codes" table lists exactly
// the codes the command uses.
func TestExitCodesDocumented(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Skip(err)
	}
	_, sec, ok := strings.Cut(string(readme), "## Exit codes\n")
	if !ok {
		t.Fatal(`README.md has no "## Exit codes" section`)
	}
	sec, _, _ = strings.Cut(sec, "\n## ")
	var got []int
	for _, m := range regexp.MustCompile(`(?m)^\| (\d+) \|`).FindAllStringSubmatch(sec, -1) {
		n, _ := strconv.Atoi(m[1])
		got = append(got, n)
	}
	want := []int{exitOK, exitFailed, exitTimeLimit, exitShaderFault, exitInterrupted}
	if !slices.Equal(got, want) {
		t.Errorf("README documents exit codes %v, the command uses %v", got, want)
	}
}

// TestFailureCode: shader faults have their own exit code.
func TestFailureCode(t *testing.T) {
	for _, c := range []struct {
		err  error
		want int
	}{
		{errors.New("bad flag"), exitFailed},
		{fmt.Errorf("wrapped: %w", &render.ShaderError{Material: -1, Err: context.Canceled}), exitShaderFault},
	} {
		if got := failureCode(c.err); got != c.want {
			t.Errorf("failureCode(%v) = %d, want %d", c.err, got, c.want)
		}
	}
}

// TestBenchNoMatch: `ingot bench NAME` that matches nothing fails and
// lists the benchmark names.
func TestBenchNoMatch(t *testing.T) {
	code, _, stderr := runCLI(t, "bench", "no-such-bench")
	if code != exitFailed || !strings.Contains(stderr, "no benchmark name starts with no-such-bench; the benchmarks are:") {
		t.Fatalf("exit %d, stderr:\n%s", code, stderr)
	}
	for _, want := range append(benchNames()[:1], "accel/… (suite)") {
		if !strings.Contains(stderr, "\n  "+want) {
			t.Errorf("the list lacks %q:\n%s", want, stderr)
		}
	}
	if len(benchNames()) < 3 {
		t.Errorf("only %d benchmark names: %v", len(benchNames()), benchNames())
	}
}
