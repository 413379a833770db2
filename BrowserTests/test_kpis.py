"""The five KPI cards are tappable (spec 004, §9): a tap anywhere on a card opens its detail view, and
its quick actions open theirs; a keyboard reaches both."""
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from accessibility import assert_accessible
from conftest import screenshot
from test_pages import log_in, press


def card(driver, title):
    return driver.find_element(By.XPATH, f"//li[contains(@class,'kpi-card')][.//a[normalize-space()='{title}']]")


def tap(driver, element, x, y):
    """Taps a point of an element, as a finger would: whatever is drawn there gets the click."""
    driver.execute_script(
        "arguments[0].scrollIntoView({block: 'center'});"
        "const s = arguments[0].getBoundingClientRect();"
        "document.elementFromPoint(s.left + arguments[1], s.top + arguments[2]).click();",
        element, x, y)


def test_a_card_opens_its_detail_and_its_quick_actions_theirs(server, phone):
    log_in(phone, server)
    cards = phone.find_elements(By.CSS_SELECTOR, ".kpi-card")
    assert len(cards) == 5
    assert_accessible(phone)
    screenshot(phone, "kpi-cards")

    # A tap on the card's value (not its title) opens the card's detail view.
    value = card(phone, "Sleep last night").find_element(By.CSS_SELECTOR, ".kpi-value")
    tap(phone, value, 4, 4)
    WebDriverWait(phone, 10).until(lambda d: d.current_url.endswith("/pillars/fitness/sleep"))
    phone.back()

    # The quick actions sit above the card's link: "Log meal" opens the food search, not the card.
    log_meal = card(phone, "Calories remaining").find_element(By.XPATH, ".//a[normalize-space()='Log meal']")
    tap(phone, log_meal, 8, 8)
    WebDriverWait(phone, 10).until(lambda d: "/pillars/nutrition/meals/add" in d.current_url)
    phone.back()

    # By keyboard: "Start workout" opens the form with the week's next planned session.
    press(phone, "a[href='/pillars/fitness/workouts/new?session=next']", Keys.ENTER, leaves=True)
    assert "/pillars/fitness/workouts/new?session=next" in phone.current_url
    main = phone.find_element(By.TAG_NAME, "main").text
    assert "Filled in from your plan." in main and "Log an activity" not in main
    phone.back()
    press(phone, "a.kpi-link[href='/pillars/fitness/plan']", Keys.ENTER, leaves=True)
    assert phone.current_url.endswith("/pillars/fitness/plan")
