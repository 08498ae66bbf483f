package shaders

import (
	"fmt"
	"strings"
)

// instTypes are the element and accumulator types the generated kernels
// are instantiated with.
var instTypes = [][2]string{{"float", "float"}, {"half", "float"}, {"int", "int"}, {"uint", "uint"}, {"short", "int"}, {"uchar", "uint"}}

// instOps are the reduction operations (function objects) of the generated
// kernels.
var instOps = []string{"Sum", "Max", "Min"}

// instPrelude declares the operations, as MLX's reduction headers do:
// class templates with a static initial value and an operator().
const instPrelude = `#include <metal_stdlib>
using namespace metal;

template <typename U> struct Sum {
    static constexpr constant U init = U(0);
    U operator()(U a, U b) const { return a + b; }
};
template <typename U> struct Max {
    static constexpr constant U init = numeric_limits<U>::lowest();
    U operator()(U a, U b) const { return a > b ? a : b; }
};
template <typename U> struct Min {
    static constexpr constant U init = numeric_limits<U>::max();
    U operator()(U a, U b) const { return a < b ? a : b; }
};

`

// instHelperBody and instKernelBody are the bodies shared by the template
// and the plain form; T, U, OP and N are replaced (the template form keeps
// them as its parameters).
const instHelperBody = `{
    OP op;
    U acc = OP::init;
    for (int k = 0; k < N; ++k) {
        U v = static_cast<U>(in[i * N + k]);
        acc = op(acc, v);
    }
    return acc;
}
`

const instKernelBody = `{
    if (i >= n) {
        return;
    }
    U acc = HELPER(in, i);
    threadgroup U* slot = scratch + lid;
    *slot = acc;
    threadgroup_barrier(mem_flags::mem_threadgroup);
    if (lid == 0) {
        OP op;
        U total = OP::init;
        for (uint k = 0; k < tg; ++k) {
            total = op(total, scratch[k]);
        }
        out[i / tg] = total + simd_sum(acc) * U(0);
    }
}
`

const instKernelParams = `(const device T* in [[buffer(0)]], device U* out [[buffer(1)]],
    constant uint& n [[buffer(2)]], threadgroup U* scratch [[threadgroup(0)]],
    uint i [[thread_position_in_grid]], uint lid [[thread_index_in_threadgroup]],
    uint tg [[threads_per_threadgroup]])
`

// instanceArgs returns the template arguments of instance k: every
// combination of type pair, operation and N is a distinct instance.
func instanceArgs(k int) (t, u, op string, n int) {
	tp := instTypes[k%len(instTypes)]
	k /= len(instTypes)
	op = instOps[k%len(instOps)]
	k /= len(instOps)
	return tp[0], tp[1], op, k + 1
}

// generateInstantiations returns a translation unit with n distinct
// kernels of one reduction pattern (a helper and a kernel calling it, the
// shape of MLX's reduce.metal). With templated, the kernel and helper are
// function templates explicitly instantiated n times through a macro;
// otherwise each instance is written out as a plain helper and kernel with
// the same body: the same code for the checker to type, without templates.
func generateInstantiations(n int, templated bool) []byte {
	var b strings.Builder
	b.WriteString(instPrelude)
	if templated {
		b.WriteString("template <typename T, typename U, typename OP, int N>\nU reduce_n(const device T* in, uint i)\n")
		b.WriteString(instHelperBody)
		b.WriteString("\ntemplate <typename T, typename U, typename OP, int N>\n[[kernel]] void reduce_k")
		b.WriteString(instKernelParams)
		b.WriteString(strings.ReplaceAll(instKernelBody, "HELPER", "reduce_n<T, U, OP, N>"))
		b.WriteString("\n#define instantiate_reduce(name, T, U, OP, N) \\\n" +
			"  template [[host_name(name)]] [[kernel]] decltype(reduce_k<T, U, OP<U>, N>) reduce_k<T, U, OP<U>, N>;\n\n")
		for k := range n {
			t, u, op, nn := instanceArgs(k)
			fmt.Fprintf(&b, "instantiate_reduce(\"reduce_%d\", %s, %s, %s, %d)\n", k, t, u, op, nn)
		}
		return []byte(b.String())
	}
	for k := range n {
		t, u, op, nn := instanceArgs(k)
		r := strings.NewReplacer("T*", t+"*", "U ", u+" ", "U*", u+"*", "U(", u+"(", "<U>", "<"+u+">",
			"OP", op+"<"+u+">", "N;", fmt.Sprint(nn)+";", "N +", fmt.Sprint(nn)+" +", "* N", fmt.Sprintf("* %d", nn),
			"HELPER", fmt.Sprintf("reduce_n_%d", k))
		fmt.Fprintf(&b, "%s reduce_n_%d(const device %s* in, uint i)\n%s\n", u, k, t, r.Replace(instHelperBody))
		fmt.Fprintf(&b, "[[kernel]] void reduce_%d%s%s\n", k, r.Replace(instKernelParams), r.Replace(instKernelBody))
	}
	return []byte(b.String())
}
