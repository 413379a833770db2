"""High contrast in Chromium: the setting (or the system's "more contrast") turns every page's text
to at least 7:1 against its background (WCAG AAA, axe's color-contrast-enhanced rule), in the light
and the dark theme, and turning it off brings the usual colours back."""
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from accessibility import axe_source
from test_outbox import press
from test_pages import log_in

PAGES = ("/", "/pillars/wellbeing/habits", "/pillars/wellbeing/habits/progress", "/coach", "/pillars/nutrition",
         "/profile/settings", "/profile/achievements")


def enhanced_contrast_failures(driver):
    driver.execute_script(axe_source())
    return driver.execute_async_script(
        """
        const done = arguments[arguments.length - 1];
        axe.run(document, {runOnly: {type: 'rule', values: ['color-contrast-enhanced']}})
          .then(r => done(r.violations.flatMap(v => v.nodes.map(n => n.target.join(' ') + ': ' + n.failureSummary))))
          .catch(e => done(['axe failed: ' + e]));
        """)


def contrast(driver):
    return driver.execute_script("return document.documentElement.getAttribute('data-contrast')")


def toggle(driver, wanted):
    box = driver.find_element(By.CSS_SELECTOR, "input[type=checkbox][name='display.highContrast']")
    if box.is_selected() != wanted:
        press(driver, box)
    WebDriverWait(driver, 10).until(lambda d: (contrast(d) == "more") == wanted)


def test_high_contrast_reaches_seven_to_one_on_every_page(server, browser):
    log_in(browser, server)
    browser.get(server + "/profile/settings")
    assert contrast(browser) is None
    usual = browser.execute_script("return getComputedStyle(document.querySelector('.muted') || document.body).color")

    toggle(browser, True)
    assert browser.execute_script("return getComputedStyle(document.body).color") == "rgb(0, 0, 0)"
    assert browser.execute_script("return getComputedStyle(document.querySelector('.muted')).color") != usual
    for path in PAGES:
        browser.get(server + path)
        assert contrast(browser) == "more", path
        assert enhanced_contrast_failures(browser) == [], path
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia",
                                {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
        try:
            assert enhanced_contrast_failures(browser) == [], f"{path}, dark theme"
        finally:
            browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})

    browser.get(server + "/profile/settings")
    toggle(browser, False)
    browser.get(server + "/")
    assert contrast(browser) is None


def test_the_systems_more_contrast_turns_it_on_without_the_setting(server, phone):
    log_in(phone, server)
    phone.get(server + "/")
    assert contrast(phone) is None
    phone.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-contrast", "value": "more"}]})
    try:
        WebDriverWait(phone, 5).until(lambda d: contrast(d) == "more")
        phone.get(server + "/pillars")
        WebDriverWait(phone, 5).until(lambda d: contrast(d) == "more")
    finally:
        phone.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
    WebDriverWait(phone, 5).until(lambda d: contrast(d) is None)
