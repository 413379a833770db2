"""Every page the demo person can reach from the tabs and the pillars passes axe-core in both themes,
at phone and laptop widths, and none of them is a dead end."""
from urllib.parse import urlparse

from selenium.webdriver.common.by import By

from accessibility import assert_accessible
from test_pages import log_in

START = ["/", "/pillars", "/pillars/fitness", "/pillars/nutrition", "/pillars/wellbeing", "/insights", "/profile"]
# Links that change something or end the session are not visited.
# Links that are actions, and files served by the API (a lab's PDF, a FHIR download), not pages.
SKIP = ("/logout", "/undo", "/delete", "/api/")
# A Swift value printed as it is ("InputField(name: …)", "Optional(…)", "Phrase(key: …)").
SWIFT_DUMPS = ("(name:", "Optional(", "Phrase(key:", "(key:")


def assert_no_swift_dump(driver, path):
    text = driver.find_element(By.TAG_NAME, "body").get_attribute("innerText")
    found = [dump for dump in SWIFT_DUMPS if dump in text]
    assert not found, f"{path} shows a Swift value: {found}"


def links(driver, base):
    found = []
    for anchor in driver.find_elements(By.CSS_SELECTOR, "main a[href], nav a[href]"):
        href = anchor.get_attribute("href") or ""
        if href.startswith(base) and "#" not in href and not any(part in href for part in SKIP):
            found.append(urlparse(href).path + (("?" + urlparse(href).query) if urlparse(href).query else ""))
    return found


def test_every_reachable_page_is_accessible(server, browser):
    log_in(browser, server)
    seen, queue = set(), list(START)
    for path in START:
        browser.get(server + path)
        queue += links(browser, server)
    checked = 0
    for path in queue:
        if path in seen:
            continue
        seen.add(path)
        browser.get(server + path)
        assert_no_swift_dump(browser, path)
        if "/edit" in path:
            continue
        assert "/login" not in browser.current_url, f"{path} logged the person out"
        assert browser.find_elements(By.TAG_NAME, "h1"), f"{path} has no heading"
        assert "Content unavailable" not in browser.find_element(By.TAG_NAME, "main").text, f"{path} is a dead link"
        try:
            assert_accessible(browser)
        except AssertionError as problem:
            raise AssertionError(f"{path}: {problem}") from None
        checked += 1
    assert checked >= 20, f"only {checked} pages were reached"
