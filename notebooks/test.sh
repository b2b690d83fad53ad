#!/usr/bin/env bash
# Executes every workshop notebook, as mvn test does (notebooks/pom.xml), and checks that no committed
# notebook carries outputs. Run it by hand the same way: bash notebooks/test.sh
#
#   target/venv/            a virtual environment with requirements.txt installed; reused while
#                           target/venv/requirements.sha256 matches requirements.txt
#   target/smoke/           results of the lab's smoke runs, made by a notebook whose results are missing
#
# One line and exit 1 when python3 or its venv module is missing (how to install it is in the line).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"

install_hint="install python3 with venv and pip, e.g. apt-get install python3 python3-venv python3-pip (or skip the notebooks: mvn test -pl '!notebooks')"
command -v python3 >/dev/null || { echo "notebooks: python3 not found; $install_hint" >&2; exit 1; }

venv=target/venv
stamp="$venv/requirements.sha256"
want="$(python3 -c 'import hashlib,sys; print(hashlib.sha256(open(sys.argv[1],"rb").read()).hexdigest())' requirements.txt)"
if [[ ! -x "$venv/bin/python" || ! -f "$stamp" || "$(cat "$stamp")" != "$want" ]]; then
  rm -rf "$venv"
  mkdir -p target
  if ! python3 -m venv "$venv" >target/venv.log 2>&1; then
    echo "notebooks: python3 -m venv failed (see notebooks/target/venv.log); $install_hint" >&2
    exit 1
  fi
  echo "notebooks: installing requirements.txt into notebooks/$venv (once; reused while requirements.txt is unchanged)"
  if ! "$venv/bin/python" -m pip install -q --disable-pip-version-check -r requirements.txt >target/pip.log 2>&1; then
    cat target/pip.log >&2
    echo "notebooks: pip install -r notebooks/requirements.txt failed; its output is above (also in notebooks/target/pip.log)" >&2
    exit 1
  fi
  echo "$want" >"$stamp"
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
exec "$venv/bin/python" -m pytest -q -p no:cacheprovider --nbmake --nbmake-timeout=280 \
  ./*.ipynb test_notebooks_clean.py test_workshop.py
