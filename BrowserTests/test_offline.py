"""Offline viewing: pages seen online come back from the device's copy when the server cannot be
reached, under the spec's banner with the time the copy is from; the banner can be dismissed and
is back on the next page."""
import json
import time

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
    pages = "var done = arguments[0]; caches.open('thrive-pages').then(function (c) { return c.keys(); })" \
        ".then(function (keys) { done(keys.length); });"
    WebDriverWait(phone, 10).until(lambda d: d.execute_async_script(pages) >= 1)
    phone.get(server + "/results")
    WebDriverWait(phone, 20).until(lambda d: len(kept(d)) >= 2)
    phone.find_element(By.CSS_SELECTOR, "form[action='/logout'] button").click()
    WebDriverWait(phone, 10).until(lambda d: "/login" in d.current_url)
    assert WebDriverWait(phone, 10).until(lambda d: d.execute_async_script(
        "var done = arguments[0]; indexedDB.databases().then(function (all) {"
        " done(!all.some(function (db) { return db.name === 'thrive-secure'; })); });")), \
        "no lab result left on the device"
    assert WebDriverWait(phone, 10).until(lambda d: d.execute_async_script(
        "var done = arguments[0]; caches.has('thrive-pages').then(function (has) { done(!has); });")), \
        "no health data left in the browser's cache"


SECURE_KEYS = """
    var done = arguments[0];
    var open = indexedDB.open("thrive-secure");
    open.onsuccess = function () {
      var db = open.result;
      if (!db.objectStoreNames.contains("copies")) { db.close(); done([]); return; }
      var request = db.transaction("copies").objectStore("copies").getAll();
      request.onsuccess = function () {
        db.close();
        done(request.result.map(function (item) {
          var bytes = new Uint8Array(item.data);
          var text = "";
          for (var i = 0; i < bytes.length; i++) { text += String.fromCharCode(bytes[i]); }
          return { url: item.url, ivLength: item.iv.length, text: text };
        }));
      };
    };
    open.onerror = function () { done([]); };
"""


def kept(driver):
    return driver.execute_async_script(SECURE_KEYS)


def test_a_year_of_lab_results_their_pdf_and_the_education_are_kept_encrypted_for_offline(phone):
    """Spec 001's offline mode: the results page tells the device what to keep (the last 12 months of
    results with their PDFs, the counselor's contact, the lung-health pieces); the copies are
    encrypted; offline they come back under "Offline - showing cached data from …"."""
    import base64
    from test_labs import DEMO_LAB
    from test_outbox import api
    from test_pages import DEMO_PASSWORD
    base, process = start_server()
    try:
        # The demo lab posts the result of the kit the demo person sent in, with its PDF.
        lab = api(base, "POST", "/api/v1/auth/login", {"email": DEMO_LAB, "password": DEMO_PASSWORD})["accessToken"]
        person = api(base, "POST", "/api/v1/auth/login", {"email": "demo@thrive.local", "password": DEMO_PASSWORD})
        kit = next(k["barcode"] for k in api(base, "GET", "/api/v1/test-kits", token=person["accessToken"])["kits"]
                   if k["status"] == "processing")
        pdf = b"%PDF-1.4\n% Thrive offline test report\n%%EOF\n"
        today = time.strftime("%Y-%m-%d")
        api(base, "POST", "/api/v1/lab/results", {"results": [{
            "kit": kit, "testDate": today, "aatLevel": 97, "genotype": "MZ",
            "reportPdf": base64.b64encode(pdf).decode()}]}, token=lab)

        log_in(phone, base)
        phone.get(base + "/")
        controlled(phone)
        phone.get(base + "/results")
        wanted = json.loads(phone.find_element(By.ID, "offline-keep").get_attribute("data-urls"))
        assert "/counselor" in wanted and "/results/faq" in wanted and any(url.startswith("/library/") for url in wanted)
        reports = [url for url in wanted if url.endswith("/report")]
        assert len(reports) == 1, "the new result's PDF (the demo's older results have none)"
        results = [url for url in wanted if url.startswith("/results/") and url != "/results/faq"]
        assert 3 <= len(results) <= 5, "a year of quarterly tests, and today's"
        WebDriverWait(phone, 30).until(lambda d: len(kept(d)) >= len(wanted) + 1)
        copies = kept(phone)
        paths = {item["url"].replace(base, "") for item in copies}
        assert set(wanted) | {"/results"} <= paths
        for item in copies:
            assert item["ivLength"] == 12
            for clear in ["<html", "AAT", "%PDF", "Sam Rivera"]:
                assert clear not in item["text"], f"{item['url']} is kept encrypted"

        process.terminate()
        process.wait(timeout=20)
        go_offline(phone)

        phone.get(base + "/results")
        banner = WebDriverWait(phone, 10).until(lambda d: d.find_element(By.CSS_SELECTOR, ".offline-banner"))
        assert "Offline - showing cached data from" in banner.text, banner.text
        assert "97" in phone.find_element(By.TAG_NAME, "main").text
        save = phone.find_element(By.CSS_SELECTOR, "form[action='/results/reminder'] button[type=submit]")
        assert save.get_attribute("aria-disabled") == "true", "what needs the server is greyed out"
        phone.execute_script("document.querySelector(\"form[action='/results/reminder']\").requestSubmit()")
        assert "This needs a connection." in phone.find_element(By.CSS_SELECTOR, ".offline-banner").text
        assert phone.current_url.endswith("/results"), "nothing sent, nothing lost"
        assert_accessible(phone)
        screenshot(phone, "offline-results")

        phone.get(base + results[-1])
        WebDriverWait(phone, 10).until(lambda d: d.find_element(By.CSS_SELECTOR, ".offline-banner"))
        assert phone.find_element(By.TAG_NAME, "h1").text
        opened = phone.execute_async_script(
            "var done = arguments[1]; fetch(arguments[0]).then(function (r) { return r.text(); })"
            ".then(done, function () { done(null); });", reports[0])
        assert opened is not None and opened.startswith("%PDF-1.4"), "the PDF, from the device"
        phone.get(base + "/counselor")
        assert "Sam Rivera" in phone.find_element(By.TAG_NAME, "main").text, "the counselor's contact"
        article = next(url for url in wanted if url.startswith("/library/"))
        phone.get(base + article)
        assert "Offline - showing cached data from" in WebDriverWait(phone, 10).until(
            lambda d: d.find_element(By.CSS_SELECTOR, ".offline-banner")).text
        assert phone.find_element(By.TAG_NAME, "h1").text
    finally:
        if process.poll() is None:
            process.terminate()
            process.wait(timeout=20)


def test_a_kit_registered_offline_is_queued_and_registered_once_online(phone):
    """Spec 001: registering a kit without a connection says "Queued for sync when online"; a typo is
    caught on the device in the spec's words; back online, the outbox sends it and the kit is the
    person's."""
    from test_labs import unregistered_kit
    from test_outbox import api, press
    from test_pages import DEMO_PASSWORD
    base, process = start_server()
    try:
        kit = unregistered_kit(base)
        log_in(phone, base)
        phone.get(base + "/")
        controlled(phone)
        phone.get(base + "/test-kits/register")
        go_offline(phone)
        phone.get(base + "/test-kits/register")
        WebDriverWait(phone, 10).until(lambda d: d.execute_script("return !!window.ThriveOutbox"))

        field = phone.find_element(By.ID, "barcode")
        field.send_keys(kit[:-1] + ("0" if kit[-1] != "0" else "1"))
        press(phone, phone.find_element(By.CSS_SELECTOR, "main form button[type=submit]"))
        error = WebDriverWait(phone, 10).until(lambda d: d.find_element(By.CSS_SELECTOR, ".offline-form-error"))
        assert "Not a Fair Underwriting test kit. Please check barcode." in error.text
        assert phone.find_element(By.ID, "barcode").get_attribute("aria-invalid") == "true"

        field = phone.find_element(By.ID, "barcode")
        field.clear()
        field.send_keys(kit)
        press(phone, phone.find_element(By.CSS_SELECTOR, "main form button[type=submit]"))
        WebDriverWait(phone, 10).until(
            lambda d: "Queued for sync when online" in d.find_element(By.TAG_NAME, "body").text)
        assert not phone.find_element(By.ID, "barcode").get_attribute("aria-invalid"), "the typo's mark is gone"
        assert_accessible(phone)
        screenshot(phone, "kit-queued-offline")

        token = api(base, "POST", "/api/v1/auth/login", {"email": "demo@thrive.local", "password": DEMO_PASSWORD})
        def registered():
            kits = api(base, "GET", "/api/v1/test-kits", token=token["accessToken"])["kits"]
            return any(k["barcode"] == kit for k in kits)
        assert not registered(), "not sent while offline"
        phone.execute_cdp_cmd("Network.emulateNetworkConditions", {
            "offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
        WebDriverWait(phone, 30).until(lambda d: registered())
    finally:
        process.terminate()
        process.wait(timeout=20)
