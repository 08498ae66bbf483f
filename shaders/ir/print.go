package ir

import (
	"fmt"
	"io"
	"math"
	"strings"
)

// String returns the program as text (see Fprint).
func (p *Program) String() string {
	var b strings.Builder
	Fprint(&b, p)
	return b.String()
}

// Fprint writes p in the textual form used by golden tests. The output is
// a deterministic function of the program: the same IR prints the same
// bytes.
func Fprint(w io.Writer, p *Program) {
	for i, d := range p.Intrinsics {
		fmt.Fprintf(w, "intrinsic #%d %s(%s) -> (%s)%s\n", i, d.Name, kinds(d.Params), kinds(d.Results), flagString(d.Flags))
	}
	for _, c := range p.Constants {
		fmt.Fprintf(w, "funcconst #%d %s: %v\n", c.Index, c.Name, c.Kind)
	}
	for i, f := range p.Funcs {
		if i > 0 || len(p.Intrinsics)+len(p.Constants) > 0 {
			fmt.Fprintln(w)
		}
		FprintFunction(w, p, f)
	}
}

func kinds(ks []Kind) string {
	s := make([]string, len(ks))
	for i, k := range ks {
		s[i] = k.String()
	}
	return strings.Join(s, ", ")
}

func flagString(f IntrinsicFlags) string {
	var s []string
	for i, n := range []string{"sideeffects", "convergent", "uniformresult", "barrier"} {
		if f&(1<<i) != 0 {
			s = append(s, n)
		}
	}
	if len(s) == 0 {
		return ""
	}
	return " " + strings.Join(s, " ")
}

// String returns f (a function of p) as text.
func (f *Function) String(p *Program) string {
	var b strings.Builder
	FprintFunction(&b, p, f)
	return b.String()
}

// FprintFunction writes one function.
func FprintFunction(w io.Writer, p *Program, f *Function) {
	pr := &printer{w: w, p: p, f: f}
	var params []string
	for _, r := range f.Params {
		params = append(params, pr.decl(r))
	}
	attr := ""
	if f.Kernel {
		attr = " kernel"
	}
	if f.ThreadgroupMemory > 0 {
		attr += fmt.Sprintf(" threadgroup(%d)", f.ThreadgroupMemory)
	}
	fmt.Fprintf(w, "func %s(%s) -> (%s)%s {\n", f.Name, strings.Join(params, ", "), kinds(f.Results), attr)
	for r := 1; r < len(f.Regs); r++ {
		if f.Regs[r].Var {
			fmt.Fprintf(w, "\tvar %s\n", pr.decl(Reg(r)))
		}
	}
	pr.block(f.Body, 1)
	fmt.Fprintln(w, "}")
}

type printer struct {
	w io.Writer
	p *Program
	f *Function
}

func (pr *printer) decl(r Reg) string {
	ri := pr.f.Regs[r]
	s := fmt.Sprintf("r%d: ", r)
	if ri.Class == Uniform {
		s += "uniform "
	}
	s += ri.Kind.String()
	if ri.Name != "" {
		s += fmt.Sprintf(" %q", ri.Name)
	}
	return s
}

func regs(rs []Reg) string {
	s := make([]string, len(rs))
	for i, r := range rs {
		s[i] = fmt.Sprintf("r%d", r)
	}
	return strings.Join(s, ", ")
}

// ConstString formats the value pattern v of kind k.
func ConstString(k Kind, v uint64) string {
	switch {
	case k.IsFloat():
		f := math.Float32frombits(uint32(v))
		return fmt.Sprintf("%v (%#08x)", f, uint32(v))
	case k == Bool:
		return fmt.Sprint(v != 0)
	case k.IsSigned():
		return fmt.Sprint(int64(v))
	}
	return fmt.Sprint(v)
}

func (pr *printer) block(b Block, depth int) {
	ind := strings.Repeat("\t", depth)
	for _, in := range b {
		fmt.Fprint(pr.w, ind)
		switch in.Op {
		case OpIf:
			fmt.Fprintf(pr.w, "if r%d {\n", in.Args[0])
			pr.block(in.Then, depth+1)
			if len(in.Else) > 0 {
				fmt.Fprintf(pr.w, "%s} else {\n", ind)
				pr.block(in.Else, depth+1)
			}
			fmt.Fprintf(pr.w, "%s}\n", ind)
		case OpLoop:
			fmt.Fprintf(pr.w, "loop {\n")
			pr.block(in.Body, depth+1)
			if len(in.Continuing) > 0 {
				fmt.Fprintf(pr.w, "%s} continuing {\n", ind)
				pr.block(in.Continuing, depth+1)
			}
			fmt.Fprintf(pr.w, "%s}\n", ind)
		case OpSwitch:
			fmt.Fprintf(pr.w, "switch r%d {\n", in.Args[0])
			for _, c := range in.Cases {
				var vs []string
				for _, v := range c.Values {
					vs = append(vs, fmt.Sprint(v))
				}
				lbl := "case " + strings.Join(vs, ", ")
				if c.Default {
					lbl = "default"
					if len(vs) > 0 {
						lbl += ", case " + strings.Join(vs, ", ")
					}
				}
				fmt.Fprintf(pr.w, "%s%s:\n", ind, lbl)
				pr.block(c.Body, depth+1)
			}
			fmt.Fprintf(pr.w, "%s}\n", ind)
		default:
			fmt.Fprintln(pr.w, pr.instr(in))
		}
	}
}

func (pr *printer) instr(in *Instr) string {
	var rhs string
	switch in.Op {
	case OpConst:
		rhs = "const " + ConstString(in.Kind, in.Imm)
	case OpSet:
		return fmt.Sprintf("set r%d = r%d", in.Dst, in.Args[0])
	case OpBuiltin:
		rhs = "builtin " + BuiltinID(in.Imm).String()
	case OpFuncConst, OpFuncConstDefined:
		rhs = fmt.Sprintf("%v #%d", in.Op, in.Imm)
	case OpConv, OpBitcast:
		rhs = fmt.Sprintf("%v %v r%d", in.Op, in.From, in.Args[0])
	case OpLoad:
		rhs = fmt.Sprintf("load %v [r%d] align %d", in.Space, in.Args[0], in.Align)
	case OpStore:
		return fmt.Sprintf("store %v %v [r%d] align %d, r%d", in.Space, in.Kind, in.Args[0], in.Align, in.Args[1])
	case OpAlloca:
		rhs = fmt.Sprintf("alloca %d align %d", in.Imm, in.Align)
	case OpCall, OpIntrinsic:
		name := "?"
		if in.Op == OpCall && in.Imm < uint64(len(pr.p.Funcs)) {
			name = pr.p.Funcs[in.Imm].Name
		} else if in.Op == OpIntrinsic && in.Imm < uint64(len(pr.p.Intrinsics)) {
			name = pr.p.Intrinsics[in.Imm].Name
		}
		call := fmt.Sprintf("%v %s(%s)", in.Op, name, regs(in.Args))
		if len(in.Results) == 0 {
			return call
		}
		var ds []string
		for _, r := range in.Results {
			ds = append(ds, pr.decl(r))
		}
		return strings.Join(ds, ", ") + " = " + call
	case OpBreak, OpContinue, OpDiscard:
		return in.Op.String()
	case OpReturn:
		if len(in.Args) == 0 {
			return "return"
		}
		return "return " + regs(in.Args)
	default:
		rhs = fmt.Sprintf("%v %v %s", in.Op, in.Kind, regs(in.Args))
	}
	return pr.decl(in.Dst) + " = " + rhs
}
