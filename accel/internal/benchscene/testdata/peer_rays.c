/* Prints samples of embree_bench.c's ray sets (the same code) for
 * TestPeerRaysMatchHarness:
 *   gcc -O2 -march=native -std=gnu11 -I ../shared/peers/common -o /tmp/peer_rays \
 *       accel/internal/benchscene/testdata/peer_rays.c -lm
 *   /tmp/peer_rays ../shared/scenes/bunny/bunny.obj 512 512 12345 > accel/internal/benchscene/testdata/peer_rays.txt
 */
#include "peer_mesh.h"
typedef struct { float o[3], d[3]; } R;
static uint64_t g_rng;
static uint64_t splitmix64(void) {
    uint64_t z = (g_rng += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}
static float rnd01(void) { return (splitmix64() >> 40) * (1.0f / 16777216.0f); }
static void dump(const char *name, const R *r, size_t n) {
    for (size_t i = 0; i < n; i += 1021) {
        uint32_t b[6];
        memcpy(b, &r[i], sizeof b);
        printf("%s %zu %08x %08x %08x %08x %08x %08x\n", name, i, b[0], b[1], b[2], b[3], b[4], b[5]);
    }
}
int main(int argc, char **argv) {
    if (argc != 5) { fprintf(stderr, "usage: %s MESH W H SEED\n", argv[0]); return 2; }
    PeerMesh mesh; peer_load_mesh(argv[1], &mesh);
    int W = atoi(argv[2]), H = atoi(argv[3]); uint64_t seed = strtoull(argv[4], NULL, 10);
    PeerCamera cam = peer_camera(&mesh);
    size_t N = (size_t)W*H, n = 0;
    R *prim = malloc(N*sizeof(R));
    for (int ty = 0; ty < H; ty += 8)
        for (int tx = 0; tx < W; tx += 8)
            for (int by = 0; by < 8; by += 2)
                for (int bx = 0; bx < 8; bx += 4)
                    for (int j = 0; j < 2; j++)
                        for (int i = 0; i < 4; i++) {
                            int x = tx + bx + i, y = ty + by + j;
                            if (x >= W || y >= H) continue;
                            R *r = &prim[n++];
                            memcpy(r->o, cam.eye, sizeof r->o);
                            peer_camera_dir(&cam, x, y, W, H, r->d);
                        }
    g_rng = seed;
    R *inco = malloc(N*sizeof(R));
    for (size_t i = 0; i < N; i++) {
        R *r = &inco[i];
        for (int k = 0; k < 3; k++) r->o[k] = mesh.bmin[k] + rnd01() * (mesh.bmax[k] - mesh.bmin[k]);
        float z = 1.0f - 2.0f * rnd01(), phi = 2.0f * (float)M_PI * rnd01();
        float s = sqrtf(fmaxf(0.0f, 1.0f - z * z));
        r->d[0] = s * cosf(phi); r->d[1] = s * sinf(phi); r->d[2] = z;
    }
    dump("primary", prim, N);
    dump("incoherent", inco, N);
    return 0;
}
