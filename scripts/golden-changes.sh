#!/usr/bin/env bash
# golden-changes.sh: list the golden files (testdata/**/*.png, *.pfm,
# testdata/**/golden*) changed since a base commit, with the subjects of the
# commits that touched them, so that a reviewer sees every golden change
# (issue 20, point 6). Commits that change a golden should say so, and why,
# in their message; a commit whose message does not contain the word
# "golden" is flagged.
#
# The base, in order: $GOLDEN_BASE; the merge base with origin/main; the
# commit of the last successful .ci/run in this clone (recorded in the git
# directory by `golden-changes.sh --record`); HEAD~1. In a repository
# without commits, or a shallow clone without a base, the script says so
# and exits 0; in a repository of one commit every golden is listed as added. Uncommitted and untracked golden
# files are listed too.
#
# Usage: scripts/golden-changes.sh [--record]
#   --record      remember HEAD as the last CI'd commit (.ci/run calls it
#                 after its checks pass) and exit
# Environment: GOLDEN_BASE (a commit), GOLDEN_STRICT=1 (exit 1 when a
# commit changes a golden without saying "golden" in its message).
set -euo pipefail
cd "$(dirname "$0")/.."

if ! git rev-parse --git-dir >/dev/null 2>&1; then
	echo "golden-changes: not a git checkout; golden changes not listed"
	exit 0
fi
gitdir=$(git rev-parse --git-dir)
mark="$gitdir/ingot-last-ci-commit"

if [ "${1:-}" = "--record" ]; then
	if head=$(git rev-parse -q --verify HEAD); then
		echo "$head" >"$mark"
	fi
	exit 0
fi

if ! git rev-parse -q --verify HEAD >/dev/null; then
	echo "golden-changes: no commits yet; golden changes not listed"
	exit 0
fi

base="" why=""
if [ -n "${GOLDEN_BASE:-}" ]; then
	base=$(git rev-parse -q --verify "${GOLDEN_BASE}^{commit}") || {
		echo "golden-changes: GOLDEN_BASE=$GOLDEN_BASE is not a commit" >&2
		exit 2
	}
	why="GOLDEN_BASE"
elif git rev-parse -q --verify origin/main >/dev/null &&
	b=$(git merge-base HEAD origin/main 2>/dev/null); then
	base=$b why="merge base with origin/main"
elif [ -f "$mark" ] && b=$(git rev-parse -q --verify "$(cat "$mark")^{commit}") &&
	git merge-base --is-ancestor "$b" HEAD; then
	base=$b why="last successful .ci/run"
elif b=$(git rev-parse -q --verify 'HEAD~1'); then
	base=$b why="the previous commit (no origin/main, no CI record)"
fi

# golden: a png under testdata, any pfm, or a testdata path component
# starting with "golden" (not Go source)
golden() {
	grep -E '(^|/)testdata/(.*/)?[^/]*\.png$|\.pfm$|(^|/)testdata/(.*/)?golden[^/]*(/|$)' | grep -vE '\.go$' || true
}

if [ -n "$base" ]; then
	committed=$(git diff --name-only --no-renames "$base" HEAD | golden)
	added=$(git diff --name-only --no-renames --diff-filter=A "$base" HEAD | golden)
	echo "== golden files changed since $(git rev-parse --short "$base") ($why)"
elif [ "$(git rev-parse --is-shallow-repository)" = true ]; then
	echo "golden-changes: shallow clone without origin/main or a CI record; golden changes not listed"
	exit 0
else
	committed=$(git ls-files | golden)
	added=$committed
	echo "== golden files (a single commit: no base to compare with; every golden is new)"
fi
uncommitted=$( (git diff --name-only --no-renames HEAD; git ls-files --others --exclude-standard) | golden | sort -u)

unsaid=0
if [ -z "$committed" ] && [ -z "$uncommitted" ]; then
	echo "none"
fi
for f in $committed; do
	if ! [ -e "$f" ]; then
		state=deleted
	elif grep -qxF -- "$f" <<<"$added"; then
		state=added
	else
		state=modified
	fi
	echo "$f ($state)"
	range=HEAD
	[ -n "$base" ] && range="$base..HEAD"
	while IFS= read -r line; do
		[ -z "$line" ] && continue
		h=${line%% *}
		echo "    $line"
		if ! git log -1 --format=%B "$h" | grep -qi 'golden'; then
			echo "    ^ commit $h changes a golden but its message does not say \"golden\" (and why)"
			unsaid=1
		fi
	done < <(git log --format='%h %s' "$range" -- "$f")
done
for f in $uncommitted; do
	echo "$f (uncommitted)"
done
if [ "$unsaid" = 1 ] && [ "${GOLDEN_STRICT:-}" = 1 ]; then
	exit 1
fi
exit 0
