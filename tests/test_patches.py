"""The class server's patches of Voila's and jupyter_server's internals (``classserver/patches.py``)
still fit the installed packages: a patched attribute that changed shape fails here, naming the patch."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from classserver import patches

ROOT = Path(__file__).resolve().parents[1]
#: what the patches change the attributes of
OWNERS = ("kernel_manager", "exporter_class", "renderer_class", "voila.handler", "self.kernel_manager", "app.app")


def test_every_patch_says_what_it_targets_and_why():
    assert len(patches.PATCHES) >= 9
    for name, patch in patches.PATCHES.items():
        assert patch.targets and patch.why and patch.shape, name
        assert any(version in patch.targets for version in ("voila 0.", "jupyter_server 2.", "tornado 6.")), name


@pytest.mark.parametrize("name", sorted(patches.PATCHES))
def test_the_patched_attributes_have_the_shape_the_patch_was_written_for(name):
    patch = patches.PATCHES[name]
    problems = patch.problems()
    assert not problems, (
        f"the patch {name} (written for {patch.targets}) no longer fits: {'; '.join(problems)}. "
        f"Why it patches: {patch.why}. Read classserver/patches.py:{name} against the new code."
    )


def test_a_changed_shape_is_caught():
    """The checks can fail: a method taking other parameters, a missing attribute, other code."""
    assert patches.method("voila.handler", "get_page_config", ("url",))()
    assert patches.attribute("voila.request_info_handler:RequestInfoSocketHandler", "_waiters", list)()
    assert patches.source("voila.app:Voila", "listen", "000000000000")()
    missing = patches.Patch("gone", "voila 0.5.13", "a test", (patches.attribute("voila.app:Voila", "_nothing", dict),))
    assert missing.problems() and "AttributeError" in missing.problems()[0]


def _foreign_assignments(path: Path) -> list[str]:
    """Assignments to an attribute of the kernel manager, of Voila's classes or modules, or of the
    tornado application (``kernel_manager.start_kernel = ...``, ``self.app.listen = ...``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        targets = node.targets if isinstance(node, ast.Assign) else []
        for target in targets:
            if isinstance(target, ast.Attribute) and ast.unparse(target.value) in OWNERS:
                found.append(f"{path.name}:{node.lineno} {ast.unparse(target)}")
    return found


def test_no_module_but_patches_changes_voila_or_the_kernel_manager():
    modules = sorted((ROOT / "classserver").rglob("*.py"))
    assert modules
    found = [hit for path in modules if path.name != "patches.py" for hit in _foreign_assignments(path)]
    assert not found, f"outside classserver/patches.py: {found}"
    assert _foreign_assignments(ROOT / "classserver" / "patches.py"), "the check finds the patches themselves"
