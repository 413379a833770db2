"""Connecting a device from Profile › Connected devices in real Chromium: the person reads what
the provider would share, goes to the provider (a local stand-in speaking Fitbit's OAuth 2.0 with
PKCE and its data API), comes back connected with the month's records, syncs and disconnects."""
import base64
import hashlib
import threading
import urllib.parse
from http.server import ThreadingHTTPServer

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from accessibility import assert_accessible
from conftest import JSONStandIn, free_port, screenshot, start_server
from test_outbox import press
from test_pages import log_in

CLIENT_ID, CLIENT_SECRET = "thrive-browser", "browser-secret"


class FitbitStandIn(JSONStandIn):
    """Fitbit's authorize page (consents at once), token endpoint (checks the client, the code and
    the PKCE verifier), revocation, and a day's minute heart rate: 60 readings an hour from 08:00."""
    codes = {}
    tokens = set()

    def do_GET(self):
        url = urllib.parse.urlparse(self.path)
        query = dict(urllib.parse.parse_qsl(url.query))
        if url.path == "/fitbit/oauth2/authorize":
            assert query["client_id"] == CLIENT_ID and query["code_challenge_method"] == "S256"
            code = "code-%d" % len(self.codes)
            self.codes[code] = (query["code_challenge"], query["redirect_uri"])
            target = query["redirect_uri"] + "?" + urllib.parse.urlencode({"code": code, "state": query["state"]})
            return self.reply(302, headers={"Location": target})
        if self.headers.get("Authorization", "")[7:] not in self.tokens:
            return self.reply(401, {"errors": [{"errorType": "expired_token"}]})
        if url.path == "/fitbit/1/user/-/profile.json":
            return self.reply(200, {"user": {"timezone": "UTC"}})
        parts = url.path.split("/")
        if "/activities/heart/date/" in url.path:
            day = parts[8]
            return self.reply(200, {
                "activities-heart": [{"dateTime": day, "value": {"restingHeartRate": 58}}],
                "activities-heart-intraday": {"dataset": [
                    {"time": "%02d:%02d:00" % (8 + m // 60, m % 60), "value": 60 + m % 20} for m in range(60)]},
            })
        if "/activities/steps/date/" in url.path:
            return self.reply(200, {"activities-steps-intraday": {"dataset": []}})
        if "/spo2/date/" in url.path:
            return self.reply(200, {"dateTime": parts[7], "minutes": []})
        if "/sleep/date/" in url.path:
            return self.reply(200, {"sleep": []})
        if "/body/log/weight/" in url.path:
            return self.reply(200, {"weight": []})
        return self.reply(404, {})

    def do_POST(self):
        length = int(self.headers.get("Content-Length", "0"))
        form = dict(urllib.parse.parse_qsl(self.rfile.read(length).decode()))
        if self.path == "/fitbit/oauth2/revoke":
            self.tokens.discard(form.get("token"))
            return self.reply(200, {})
        basic = base64.b64encode(f"{CLIENT_ID}:{CLIENT_SECRET}".encode()).decode()
        if self.path != "/fitbit/oauth2/token" or self.headers.get("Authorization") != "Basic " + basic:
            return self.reply(401, {"errors": [{"errorType": "invalid_client"}]})
        if form.get("grant_type") == "authorization_code":
            challenge, redirect = self.codes.pop(form.get("code"), (None, None))
            made = base64.urlsafe_b64encode(hashlib.sha256(form.get("code_verifier", "").encode()).digest()).rstrip(b"=").decode()
            if challenge is None or made != challenge or redirect != form.get("redirect_uri"):
                return self.reply(400, {"errors": [{"errorType": "invalid_grant"}]})
        elif form.get("grant_type") != "refresh_token" or form.get("refresh_token") not in self.tokens:
            return self.reply(400, {"errors": [{"errorType": "invalid_grant"}]})
        n = len(self.tokens)
        access, refresh = "access-%d" % n, "refresh-%d" % n
        self.tokens.update({access, refresh})
        return self.reply(200, {"access_token": access, "refresh_token": refresh, "expires_in": 3600})


def test_a_person_connects_syncs_and_disconnects_fitbit(browser):
    stand_in = ThreadingHTTPServer(("127.0.0.1", free_port()), FitbitStandIn)
    threading.Thread(target=stand_in.serve_forever, daemon=True).start()
    base, process = start_server(extra_env={
        "THRIVE_FITBIT_CLIENT_ID": CLIENT_ID, "THRIVE_FITBIT_CLIENT_SECRET": CLIENT_SECRET,
        "THRIVE_DEVICE_PROVIDER_URL": "http://127.0.0.1:%d" % stand_in.server_port,
    })
    try:
        log_in(browser, base)
        browser.get(base + "/profile")
        press(browser, browser.find_element(By.LINK_TEXT, "Connected devices"))
        WebDriverWait(browser, 10).until(lambda d: d.current_url.endswith("/profile/devices"))
        offer = browser.find_element(By.ID, "offer-fitbit")
        assert "Heart rate through the day and at rest, for your recovery and heart alerts" in offer.text
        assert "Weight, for your nutrition plan" in offer.text
        assert_accessible(browser)
        screenshot(browser, "devices-offer")

        press(browser, offer.find_element(By.TAG_NAME, "button"))
        try:
            WebDriverWait(browser, 15).until(lambda d: "connected=fitbit" in d.current_url)
        except Exception:
            raise AssertionError(browser.current_url + "\n" + browser.find_element(By.TAG_NAME, "body").text[:600])
        notice = browser.find_element(By.ID, "devices-notice")
        # 31 days touched by the first month, 60 readings and a resting rate each.
        assert notice.text == "Fitbit is connected. 1,891 records came in.", notice.text
        device = browser.find_element(By.ID, "device-fitbit")
        assert "Last synced just now" in device.text
        assert "Provides heart rate, steps and active energy, sleep, blood oxygen and weight." in device.text
        assert_accessible(browser)
        screenshot(browser, "devices-connected")

        press(browser, device.find_element(By.XPATH, ".//button[normalize-space()='Sync now']"))
        WebDriverWait(browser, 10).until(lambda d: "syncing=fitbit" in d.current_url)
        assert browser.find_element(By.ID, "devices-notice").text == "Fitbit will sync in a moment."

        device = browser.find_element(By.ID, "device-fitbit")
        press(browser, device.find_element(By.TAG_NAME, "summary"))
        press(browser, device.find_element(By.CSS_SELECTOR, "input[value=delete]"))
        assert_accessible(browser, dark_too=False)
        press(browser, device.find_element(By.CSS_SELECTOR, "button.button-danger"))
        WebDriverWait(browser, 10).until(lambda d: "disconnected=fitbit" in d.current_url)
        assert browser.find_element(By.ID, "devices-notice").text == "Fitbit is disconnected and its 1,891 records were deleted."
        assert browser.find_elements(By.ID, "offer-fitbit")
    finally:
        process.terminate()
        process.wait(timeout=20)
        stand_in.shutdown()
