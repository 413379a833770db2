"""Lab results in Chromium: the demo person (an MZ carrier with two years of quarterly AAT tests)
reaches their results from the dashboard in one tap, reads the latest with its trend, registers a
kit the demo lab issued (a typo first, refused in the spec's words), and opens one result."""
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from accessibility import assert_accessible
from conftest import screenshot, start_server
from test_outbox import api, press
from test_pages import DEMO_PASSWORD, log_in

DEMO_LAB = "lab@thrive.local"


def unregistered_kit(base):
    token = api(base, "POST", "/api/v1/auth/login", {"email": DEMO_LAB, "password": DEMO_PASSWORD})["accessToken"]
    kits = api(base, "GET", "/api/v1/lab/kits", token=token)["kits"]
    return next(kit["barcode"] for kit in kits if not kit["registered"])


def test_results_are_read_and_a_kit_is_registered(browser):
    base, process = start_server()
    try:
        log_in(browser, base)
        press(browser, browser.find_element(By.CSS_SELECTOR, "a[href='/results']"))
        WebDriverWait(browser, 10).until(lambda d: d.current_url.endswith("/results"))
        main = browser.find_element(By.CSS_SELECTOR, "main")
        assert "Latest result" in main.text and "Genotype: MZ" in main.text, main.text
        assert "it is not a diagnosis" in main.text
        assert browser.find_elements(By.CSS_SELECTOR, "#aat-trend, svg[role=img]"), "the AAT trend is drawn"
        assert "results from" in browser.find_element(By.CSS_SELECTOR, ".chart-summary").text
        assert_accessible(browser)
        screenshot(browser, "lab-results")

        kit = unregistered_kit(base)
        press(browser, browser.find_element(By.LINK_TEXT, "Register a test kit"))
        WebDriverWait(browser, 10).until(lambda d: d.current_url.endswith("/test-kits/register"))
        field = browser.find_element(By.ID, "barcode")
        field.send_keys(kit[:-1] + ("0" if kit[-1] != "0" else "1"))
        press(browser, browser.find_element(By.CSS_SELECTOR, "main form button[type=submit]"))
        WebDriverWait(browser, 10).until(lambda d: d.find_elements(By.ID, "form-errors"))
        assert "Not a Fair Underwriting test kit. Please check barcode." in browser.find_element(By.ID, "barcode-error").text
        assert browser.find_element(By.ID, "barcode").get_attribute("aria-invalid") == "true"
        assert_accessible(browser)
        screenshot(browser, "kit-register-error")

        field = browser.find_element(By.ID, "barcode")
        field.clear()
        field.send_keys(kit)
        press(browser, browser.find_element(By.CSS_SELECTOR, "main form button[type=submit]"))
        WebDriverWait(browser, 10).until(lambda d: "/results?registered=" in d.current_url)
        notice = browser.find_element(By.ID, "lab-notice").text
        assert notice == f"Kit {kit} is registered. Send your sample to lab within 7 days.", notice
        kits = browser.find_element(By.ID, "kits").text
        assert kit in kits and "Sample on its way" in kits
        screenshot(browser, "lab-results-registered")

        press(browser, browser.find_element(By.LINK_TEXT, "Details"))
        WebDriverWait(browser, 10).until(lambda d: "/results/" in d.current_url)
        assert "mg/dL" in browser.find_element(By.CSS_SELECTOR, "main").text
        assert_accessible(browser)
        screenshot(browser, "lab-result")
    finally:
        process.terminate()
        process.wait(10)


def test_symptoms_are_logged_and_results_shared_with_a_provider(browser):
    """A breathing log on the timeline, then a link for a provider, opened without an account."""
    base, process = start_server()
    try:
        log_in(browser, base)
        browser.get(base + "/results")
        press(browser, browser.find_element(By.LINK_TEXT, "Log breathing symptoms"))
        WebDriverWait(browser, 10).until(lambda d: d.current_url.endswith("/results/symptoms"))
        assert_accessible(browser)
        press(browser, browser.find_element(By.ID, "breathlessness-moderate"))
        browser.find_element(By.ID, "note").send_keys("Windy walk")
        press(browser, browser.find_element(By.CSS_SELECTOR, "main form button[type=submit]"))
        WebDriverWait(browser, 10).until(lambda d: "logged=" in d.current_url)
        timeline = browser.find_element(By.ID, "timeline").text
        assert "Breathing: Breathlessness (moderate)" in timeline and "Windy walk" in timeline, timeline
        assert_accessible(browser)
        screenshot(browser, "lab-timeline")

        press(browser, browser.find_element(By.LINK_TEXT, "Share with a provider"))
        WebDriverWait(browser, 10).until(lambda d: d.current_url.endswith("/results/shares"))
        browser.find_element(By.ID, "label").send_keys("Dr. Weber")
        press(browser, browser.find_element(By.CSS_SELECTOR, "main form[action='/results/shares'] button[type=submit]"))
        WebDriverWait(browser, 10).until(lambda d: d.find_elements(By.ID, "share-url"))
        link = browser.find_element(By.ID, "share-url").get_attribute("value")
        assert "/shared/" in link
        assert browser.find_element(By.CSS_SELECTOR, ".qr-code svg"), "a QR code for the clinician's phone"
        assert "Dr. Weber" in browser.find_element(By.ID, "links").text
        assert_accessible(browser)
        screenshot(browser, "lab-share-made")

        # The provider has no account: no cookies.
        browser.delete_all_cookies()
        browser.get(link)
        main = browser.find_element(By.CSS_SELECTOR, "main")
        assert "Lab results of Alex" in main.text and "Genotype: MZ" in main.text, main.text
        assert browser.find_elements(By.LINK_TEXT, "Download these results as FHIR R4")
        assert_accessible(browser)
        screenshot(browser, "lab-shared")
    finally:
        process.terminate()
        process.wait(10)


def test_the_lab_issues_a_batch_in_its_portal(phone):
    base, process = start_server()
    try:
        log_in(phone, base, email=DEMO_LAB)
        phone.get(base + "/profile")
        press(phone, phone.find_element(By.LINK_TEXT, "Lab portal"))
        WebDriverWait(phone, 10).until(lambda d: d.current_url.endswith("/lab"))
        assert_accessible(phone)
        phone.find_element(By.ID, "count").send_keys("3")
        phone.find_element(By.ID, "batch").send_keys("Run 7")
        press(phone, phone.find_element(By.CSS_SELECTOR, "form[action='/lab/kits'] button[type=submit]"))
        WebDriverWait(phone, 10).until(lambda d: "issued=3" in d.current_url)
        notice = phone.find_element(By.CSS_SELECTOR, ".notice").text
        assert notice == "Issued 3 kits in batch “Run 7”. Print its label sheet below.", notice
        assert phone.find_element(By.CSS_SELECTOR, "a[href='/lab/labels.pdf?batch=Run%207']")
        assert_accessible(phone)
        screenshot(phone, "lab-portal")
    finally:
        process.terminate()
        process.wait(10)
