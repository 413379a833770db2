"""Lab results in Chromium: the demo person (an MZ carrier with two years of quarterly AAT tests)
reaches their results from the dashboard in one tap, reads the latest with its trend, registers a
kit the demo lab issued (a typo first, refused in the spec's words), and opens one result; the lab
issues a batch; the partner reads their program's totals on a tablet."""
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from accessibility import assert_accessible
from conftest import make_driver, screenshot, start_server
from test_outbox import api, press
from test_pages import DEMO_PASSWORD, log_in

DEMO_LAB = "lab@thrive.local"
DEMO_PARTNER = "partner@thrive.local"


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


def test_the_partner_reads_the_program_on_a_tablet(server):
    """The demo partner (an insurer's wellness coordinator) opens the partner portal from Profile on
    a tablet: totals only, cards side by side, the tables within the page, and a new monthly target
    that the quarter's card follows."""
    tablet = make_driver(1024, 768)
    tablet.viewport = "tablet"
    try:
        log_in(tablet, server, email=DEMO_PARTNER)
        tablet.get(server + "/profile")
        press(tablet, tablet.find_element(By.LINK_TEXT, "Partner portal"))
        WebDriverWait(tablet, 10).until(lambda d: d.current_url.endswith("/partner"))
        cards = tablet.find_elements(By.CSS_SELECTOR, ".partner-kpis .kpi-card")
        assert len(cards) == 4 and cards[0].location["y"] == cards[1].location["y"], "two cards a row on a tablet"
        assert tablet.execute_script("return document.documentElement.scrollWidth <= window.innerWidth")
        for table in tablet.find_elements(By.CSS_SELECTOR, ".partner-table"):
            region = table.find_element(By.XPATH, "..")
            assert tablet.execute_script("return arguments[0].scrollWidth <= arguments[0].clientWidth", region)
        main = tablet.find_element(By.CSS_SELECTOR, "main").text
        assert "ROI = (findings × value per finding − kits issued × cost per kit)" in main
        assert "member-" not in main and "@" not in main, "no person on the partner's page"
        assert_accessible(tablet)
        target = tablet.find_element(By.ID, "monthlyTarget")
        target.clear()
        target.send_keys("20")
        press(tablet, tablet.find_element(By.CSS_SELECTOR, "form[action='/partner/program'] button[type=submit]"))
        WebDriverWait(tablet, 10).until(lambda d: "saved=1" in d.current_url)
        assert tablet.find_element(By.CSS_SELECTOR, ".notice").text == "Your program settings are saved."
        assert "Target: 60 people this quarter" in tablet.find_element(By.ID, "this-quarter").text
        screenshot(tablet, "partner-portal")
    finally:
        tablet.quit()


def test_the_demo_person_invites_family_to_see_results(server, phone):
    """From the results page, the demo person opens family sharing, is asked for consent before
    anything is shared, and invites a family member by e-mail."""
    log_in(phone, server)
    phone.get(server + "/results")
    press(phone, phone.find_element(By.LINK_TEXT, "Family sharing"))
    WebDriverWait(phone, 10).until(lambda d: d.current_url.endswith("/results/family"))
    assert_accessible(phone)
    phone.find_element(By.ID, "email").send_keys("sam@example.com")
    press(phone, phone.find_element(By.CSS_SELECTOR, "form[action='/results/family'] button[type=submit]"))
    error = WebDriverWait(phone, 10).until(lambda d: d.find_element(By.ID, "consent-error"))
    assert "Tick the box" in error.text
    press(phone, phone.find_element(By.ID, "consent"))
    press(phone, phone.find_element(By.CSS_SELECTOR, "form[action='/results/family'] button[type=submit]"))
    WebDriverWait(phone, 10).until(lambda d: "invited=1" in d.current_url)
    given = phone.find_element(By.ID, "given").text
    assert "sam@example.com" in given and "waiting for them to accept" in given, given
    assert_accessible(phone)
    screenshot(phone, "family-sharing")


def test_an_mz_carrier_turns_on_air_quality_alerts_with_their_location(phone):
    """With an air-quality service configured, the demo person (MZ) finds the alerts on the results
    page; "Use my location" fills the place from the browser, rounded to about a kilometre."""
    base, process = start_server(extra_env={"THRIVE_AIR_QUALITY_URL": "http://127.0.0.1:9"})
    try:
        phone.execute_cdp_cmd("Browser.grantPermissions", {"permissions": ["geolocation"], "origin": base})
        phone.execute_cdp_cmd("Emulation.setGeolocationOverride",
                              {"latitude": 52.5200066, "longitude": 13.404954, "accuracy": 20})
        log_in(phone, base)
        phone.get(base + "/results#air-quality")
        card = phone.find_element(By.ID, "air-quality")
        assert "Alert me on poor air-quality days" in card.text
        assert_accessible(phone)
        press(phone, card.find_element(By.CSS_SELECTOR, "[data-locate]"))
        WebDriverWait(phone, 10).until(lambda d: d.find_element(By.ID, "latitude").get_attribute("value") == "52.52")
        assert phone.find_element(By.ID, "longitude").get_attribute("value") == "13.4"
        press(phone, card.find_element(By.CSS_SELECTOR, "input[name=enabled]"))
        press(phone, card.find_element(By.CSS_SELECTOR, "button[type=submit]"))
        WebDriverWait(phone, 10).until(lambda d: "air=1" in d.current_url)
        assert phone.find_element(By.CSS_SELECTOR, "#lab-notice").text.startswith("Air-quality alerts saved.")
        assert phone.find_element(By.CSS_SELECTOR, "#air-quality input[name=enabled]").is_selected()
        screenshot(phone, "air-quality")
    finally:
        process.terminate()
        process.wait(10)
