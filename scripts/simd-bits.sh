#!/usr/bin/env bash
# Renders the same frames with the default build and the GOEXPERIMENT=simd build of ingot and checks that
# the linear images are identical bit for bit (the README promises the same image in both builds): the
# built-in Cornell box and showcase path-traced, the Cornell box rasterized, and DamagedHelmet both ways when
# ../shared/scenes is present.
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
go build -o "$out/ingot" ./cmd/ingot
GOEXPERIMENT=simd go build -o "$out/ingot-simd" ./cmd/ingot
frames=("cornell --spp 4" "showcase --spp 2" "cornell --mode raster")
helmet=../shared/scenes/DamagedHelmet/glTF-Binary/DamagedHelmet.glb
if [ -f "$helmet" ]; then frames+=("$helmet --spp 2" "$helmet --mode raster"); fi
status=0
for i in "${!frames[@]}"; do
  # shellcheck disable=SC2086
  "$out/ingot" render ${frames[$i]} --size 64x64 --threads 2 -o "$out/a$i.pfm" >/dev/null 2>&1
  # shellcheck disable=SC2086
  "$out/ingot-simd" render ${frames[$i]} --size 64x64 --threads 2 -o "$out/b$i.pfm" >/dev/null 2>&1
  if cmp -s "$out/a$i.pfm" "$out/b$i.pfm"; then
    echo "same bits: ${frames[$i]}"
  else
    echo "DIFFERENT bits between the default and the simd build: ${frames[$i]}"
    status=1
  fi
done
exit $status
