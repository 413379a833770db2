"""The library in Chromium: search, read an article to its end (the progress is kept), bookmark
it, and listen to an audio piece to its end; the media plays for a signed-in person."""
import json

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from accessibility import assert_accessible
from test_outbox import press
from test_pages import log_in


def progress(driver, piece):
    return driver.execute_async_script(
        "var done = arguments[1];"
        "fetch('/api/v1/content/' + arguments[0], {credentials: 'same-origin'})"
        ".then(function (r) { return r.json(); }).then(function (j) { done(j.progress); });", piece)


def test_search_read_bookmark_and_listen(server, phone):
    log_in(phone, server)
    phone.get(server + "/library")
    assert "Articles and guides" in phone.find_element(By.CSS_SELECTOR, ".library-kinds").text
    assert_accessible(phone, dark_too=True)

    search = phone.find_element(By.ID, "library-q")
    search.send_keys("wake time")
    search.send_keys(Keys.ENTER)
    WebDriverWait(phone, 10).until(lambda d: "found" in d.find_element(By.ID, "results-title").text)
    press(phone, phone.find_element(By.LINK_TEXT, "A wind-down that works"))
    WebDriverWait(phone, 10).until(lambda d: d.current_url.endswith("/library/wind-down"))
    assert_accessible(phone, dark_too=False)

    # Reading to the end is remembered without pressing anything.
    phone.execute_script("window.scrollTo(0, document.body.scrollHeight)")
    WebDriverWait(phone, 10).until(lambda d: progress(d, "wind-down") == 100)

    press(phone, phone.find_element(By.XPATH, "//button[@aria-pressed='false']"))
    WebDriverWait(phone, 10).until(lambda d: "saved=bookmark" in d.current_url)
    assert phone.find_element(By.XPATH, "//button[@aria-pressed='true']").text.endswith("Bookmarked")
    phone.get(server + "/library")
    shelf = phone.find_element(By.ID, "shelf-bookmarked").find_element(By.XPATH, "..").text
    assert "A wind-down that works" in shelf

    # Audio loads for a signed-in person, and listening to the end finishes the piece.
    phone.get(server + "/library/box-breathing")
    duration = phone.execute_async_script(
        "var done = arguments[0], a = document.querySelector('audio');"
        "if (a.readyState >= 1) { done(a.duration); } else { a.addEventListener('loadedmetadata', function () { done(a.duration); }); }")
    assert duration > 60
    phone.execute_script("var a = document.querySelector('audio'); a.muted = true; a.currentTime = a.duration - 0.3; a.play();")
    WebDriverWait(phone, 15).until(lambda d: progress(d, "box-breathing") == 100)
    assert "Breathe in through your nose for four counts." in phone.find_element(By.CSS_SELECTOR, ".library-text").text
