#!/usr/bin/env bash
# The planted 21% case of issue 45 as a revision `./lab ab` can build: a branch whose one commit, on top of HEAD,
# adds a volatile increment per order node that r4's book (TickArrayBook) releases, which its cancel path does once
# per cancel. Nothing else changes, so `--base HEAD --head BRANCH` measures that one write. The branch is for
# measuring the gate, never for main.
#
#   ci/plant-cancel-volatile.sh [BRANCH]          # default ab/planted-cancel-volatile; prints the branch and its commit
#   ./lab ab orderbook --base HEAD --head ab/planted-cancel-volatile --rung tuned --benchmark cancelLast
#   ./lab ab orderbook --calibrate --runs 10 --base HEAD --head ab/planted-cancel-volatile --rung tuned --benchmark cancelLast
#
# Exit 2 when the book's source no longer has the lines the plant goes after (plant it by hand then).
set -euo pipefail
branch=${1:-ab/planted-cancel-volatile}
root=$(git rev-parse --show-toplevel)
base=$(git -C "$root" rev-parse HEAD)
file=lab-core/src/main/java/dev/perflab/orderbook/TickArrayBook.java
field='    private OrderNode freeNodes;'
method='    protected void releaseNode(OrderNode node) {'
tmp=$(mktemp -d "${TMPDIR:-/tmp}/plant-cancel.XXXXXX")
git -C "$root" worktree add -q --detach "$tmp/wt" "$base"
trap 'git -C "$root" worktree remove --force "$tmp/wt"; rm -rf "$tmp"' EXIT
awk -v field="$field" -v method="$method" '
  { print }
  $0 == field  { print "    private volatile long releasedNodes; // planted (issue 45): written once per released node" }
  $0 == method { print "        releasedNodes++; // planted: a volatile read and write per node the cancel path releases" }
' "$tmp/wt/$file" > "$tmp/book.java"
if [[ $(grep -c 'releasedNodes' "$tmp/book.java") != 2 ]]; then
  echo "plant-cancel-volatile: $file has no line '$field' or '$method' any more; plant the increment by hand" >&2
  exit 2
fi
mv "$tmp/book.java" "$tmp/wt/$file"
git -C "$tmp/wt" -c user.name=perflab -c user.email=perflab@localhost commit -q -am \
  "planted: a volatile increment per node r4 releases (issue 45's 21% case; for measuring ab, not for main)"
git -C "$root" branch -f "$branch" "$(git -C "$tmp/wt" rev-parse HEAD)"
echo "$branch: $(git -C "$root" rev-parse --short=12 "$branch"), HEAD ($(git -C "$root" rev-parse --short=12 "$base")) + a volatile increment per node r4 releases"
