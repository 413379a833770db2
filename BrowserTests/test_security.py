"""Profile › Sign-in and security in real Chromium, at phone and laptop widths: where the account is
signed in, the password form with its errors beside the fields, and the forgotten-password page."""
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from accessibility import assert_accessible
from conftest import screenshot
from test_outbox import press
from test_pages import log_in


def test_the_security_page_lists_this_browser_and_explains_mistakes(server, browser):
    log_in(browser, server)
    browser.get(server + "/profile")
    press(browser, browser.find_element(By.LINK_TEXT, "Sign-in and security"))
    WebDriverWait(browser, 10).until(lambda d: d.current_url.endswith("/profile/security"))
    this = browser.find_element(By.CSS_SELECTOR, ".signed-in .this-device")
    row = this.find_element(By.XPATH, "./ancestor::li")
    assert row.find_element(By.CLASS_NAME, "signed-in-name").text.startswith("Chrome on Linux")
    assert "Last active: now" in row.text
    assert_accessible(browser)
    screenshot(browser, "security")

    browser.find_element(By.ID, "currentPassword").send_keys("thrive-demo-2026")
    browser.find_element(By.ID, "password").send_keys("a-new-password-7")
    browser.find_element(By.ID, "confirmPassword").send_keys("a-new-password-8")
    press(browser, browser.find_element(By.CSS_SELECTOR, "form[action='/profile/security/password'] button"))
    WebDriverWait(browser, 10).until(lambda d: d.find_elements(By.ID, "confirmPassword-error"))
    error = browser.find_element(By.ID, "confirmPassword-error")
    assert "The two new passwords are not the same." in error.text
    assert browser.find_element(By.ID, "confirmPassword").get_attribute("aria-invalid") == "true"
    assert_accessible(browser, dark_too=False)
    screenshot(browser, "security-error")


def test_the_forgotten_password_page_says_who_can_help(server, browser):
    browser.get(server + "/login")
    press(browser, browser.find_element(By.LINK_TEXT, "Forgot your password?"))
    WebDriverWait(browser, 10).until(lambda d: d.current_url.endswith("/forgot-password"))
    # The demo server sends no e-mail.
    assert "This server cannot send e-mail." in browser.find_element(By.TAG_NAME, "main").text
    assert_accessible(browser)
    screenshot(browser, "forgot-password")


def totp(key, at):
    """The six digits an authenticator app shows for `key` (base32, RFC 6238, SHA-1) at `at`."""
    import base64, hashlib, hmac, struct
    secret = base64.b32decode(key + "=" * (-len(key) % 8))
    digest = hmac.new(secret, struct.pack(">Q", int(at // 30)), hashlib.sha1).digest()
    offset = digest[-1] & 15
    return "%06d" % ((struct.unpack(">I", digest[offset:offset + 4])[0] & 0x7FFFFFFF) % 1000000)


def test_two_step_sign_in_is_set_up_with_a_qr_code_and_a_recovery_code_signs_in(browser):
    import time
    from conftest import start_server
    base, process = start_server()
    try:
        log_in(browser, base)
        browser.get(base + "/profile/security")
        press(browser, browser.find_element(By.XPATH, "//button[normalize-space()='Set up two-step sign-in']"))
        WebDriverWait(browser, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".qr-code svg"))
        qr = browser.find_element(By.CSS_SELECTOR, ".qr-code svg")
        assert qr.size["width"] >= 150, "large enough to scan"
        assert_accessible(browser)
        screenshot(browser, "two-factor-setup")
        press(browser, browser.find_element(By.CSS_SELECTOR, "details.qr-key summary"))
        key = browser.find_element(By.CLASS_NAME, "secret-key").text.replace(" ", "")
        browser.find_element(By.ID, "code").send_keys(totp(key, time.time()))
        press(browser, browser.find_element(By.CSS_SELECTOR, "form[action$='/confirm'] button"))
        WebDriverWait(browser, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".recovery-codes code"))
        codes = [code.text for code in browser.find_elements(By.CSS_SELECTOR, ".recovery-codes code")]
        assert len(codes) == 10
        assert_accessible(browser)
        screenshot(browser, "two-factor-codes")

        browser.delete_all_cookies()
        log_in(browser, base)
        WebDriverWait(browser, 10).until(lambda d: d.current_url.endswith("/login/code"))
        assert_accessible(browser)
        screenshot(browser, "login-code")
        browser.find_element(By.ID, "code").send_keys(codes[0])
        press(browser, browser.find_element(By.CSS_SELECTOR, "form[action='/login/code'] button"))
        WebDriverWait(browser, 10).until(lambda d: d.current_url.rstrip("/") == base)
    finally:
        process.terminate()
        process.wait(timeout=20)



def test_a_passkey_is_added_named_and_signs_in_alone(server, browser):
    """Chromium's virtual authenticator (DevTools WebAuthn domain) stands in for the phone's own:
    it keeps a discoverable ES256 credential and answers with user verification."""
    # Passkeys need a secure context: localhost is one without https, 127.0.0.1 is no site name.
    base = server.replace("127.0.0.1", "localhost")
    browser.execute_cdp_cmd("WebAuthn.enable", {})
    authenticator = browser.execute_cdp_cmd("WebAuthn.addVirtualAuthenticator", {"options": {
        "protocol": "ctap2", "transport": "internal", "hasResidentKey": True, "hasUserVerification": True,
        "isUserVerified": True, "automaticPresenceSimulation": True}})["authenticatorId"]
    log_in(browser, base)
    browser.get(base + "/profile/security")
    name = browser.find_element(By.ID, "passkeyName")
    assert name.get_attribute("value").startswith("Chrome on Linux"), "this browser's name is offered"
    name.clear()
    name.send_keys("Test phone " + browser.viewport)
    press(browser, browser.find_element(By.XPATH, "//button[normalize-space()='Add a passkey']"))
    WebDriverWait(browser, 15).until(lambda d: d.current_url.endswith("done=passkeyAdded"))
    main = browser.find_element(By.TAG_NAME, "main").text
    assert "The passkey is added." in main
    assert "Test phone " + browser.viewport in main
    press(browser, browser.find_element(By.CSS_SELECTOR, ".passkey-change summary"))
    assert_accessible(browser)
    screenshot(browser, "security-passkeys")

    browser.delete_all_cookies()
    browser.get(base + "/login")
    button = WebDriverWait(browser, 10).until(
        lambda d: d.find_element(By.XPATH, "//button[normalize-space()='Sign in with a passkey']"))
    WebDriverWait(browser, 10).until(lambda d: button.is_displayed())
    assert_accessible(browser)
    screenshot(browser, "login-passkey")
    press(browser, button)
    WebDriverWait(browser, 15).until(lambda d: d.current_url.rstrip("/") == base)
    credentials = browser.execute_cdp_cmd("WebAuthn.getCredentials", {"authenticatorId": authenticator})["credentials"]
    assert len(credentials) == 1 and credentials[0]["isResidentCredential"]
    assert credentials[0]["signCount"] >= 1, "the sign-in was signed by the authenticator"
    browser.get(base + "/profile/security")
    assert "last used" in browser.find_element(By.TAG_NAME, "main").text


def test_the_app_lock_warns_locks_over_the_page_and_keeps_what_was_typed(server, browser):
    """The lock's clock is the page's own (localStorage): moved back here instead of waiting 15 minutes."""
    log_in(browser, server)
    browser.get(server + "/profile/security")
    typed = browser.find_element(By.ID, "currentPassword")
    typed.send_keys("keep-me-1")
    browser.execute_script("localStorage.setItem('thrive.lock.used', String(Date.now() - 855000))")
    warning = browser.find_element(By.ID, "lock-warning")
    WebDriverWait(browser, 5).until(lambda d: warning.is_displayed())
    assert "Thrive locks in" in warning.text
    assert_accessible(browser, dark_too=False)
    screenshot(browser, "lock-warning")
    press(browser, warning.find_element(By.TAG_NAME, "button"))
    WebDriverWait(browser, 5).until(lambda d: not warning.is_displayed())

    browser.execute_script("localStorage.setItem('thrive.lock.used', String(Date.now() - 901000))")
    lock = browser.find_element(By.ID, "app-lock")
    WebDriverWait(browser, 5).until(lambda d: lock.is_displayed())
    assert browser.execute_script("return document.querySelector('main').inert")
    assert "Thrive is locked" in lock.text
    assert_accessible(browser)
    screenshot(browser, "app-lock")
    # The server holds the lock too: another tab's page would get the lock screen.
    assert browser.execute_script(
        "return fetch('/api/v1/me', {headers: {Accept: 'application/json'}}).then(r => r.status)") == 423

    password = lock.find_element(By.ID, "lock-secret")
    password.send_keys("not-the-password-1")
    press(browser, lock.find_element(By.CSS_SELECTOR, "form[data-way=password] button"))
    WebDriverWait(browser, 10).until(lambda d: "That password is not right." in lock.text)
    password = lock.find_element(By.ID, "lock-secret")
    password.send_keys("thrive-demo-2026")
    press(browser, lock.find_element(By.CSS_SELECTOR, "form[data-way=password] button"))
    WebDriverWait(browser, 10).until(lambda d: not lock.is_displayed())
    assert not browser.execute_script("return document.querySelector('main').inert")
    assert browser.find_element(By.ID, "currentPassword").get_attribute("value") == "keep-me-1", "the page as it was"
    browser.get(server + "/profile")
    assert browser.current_url.endswith("/profile")


def test_deleting_the_account_waits_fourteen_days_and_signing_in_keeps_it(phone):
    from conftest import start_server
    base, process = start_server()
    browser = phone
    try:
        log_in(browser, base)
        browser.get(base + "/profile/data")
        press(browser, browser.find_element(By.LINK_TEXT, "Delete my account…"))
        WebDriverWait(browser, 10).until(lambda d: d.current_url.endswith("/profile/data/delete"))
        assert "Your account and its data go on" in browser.find_element(By.TAG_NAME, "main").text
        browser.find_element(By.ID, "password").send_keys("thrive-demo-2026")
        press(browser, browser.find_element(By.XPATH, "//button[normalize-space()='Delete my account in 14 days']"))
        WebDriverWait(browser, 10).until(lambda d: d.find_elements(By.ID, "understood-error"))
        assert_accessible(browser, dark_too=False)
        screenshot(browser, "delete-account")
        browser.find_element(By.ID, "password").send_keys("thrive-demo-2026")
        press(browser, browser.find_element(By.ID, "understood"))
        press(browser, browser.find_element(By.XPATH, "//button[normalize-space()='Delete my account in 14 days']"))
        WebDriverWait(browser, 10).until(
            lambda d: "Your account will be deleted" in d.find_element(By.TAG_NAME, "main").text)
        assert_accessible(browser)
        screenshot(browser, "deletion-scheduled")
        log_in(browser, base)
        WebDriverWait(browser, 10).until(lambda d: "done=deletionCancelled" in d.current_url)
        assert "Welcome back. Your account will not be deleted." in browser.find_element(By.TAG_NAME, "main").text
    finally:
        process.terminate()
        process.wait(timeout=20)
