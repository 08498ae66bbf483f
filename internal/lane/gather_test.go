package lane

import "testing"

func TestGatherStrided(t *testing.T) {
	for _, n := range []int{64, 32, 5, 1} {
		for _, stride := range []int{1, 2, 3, 4, 6} {
			for comps, pad := 1, 0; comps <= 4 && comps <= stride; comps, pad = comps+pad, 1-pad {
				// pad: a whole extra lane of slack after the last element
				// (vector paths read whole strides).
				src := make([]uint32, (n-1)*stride+comps+pad*stride)
				for i := range src {
					src[i] = uint32(i*7 + 1)
				}
				d := make([][]uint32, comps)
				for k := range d {
					d[k] = make([]uint32, n)
				}
				switch comps {
				case 1:
					GatherStrided32(d[0], src, stride)
				case 2:
					GatherStrided2x32(d[0], d[1], src, stride)
				case 3:
					GatherStrided3x32(d[0], d[1], d[2], src, stride)
				case 4:
					GatherStrided4x32(d[0], d[1], d[2], d[3], src, stride)
				}
				for k := range d {
					for i := range n {
						if want := src[i*stride+k]; d[k][i] != want {
							t.Fatalf("n=%d stride=%d comps=%d pad=%d: d%d[%d] = %d, want %d", n, stride, comps, pad, k, i, d[k][i], want)
						}
					}
				}
			}
		}
	}
}

func TestScatterStrided32(t *testing.T) {
	for _, n := range []int{64, 5, 1, 0} {
		for _, stride := range []int{1, 2, 4, 6} {
			s := make([]uint32, n)
			for i := range s {
				s[i] = uint32(i*7 + 1)
			}
			d := make([]uint32, max(n*stride, 1))
			ScatterStrided32(d, s, stride)
			for j, v := range d {
				want := uint32(0)
				if j%stride == 0 && j/stride < n {
					want = s[j/stride]
				}
				if v != want {
					t.Fatalf("n=%d stride=%d: d[%d] = %d, want %d", n, stride, j, v, want)
				}
			}
		}
	}
}

func BenchmarkScatterStrided4(b *testing.B) {
	s, d := make([]uint32, 64), make([]uint32, 256)
	for b.Loop() {
		ScatterStrided32(d, s, 4)
	}
}
