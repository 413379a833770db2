"""Programs in Chromium: a person joins a program, reads day 1, marks it done, sees it on the home
page with its habits, and leaves it again after ticking the confirmation."""
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from accessibility import assert_accessible
from test_outbox import press
from test_pages import log_in

BASE = "/pillars/wellbeing/programs"


def card(driver, title):
    for item in driver.find_elements(By.CSS_SELECTOR, ".program-card"):
        if item.find_element(By.CSS_SELECTOR, ".program-title").text == title:
            return item
    raise AssertionError(f"no card for {title}")


def arrive(driver, path):
    WebDriverWait(driver, 10).until(lambda d: path in d.current_url)


def test_join_read_mark_and_leave_a_program(server, phone):
    log_in(phone, server)
    phone.get(server + BASE)
    assert_accessible(phone, dark_too=False)
    press(phone, card(phone, "Mindful minutes").find_element(By.XPATH, ".//button[starts-with(normalize-space(.), 'Join')]"))
    arrive(phone, "/mindful-minutes/days/1")
    assert "You’ve joined Mindful minutes." in phone.find_element(By.CSS_SELECTOR, ".notice").text
    assert phone.find_element(By.TAG_NAME, "h1").text == "Day 1: Five minutes is enough"
    assert_accessible(phone, dark_too=False)

    press(phone, phone.find_element(By.XPATH, "//button[normalize-space(.)='Mark this day done']"))
    arrive(phone, "marked=1")
    assert "You’ve done this day." in phone.find_element(By.CSS_SELECTOR, ".lesson").text

    phone.get(server + "/")
    programs = phone.find_element(By.CSS_SELECTOR, ".home-programs")
    assert "Mindful minutes · Day 1 of 10" in programs.text
    names = [n.text for n in phone.find_elements(By.CSS_SELECTOR, ".home-habits .habit-name")]
    assert "Three good things" in names, "the program's habits are on today's list"

    phone.get(server + BASE + "/mindful-minutes")
    outline = phone.find_elements(By.CSS_SELECTOR, ".program-outline-day")
    assert "day-done" in outline[0].get_attribute("class")
    assert_accessible(phone, dark_too=False)
    leave = phone.find_element(By.CSS_SELECTOR, "details.card summary")
    press(phone, leave)
    press(phone, phone.find_element(By.CSS_SELECTOR, "label[for=confirm-leave]"))
    press(phone, phone.find_element(By.CSS_SELECTOR, "details.card button.button-danger"))
    arrive(phone, "left=mindful-minutes")
    assert "You left Mindful minutes." in phone.find_element(By.CSS_SELECTOR, ".notice").text
    phone.get(server + "/")
    assert not phone.find_elements(By.CSS_SELECTOR, ".home-programs")
