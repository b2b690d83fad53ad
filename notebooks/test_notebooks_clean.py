"""Committed notebooks carry no outputs: a saved figure or table would claim numbers from a machine
nobody can name. Strip them before committing:

    notebooks/target/venv/bin/nbstripout notebooks/*.ipynb
"""
from pathlib import Path

import nbformat
import pytest

NOTEBOOKS = sorted(Path(__file__).parent.glob("*.ipynb"))


def test_there_are_notebooks():
    assert len(NOTEBOOKS) >= 3, f"expected the workshop notebooks beside {__file__}, found {NOTEBOOKS}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_committed_notebook_has_no_outputs(path):
    notebook = nbformat.read(path, as_version=4)
    dirty = [i for i, cell in enumerate(notebook.cells)
             if cell.cell_type == "code" and (cell.get("outputs") or cell.get("execution_count") is not None)]
    assert not dirty, (f"{path.name}: code cells {dirty} carry outputs or execution counts; strip them with "
                       f"notebooks/target/venv/bin/nbstripout notebooks/{path.name}")
