"""What a person sees and does in the browser: sign-up, login, the home page, logout."""
import re
import uuid

from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions
from selenium.webdriver.support.ui import WebDriverWait

from accessibility import assert_accessible
from conftest import make_driver, screenshot

DEMO_EMAIL = "demo@thrive.local"
DEMO_PASSWORD = "thrive-demo-2026"


def page_left(element):
    """A wait condition: the page holding `element` has been replaced.

    While the next page loads, Chromium may answer a question about the old node with "Node with
    given id does not belong to the document" instead of a stale-element error; both mean it is gone.
    """

    def gone(_driver):
        try:
            return expected_conditions.staleness_of(element)(_driver)
        except WebDriverException as error:
            if "does not belong to the document" in str(error):
                return True
            raise

    return gone


def submit(driver, button):
    """Clicks a submit button and waits until the next page has replaced this one."""
    button.click()
    WebDriverWait(driver, 10).until(page_left(button))


def focus_by_tab(driver, css, limit=120):
    """Moves focus with the Tab key, as a keyboard user would, until `css` has it."""
    target = driver.find_element(By.CSS_SELECTOR, css)
    for _ in range(limit):
        if driver.switch_to.active_element == target:
            return target
        driver.switch_to.active_element.send_keys(Keys.TAB)
    raise AssertionError(f"{css} cannot be reached with the Tab key")


def press(driver, css, key, leaves=False):
    """Tabs to an element and presses a key on it; `leaves` waits for the next page."""
    target = focus_by_tab(driver, css)
    target.send_keys(key)
    if leaves:
        WebDriverWait(driver, 10).until(page_left(target))


def choose(driver, name, value, limit=120):
    """Picks a radio button as keyboard users do: Tab into the group, arrows to the option, Space."""
    for _ in range(limit):
        active = driver.switch_to.active_element
        if active.get_attribute("type") == "radio" and active.get_attribute("name") == name:
            break
        active.send_keys(Keys.TAB)
    else:
        raise AssertionError(f"the {name} choices cannot be reached with the Tab key")
    for _ in range(12):
        active = driver.switch_to.active_element
        if active.get_attribute("value") == value:
            active.send_keys(Keys.SPACE)
            assert active.is_selected()
            return
        active.send_keys(Keys.ARROW_DOWN)
    raise AssertionError(f"no {name} choice {value}")


def type_into(driver, css, text):
    """Tabs to a field, clears it and types."""
    field = focus_by_tab(driver, css)
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys(Keys.DELETE)
    field.send_keys(text)


def log_in(driver, base, email=DEMO_EMAIL, password=DEMO_PASSWORD):
    # A loaded Chromium has been seen to replace the page's nodes under the first click (CI); the
    # form is then filled and sent again on the page as it is.
    for attempt in range(3):
        driver.get(base + "/login")
        WebDriverWait(driver, 10).until(lambda d: d.execute_script("return document.readyState") == "complete")
        if attempt > 0 and "/login" not in driver.current_url:
            return  # the earlier try did log in
        try:
            driver.find_element(By.ID, "email").send_keys(email)
            driver.find_element(By.ID, "password").send_keys(password)
            submit(driver, driver.find_element(By.CSS_SELECTOR, "form.stack button[type=submit]"))
            return
        except WebDriverException:
            if attempt == 2:
                raise


def test_login_page_is_accessible_and_fits(server, browser):
    browser.get(server + "/login")
    assert browser.title == "Log in · Thrive"
    assert browser.find_element(By.TAG_NAME, "html").get_attribute("lang") == "en"
    assert_accessible(browser)
    screenshot(browser, "login")


def test_demo_person_sees_a_year_of_data(server, browser):
    log_in(browser, server)
    assert browser.current_url == server + "/"
    heading = browser.find_element(By.ID, "greeting").text
    # The greeting follows the time of day in Alex's zone; the suite runs at any hour.
    assert heading.split(",")[0] in ("Good morning", "Good afternoon", "Good evening", "Hello"), heading
    assert heading.endswith("Alex")
    pillars = [tile.find_element(By.CSS_SELECTOR, ".score-name").text for tile in browser.find_elements(By.CSS_SELECTOR, ".score-tile")]
    assert pillars == ["Fitness", "Nutrition", "Wellbeing"]
    cards = browser.find_elements(By.CSS_SELECTOR, ".kpi-card")
    titles = [card.find_element(By.CSS_SELECTOR, ".kpi-title").text for card in cards]
    assert "Workouts this week" in titles and "Calories remaining" in titles
    for card in cards:
        # Color is never the only signal: every card says its state in words.
        assert card.find_element(By.CSS_SELECTOR, ".status").text.strip() != ""
    current = browser.find_element(By.CSS_SELECTOR, ".tab-bar [aria-current=page]")
    assert current.text == "Dashboard"
    assert_accessible(browser)
    screenshot(browser, "home-demo")
    submit(browser, browser.find_element(By.CSS_SELECTOR, ".tab-bar a[href='/profile']"))
    assert "demo@thrive.local" in browser.find_element(By.TAG_NAME, "main").text
    assert_accessible(browser)
    screenshot(browser, "profile")
    browser.get(server + "/profile/data")
    figure = browser.find_element(By.CSS_SELECTOR, ".headline-figure").text
    # A year ending now: its first night began the evening before, and just after midnight today may
    # hold nothing yet, so the span is 364 to 366 calendar days (the Swift tests pin it with a fixed clock).
    assert re.search(r"records over 36[4-6] days", figure), figure
    rows = browser.find_elements(By.CSS_SELECTOR, ".data-table tbody tr")
    names = [row.find_element(By.TAG_NAME, "th").text for row in rows]
    for kind in ("Steps", "Heart rate", "Sleep", "Weight", "Workouts", "Meals and snacks", "Mood check-ins"):
        assert kind in names
    assert_accessible(browser)


def test_a_zone_the_browser_calls_by_its_old_name_is_found_under_its_new_one(server):
    # Chromium reports India's zone as Asia/Calcutta; the list holds it once, as Asia/Kolkata.
    driver = make_driver(390, 844, time_zone="Asia/Kolkata")
    try:
        driver.get(server + "/signup")
        zone = driver.find_element(By.ID, "timeZone")
        assert driver.execute_script("return Intl.DateTimeFormat().resolvedOptions().timeZone") in ("Asia/Calcutta", "Asia/Kolkata")
        assert zone.get_attribute("value") == "Asia/Kolkata"
    finally:
        driver.quit()


def test_sign_up_then_onboarding_by_keyboard_alone(server, phone):
    phone.get(server + "/signup")
    zone = phone.find_element(By.ID, "timeZone")
    assert zone.get_attribute("value") == "Asia/Tokyo", "the browser's zone is pre-selected"
    assert_accessible(phone)
    screenshot(phone, "signup")
    email = f"new-{uuid.uuid4().hex[:8]}@example.com"
    type_into(phone, "#displayName", "Mina")
    type_into(phone, "#email", email)
    type_into(phone, "#password", "fresh-start-42")
    choose(phone, "unitSystem", "imperial")
    press(phone, "form.stack button[type=submit]", Keys.ENTER, leaves=True)
    # Consent comes first; nothing else opens before it.
    assert phone.current_url == server + "/onboarding/consent"
    assert phone.find_elements(By.CSS_SELECTOR, ".tab-bar") == [], "no tab bar until set-up is done"
    assert_accessible(phone)
    screenshot(phone, "onboarding-consent")
    press(phone, "form.stack button[type=submit]", Keys.ENTER, leaves=True)
    assert "To use Thrive, accept the terms." in phone.find_element(By.ID, "form-errors").text
    press(phone, "#accept-yes", Keys.SPACE)
    press(phone, "form.stack button[type=submit]", Keys.ENTER, leaves=True)
    assert phone.current_url == server + "/onboarding/profile"
    # Imperial units, chosen at sign-up: feet, inches and pounds.
    type_into(phone, "#dateOfBirth", "04211990")
    type_into(phone, "#heightFeet", "5")
    type_into(phone, "#heightInches", "7")
    type_into(phone, "#weight", "143")
    choose(phone, "sex", "female")
    for choice in ("#allergy-peanuts", "#condition-none", "#goal-weightLoss"):
        press(phone, choice, Keys.SPACE)
    assert_accessible(phone)
    screenshot(phone, "onboarding-profile")
    press(phone, "form.stack button.button-primary", Keys.ENTER, leaves=True)
    assert phone.current_url == server + "/onboarding/optional", phone.find_element(By.TAG_NAME, "main").text
    # A weight to reach by a date, in pounds as chosen at sign-up; too fast is refused beside the date.
    type_into(phone, "#targetWeight", "120")
    type_into(phone, "#targetDate", "12152026")
    press(phone, "form.stack button.button-primary", Keys.ENTER, leaves=True)
    assert "more than the safe 0.9 kg (2 lb)" in phone.find_element(By.ID, "targetDate-error").text
    assert_accessible(phone)
    screenshot(phone, "onboarding-optional-goal")
    type_into(phone, "#targetWeight", "135")
    type_into(phone, "#targetDate", "06012027")
    press(phone, "form.stack button.button-primary", Keys.ENTER, leaves=True)
    choose(phone, "source", "manual")
    press(phone, "form.stack button.button-primary", Keys.ENTER, leaves=True)
    type_into(phone, "#pushUps", "8")
    # Each main lift has its own heaviest set; two of three given.
    type_into(phone, "[id='load-back-squat']", "95")
    type_into(phone, "[id='reps-back-squat']", "5")
    type_into(phone, "[id='load-deadlift']", "135")
    type_into(phone, "[id='reps-deadlift']", "3")
    assert_accessible(phone)
    screenshot(phone, "onboarding-baseline")
    press(phone, "form.stack button.button-primary", Keys.ENTER, leaves=True)
    assert phone.current_url == server + "/onboarding/plan"
    main = phone.find_element(By.TAG_NAME, "main").text
    assert "Why these numbers" in main and "Mifflin–St Jeor" in main
    assert "At this rate you reach" in main
    assert_accessible(phone)
    screenshot(phone, "onboarding-plan")
    press(phone, "form.stack button.button-primary", Keys.ENTER, leaves=True)
    assert phone.current_url == server + "/?welcome=1"
    assert phone.find_element(By.ID, "greeting").text.endswith("Mina")
    assert "Welcome! Start by logging your first meal or mood." in phone.find_element(By.TAG_NAME, "main").text
    assert_accessible(phone)
    screenshot(phone, "home-new")

    # The Coach tab opens with the coaching welcome's five screens, answered by keyboard too.
    phone.get(server + "/coach")
    assert phone.current_url == server + "/coach/start/welcome"
    assert_accessible(phone)
    press(phone, "form.card button.button-primary", Keys.ENTER, leaves=True)
    assert phone.current_url == server + "/coach/start/goal"
    choose(phone, "goal", "sleep")
    assert_accessible(phone)
    press(phone, "form.card button.button-primary", Keys.ENTER, leaves=True)
    choose(phone, "approach", "startSmall")
    press(phone, "#habit-windDown", Keys.SPACE)
    assert_accessible(phone)
    press(phone, "form.card button.button-primary", Keys.ENTER, leaves=True)
    assert phone.current_url == server + "/coach/start/reminders"
    assert_accessible(phone)
    press(phone, "form.card button.button-primary", Keys.ENTER, leaves=True)
    assert "Wind down before bed" in phone.find_element(By.CSS_SELECTOR, ".ready-list").text
    assert_accessible(phone)
    screenshot(phone, "coach-start-ready")
    press(phone, "form.card button.button-primary", Keys.ENTER, leaves=True)
    assert phone.current_url == server + "/coach"
    assert "Did you do Wind down before bed today?" in phone.find_element(By.ID, "chat-log").text
    press(phone, ".top-bar button", Keys.ENTER, leaves=True)
    assert phone.current_url.endswith("/login?notice=logged-out")
    assert phone.find_element(By.CSS_SELECTOR, "[role=status]").text == "You are logged out."
    phone.get(server + "/")
    assert phone.current_url == server + "/login"


def test_sign_up_errors_are_announced_and_tied_to_fields(server, phone):
    phone.get(server + "/signup")
    phone.find_element(By.ID, "email").send_keys("not-an-address")
    phone.find_element(By.ID, "password").send_keys("password")
    submit(phone, phone.find_element(By.CSS_SELECTOR, "form.stack button[type=submit]"))
    summary = phone.find_element(By.ID, "form-errors")
    assert summary.get_attribute("role") == "alert"
    assert phone.switch_to.active_element == summary, "focus moves to the error summary"
    email = phone.find_element(By.ID, "email")
    assert email.get_attribute("aria-invalid") == "true"
    described = email.get_attribute("aria-describedby")
    assert phone.find_element(By.ID, described).text.endswith("Enter an e-mail address like name@example.com.")
    assert_accessible(phone)
    screenshot(phone, "signup-errors")


def test_wrong_password_message(server, phone):
    log_in(phone, server, password="wrong-password-1")
    message = phone.find_element(By.ID, "password-error").text
    assert "The e-mail or password is not right." in message
    assert phone.find_element(By.ID, "email").get_attribute("value") == DEMO_EMAIL


def test_keyboard_reaches_main_content_first(server, phone):
    log_in(phone, server)
    body = phone.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.TAB)
    skip = phone.switch_to.active_element
    assert skip.text == "Skip to main content"
    assert skip.value_of_css_property("outline-style") == "solid"
    skip.send_keys(Keys.ENTER)
    assert phone.switch_to.active_element.get_attribute("id") == "main"


def test_pages_reflow_at_320_pixels_and_targets_are_large(server, phone):
    log_in(phone, server)
    phone.set_window_size(320, 700)
    for path in ("/", "/profile", "/pillars", "/pillars/nutrition/meals", "/pillars/nutrition/meals/add?q=apple",
                 "/pillars/nutrition/foods/09003", "/pillars/wellbeing/mood", "/pillars/nutrition/hydration",
                 "/profile/settings", "/search?q=apple", "/insights", "/pillars/nutrition", "/pillars/nutrition/plan",
                 "/pillars/fitness/plan", "/pillars/fitness/sleep", "/pillars/wellbeing/journal", "/profile/data",
                 "/profile/data/import", "/login"):
        phone.get(server + path)
        overflow = phone.execute_script("return document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert overflow <= 0, f"{path} scrolls sideways by {overflow}px"
        small = phone.execute_script(
            """
            return [...document.querySelectorAll('button, .button, .tab, .brand, input:not([type=hidden]), select, .choice')]
              .filter(e => e.offsetParent !== null)
              // A checkbox or radio is tapped through its label: the label is the target.
              .map(e => [e, (e.labels && e.labels[0]) || e])
              .map(([e, target]) => [e.outerHTML.slice(0, 60), Math.max(e.getBoundingClientRect().height, target.getBoundingClientRect().height)])
              .filter(([, h]) => h < 44);
            """)
        assert small == [], f"{path}: targets under 44px: {small}"
        assert_accessible(phone)


ZOOM_PAGES = ("/", "/pillars/fitness", "/pillars/fitness/recovery", "/pillars/nutrition/meals", "/pillars/nutrition/plan",
              "/pillars/fitness/plan", "/insights", "/profile/settings", "/profile/data", "/search?q=apple")

CLIPPED_TEXT = """
    // Text cut off by a box too small for it: an element that hides its overflow while its
    // content is wider or taller than the box.
    return [...document.querySelectorAll('main *')]
      .filter(e => e.offsetParent !== null && e.childNodes.length && e.textContent.trim())
      .filter(e => {
        const style = getComputedStyle(e);
        const hides = v => v === 'hidden' || v === 'clip';
        return (hides(style.overflowX) && e.scrollWidth > e.clientWidth + 1)
          || (hides(style.overflowY) && e.scrollHeight > e.clientHeight + 1);
      })
      .filter(e => !e.closest('.visually-hidden, .sr-only, [aria-hidden=true]'))
      .map(e => e.outerHTML.slice(0, 80));
"""


def test_pages_reflow_at_200_percent_zoom_and_text_size(server, browser):
    """WCAG 1.4.4 and 1.4.10 on a laptop: at 200 % zoom (half the CSS pixels across) nothing
    scrolls sideways or is cut off; and with the text alone at 200 % the same holds."""
    if browser.viewport != "laptop":
        return
    log_in(browser, server)
    # Browser zoom at 200 % lays the page out in half the CSS pixels at twice the density.
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": 640, "height": 400, "deviceScaleFactor": 2, "mobile": False})
    for path in ZOOM_PAGES:
        browser.get(server + path)
        assert browser.execute_script("return window.innerWidth") == 640
        overflow = browser.execute_script("return document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert overflow <= 0, f"{path} at 200 % scrolls sideways by {overflow}px"
        assert browser.execute_script(CLIPPED_TEXT) == [], f"{path} at 200 % cuts text off"
    screenshot(browser, "zoom-200-search")
    browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    for path in ZOOM_PAGES:
        browser.get(server + path)
        browser.execute_script("document.documentElement.style.fontSize = '200%'")
        overflow = browser.execute_script("return document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert overflow <= 0, f"{path} with text at 200 % scrolls sideways by {overflow}px"
        assert browser.execute_script(CLIPPED_TEXT) == [], f"{path} with text at 200 % cuts text off"


def test_not_found_page_is_friendly(server, phone):
    phone.get(server + "/no-such-page")
    assert phone.find_element(By.TAG_NAME, "h1").text == "Page not found"
    assert_accessible(phone)
