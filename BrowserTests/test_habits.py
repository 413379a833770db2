"""Habits in Chromium: a tap on a home-page card checks the habit in without leaving the page,
Undo puts the day back, focus stays on the card, and a count goes up one tap at a time."""
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from accessibility import assert_accessible
from test_outbox import press
from test_pages import log_in


def card(driver, name):
    for item in driver.find_elements(By.CSS_SELECTOR, ".habit-card"):
        if item.find_element(By.CSS_SELECTOR, ".habit-name").text == name:
            return item
    raise AssertionError(f"no card for {name}")


def tap(driver, name, action):
    press(driver, card(driver, name).find_element(By.CSS_SELECTOR, f"form[data-habit-action] button[value='{action}']"))


def settle(driver):
    """Waits across the card being swapped for the server's fresh one."""
    return WebDriverWait(driver, 10, ignored_exceptions=[StaleElementReferenceException])


def wait_for_class(driver, name, css_class):
    settle(driver).until(lambda d: css_class in card(d, name).get_attribute("class"))


def test_done_and_undo_on_the_home_page_without_a_reload(server, browser):
    log_in(browser, server)
    browser.get(server + "/")
    browser.execute_script("window.stayedOnPage = true")
    wait_for_class(browser, "Meditation", "habit-pending")
    tap(browser, "Meditation", "done")
    wait_for_class(browser, "Meditation", "habit-done")
    toast = browser.find_element(By.ID, "habit-toast")
    assert "Meditation: Done." in toast.text
    assert browser.execute_script("return window.stayedOnPage") is True, "the page was not reloaded"
    assert browser.switch_to.active_element.text.startswith("Reset"), "focus stays on the card"
    assert_accessible(browser, dark_too=False)

    press(browser, toast.find_element(By.TAG_NAME, "button"))
    wait_for_class(browser, "Meditation", "habit-pending")
    assert "Meditation: back as it was." in browser.find_element(By.ID, "habit-toast").text
    assert browser.execute_script("return window.stayedOnPage") is True


def test_a_count_goes_up_one_tap_at_a_time_on_a_phone(server, phone):
    log_in(phone, server)
    phone.get(server + "/pillars/wellbeing/habits")
    before = card(phone, "Drink water").find_element(By.CSS_SELECTOR, ".habit-state-word").text
    assert before == "Not started"
    # The phone's vibration, recorded: a tap that counts is confirmed with a short buzz.
    phone.execute_script("window.buzzes = []; navigator.vibrate = function (p) { window.buzzes.push(p); return true; };")
    tap(phone, "Drink water", "add")
    settle(phone).until(
        lambda d: card(d, "Drink water").find_element(By.CSS_SELECTOR, ".habit-state-word").text == "1 of 8 glasses")
    assert card(phone, "Drink water").find_element(By.CSS_SELECTOR, ".habit-dots").text == "●○○○○○○○"
    settle(phone).until(lambda d: d.execute_script("return window.buzzes") == [15])
    # Put the day back for the other tests: taking a check-in back does not buzz.
    tap(phone, "Drink water", "clear")
    settle(phone).until(
        lambda d: card(d, "Drink water").find_element(By.CSS_SELECTOR, ".habit-state-word").text == "Not started")
    assert phone.execute_script("return window.buzzes") == [15]


def test_the_form_shows_only_the_fields_that_apply(server, phone):
    log_in(phone, server)
    phone.get(server + "/pillars/wellbeing/habits/new")
    target = phone.find_element(By.ID, "target")
    assert not target.is_displayed(), "a yes/no habit has no target"
    press(phone, phone.find_element(By.CSS_SELECTOR, "label[for=measure-count]"))
    assert target.is_displayed()
    assert not phone.find_element(By.ID, "weekday-2").is_displayed()
    press(phone, phone.find_element(By.CSS_SELECTOR, "label[for=schedule-days]"))
    assert phone.find_element(By.ID, "weekday-2").is_displayed()


def test_the_streak_flame_flickers_unless_motion_is_reduced(server, phone):
    log_in(phone, server)
    phone.get(server + "/")
    flame = "return getComputedStyle(document.querySelector('.habit-card .streak-flame')).animationName"
    assert phone.execute_script(flame) == "flicker"
    assert phone.execute_script(
        "return getComputedStyle(document.querySelector('.habit-card .streak-flame')).animationIterationCount") == "3"
    phone.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
    try:
        assert phone.execute_script(flame) == "none"
    finally:
        phone.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
