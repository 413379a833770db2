"""Interface icons are Thrive's own SVG (assets/icons.svg) and show on a machine without an emoji
font, as Debian's Chromium is; a habit's own emoji, which no SVG can stand for, gives way to the
habit's initial there instead of an empty box."""
from selenium.webdriver.common.by import By

from accessibility import assert_accessible
from conftest import screenshot
from test_pages import log_in


def test_icons_draw_without_an_emoji_font(server, browser):
    log_in(browser, server)
    browser.get(server + "/pillars/wellbeing/habits")
    assert "no-emoji" in browser.find_element(By.TAG_NAME, "html").get_attribute("class"), \
        "this Chromium draws no emoji, and the page knows it"
    flames = browser.find_elements(By.CSS_SELECTOR, ".streak-flame svg.icon use")
    assert flames, "the streak flame is an SVG icon"
    width = browser.execute_script(
        "return arguments[0].closest('svg').getBoundingClientRect().width", flames[0])
    assert width > 8, "and it is drawn"
    drawn = browser.execute_script("""
        const use = document.querySelector('.streak-flame use');
        return fetch(use.getAttribute('href').split('#')[0]).then(r => r.text()).then(t => t.includes('id="flame"'));""")
    assert drawn, "the sprite holds the flame"
    initials = browser.execute_script("""
        return [...document.querySelectorAll('.habit-card .habit-icon.emoji')].map(e =>
            getComputedStyle(e, '::before').content.replace(/"/g, '') + '|' + getComputedStyle(e).fontSize);""")
    assert initials and all(len(item.split("|")[0]) == 1 and item.split("|")[1] == "0px" for item in initials), initials
    names = [n.text for n in browser.find_elements(By.CSS_SELECTOR, ".habit-card .habit-name")]
    assert [i.split("|")[0] for i in initials] == [n[0].upper() for n in names], "each habit's own initial"
    hidden = browser.execute_script("""
        return [...document.querySelectorAll('.emoji:not([data-initial])')].filter(e => e.offsetWidth > 0).length;""")
    assert hidden == 0, "other emoji are left out rather than drawn as boxes"
    assert_accessible(browser)
    screenshot(browser, "habits-icons")

    browser.get(server + "/profile/achievements")
    icons = browser.find_elements(By.CSS_SELECTOR, ".achievement-badge .badge-icon svg.icon use")
    assert len(icons) == 6, "every achievement has its SVG icon"
    browser.get(server + "/library")
    assert browser.find_elements(By.CSS_SELECTOR, ".library-kinds svg.icon"), "the kinds of pieces have theirs"
