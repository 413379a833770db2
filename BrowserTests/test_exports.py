"""Exporting everything from the web page: the person asks for it, the server's job runner
prepares it while the page waits (and says so), then the page offers the ZIP to download."""
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from accessibility import assert_accessible
from conftest import screenshot, start_server
from test_outbox import press
from test_pages import log_in


def test_an_export_is_asked_for_prepared_and_downloaded_from_the_page(browser):
    base, process = start_server()
    try:
        log_in(browser, base)
        browser.get(base + "/profile/data")
        press(browser, browser.find_element(By.LINK_TEXT, "Export my data"))
        WebDriverWait(browser, 10).until(lambda d: d.current_url.endswith("/profile/data/export"))
        main = browser.find_element(By.CSS_SELECTOR, "main")
        assert "You have not exported your data yet." in main.text
        assert "FHIR R4" in main.text
        assert_accessible(browser)

        press(browser, browser.find_element(By.XPATH, "//button[normalize-space()='Prepare my export']"))
        WebDriverWait(browser, 10).until(lambda d: "/profile/data/export#export-" in d.current_url)
        assert "Being prepared…" in browser.find_element(By.CSS_SELECTOR, ".import-item").text
        assert not browser.find_elements(By.XPATH, "//button[normalize-space()='Prepare my export']"), "one at a time"

        # The page asks the server until the export is ready, then shows it again with the download.
        WebDriverWait(browser, 120).until(lambda d: d.find_elements(By.LINK_TEXT, "Download the ZIP"))
        line = browser.find_element(By.CSS_SELECTOR, ".import-item")
        assert "Ready" in line.text and "You can download it until" in line.text, line.text
        assert_accessible(browser)
        screenshot(browser, "export")

        href = browser.find_element(By.LINK_TEXT, "Download the ZIP").get_attribute("href")
        answer = browser.execute_async_script(
            """const done = arguments[arguments.length - 1];
            fetch(arguments[0], {credentials: "same-origin"})
              .then(r => r.arrayBuffer().then(b => done([r.status, r.headers.get("content-type"),
                Array.from(new Uint8Array(b.slice(0, 4)))])))
              .catch(e => done([0, String(e), []]));""", href)
        assert answer == [200, "application/zip", [0x50, 0x4B, 0x03, 0x04]], answer

        # The notification center says it is ready, linking back to the page.
        browser.get(base + "/notifications")
        assert "Your data export is ready" in browser.find_element(By.CSS_SELECTOR, "main").text
    finally:
        process.terminate()
        process.wait(10)
