"""A training day with the keyboard alone: start the plan's next session from the dashboard, confirm
the sets as done, and see what changes next time."""
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from accessibility import assert_accessible
from conftest import screenshot
from test_pages import log_in, press, type_into


def test_start_a_planned_session_confirm_sets_and_see_next_time(server, browser):
    log_in(browser, server)
    press(browser, "a.action-logWorkout", Keys.ENTER, leaves=True)
    assert browser.current_url.endswith("/pillars/fitness/workouts")
    main = browser.find_element(By.TAG_NAME, "main").text
    assert "Next up" in main and "planned sessions done this week" in main
    assert_accessible(browser)
    screenshot(browser, "workouts")

    # The first session of every plan is strength (the next one may be cardio).
    press(browser, "section[aria-labelledby=plan-title] a[href*='session=0']", Keys.ENTER, leaves=True)
    assert "/pillars/fitness/workouts/new?session=0" in browser.current_url
    first = browser.find_element(By.CSS_SELECTOR, "input[name=exercise-0]").get_attribute("value")
    planned = browser.find_element(By.ID, "load-0-0").get_attribute("value")
    assert planned, "the demo person's history gives the first lift a load"
    assert_accessible(browser)
    screenshot(browser, "workout-session")
    # Every planned set of the first lift done at the top of its range: it must progress.
    rows = browser.find_elements(By.CSS_SELECTOR, "fieldset.exercise:first-of-type .set-row:not(.set-extra)")
    for index in range(len(rows)):
        type_into(browser, f"#reps-0-{index}", "12")
    press(browser, "form.stack button.button-primary", Keys.ENTER, leaves=True)

    toast = browser.find_element(By.CSS_SELECTOR, ".toast").text
    assert toast.startswith("Workout added.")
    assert "Next time" in toast and f"{first}:" in toast and "%" in toast, toast
    assert_accessible(browser)
    screenshot(browser, "workout-saved")
