"""Offline viewing: pages seen online come back from the device's copy when the server cannot be
reached, under the spec's banner with the time the copy is from; the banner can be dismissed and
is back on the next page."""
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from accessibility import assert_accessible
from conftest import screenshot, start_server
from test_pages import log_in

BANNER = "Offline Mode - Data will sync when online"


def controlled(driver):
    """Waits until the service worker controls the page (it claims pages as it activates)."""
    WebDriverWait(driver, 20).until(lambda d: d.execute_script(
        "return !!(navigator.serviceWorker && navigator.serviceWorker.controller)"))


def go_offline(driver):
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.emulateNetworkConditions", {
        "offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})


def test_pages_seen_online_are_shown_offline_with_the_banner(phone):
    # A server of this test's own, so that it can be taken away.
    base, process = start_server()
    try:
        log_in(phone, base)
        phone.get(base + "/")
        controlled(phone)
        for path in ["/", "/insights", "/pillars/wellbeing", "/profile/settings"]:
            phone.get(base + path)
        online_heading = phone.find_element(By.TAG_NAME, "h1").text
        assert not phone.find_elements(By.CSS_SELECTOR, ".offline-banner:not([hidden])"), "no banner online"

        process.terminate()
        process.wait(timeout=20)
        go_offline(phone)

        phone.get(base + "/profile/settings")
        banner = WebDriverWait(phone, 10).until(
            lambda d: d.find_element(By.CSS_SELECTOR, ".offline-banner"))
        assert BANNER in banner.text
        assert "Showing data from" in banner.text, "the copy says when it is from"
        assert phone.find_element(By.TAG_NAME, "h1").text == online_heading, "the page itself, as it was"
        assert_accessible(phone)
        screenshot(phone, "offline-settings")

        phone.find_element(By.CSS_SELECTOR, ".offline-banner-close").click()
        assert not phone.find_element(By.CSS_SELECTOR, ".offline-banner").is_displayed(), "dismissed"

        phone.get(base + "/")
        banner = WebDriverWait(phone, 10).until(lambda d: d.find_element(By.CSS_SELECTOR, ".offline-banner"))
        assert banner.is_displayed() and BANNER in banner.text, "back on the next page"
        assert phone.find_elements(By.CSS_SELECTOR, ".score-tile"), "the dashboard's scores"
        screenshot(phone, "offline-dashboard")
    finally:
        if process.poll() is None:
            process.terminate()
            process.wait(timeout=20)


def test_signing_out_forgets_the_pages_kept_for_offline(server, phone):
    log_in(phone, server)
    phone.get(server + "/")
    controlled(phone)
    phone.get(server + "/insights")
    kept = "var done = arguments[0]; caches.open('thrive-pages').then(function (c) { return c.keys(); })" \
           ".then(function (keys) { done(keys.length); });"
    WebDriverWait(phone, 10).until(lambda d: d.execute_async_script(kept) >= 1)
    phone.find_element(By.CSS_SELECTOR, "form[action='/logout'] button").click()
    WebDriverWait(phone, 10).until(lambda d: "/login" in d.current_url)
    assert WebDriverWait(phone, 10).until(lambda d: d.execute_async_script(
        "var done = arguments[0]; caches.has('thrive-pages').then(function (has) { done(!has); });")), \
        "no health data left in the browser's cache"
