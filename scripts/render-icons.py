"""Renders the app icons (PNG, for the web app manifest) from their SVG sources with Chromium.

Run from Sources/ThriveWeb/Resources/public/assets with the test venv: ../../../../../.build/python/bin/python ../../../../../scripts/render-icons.py
"""
from pathlib import Path
from playwright.sync_api import sync_playwright
here = Path(".")
with sync_playwright() as p:
    b = p.chromium.launch(executable_path="/usr/bin/chromium")
    for source, name, sizes in [("icon.svg", "icon", (192, 512)), ("icon-maskable.svg", "icon-maskable", (192, 512)), ("icon-maskable.svg", "apple-touch-icon", (180,))]:
        svg = (here / source).read_text()
        for size in sizes:
            page = b.new_page(viewport={"width": size, "height": size})
            sized = svg.replace("<svg ", '<svg width="%d" height="%d" ' % (size, size), 1)
            page.set_content("<html><body style='margin:0;background:transparent'>" + sized + "</body></html>")
            out = f"{name}-{size}.png" if name != "apple-touch-icon" else "apple-touch-icon.png"
            page.screenshot(path=out, omit_background=True)
            page.close()
    b.close()
