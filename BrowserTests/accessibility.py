"""axe-core (from the PyPI wheel of axe-playwright-python, read as a file) run inside the page."""
import os
import zipfile
from pathlib import Path

_SOURCE = None


def axe_source():
    global _SOURCE
    if _SOURCE is None:
        path = os.environ.get("AXE_JS")
        if path:
            _SOURCE = Path(path).read_text()
        else:
            import axe_playwright_python  # installed in the local venv when no AXE_JS is given
            _SOURCE = (Path(axe_playwright_python.__file__).parent / "axe.min.js").read_text()
    return _SOURCE


def violations(driver):
    """WCAG 2.1 A and AA rules plus axe's best practices; returns readable violation lines."""
    driver.execute_script(axe_source())
    result = driver.execute_async_script(
        """
        const done = arguments[arguments.length - 1];
        axe.run(document, {runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']}})
          .then(r => done(r.violations.map(v => v.id + ': ' + v.help + ' @ ' + v.nodes.map(n => n.target.join(' ')).join(', '))))
          .catch(e => done(['axe failed: ' + e]));
        """)
    return result


def assert_accessible(driver, dark_too=True):
    found = violations(driver)
    assert found == [], "\n".join(found)
    if dark_too:
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
        found = violations(driver)
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
        assert found == [], "dark theme:\n" + "\n".join(found)
