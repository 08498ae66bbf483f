package testkit

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

func TestAssemblyProblems(t *testing.T) {
	for _, c := range []struct {
		name, src string
		zeroUpper bool
		want      []string
	}{
		{"vex only", "TEXT ·f(SB), 0, $0\n\tVMOVQ AX, X1\n\tVZEROUPPER\n\tRET\n", true, nil},
		{"legacy move", "TEXT ·f(SB), 0, $0\n\tMOVQ AX, X12 // comment\n\tRET\n", false,
			[]string{"a_amd64.s:2: MOVQ AX, X12 is not VEX-encoded"}},
		{"macro body", "#define M(r) VADDPS r, Y1, Y1; ADDPS X2, X3 \\\n\tVMOVUPS Y1, (AX)\nTEXT ·f(SB), 0, $0\n\tM(Y4)\n\tVZEROUPPER\n\tRET\n", true,
			[]string{"a_amd64.s:1: ADDPS X2, X3 is not VEX-encoded"}},
		{"integer code", "TEXT ·f(SB), 0, $0\n\tMOVQ AX, BX\n\tADDQ $8, X9name\n\tRET\n", false, nil},
		{"ret without vzeroupper", "TEXT ·f(SB), 0, $0\n\tVADDPS Y1, Y2, Y3\n\tRET\nTEXT ·g(SB), 0, $0\n\tVZEROUPPER\n\tRET\n", true,
			[]string{"a_amd64.s:3: RET without VZEROUPPER"}},
		{"ret unchecked", "TEXT ·f(SB), 0, $0\n\tVADDPS Y1, Y2, Y3\n\tRET\n", false, nil},
		{"comment only", "// MOVQ AX, X1\n", false, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, "a_amd64.s"), []byte(c.src), 0o644); err != nil {
				t.Fatal(err)
			}
			got, err := AssemblyProblems(filepath.Join(dir, "*_amd64.s"), c.zeroUpper)
			if err != nil {
				t.Fatal(err)
			}
			for i := range got {
				got[i] = filepath.Base(got[i])
			}
			if !slices.Equal(got, c.want) {
				t.Errorf("got %q, want %q", got, c.want)
			}
		})
	}
	if _, err := AssemblyProblems(filepath.Join(t.TempDir(), "*_amd64.s"), false); err == nil {
		t.Error("no files: no error")
	}
}
