#!/usr/bin/env bash
# Validates the Kubernetes manifests of ci/kubernetes/ against the Kubernetes API's own schemas, and the sharded
# GitHub Actions workflow against SchemaStore's workflow schema, with two kept validators from PyPI, pinned in
# requirements.txt beside this script: kubernetes-validate (bundles the Kubernetes schemas; strict: an unknown
# field fails) and check-jsonschema (bundles the workflow schema). FleetManifestsTest runs it; by hand:
#   bash ci/kubernetes/validate.sh                    every manifest here and ci/github-actions-sharded.yml
#   bash ci/kubernetes/validate.sh FILE.yaml…          only these Kubernetes manifests
#
#   target/kubernetes-validate/   a virtual environment with requirements.txt installed; reused while
#                                 target/kubernetes-validate/requirements.sha256 matches requirements.txt
#
# Exit 0: valid; 1: a file is not; 3: the validators cannot be installed here (one line says why).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
# The oldest and the newest Kubernetes the manifests are meant for: Indexed Jobs are GA since 1.24.
versions=(1.30.0 1.34.0)

command -v python3 >/dev/null || { echo "validate: python3 not found; install python3 with venv and pip" >&2; exit 3; }
venv="$root/target/kubernetes-validate"
stamp="$venv/requirements.sha256"
want="$(python3 -c 'import hashlib,sys; print(hashlib.sha256(open(sys.argv[1],"rb").read()).hexdigest())' "$here/requirements.txt")"
if [[ ! -x "$venv/bin/kubernetes-validate" || ! -f "$stamp" || "$(cat "$stamp")" != "$want" ]]; then
  rm -rf "$venv"
  mkdir -p "$root/target"
  if ! python3 -m venv "$venv" >"$root/target/kubernetes-validate.log" 2>&1; then
    echo "validate: python3 -m venv failed (see target/kubernetes-validate.log); install python3-venv" >&2
    exit 3
  fi
  if ! "$venv/bin/python" -m pip install -q --disable-pip-version-check -r "$here/requirements.txt" >>"$root/target/kubernetes-validate.log" 2>&1; then
    echo "validate: pip could not install ci/kubernetes/requirements.txt (offline? see target/kubernetes-validate.log)" >&2
    exit 3
  fi
  echo "$want" >"$stamp"
fi

if (($#)); then
  manifests=("$@")
  workflows=()
else
  manifests=("$here"/*.yaml)
  workflows=("$root/ci/github-actions-sharded.yml")
fi
status=0
for version in "${versions[@]}"; do
  "$venv/bin/kubernetes-validate" --strict --quiet -k "$version" "${manifests[@]}" || status=1
done
if ((${#workflows[@]})); then
  "$venv/bin/check-jsonschema" --builtin-schema vendor.github-workflows "${workflows[@]}" || status=1
fi
exit $status
