"""The notification center in the browser: a safety alert that opens shows on the bell in the top
bar; the center lists it, reachable by keyboard, accessible, and opening it leads to the alert."""
from datetime import datetime, timedelta, timezone

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from accessibility import assert_accessible
from conftest import screenshot, start_server
from test_outbox import api, press
from test_pages import DEMO_EMAIL, DEMO_PASSWORD, log_in


def test_an_alert_reaches_the_bell_and_the_center_opens_it(browser):
    base, process = start_server()
    try:
        token = api(base, "POST", "/api/v1/auth/login", {"email": DEMO_EMAIL, "password": DEMO_PASSWORD})["accessToken"]
        now = datetime.now(timezone.utc).replace(microsecond=0)
        stamp = lambda moment: moment.isoformat().replace("+00:00", "Z")
        # Uploaded through the API, an app's readings: two days in a row above 100 bpm open the alert,
        # once the person prefers that app for resting heart rate (the demo's watch would win otherwise).
        api(base, "PUT", "/api/v1/plan/preferences",
            {"preferredSources": {"HKQuantityTypeIdentifierRestingHeartRate": "Heart App"}}, token=token)
        api(base, "POST", "/api/v1/samples", {"quantitySamples": [
            {"type": "HKQuantityTypeIdentifierRestingHeartRate", "value": value, "start": stamp(at),
             "source": {"name": "Heart App"}, "syncIdentifier": f"browser-rhr-{value}"}
            for value, at in ((109, now - timedelta(days=1)), (118, now))]}, token=token)
        api(base, "GET", "/api/v1/alerts", token=token)

        log_in(browser, base)
        browser.get(base + "/pillars")
        # The server's own job runner may add a demo habit's reminder meanwhile: count what the API says.
        unread = api(base, "GET", "/api/v1/mobile/notifications/history", token=token)["unread"]
        bell = browser.find_element(By.CSS_SELECTOR, "a.bell-link")
        assert unread >= 1 and bell.find_element(By.CSS_SELECTOR, ".badge-count").text.startswith(str(unread))
        assert bell.get_attribute("textContent").startswith("Notifications")

        # The keyboard reaches the bell from the top of the page, right after the skip link.
        browser.find_element(By.TAG_NAME, "body").send_keys(Keys.TAB)
        reached = []
        for _ in range(6):
            active = browser.switch_to.active_element
            reached.append(active.get_attribute("href") or "")
            if "/notifications" in reached[-1]:
                break
            active.send_keys(Keys.TAB)
        assert any(link.endswith("/notifications") for link in reached), reached
        browser.switch_to.active_element.send_keys(Keys.ENTER)
        WebDriverWait(browser, 10).until(lambda d: d.current_url.endswith("/notifications"))

        item = browser.find_element(By.CSS_SELECTOR, ".notification.notification-unread.notification-critical")
        assert "Resting heart rate" in item.text and "New" in item.text
        assert "not read yet." in browser.find_element(By.CSS_SELECTOR, "main").text
        assert_accessible(browser)
        screenshot(browser, "notification-center")

        press(browser, item.find_element(By.XPATH, ".//button[normalize-space()='Open']"))
        WebDriverWait(browser, 10).until(lambda d: "#alert-" in d.current_url)
        alert_id = browser.current_url.split("#alert-")[1]
        assert browser.find_element(By.ID, "alert-" + alert_id).is_displayed()
        left = api(base, "GET", "/api/v1/mobile/notifications/history", token=token)
        assert not any(n["kind"] == "criticalAlert" and not n["read"] for n in left["notifications"]), "read now"
        badges = browser.find_elements(By.CSS_SELECTOR, "a.bell-link .badge-count")
        assert (badges[0].text.startswith(str(left["unread"])) if badges else left["unread"] == 0)
    finally:
        process.terminate()
        process.wait(timeout=20)
