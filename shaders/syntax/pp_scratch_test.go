package syntax

import (
	"strings"
	"testing"

	"github.com/ingot-render/ingot/shaders/diag"
)

func TestScratchPP(t *testing.T) {
	src := `#include <metal_stdlib>
#include <simd/simd.h>
#define STR(x) #x
#define CAT(a,b) a##b
#define F(x, ...) f(x, ##__VA_ARGS__)
#if __METAL_VERSION__ >= 300 && defined(__METAL__)
int CAT(foo,bar) = STR(hello "w");
F(1) F(1,2,3)
#else
nope
#endif
#define A B
#define B A
A B
`
	fset := diag.NewFileSet()
	dl := diag.NewList(fset)
	r := Preprocess(fset, "t.metal", []byte(src), Options{}, dl)
	var parts []string
	for _, tk := range r.Tokens {
		parts = append(parts, tk.Text)
	}
	s := strings.Join(parts, " ")
	t.Log(len(s), s[len(s)-200:])
	t.Log(dl.Error())
}
