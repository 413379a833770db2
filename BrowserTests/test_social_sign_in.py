"""Continue with Google in real Chromium, at phone and laptop widths, against a local stand-in that
speaks OpenID Connect (discovery, authorize, token with PKCE, JWKS) and signs RS256 ID tokens: a
new person lands in onboarding; a person whose address has a password account meets the conflict
page, proves the password, and finds Google linked in Profile › Sign-in and security."""
import base64
import hashlib
import json
import threading
import time
import urllib.parse
import uuid
from http.server import ThreadingHTTPServer

import pytest
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import padding, rsa
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from accessibility import assert_accessible
from conftest import JSONStandIn, free_port, screenshot, start_server
from test_outbox import press
from test_pages import DEMO_EMAIL, DEMO_PASSWORD

CLIENT_ID, CLIENT_SECRET = "thrive-browser.apps.example", "browser-google-secret"
KEY = rsa.generate_private_key(public_exponent=65537, key_size=2048)


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def uint(number):
    return b64url(number.to_bytes((number.bit_length() + 7) // 8, "big"))


class GoogleStandIn(JSONStandIn):
    """Google's OpenID Connect endpoints under /google: consents at once as `person`."""
    issuer = ""
    person = {}
    codes = {}

    def do_GET(self):
        url = urllib.parse.urlparse(self.path)
        query = dict(urllib.parse.parse_qsl(url.query))
        if url.path == "/google/.well-known/openid-configuration":
            return self.reply(200, {
                "issuer": self.issuer, "authorization_endpoint": self.issuer + "/authorize",
                "token_endpoint": self.issuer + "/token", "jwks_uri": self.issuer + "/keys"})
        if url.path == "/google/keys":
            numbers = KEY.public_key().public_numbers()
            return self.reply(200, {"keys": [
                {"kty": "RSA", "kid": "k1", "use": "sig", "alg": "RS256", "n": uint(numbers.n), "e": uint(numbers.e)}]})
        if url.path == "/google/authorize":
            assert query["client_id"] == CLIENT_ID and query["code_challenge_method"] == "S256"
            code = uuid.uuid4().hex
            GoogleStandIn.codes[code] = (query["code_challenge"], query["nonce"], query["redirect_uri"], dict(self.person))
            back = query["redirect_uri"] + "?" + urllib.parse.urlencode({"code": code, "state": query["state"]})
            return self.reply(302, headers={"Location": back})
        self.reply(404, {})

    def do_POST(self):
        form = dict(urllib.parse.parse_qsl(self.rfile.read(int(self.headers["Content-Length"])).decode()))
        grant = GoogleStandIn.codes.pop(form.get("code"), None)
        if self.path != "/google/token" or grant is None:
            return self.reply(400, {"error": "invalid_grant"})
        challenge, nonce, redirect, person = grant
        verifier = form.get("code_verifier", "")
        if b64url(hashlib.sha256(verifier.encode()).digest()) != challenge or form.get("redirect_uri") != redirect:
            return self.reply(400, {"error": "invalid_grant"})
        if form.get("client_id") != CLIENT_ID or form.get("client_secret") != CLIENT_SECRET:
            return self.reply(401, {"error": "invalid_client"})
        now = int(time.time())
        claims = {"iss": self.issuer, "aud": CLIENT_ID, "exp": now + 3600, "iat": now, "nonce": nonce,
                  "email_verified": True, **person}
        header = {"alg": "RS256", "kid": "k1", "typ": "JWT"}
        signing_input = b64url(json.dumps(header).encode()) + "." + b64url(json.dumps(claims).encode())
        signature = KEY.sign(signing_input.encode(), padding.PKCS1v15(), hashes.SHA256())
        self.reply(200, {"access_token": "at", "token_type": "Bearer", "expires_in": 3600,
                         "id_token": signing_input + "." + b64url(signature)})


@pytest.fixture(scope="module")
def google():
    port = free_port()
    GoogleStandIn.issuer = f"http://127.0.0.1:{port}/google"
    stand_in = ThreadingHTTPServer(("127.0.0.1", port), GoogleStandIn)
    threading.Thread(target=stand_in.serve_forever, daemon=True).start()
    base, process = start_server(extra_env={
        "THRIVE_GOOGLE_CLIENT_ID": CLIENT_ID, "THRIVE_GOOGLE_CLIENT_SECRET": CLIENT_SECRET,
        "THRIVE_GOOGLE_ISSUER": GoogleStandIn.issuer})
    yield base
    process.terminate()
    process.wait()
    stand_in.shutdown()


def continue_with_google(browser, base):
    browser.get(base + "/login")
    button = browser.find_element(By.XPATH, "//button[normalize-space()='Continue with Google']")
    press(browser, button)


def test_continue_with_google_makes_an_account_and_lands_in_onboarding(google, browser):
    GoogleStandIn.person = {"sub": uuid.uuid4().hex, "email": f"g-{uuid.uuid4().hex[:8]}@example.org", "name": "Gia Rossi"}
    browser.get(google + "/login")
    assert browser.find_element(By.XPATH, "//button[normalize-space()='Continue with Google']").is_displayed()
    assert_accessible(browser)
    screenshot(browser, "login-with-google")
    continue_with_google(browser, google)
    WebDriverWait(browser, 10).until(lambda d: d.current_url.endswith("/onboarding/consent"))


def test_an_address_with_a_password_account_is_linked_after_the_password(google, browser):
    # The demo person has a password account; Google vouches for the same address.
    GoogleStandIn.person = {"sub": uuid.uuid4().hex, "email": DEMO_EMAIL}
    continue_with_google(browser, google)
    WebDriverWait(browser, 10).until(lambda d: d.current_url.endswith("/auth/conflict"))
    main = browser.find_element(By.TAG_NAME, "main").text
    assert "You already have a Thrive account" in main
    assert f"{DEMO_EMAIL} already has a Thrive account with a password." in main
    assert_accessible(browser)
    screenshot(browser, "social-conflict")

    browser.find_element(By.ID, "password").send_keys("not-the-password-1")
    press(browser, browser.find_element(By.CSS_SELECTOR, "form[action='/auth/conflict/link'] button"))
    WebDriverWait(browser, 10).until(lambda d: d.find_elements(By.ID, "password-error"))
    assert browser.find_element(By.ID, "password").get_attribute("aria-invalid") == "true"
    browser.find_element(By.ID, "password").send_keys(DEMO_PASSWORD)
    press(browser, browser.find_element(By.CSS_SELECTOR, "form[action='/auth/conflict/link'] button"))
    WebDriverWait(browser, 10).until(lambda d: "/profile/security" in d.current_url)
    main = browser.find_element(By.TAG_NAME, "main").text
    assert "Google is linked. You can now sign in with it." in main
    assert_accessible(browser)
    screenshot(browser, "security-google-linked")

    # The app lock, drawn over the page, now opens with Google too and comes back to this page.
    browser.execute_script("localStorage.setItem('thrive.lock.used', String(Date.now() - 901000))")
    lock = browser.find_element(By.ID, "app-lock")
    WebDriverWait(browser, 5).until(lambda d: lock.is_displayed())
    google_way = lock.find_element(By.CSS_SELECTOR, "form[data-way=google]")
    WebDriverWait(browser, 5).until(lambda d: google_way.is_displayed())
    assert lock.find_element(By.CSS_SELECTOR, "form[data-way=apple]").is_displayed() is False
    assert_accessible(browser, dark_too=False)
    screenshot(browser, "app-lock-google")
    press(browser, google_way.find_element(By.TAG_NAME, "button"))
    WebDriverWait(browser, 10).until(lambda d: d.current_url.endswith("/profile/security?done=linked&provider=google"))
    # The page may be replaced between finding the lock and asking about it: ask again.
    WebDriverWait(browser, 5, ignored_exceptions=[StaleElementReferenceException]).until(
        lambda d: not d.find_element(By.ID, "app-lock").is_displayed())
    assert not browser.execute_script("return document.querySelector('main').inert")

    # Unlinked again from the same page (the demo person keeps a password, so it may go).
    press(browser, browser.find_element(By.XPATH, "//button[normalize-space()='Unlink Google']"))
    WebDriverWait(browser, 10).until(lambda d: "done=unlinked" in d.current_url)
    assert "Google is unlinked." in browser.find_element(By.TAG_NAME, "main").text
    assert browser.find_element(By.XPATH, "//button[normalize-space()='Link Google']").is_displayed()
