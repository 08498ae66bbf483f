#!/usr/bin/env bash
# golden-changes-test.sh: checks scripts/golden-changes.sh on throw-away
# repositories (no history, one commit, a base with golden changes, an
# unsaid golden change under GOLDEN_STRICT, the CI record). .ci/run runs it.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "golden-changes-test: $*" >&2; exit 1; }

repo="$tmp/repo"
mkdir -p "$repo/scripts" "$repo/pkg/testdata/golden"
cp "$here/golden-changes.sh" "$repo/scripts/"
cd "$repo"
git init -q -b main .
git config user.email t@example.com
git config user.name test
run() { ./scripts/golden-changes.sh "$@"; }

out=$(run) || fail "no commits: exit $?"
grep -q "no commits yet" <<<"$out" || fail "no commits: $out"

echo a >pkg/testdata/golden/a.png
echo code >pkg/golden_test.go
git add -A && git commit -qm "first: golden a.png"
out=$(run)
grep -q "single commit" <<<"$out" && grep -q "pkg/testdata/golden/a.png (added)" <<<"$out" ||
	fail "one commit: $out"
grep -q "golden_test.go" <<<"$out" && fail "Go source listed as a golden: $out"

echo b >pkg/testdata/golden/a.png
echo x >pkg/testdata/img.pfm
git add -A && git commit -qm "pkg: new shading (goldens: a.png brighter)"
echo c >pkg/testdata/other.png
git add -A && git commit -qm "pkg: tweak"
out=$(run)
grep -q "pkg/testdata/other.png (added)" <<<"$out" || fail "HEAD~1 base: $out"
grep -q "a.png" <<<"$out" && fail "HEAD~1 base lists an older change: $out"
grep -q 'does not say "golden"' <<<"$out" || fail "unsaid change not flagged: $out"
GOLDEN_STRICT=1 run >/dev/null && fail "GOLDEN_STRICT: exit 0 on an unsaid golden change"

first=$(git rev-list --max-parents=0 HEAD)
out=$(GOLDEN_BASE=$first run)
for want in "pkg/testdata/golden/a.png (modified)" "pkg/testdata/img.pfm (added)" "goldens: a.png brighter" "pkg: tweak"; do
	grep -qF "$want" <<<"$out" || fail "GOLDEN_BASE: want $want in: $out"
done

git checkout -q -b topic
git update-ref refs/remotes/origin/main "$first"
echo d >pkg/testdata/golden/a.png
echo e >pkg/testdata/new.png
out=$(run)
grep -qF "merge base with origin/main" <<<"$out" && grep -qF "pkg/testdata/golden/a.png (uncommitted)" <<<"$out" &&
	grep -qF "pkg/testdata/new.png (uncommitted)" <<<"$out" || fail "origin/main and uncommitted: $out"
git update-ref -d refs/remotes/origin/main
git checkout -q -- pkg && rm pkg/testdata/new.png

run --record
echo f >pkg/testdata/golden/b.png
git add -A && git commit -qm "pkg: golden b.png for the new case"
out=$(run)
grep -qF "last successful .ci/run" <<<"$out" && grep -qF "pkg/testdata/golden/b.png (added)" <<<"$out" ||
	fail "CI record: $out"
echo "golden-changes-test: ok"
