package lower_test

import (
	"math/rand/v2"
	"testing"
)

const cfSrc = `
int shape(int x, int y) {
    int acc = 0;
    for (int i = 0; i < (x & 15); i++) {
        switch ((i + y) & 3) {
        case 0:
            acc += i;
            if (acc > 50) return acc * 2;      // early return from inside switch in loop
            break;
        case 1:
            if ((acc & 1) == 0) continue;      // continue from inside switch
            acc -= 3;
            // fall through
        case 2:
            acc ^= y;
            break;
        default: {
            int j = 0;
            do {
                j++;
                if (j == 2) continue;
                acc += j;
            } while (j < (y & 7));
        }
        }
        if (acc < -100) break;
    }
    int k = x;
    while (k > 0 && acc != 7) {                 // divergent trip counts
        k >>= 1;
        acc += (k % 3 == 0) ? 1 : -1;
    }
    return acc;
}
int rec(int n) { return n <= 1 ? n : rec(n - 1) + (n & 1 ? rec(n - 2) : 1); }
`

func shapeGo(x, y int32) int32 {
	acc := int32(0)
	for i := int32(0); i < x&15; i++ {
		c := (i + y) & 3
		if c == 0 {
			acc += i
			if acc > 50 {
				return acc * 2
			}
			goto end
		}
		if c == 1 {
			if acc&1 == 0 {
				continue
			}
			acc -= 3
			c = 2
		}
		if c == 2 {
			acc ^= y
			goto end
		}
		{
			j := int32(0)
			for {
				j++
				if j != 2 {
					acc += j
				}
				if !(j < y&7) {
					break
				}
			}
		}
	end:
		if acc < -100 {
			break
		}
	}
	k := x
	for k > 0 && acc != 7 {
		k >>= 1
		if k%3 == 0 {
			acc++
		} else {
			acc--
		}
	}
	return acc
}

func recGo(n int32) int32 {
	if n <= 1 {
		return n
	}
	r := int32(1)
	if n&1 != 0 {
		r = recGo(n - 2)
	}
	return recGo(n-1) + r
}

// TestControlFlowDiff runs nested loops, switch with fallthrough,
// break/continue at every level, early return, do-while, divergent while
// loops and recursion on random inputs against Go twins.
func TestControlFlowDiff(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	var in [3][]uint32
	for k := range in {
		in[k] = make([]uint32, diffN)
		for j := range in[k] {
			in[k][j] = uint32(r.Int32N(400) - 100)
		}
	}
	for _, tc := range []struct {
		expr string
		ref  func(a, b int32) int32
	}{
		{"shape(a[i], b[i])", shapeGo},
		{"rec(a[i] & 15)", func(a, _ int32) int32 { return recGo(a & 15) }},
	} {
		got, ref := runExprSrc(t, cfSrc, "int", "int", tc.expr, in)
		for j := range got {
			if got[j] != ref[j] {
				t.Fatalf("%s: exec %d, refexec %d", tc.expr, int32(got[j]), int32(ref[j]))
			}
			if want := tc.ref(int32(in[0][j]), int32(in[1][j])); int32(got[j]) != want {
				t.Fatalf("%s (a=%d b=%d) = %d, want %d", tc.expr, int32(in[0][j]), int32(in[1][j]), int32(got[j]), want)
			}
		}
	}
}
