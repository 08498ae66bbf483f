package ir

import (
	"strings"
	"testing"
)

// TestFoldSelectOfVariable: a select on a constant condition whose chosen
// operand is a variable must keep the variable's value at the select, not
// at the later uses of its result.
func TestFoldSelectOfVariable(t *testing.T) {
	p := NewProgram(nil)
	b := NewFunction(p, "f", nil, []Kind{I32})
	v := b.Var(I32, "v")
	b.Set(v, b.ConstI32(1))
	r := b.Select(I32, b.ConstBool(true), v, b.ConstI32(0))
	b.Set(v, b.ConstI32(7))
	b.Return(r)
	if err := b.Finish(); err != nil {
		t.Fatal(err)
	}
	FoldConstants(p)
	if err := Verify(p); err != nil {
		t.Fatal(err)
	}
	// The returned register must not be the variable itself.
	body := p.Funcs[0].Body
	ret := body[len(body)-1]
	if ret.Op != OpReturn {
		t.Fatalf("last instruction %v", ret.Op)
	}
	if p.Funcs[0].Regs[ret.Args[0]].Var {
		var sb strings.Builder
		Fprint(&sb, p)
		t.Fatalf("return reads the variable directly after folding:\n%s", sb.String())
	}
}
