"""Text that grows and words that run long (WCAG 1.4.4 Resize text, 1.4.10 Reflow): with the
browser's text at 200 % (a default font of 32 px), every page the demo person reaches fits a phone
of 320 and of 390 px without scrolling sideways and cuts no text off; and at 390 px every page of
the tabs and pillars does so in each of the five languages, and with Thrive's largest text size."""
from urllib.parse import urlparse

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

from conftest import start_server
from test_every_page import START, links
from test_outbox import api
from test_pages import DEMO_EMAIL, DEMO_PASSWORD, log_in

# Sideways scrolling of the page, and text cut off by a box that hides what overflows it (scroll
# containers such as wide tables scroll on purpose, and visually hidden words are meant to be).
PROBLEMS = """
const width = document.documentElement.clientWidth;
const found = [];
const sideways = document.documentElement.scrollWidth - width;
if (sideways > 0) { found.push('scrolls sideways by ' + sideways + ' px'); }
for (const element of document.querySelectorAll('main *, header *, nav *')) {
  if (element.closest('.visually-hidden, .table-scroll, .chart-wide, .chart-compact, svg')) { continue; }
  const style = getComputedStyle(element);
  const hides = ['hidden', 'clip'].includes(style.overflowX);
  if (hides && element.textContent.trim() && element.scrollWidth > element.clientWidth + 1) {
    found.push('cuts off "' + element.textContent.trim().slice(0, 30) + '"');
  }
}
return found.slice(0, 5);
"""


def phone(width, font_size=16):
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                 f"--window-size={width},844", "--hide-scrollbars"):
        options.add_argument(flag)
    options.add_experimental_option("prefs", {"webkit.webprefs.default_font_size": font_size})
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    # A headless window is at least 500 px wide: the page is laid out as a phone's instead.
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride", {"width": width, "height": 844, "deviceScaleFactor": 1, "mobile": True})
    return driver


def crawl(driver, base, limit):
    """Every page reachable from the tabs, a page per address (its first date or session only)."""
    seen, paths, queue = [], set(), list(START)
    while queue and len(seen) < limit:
        page = queue.pop(0)
        path = urlparse(page).path
        if path in paths:
            continue
        paths.add(path)
        driver.get(base + page)
        assert "/login" not in driver.current_url, f"{page} logged the person out"
        seen.append(page)
        queue += links(driver, base)
        yield page


@pytest.mark.parametrize("width", [320, 390])
def test_every_page_reflows_with_text_at_200_percent(server, width):
    driver = phone(width, font_size=32)
    try:
        log_in(driver, server)
        problems, checked = [], 0
        for page in crawl(driver, server, limit=150):
            checked += 1
            found = driver.execute_script(PROBLEMS)
            if found:
                problems.append(f"{page}: {'; '.join(found)}")
        assert checked >= 60, f"only {checked} pages were reached"
        assert problems == [], "\n".join(problems)
    finally:
        driver.quit()


def test_every_language_and_the_largest_text_setting_fit_a_phone():
    base, process = start_server()
    driver = phone(390)
    try:
        token = api(base, "POST", "/api/v1/auth/login", {"email": DEMO_EMAIL, "password": DEMO_PASSWORD})["accessToken"]
        log_in(driver, base)
        problems = []
        for language in ["en", "es", "fr", "de", "pt"]:
            api(base, "PATCH", "/api/v1/mobile/settings", {"display": {"language": language}}, token)
            for page in crawl(driver, base, limit=40):
                assert driver.find_element("css selector", "html").get_attribute("lang") == language
                found = driver.execute_script(PROBLEMS)
                if found:
                    problems.append(f"{language} {page}: {'; '.join(found)}")
        # Thrive's own largest text size, in English.
        api(base, "PATCH", "/api/v1/mobile/settings", {"display": {"language": "en", "textSize": "extraLarge"}}, token)
        for page in crawl(driver, base, limit=60):
            assert driver.find_element("css selector", "html").get_attribute("data-text-size") == "extraLarge"
            found = driver.execute_script(PROBLEMS)
            if found:
                problems.append(f"extra-large text {page}: {'; '.join(found)}")
        assert problems == [], "\n".join(problems)
    finally:
        driver.quit()
        process.terminate()
        process.wait(timeout=20)
