#!/usr/bin/env bash
# Executes every workshop notebook, as mvn test does (notebooks/pom.xml), and checks that no committed
# notebook carries outputs. Run it by hand the same way: bash notebooks/test.sh
#
#   target/venv             a virtual environment with requirements.txt installed: a link to one kept in the
#                           user's cache ($PERFLAB_VENV_CACHE, else ~/.cache/perflab), named by requirements.txt's
#                           hash, so a fresh clone (CI's) reuses it and a changed requirements.txt makes a new one
#   target/smoke/           results of the lab's smoke runs, made by a notebook whose results are missing
#
# One line and exit 1 when python3 or its venv module is missing (how to install it is in the line).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"

install_hint="install python3 with venv and pip, e.g. apt-get install python3 python3-venv python3-pip (or skip the notebooks: mvn test -pl '!notebooks')"
command -v python3 >/dev/null || { echo "notebooks: python3 not found; $install_hint" >&2; exit 1; }

want="$(python3 -c 'import hashlib,sys; print(hashlib.sha256(open(sys.argv[1],"rb").read()).hexdigest())' requirements.txt)"
mkdir -p target
venv=target/venv
cache="${PERFLAB_VENV_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/perflab}"
if mkdir -p "$cache" 2>/dev/null && [[ -w "$cache" ]]; then
  venv="$cache/notebooks-${want:0:16}"
  # two runs at once (two clones) wait for one install rather than both writing the same folder
  exec 9>"$venv.lock"
  flock 9
fi
stamp="$venv/requirements.sha256"
if [[ ! -x "$venv/bin/python" || ! -f "$stamp" || "$(cat "$stamp")" != "$want" ]]; then
  rm -rf "$venv"
  mkdir -p target
  if ! python3 -m venv "$venv" >target/venv.log 2>&1; then
    echo "notebooks: python3 -m venv failed (see notebooks/target/venv.log); $install_hint" >&2
    exit 1
  fi
  echo "notebooks: installing requirements.txt into $venv (once; reused while requirements.txt is unchanged)"
  if ! "$venv/bin/python" -m pip install -q --disable-pip-version-check -r requirements.txt >target/pip.log 2>&1; then
    cat target/pip.log >&2
    echo "notebooks: pip install -r notebooks/requirements.txt failed; its output is above (also in notebooks/target/pip.log)" >&2
    exit 1
  fi
  echo "$want" >"$stamp"
fi
if [[ "$venv" != target/venv ]]; then
  exec 9>&-
  [[ -L target/venv || ! -e target/venv ]] || rm -rf target/venv  # an in-tree venv of an older layout
  ln -sfn "$venv" target/venv
  venv=target/venv
fi

# The smoke runs a notebook makes here check the lab's plumbing and draw the charts' shape, never a measurement:
# they may share the machine with another JMH run instead of failing on its /tmp/jmh.lock (JmhProcess).
export LAB_JAVA_OPTS="${LAB_JAVA_OPTS:-} -Dperflab.jmh.ignoreLock=true"
# Those smoke runs go into a results history of their own, never the checkout's results/history.db (docs/history.md).
export PERFLAB_HISTORY="$PWD/target/history.db"
# Matplotlib: the kernel draws inline (no display needed); its cache inside target/ so a read-only home does not matter.
export MPLCONFIGDIR="$PWD/target/mpl"
# nbmake runs each notebook in a fresh kernel with the notebook's folder as working directory;
# test_notebooks_clean.py fails on a committed notebook that carries outputs; test_workshop.py tests the helpers.
# --durations: each notebook's time (its smoke pass included) in the log, where CI's time goes
exec "$venv/bin/python" -m pytest -q -p no:cacheprovider --durations=12 --nbmake --nbmake-timeout=280 \
  ./*.ipynb test_notebooks_clean.py test_workshop.py
