"""A habit tapped Done with no connection is kept in the encrypted outbox as a sync change, and
reaches the server when the connection is back; the page says so both times."""
import json
import urllib.request

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import start_server
from test_offline import controlled, go_offline
from test_outbox import api, go_online, press, stored_items, toast
from test_pages import DEMO_EMAIL, DEMO_PASSWORD, log_in


def test_a_done_tapped_offline_reaches_the_server(phone):
    base, process = start_server()
    try:
        log_in(phone, base)
        phone.get(base + "/")
        controlled(phone)
        cards = [c for c in phone.find_elements(By.CSS_SELECTOR, ".home-habits .habit-card")
                 if c.find_elements(By.CSS_SELECTOR, "form[data-habit-action] button[name=action][value=done]")]
        assert cards, "a habit with Done on the home page"
        card = cards[0]
        habit = card.get_attribute("id")[len("habit-"):]

        # Online with nothing waiting, the page carries no outbox; it comes when the connection goes.
        assert phone.execute_script("return typeof window.ThriveOutbox") == "undefined"
        go_offline(phone)
        WebDriverWait(phone, 10).until(lambda d: d.execute_script("return navigator.onLine") is False)
        WebDriverWait(phone, 10).until(lambda d: d.execute_script("return typeof window.ThriveOutbox") == "object")
        done = card.find_element(By.CSS_SELECTOR, "button[name=action][value=done]")
        press(phone, done)
        WebDriverWait(phone, 10).until(
            lambda d: "It will sync when you're back online." in d.find_element(By.ID, "habit-toast").text)
        items = stored_items(phone)
        assert [item["state"] for item in items] == ["queued"]
        assert habit not in items[0]["text"], "kept encrypted"

        go_online(phone)
        phone.execute_script("window.dispatchEvent(new Event('online'))")
        toast(phone, "Synced")
        token = api(base, "POST", "/api/v1/auth/login", {"email": DEMO_EMAIL, "password": DEMO_PASSWORD})["accessToken"]
        habits = api(base, "GET", "/api/v1/habits", token=token)["habits"]
        assert next(h for h in habits if h["id"] == habit)["today"]["outcome"] == "done"
    finally:
        process.terminate()
        process.wait(timeout=20)
