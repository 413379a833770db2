"""Daily use with the keyboard alone, at phone and laptop widths: log a meal found by search, see the
dashboard change, switch Light and Deep, change the theme."""
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from accessibility import assert_accessible
from conftest import screenshot
from test_pages import log_in, press, type_into


def meals_logged(driver):
    for figure in driver.find_elements(By.CSS_SELECTOR, ".figure"):
        if figure.find_element(By.CSS_SELECTOR, ".figure-label").text == "Meals logged":
            return int(figure.find_element(By.CSS_SELECTOR, ".figure-value").text)
    raise AssertionError("the dashboard shows no meal count")


def test_log_a_meal_by_search_and_see_the_dashboard_change(server, browser):
    log_in(browser, server)
    before = meals_logged(browser)
    press(browser, "a.action-logMeal", Keys.ENTER, leaves=True)
    assert "/pillars/nutrition/meals/add" in browser.current_url
    type_into(browser, "#q", "banana raw")
    browser.switch_to.active_element.send_keys(Keys.ENTER)
    WebDriverWait(browser, 10).until(lambda d: "q=banana" in d.current_url)
    assert_accessible(browser)
    screenshot(browser, "meal-search")
    press(browser, "a.food-link[href^='/pillars/nutrition/foods/09040']", Keys.ENTER, leaves=True)
    assert browser.find_element(By.TAG_NAME, "h1").text == "Bananas, raw"
    type_into(browser, "#servings", "2")
    assert_accessible(browser)
    screenshot(browser, "food")
    press(browser, "form[data-portion-form] button.button-primary", Keys.ENTER, leaves=True)
    assert browser.find_element(By.CSS_SELECTOR, ".toast").text.startswith("Meal added.")
    # Focus lands on the confirmation (once the page's script has run), not on the page's body.
    WebDriverWait(browser, 10).until(lambda d: "toast" in (d.switch_to.active_element.get_attribute("class") or ""))
    assert "Bananas, raw" in browser.find_element(By.TAG_NAME, "main").text
    assert_accessible(browser)
    screenshot(browser, "meals-day")

    press(browser, ".tab-bar a[href='/']", Keys.ENTER, leaves=True)
    assert meals_logged(browser) == before + 1

    # Both modes: each pillar's week of scores as a sparkline (spec F4.3, dashboard).
    assert len(browser.find_elements(By.CSS_SELECTOR, "svg.sparkline[role=img]")) == 3
    # Deep mode: more insights, goal rings and the recent activity with the banana.
    press(browser, "button.mode-button[value=deep]", Keys.ENTER, leaves=True)
    main = browser.find_element(By.TAG_NAME, "main").text
    assert "Recent activity" in main and "Bananas, raw" in main
    assert len(browser.find_elements(By.CSS_SELECTOR, ".goal-ring svg.chart-ring[role=img]")) == 3
    assert_accessible(browser)
    screenshot(browser, "home-deep")
    press(browser, "button.mode-button[value=light]", Keys.ENTER, leaves=True)
    assert browser.find_elements(By.CSS_SELECTOR, ".goal-ring") == []


def test_food_search_answers_as_the_person_types(server, browser):
    log_in(browser, server)
    browser.get(server + "/pillars/nutrition/meals/add?slot=breakfast")
    field = browser.find_element(By.ID, "q")
    for letter in "porrid":
        field.send_keys(letter)
    first = WebDriverWait(browser, 10).until(
        lambda d: d.find_elements(By.CSS_SELECTOR, "#food-results a.food-link"))[0]
    # The everyday name finds the plain food first: cooked oats, not breads and cookies.
    assert first.get_attribute("href").split("/foods/")[1].startswith("08121"), first.text
    assert "q=porrid" in browser.current_url, "the address keeps the search for back and reload"
    status = browser.find_element(By.ID, "food-status")
    assert status.get_attribute("role") == "status" and status.text, "the count is read out"
    assert browser.switch_to.active_element == field, "typing goes on where it was"
    assert_accessible(browser)
    # Tab reaches the first result from the search box (after the button).
    field.send_keys(Keys.TAB, Keys.TAB)
    assert browser.switch_to.active_element.get_attribute("href") == first.get_attribute("href")
    field.clear()
    field.send_keys("o")
    WebDriverWait(browser, 10).until(lambda d: not d.find_elements(By.CSS_SELECTOR, "#food-results a.food-link"))


def test_theme_changes_at_once_and_everywhere(server, browser):
    log_in(browser, server)
    browser.get(server + "/profile/settings")
    theme = press_to_select(browser, "#display-theme", "Dark")
    WebDriverWait(browser, 10).until(
        lambda d: d.find_element(By.TAG_NAME, "html").get_attribute("data-theme") == "dark")
    assert browser.find_element(By.ID, "settings-status").text == "Saved."
    assert theme.get_attribute("value") == "dark"
    background = browser.execute_script("return getComputedStyle(document.body).backgroundColor")
    assert background == "rgb(13, 17, 23)", background
    assert_accessible(browser)
    screenshot(browser, "settings-dark")
    browser.get(server + "/pillars")
    assert browser.find_element(By.TAG_NAME, "html").get_attribute("data-theme") == "dark"
    assert_accessible(browser)
    browser.get(server + "/profile/settings")
    press_to_select(browser, "#display-theme", "Auto")
    WebDriverWait(browser, 10).until(
        lambda d: d.find_element(By.TAG_NAME, "html").get_attribute("data-theme") == "auto")


def press_to_select(driver, css, label):
    """Chooses an option of a select by typing its first letters, as keyboard users do."""
    from test_pages import focus_by_tab
    field = focus_by_tab(driver, css)
    field.send_keys(label)
    return field


def test_the_dashboard_refreshes_in_place_with_placeholders(server, phone):
    log_in(phone, server)
    phone.execute_cdp_cmd("Network.enable", {})
    slow = {"offline": False, "latency": 1500, "downloadThroughput": -1, "uploadThroughput": -1}
    phone.execute_cdp_cmd("Network.emulateNetworkConditions", slow)
    press(phone, "a[data-refresh]", Keys.ENTER)
    board = phone.find_element(By.CSS_SELECTOR, ".dashboard")
    assert "is-refreshing" in board.get_attribute("class"), "placeholders while loading"
    assert phone.find_element(By.ID, "main").get_attribute("aria-busy") == "true"
    screenshot(phone, "home-refreshing")
    WebDriverWait(phone, 15).until(lambda d: d.find_element(By.ID, "refresh-status").text == "Dashboard updated.")
    assert phone.find_elements(By.CSS_SELECTOR, ".is-refreshing") == []
    assert phone.find_element(By.ID, "main").get_attribute("aria-busy") is None
    assert len(phone.find_elements(By.CSS_SELECTOR, ".score-tile")) == 3

    phone.execute_cdp_cmd("Network.emulateNetworkConditions", dict(slow, offline=True, latency=0))
    press(phone, "a[data-refresh]", Keys.ENTER)
    WebDriverWait(phone, 15).until(lambda d: d.find_element(By.ID, "refresh-status").text.startswith("Could not refresh."))
    assert phone.find_elements(By.CSS_SELECTOR, ".is-refreshing") == [], "the old figures come back"
    phone.execute_cdp_cmd("Network.emulateNetworkConditions", dict(slow, latency=0))
