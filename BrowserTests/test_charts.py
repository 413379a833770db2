"""Charts in Deep mode, in real Chromium: exact values on hover and from the keyboard, legend
toggles, zoom in place, and axe-core on every page that draws a heatmap, rings or bars."""
from contextlib import contextmanager

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from accessibility import assert_accessible
from conftest import screenshot
from test_pages import focus_by_tab, log_in, press


def visible_chart(driver, section):
    """The drawing the page shows at this width (wide on laptops, compact on phones)."""
    for svg in driver.find_elements(By.CSS_SELECTOR, f"#{section} svg.chart"):
        if svg.is_displayed():
            return svg
    raise AssertionError(f"no chart shown in #{section}")


def hover(driver, node):
    """Moves the pointer onto `node`, scrolled into view first (pointer actions do not scroll)."""
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", node)
    ActionChains(driver).move_to_element(node).perform()


def tip(driver, section):
    node = driver.find_element(By.CSS_SELECTOR, f"#{section} .chart-tip")
    return node.text if node.is_displayed() else None


def deep_mode(driver, server):
    driver.get(server + "/")
    press(driver, "button.mode-button[value=deep]", Keys.ENTER, leaves=True)


@contextmanager
def logged_in_deep(driver, server):
    """The demo person in Deep mode for the block, back in Light mode after it (the server is shared)."""
    log_in(driver, server)
    deep_mode(driver, server)
    try:
        yield
    finally:
        driver.get(server + "/")
        press(driver, "button.mode-button[value=light]", Keys.ENTER, leaves=True)


def test_values_show_on_hover_and_from_the_keyboard(server, browser):
    with logged_in_deep(browser, server):
        browser.get(server + "/pillars/fitness/activity")
        section = "chart-steps-section"
        chart = visible_chart(browser, section)
        bars = chart.find_elements(By.CSS_SELECTOR, "rect.bar")
        # 30 days in Deep mode by default; just after midnight today has no steps yet, so no bar.
        assert len(bars) in (29, 30), len(bars)
        hover(browser, bars[-1])
        WebDriverWait(browser, 5).until(lambda d: tip(d, section) == bars[-1].get_attribute("data-label"))
        assert tip(browser, section).split(": ")[1].replace(",", "").isdigit(), "the exact count of steps"

        # Keyboard: Tab to the chart, arrows walk the days, the value is announced.
        css = "#chart-steps" if browser.viewport == "laptop" else "#chart-steps-compact"
        focus_by_tab(browser, css).send_keys(Keys.HOME)
        assert tip(browser, section) == bars[0].get_attribute("data-label")
        browser.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
        assert tip(browser, section) == bars[1].get_attribute("data-label")
        live = browser.find_element(By.CSS_SELECTOR, f"#{section} .chart-live")
        assert live.get_attribute("aria-live") == "polite"
        assert live.get_attribute("textContent") == tip(browser, section), "screen readers hear the value"
        browser.switch_to.active_element.send_keys(Keys.ESCAPE)
        assert tip(browser, section) is None

        # The heatmap's cells answer too.
        heat = visible_chart(browser, "chart-rhythm-section")
        cell = heat.find_elements(By.CSS_SELECTOR, "rect.cell[data-label]")[9 + 24 * 5]
        hover(browser, cell)
        WebDriverWait(browser, 5).until(lambda d: tip(d, "chart-rhythm-section") == cell.get_attribute("data-label"))
        assert cell.get_attribute("data-label").startswith("Sat 09:00–10:00: ")
        assert_accessible(browser)
        screenshot(browser, "activity-deep")


def test_legend_toggles_and_zoom_in_place(server, browser):
    with logged_in_deep(browser, server):
        browser.get(server + "/pillars/fitness/recovery")
        section = "chart-resting-heart-rate-section"
        toggles = browser.find_elements(By.CSS_SELECTOR, f"#{section} .chart-toggles button")
        assert [t.text for t in toggles] == ["Resting heart rate", "Trend"]
        trend = visible_chart(browser, section).find_element(By.CSS_SELECTOR, ".trend")
        assert trend.is_displayed()
        press(browser, f"#{section} .chart-toggles button:nth-child(2)", Keys.ENTER)
        assert toggles[1].get_attribute("aria-pressed") == "false"
        assert not trend.is_displayed()
        toggles[1].send_keys(Keys.ENTER)
        assert trend.is_displayed()

        # Zoom in: only this chart is replaced (no reload), its range is in the address, focus on its heading.
        browser.execute_script("window.stayedOnPage = true")
        # Read the title in one script call: the chart is swapped out under us, so a held element goes stale.
        title = lambda d: d.execute_script(
            "const t = document.querySelector(arguments[0]); return t && t.textContent", f"#{section} svg.chart title"
        )
        assert title(browser) == "Resting heart rate, last 30 days"
        press(browser, f"#{section} .chart-moves a:nth-child(2)", Keys.ENTER)
        WebDriverWait(browser, 10).until(lambda d: " to " in title(d))
        assert browser.execute_script("return window.stayedOnPage") is True
        assert "from=" in browser.current_url and "to=" in browser.current_url
        assert browser.switch_to.active_element.get_attribute("id") == "chart-resting-heart-rate-heading"
        assert len(visible_chart(browser, section).find_elements(By.CSS_SELECTOR, "circle.dot")) == 15
        assert_accessible(browser)


def test_deep_dashboard_rings_and_long_ranges_are_accessible(server, browser):
    with logged_in_deep(browser, server):
        browser.get(server + "/")
        rings = browser.find_elements(By.CSS_SELECTOR, ".goal-ring svg[role=img]")
        assert len(rings) == 3
        assert rings[0].find_element(By.TAG_NAME, "title").get_attribute("textContent").startswith("Steps today: ")
        assert_accessible(browser)
        for path in ["/pillars/nutrition/meals?range=365", "/pillars/fitness/sleep?range=90", "/pillars/wellbeing/mood?range=365"]:
            browser.get(server + path)
            assert browser.find_elements(By.CSS_SELECTOR, "svg.chart[role=img]"), path
            assert_accessible(browser)
