#!/usr/bin/env bash
# Runs the raster benchmark (the peers' bunny frame: 69,451 triangles, per-pixel Phong, depth test,
# back-face culling, 512×512) for ingot and for the peers of ../shared/peers in one run, so that the
# figures can be put side by side: fauxgl (pure Go) on 1 and 2 threads, Mesa llvmpipe with
# LP_NUM_THREADS=0 (one core) and 2, and ingot's MSL pipeline on 1 and 2 workers beside its native-Go
# baseline. A peer that is not built is skipped with a message (see ../shared/peers/README.md to build
# them into $PEERS, default /tmp/ingot-peers).
set -u
cd "$(dirname "$0")/.."
PEERS=${PEERS:-/tmp/ingot-peers}
MESH=${MESH:-../shared/scenes/bunny/bunny.obj}
SIZE=${SIZE:-512}
FRAMES=${FRAMES:-20}
echo "# $(date -u +%FT%TZ) $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
if [ ! -f "$MESH" ]; then echo "skip: $MESH not found"; exit 0; fi
if [ -x "$PEERS/fauxgl_bench" ]; then
  for t in 1 2; do
    cpus=0; [ "$t" = 2 ] && cpus=0,1
    printf 'fauxgl   threads=%s ' "$t"
    taskset -c "$cpus" "$PEERS/fauxgl_bench" -w "$SIZE" -h "$SIZE" -frames "$FRAMES" -t "$t" "$MESH" | grep -o '"ms_per_frame_median":[0-9.]*'
  done
else
  echo "skip: fauxgl_bench not built in $PEERS"
fi
if [ -x "$PEERS/gl_bench" ]; then
  for t in 0 2; do
    printf 'llvmpipe LP_NUM_THREADS=%s ' "$t"
    LP_NUM_THREADS=$t GALLIUM_DRIVER=llvmpipe "$PEERS/gl_bench" "$MESH" -w "$SIZE" -h "$SIZE" -frames $((FRAMES * 3)) 2>/dev/null | grep -o '"ms_per_frame_median":[0-9.]*'
  done
else
  echo "skip: gl_bench not built in $PEERS"
fi
go test ./engine -run XXX -bench "RenderBunny/(size=$SIZE|native-go)" -benchtime "${FRAMES}x" | grep Benchmark
