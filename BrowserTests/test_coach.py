"""The coach chat in Chromium: answering "Did you do …?" with Done, writing, a quick reply and an
image all stay on the page; a message sent from another device arrives through the event stream;
a draft survives a reload."""
import base64
import tempfile
import time

from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from accessibility import assert_accessible
from test_outbox import api, press
from test_pages import DEMO_EMAIL, DEMO_PASSWORD, log_in

# A 1×1 PNG.
PIXEL = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==")


def log_text(driver):
    """Read in one script: the log is swapped whole as messages arrive."""
    return driver.execute_script("var log = document.getElementById('chat-log'); return log ? log.innerText : '';")


def last_text(driver, author):
    return driver.execute_script(
        "var all = document.querySelectorAll('#chat-log .bubble-' + arguments[0]);"
        "return all.length ? all[all.length - 1].innerText : '';", author)


def press_last(driver, css):
    """Presses the last element matching `css`, again if the log was swapped under the click."""
    for attempt in range(5):
        try:
            found = driver.find_elements(By.CSS_SELECTOR, css)
            label = found[-1].text
            press(driver, found[-1])
            return label
        except StaleElementReferenceException:
            time.sleep(0.2)
    raise AssertionError(f"{css} kept changing")


def wait_for(driver, condition, seconds=15):
    WebDriverWait(driver, seconds).until(lambda d: condition(d))


def test_chat_answers_writes_and_hears_other_devices(server, phone):
    log_in(phone, server)
    phone.get(server + "/coach")
    wait_for(phone, lambda d: d.find_elements(By.CSS_SELECTOR, "#chat-log .bubble"))
    assert "not a clinician" in phone.find_element(By.CSS_SELECTOR, ".chat-provider").text
    assert_accessible(phone, dark_too=True)
    phone.execute_script("window.stayedOnPage = true")

    # "Did you do …?" → Done records the check-in, and the coach answers, without a reload.
    question = phone.find_element(By.CSS_SELECTOR, ".habit-check")
    habit = question.find_element(By.XPATH, "..").find_element(By.CSS_SELECTOR, ".bubble-text").text
    habit = habit.removeprefix("Did you do ").removesuffix(" today?")
    press(phone, question.find_element(By.XPATH, ".//button[normalize-space(.)='Done']"))
    wait_for(phone, lambda d: f"{habit}: Done" in log_text(d))
    assert phone.execute_script("return window.stayedOnPage") is True
    assert f"{habit}: done." in log_text(phone)

    # Writing: Enter sends, the reply comes, and the message is marked read.
    box = phone.find_element(By.ID, "chat-text")
    box.send_keys("How am I doing?")
    box.send_keys(Keys.ENTER)
    wait_for(phone, lambda d: "How am I doing?" in last_text(d, "person") and "✓✓" in last_text(d, "person"))
    assert phone.switch_to.active_element == phone.find_element(By.ID, "chat-text")
    assert phone.execute_script("return window.stayedOnPage") is True

    # A quick reply.
    assert phone.find_elements(By.CSS_SELECTOR, ".quick-reply"), "the coach's last message offers quick replies"
    label = press_last(phone, ".quick-reply")
    wait_for(phone, lambda d: last_text(d, "person").startswith(label))

    # An image, kept on this server and shown in the conversation.
    with tempfile.NamedTemporaryFile(suffix=".png", delete=False) as file:
        file.write(PIXEL)
    phone.find_element(By.CSS_SELECTOR, "[data-attach-file]").send_keys(file.name)
    wait_for(phone, lambda d: "Image attached" in d.find_element(By.CSS_SELECTOR, "[data-attached]").text)
    press(phone, phone.find_element(By.CSS_SELECTOR, "#chat-composer button[type=submit]"))
    wait_for(phone, lambda d: "Thanks for the photo" in log_text(d))
    wait_for(phone, lambda d: d.execute_script(
        "var all = document.querySelectorAll('#chat-log .bubble-person img');"
        "return all.length > 0 && all[all.length - 1].complete && all[all.length - 1].naturalWidth === 1"))

    # Another device writes: the stream brings both messages here.
    token = api(server, "POST", "/api/v1/auth/login", {"email": DEMO_EMAIL, "password": DEMO_PASSWORD})["accessToken"]
    api(server, "POST", "/api/v1/coach/messages", {"text": "Written on my laptop, thanks"}, token)
    wait_for(phone, lambda d: "Written on my laptop, thanks" in log_text(d))
    wait_for(phone, lambda d: "You're welcome!" in last_text(d, "coach"))
    assert phone.execute_script("return window.stayedOnPage") is True
    assert_accessible(phone, dark_too=False)

    # Search finds it.
    search = phone.find_element(By.ID, "chat-q")
    search.send_keys("laptop")
    search.send_keys(Keys.ENTER)
    wait_for(phone, lambda d: "message found" in d.find_element(By.TAG_NAME, "h2").text)


def test_a_draft_survives_a_reload(server, phone):
    log_in(phone, server)
    phone.get(server + "/coach")
    box = phone.find_element(By.ID, "chat-text")
    box.send_keys("Half a thought about sleep")
    time.sleep(0.2)
    phone.get(server + "/coach")
    wait_for(phone, lambda d: d.find_element(By.ID, "chat-text").get_attribute("value") == "Half a thought about sleep")


# A stand-in for the browser's speech recognition, installed before the page's scripts: it records
# how it was asked to listen, and `hear` plays what a person said. Its availability comes from
# sessionStorage so one test can try each answer.
FAKE_RECOGNITION = """
window.dictation = { started: 0, installed: false };
function FakeRecognition() { this.processLocally = false; }
FakeRecognition.available = function (options) {
  window.dictation.asked = options;
  return Promise.resolve(sessionStorage.getItem('availability') || 'available');
};
FakeRecognition.install = function () { window.dictation.installed = true; return Promise.resolve(true); };
FakeRecognition.prototype.start = function () {
  window.dictation.started++;
  window.dictation.local = this.processLocally;
  window.dictation.lang = this.lang;
  window.dictation.current = this;
};
FakeRecognition.prototype.stop = function () { this.onend(); };
window.SpeechRecognition = FakeRecognition;
window.hear = function (said) {
  var results = said.map(function (part) { var result = [{ transcript: part[0] }]; result.isFinal = part[1]; return result; });
  window.dictation.current.onresult({ results: results });
};
"""


def dictation_status(driver):
    note = driver.find_element(By.CSS_SELECTOR, "[data-dictate-status]")
    return note.text if note.is_displayed() else ""


def test_a_message_is_spoken_on_this_device(server, phone):
    phone.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": FAKE_RECOGNITION})
    log_in(phone, server)
    phone.get(server + "/coach")
    mic = phone.find_element(By.CSS_SELECTOR, "[data-dictate]")
    wait_for(phone, lambda d: mic.is_displayed())
    assert phone.execute_script("return window.dictation.asked") == {"langs": ["en"], "processLocally": True}
    assert_accessible(phone, dark_too=False)

    box = phone.find_element(By.ID, "chat-text")
    box.send_keys("Slept well.")
    press(phone, mic)
    assert mic.get_attribute("aria-pressed") == "true"
    assert phone.execute_script("return [window.dictation.local, window.dictation.lang]") == [True, "en"]
    assert dictation_status(phone).startswith("Listening on this device")

    # Words still being recognised show under the box; finished ones join what was typed.
    phone.execute_script("hear([['and walked', false]])")
    assert "“and walked”" in dictation_status(phone)
    assert box.get_attribute("value") == "Slept well."
    phone.execute_script("hear([['and walked to work', true], [' then', false]])")
    assert box.get_attribute("value") == "Slept well. and walked to work"
    press(phone, mic)
    assert mic.get_attribute("aria-pressed") == "false"
    assert dictation_status(phone) == ""
    assert phone.switch_to.active_element == box

    # What was heard is the draft, kept through a reload like typing.
    phone.get(server + "/coach")
    wait_for(phone, lambda d: d.find_element(By.ID, "chat-text").get_attribute("value") == "Slept well. and walked to work")

    # A blocked microphone says how to allow it.
    mic = phone.find_element(By.CSS_SELECTOR, "[data-dictate]")
    wait_for(phone, lambda d: mic.is_displayed())
    press(phone, mic)
    phone.execute_script("var r = window.dictation.current; r.onerror({ error: 'not-allowed' }); r.onend();")
    assert "Allow it in your browser's site settings" in dictation_status(phone)
    assert mic.get_attribute("aria-pressed") == "false"

    # Where the language first needs its pack, the first tap fetches it, then listens.
    phone.execute_script("sessionStorage.setItem('availability', 'downloadable')")
    phone.get(server + "/coach")
    mic = phone.find_element(By.CSS_SELECTOR, "[data-dictate]")
    wait_for(phone, lambda d: mic.is_displayed())
    press(phone, mic)
    wait_for(phone, lambda d: d.execute_script("return window.dictation.installed && window.dictation.started === 1"))
    assert mic.get_attribute("aria-pressed") == "true"

    # Where speech could only be recognised on someone else's server, there is no microphone.
    phone.execute_script("sessionStorage.setItem('availability', 'unavailable')")
    phone.get(server + "/coach")
    phone.find_element(By.ID, "chat-text")
    phone.execute_script("return new Promise(function (done) { setTimeout(done, 300); })")
    assert not phone.find_element(By.CSS_SELECTOR, "[data-dictate]").is_displayed()
