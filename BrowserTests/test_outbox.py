"""Logging offline: entries made with no connection wait in the encrypted outbox, show in Settings
with their count, and reach the server when it is back, with "Synced N entries"; an offline edit
that meets a change made meanwhile is settled by the person in the conflict view."""
import json
import tempfile
import urllib.request
from datetime import date, timedelta
from urllib.parse import parse_qs, urlparse

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from accessibility import assert_accessible
from conftest import screenshot, start_server
from test_offline import controlled, go_offline
from test_pages import DEMO_EMAIL, DEMO_PASSWORD, log_in, submit


def go_online(driver):
    driver.execute_cdp_cmd("Network.emulateNetworkConditions", {
        "offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})


def toast(driver, words, timeout=40):
    """Waits until the sync toast says `words`; returns its text."""
    return WebDriverWait(driver, timeout).until(lambda d: next(
        (t.text for t in d.find_elements(By.CSS_SELECTOR, ".sync-toast") if words in t.text), False))


def press(driver, element):
    """Clicks an element once it is scrolled clear of the phone's tab bar."""
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    element.click()


def pick(driver, name, value):
    press(driver, driver.find_element(By.CSS_SELECTOR, f"label[for='{name}-{value}']"))


def api(base, method, path, body=None, token=None):
    request = urllib.request.Request(base + path, method=method, data=json.dumps(body).encode() if body else None)
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", "Bearer " + token)
    with urllib.request.urlopen(request, timeout=30) as reply:
        return json.loads(reply.read() or b"null")


def stored_items(driver):
    """The outbox's records as IndexedDB holds them: state in clear, the entry as bytes."""
    return driver.execute_async_script("""
        var done = arguments[0];
        var open = indexedDB.open("thrive-offline");
        open.onsuccess = function () {
          var all = open.result.transaction("items").objectStore("items").getAll();
          all.onsuccess = function () {
            done(all.result.map(function (item) {
              return { state: item.state, text: new TextDecoder("latin1").decode(item.data) };
            }));
          };
        };""")


def key_is_sealed(driver):
    return driver.execute_async_script("""
        var done = arguments[0];
        var open = indexedDB.open("thrive-offline");
        open.onsuccess = function () {
          var get = open.result.transaction("keys").objectStore("keys").get("outbox");
          get.onsuccess = function () {
            var key = get.result;
            crypto.subtle.exportKey("raw", key).then(function () { done("exported"); },
              function () { done(key.extractable === false && key.algorithm.name === "AES-GCM"); });
          };
        };""")


def test_entries_logged_offline_reach_the_server_when_it_is_back(phone):
    data = tempfile.mkdtemp(prefix="thrive-outbox-")
    base, process = start_server(data)
    port = urlparse(base).port
    again = None
    try:
        log_in(phone, base)
        phone.get(base + "/")
        controlled(phone)
        for path in ["/pillars/wellbeing/mood", "/pillars/wellbeing/journal", "/insights", "/profile/settings"]:
            phone.get(base + path)
        phone.get(base + "/pillars/fitness/workouts")
        new_workout = phone.find_element(By.CSS_SELECTOR, "a[href*='/workouts/new?date=']").get_attribute("href")
        phone.get(new_workout)

        process.terminate()
        process.wait(timeout=20)
        go_offline(phone)

        phone.get(base + "/pillars/wellbeing/mood")
        WebDriverWait(phone, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".offline-banner"))
        form = phone.find_element(By.CSS_SELECTOR, "form[data-sync-kind='moodCheckIn']")
        press(phone, form.find_element(By.CSS_SELECTOR, "button[type=submit]"))
        error = WebDriverWait(phone, 10).until(lambda d: d.find_element(By.CSS_SELECTOR, ".offline-form-error"))
        assert "Fill this in" in error.text, "a mood is needed, said before anything is kept"
        pick(phone, "mood", 4)
        phone.find_element(By.ID, "note").send_keys("Logged on the plane")
        press(phone, form.find_element(By.CSS_SELECTOR, "button[type=submit]"))
        assert "Saved on this device" in toast(phone, "Saved on this device")

        phone.get(base + "/pillars/wellbeing/journal")
        phone.find_element(By.ID, "text").send_keys("Written somewhere over the Atlantic")
        press(phone, phone.find_element(By.CSS_SELECTOR, "form[data-sync-kind='journalEntry'] button[type=submit]"))
        toast(phone, "Saved on this device")

        # Kept encrypted: the words are nowhere in what IndexedDB holds, and the key cannot be read out.
        items = stored_items(phone)
        assert [item["state"] for item in items] == ["queued", "queued"]
        assert not any("plane" in item["text"] or "Atlantic" in item["text"] for item in items)
        assert key_is_sealed(phone) is True

        phone.get(new_workout)
        Select(phone.find_element(By.ID, "activity")).select_by_value("running")
        phone.find_element(By.ID, "minutes").send_keys("31")
        phone.find_element(By.ID, "distance").send_keys("5.2")
        press(phone, phone.find_element(By.CSS_SELECTOR, "form[data-sync-kind='workout'] button[type=submit]"))
        toast(phone, "Saved on this device")

        # What needs the server says so.
        phone.get(base + "/insights")
        note = phone.find_element(By.CSS_SELECTOR, "[data-offline-note]")
        assert note.is_displayed() and "New insights will load when online." in note.text

        # A setting changed offline waits too.
        phone.get(base + "/profile/settings")
        theme = phone.find_element(By.CSS_SELECTOR, "select[name='display.theme']")
        phone.execute_script("arguments[0].scrollIntoView({block: 'center'})", theme)
        theme.find_element(By.CSS_SELECTOR, "option[value='dark']").click()
        toast(phone, "Saved on this device")
        count = WebDriverWait(phone, 10).until(lambda d: d.find_element(By.CSS_SELECTOR, "[data-outbox-count]"))
        WebDriverWait(phone, 10).until(lambda d: "4 entries waiting to sync" in count.text)
        listed = phone.find_element(By.CSS_SELECTOR, "[data-outbox-list]").text
        assert listed.index("Mood") < listed.index("Journal") < listed.index("Settings"), "oldest first"
        assert_accessible(phone)
        screenshot(phone, "outbox-waiting")

        # Back online but the server still away: three retries, then the spec's message.
        phone.execute_script("window.ThriveOutbox.retryBase = 100;")
        go_online(phone)
        assert "Will retry automatically" in toast(phone, "Sync failed")
        assert len(stored_items(phone)) == 4, "nothing lost"

        # The server is back: the next try (every 20 seconds while anything waits) sends it all.
        _, again = start_server(data, port)
        said = toast(phone, "Synced", timeout=60)
        assert "Synced 4 entries" in said
        WebDriverWait(phone, 10).until(lambda d: "Nothing waiting to sync" in count.text)
        token = api(base, "POST", "/api/v1/auth/login", {"email": DEMO_EMAIL, "password": DEMO_PASSWORD})["accessToken"]
        assert api(base, "GET", "/api/v1/mobile/settings", token=token)["display"]["theme"] == "dark"
        # A run of 31 minutes ending now belongs to the day it started: yesterday, just after midnight.
        logged_on = date.fromisoformat(parse_qs(urlparse(new_workout).query)["date"][0])
        workouts = [w for day in (logged_on - timedelta(days=1), logged_on)
                    for w in api(base, "GET", f"/api/v1/entries/workouts?date={day}", token=token)["entries"]]
        run = [w for w in workouts if w["activityType"] == "running" and w["minutes"] == 31]
        assert run and round(run[0]["distanceMetres"]) == 5200, workouts

        phone.get(base + "/pillars/wellbeing/mood")
        assert "Logged on the plane" in phone.find_element(By.CSS_SELECTOR, ".entry-list").text, "on the server"
        phone.get(base + "/pillars/wellbeing/journal")
        assert "Written somewhere over the Atlantic" in phone.find_element(By.CSS_SELECTOR, ".entry-list").text
        assert stored_items(phone) == []
    finally:
        for running in [process, again]:
            if running and running.poll() is None:
                running.terminate()
                running.wait(timeout=20)


def test_an_offline_edit_that_meets_a_change_made_meanwhile_is_settled_by_the_person(phone):
    base, process = start_server()
    try:
        log_in(phone, base)
        phone.get(base + "/")
        controlled(phone)
        phone.get(base + "/pillars/wellbeing/mood")
        pick(phone, "mood", 3)
        phone.find_element(By.ID, "note").send_keys("Before the trip")
        button = phone.find_element(By.CSS_SELECTOR, "form[data-sync-kind='moodCheckIn'] button[type=submit]")
        phone.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
        submit(phone, button)
        WebDriverWait(phone, 10).until(lambda d: "Before the trip" in d.find_element(By.CSS_SELECTOR, ".entry-list").text)
        entry = [e for e in phone.find_elements(By.CSS_SELECTOR, ".entry") if "Before the trip" in e.text][0]
        edit = entry.find_element(By.LINK_TEXT, "Edit").get_attribute("href")
        record = edit.rstrip("/").split("/")[-2]
        phone.get(edit)

        go_offline(phone)
        pick(phone, "mood", 2)
        note = phone.find_element(By.ID, "note")
        note.clear()
        note.send_keys("Mine, written offline")
        press(phone, phone.find_element(By.CSS_SELECTOR, "form[data-sync-record] button[type=submit]"))
        toast(phone, "Saved on this device")

        # Meanwhile the same check-in is changed from another device.
        token = api(base, "POST", "/api/v1/auth/login", {"email": DEMO_EMAIL, "password": DEMO_PASSWORD})["accessToken"]
        today = api(base, "GET", "/api/v1/entries/mood", token=token)
        current = [e for e in today["entries"] if e["id"] == record][0]
        api(base, "PUT", f"/api/v1/entries/mood/{record}",
            {"mood": 5, "note": "Changed on the tablet", "recordedAt": current["recordedAt"]}, token)

        phone.get(base + "/profile/settings")
        go_online(phone)
        assert "We found changes" in toast(phone, "We found changes")
        view = WebDriverWait(phone, 10).until(lambda d: d.find_element(By.CSS_SELECTOR, ".conflict"))
        table = view.find_element(By.CSS_SELECTOR, ".conflict-table").text
        assert "Mine, written offline" in table and "Changed on the tablet" in table
        assert_accessible(phone)
        screenshot(phone, "outbox-conflict")

        # Merge: the tablet's mood, this device's note.
        press(phone, view.find_element(By.CSS_SELECTOR, "input[name$='-mood'][value='server']"))
        press(phone, view.find_element(By.XPATH, ".//button[normalize-space()='Merge']"))
        toast(phone, "Synced 1 entry")
        WebDriverWait(phone, 10).until(lambda d: not d.find_elements(By.CSS_SELECTOR, ".conflict"))

        settled = [e for e in api(base, "GET", "/api/v1/entries/mood", token=token)["entries"] if e["id"] == record][0]
        assert settled["mood"] == 5 and settled["note"] == "Mine, written offline"
    finally:
        process.terminate()
        process.wait(timeout=20)


def test_an_outbox_entry_that_no_longer_decrypts_is_dropped_and_reported(server, phone):
    log_in(phone, server)
    phone.get(server + "/pillars/wellbeing/journal")
    go_offline(phone)
    phone.find_element(By.ID, "text").send_keys("A page that will not survive")
    press(phone, phone.find_element(By.CSS_SELECTOR, "form[data-sync-kind='journalEntry'] button[type=submit]"))
    toast(phone, "Saved on this device")

    # Flip a byte of the sealed entry, as a damaged disk or a meddling extension would.
    phone.execute_async_script("""
        var done = arguments[0];
        var open = indexedDB.open("thrive-offline");
        open.onsuccess = function () {
          var store = open.result.transaction("items", "readwrite").objectStore("items");
          store.getAll().onsuccess = function (event) {
            var item = event.target.result[0];
            var bytes = new Uint8Array(item.data);
            bytes[0] ^= 0xff;
            item.data = bytes.buffer;
            store.put(item).onsuccess = function () { done(); };
          };
        };""")
    phone.get(server + "/profile/settings")
    assert "Cache error detected. Data will refresh when online." in toast(phone, "Cache error")
    count = phone.find_element(By.CSS_SELECTOR, "[data-outbox-count]")
    WebDriverWait(phone, 10).until(lambda d: "Nothing waiting to sync" in count.text)
    assert stored_items(phone) == []
