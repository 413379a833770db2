"""Importing an Apple Health export from the web page: the file is chosen and uploaded, the import
runs on the server's job runner, and the page follows it to its summary; a file that is not an
export is refused with words a person can act on."""
import tempfile
import uuid
import zipfile
from pathlib import Path

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from accessibility import assert_accessible
from conftest import screenshot, start_server
from test_outbox import press
from test_pages import log_in, submit

EXPORT = """<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE HealthData [
<!ELEMENT HealthData (ExportDate,Me,(Record|Workout)*)>
<!ATTLIST HealthData locale CDATA #REQUIRED>
]>
<HealthData locale="en_US">
 <ExportDate value="2026-06-30 20:00:00 +0200"/>
 <Me HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexFemale"/>
 <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Apple Watch" unit="count/min" startDate="2026-06-01 08:00:00 +0200" endDate="2026-06-01 08:00:00 +0200" value="61"/>
 <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Apple Watch" unit="count/min" startDate="2026-06-01 08:01:00 +0200" endDate="2026-06-01 08:01:00 +0200" value="63"/>
 <Record type="HKQuantityTypeIdentifierStepCount" sourceName="iPhone" unit="count" startDate="2026-06-01 09:00:00 +0200" endDate="2026-06-01 09:10:00 +0200" value="812"/>
 <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="iPhone" unit="lb" startDate="2026-06-02 07:00:00 +0200" endDate="2026-06-02 07:00:00 +0200" value="143.3"/>
 <Record type="HKQuantityTypeIdentifierFlightsClimbed" sourceName="Stairs App" unit="count" startDate="2026-06-02 07:30:00 +0200" endDate="2026-06-02 07:40:00 +0200" value="3"/>
</HealthData>
"""


def test_an_export_is_uploaded_and_imported_from_the_page(browser):
    base, process = start_server()
    folder = Path(tempfile.mkdtemp(prefix="thrive-export-"))
    export = folder / "export.zip"
    with zipfile.ZipFile(export, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("apple_health_export/export.xml", EXPORT)
    wrong = folder / "notes.txt"
    wrong.write_text("not an export")
    try:
        log_in(browser, base)
        browser.get(base + "/profile/data")
        press(browser, browser.find_element(By.LINK_TEXT, "Import from Apple Health"))
        WebDriverWait(browser, 10).until(lambda d: d.current_url.endswith("/profile/data/import"))
        assert browser.find_element(By.ID, "imports-empty").text == "No imports yet."
        assert_accessible(browser)

        # Nothing chosen: the page says what to do and puts the focus on the file field.
        press(browser, browser.find_element(By.ID, "import-start"))
        status = browser.find_element(By.ID, "import-status")
        assert status.text == "Choose your export.zip first."
        assert browser.switch_to.active_element.get_attribute("id") == "import-file"

        browser.find_element(By.ID, "import-file").send_keys(str(wrong))
        press(browser, browser.find_element(By.ID, "import-start"))
        WebDriverWait(browser, 10).until(lambda d: "neither an Apple Health export nor a Thrive export" in status.text)

        browser.find_element(By.ID, "import-file").send_keys(str(export))
        press(browser, browser.find_element(By.ID, "import-start"))
        # The server's job runner imports it within seconds; the line follows it to its end.
        WebDriverWait(browser, 30).until(
            lambda d: d.find_elements(By.CSS_SELECTOR, ".import-item .import-state")
            and d.find_element(By.CSS_SELECTOR, ".import-item .import-state").text == "Done")
        line = browser.find_element(By.CSS_SELECTOR, ".import-item")
        done = "Imported 4 new records from Apple Watch and iPhone, 2026."
        assert line.find_element(By.CSS_SELECTOR, ".import-message").text == done
        assert status.text == done
        assert "export.zip" in line.text
        assert not line.find_elements(By.TAG_NAME, "progress"), "no bar once done"

        # Again after a reload, with what came in by type; and the center has the same words.
        browser.get(base + "/profile/data/import")
        line = browser.find_element(By.CSS_SELECTOR, ".import-item")
        press(browser, line.find_element(By.TAG_NAME, "summary"))
        cells = [cell.text for cell in line.find_elements(By.CSS_SELECTOR, "tbody th, tbody td")]
        assert cells[:2] == ["Heart rate", "2"] and "Weight" in cells and "Steps" in cells, cells
        assert_accessible(browser)
        screenshot(browser, "import")
        browser.get(base + "/notifications")
        assert done in browser.find_element(By.CSS_SELECTOR, "main").text
    finally:
        process.terminate()
        process.wait(10)


def thrive_export(path):
    """A small Thrive export as another server writes it: a manifest, a README, and one record per
    line in each table."""
    samples = [
        ("HeartRate", 61, "2026-06-01T06:00:00.000Z", "Apple Watch", "device"),
        ("HeartRate", 64, "2026-06-01T06:01:00.000Z", "Apple Watch", "device"),
        ("BodyMass", 79.4, "2026-06-02T05:30:00.000Z", "Thrive", "manual"),
    ]
    rows = [
        '{"id":"%s","type":"%s","value":%s,"start_at":"%s","end_at":"%s","source_name":"%s","source_kind":"%s",'
        '"sync_identifier":null,"sync_version":1}' % (uuid.uuid4(), kind, value, at, at, source, how)
        for kind, value, at, source, how in samples]
    profile = ('{"display_name":"Mo","date_of_birth":"1988-02-03","sex":"male","height_m":1.8,"weight_kg":80,'
               '"unit_system":"metric","time_zone":"Europe/Berlin","updated_at":"2026-06-01T08:00:00.000Z"}')
    manifest = '{"format":"thrive-export","version":1,"createdAt":"2026-06-03T00:00:00Z",' \
        '"tables":{"profiles":1,"quantity_samples":3}}'
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("manifest.json", manifest)
        archive.writestr("README.md", "# Your data from Thrive\n")
        archive.writestr("data/profiles.json", "[\n" + profile + "\n]\n")
        archive.writestr("data/quantity_samples.json", "[\n" + ",\n".join(rows) + "\n]\n")


def test_a_thrive_export_moves_into_a_new_account_from_the_page(browser):
    base, process = start_server()
    export = Path(tempfile.mkdtemp(prefix="thrive-move-")) / "thrive-export-2026-06-03.zip"
    thrive_export(export)
    try:
        # A new account: signed up, the terms accepted; the rest of set-up can wait (the export has it).
        browser.get(base + "/signup")
        browser.find_element(By.ID, "displayName").send_keys("Mo")
        browser.find_element(By.ID, "email").send_keys("mo@example.com")
        browser.find_element(By.ID, "password").send_keys("moving-house-2026")
        submit(browser, browser.find_element(By.CSS_SELECTOR, "form.stack button[type=submit]"))
        WebDriverWait(browser, 10).until(lambda d: d.current_url.endswith("/onboarding/consent"))
        press(browser, browser.find_element(By.ID, "accept-yes"))
        submit(browser, browser.find_element(By.CSS_SELECTOR, "form.stack button[type=submit]"))
        WebDriverWait(browser, 10).until(lambda d: d.current_url.endswith("/onboarding/profile"))
        browser.get(base + "/profile/data/import")
        main = browser.find_element(By.CSS_SELECTOR, "main")
        assert "From another Thrive server" in main.text
        assert not browser.find_elements(By.ID, "thrive-export-has-records")
        browser.find_element(By.ID, "import-file").send_keys(str(export))
        press(browser, browser.find_element(By.ID, "import-start"))
        WebDriverWait(browser, 30).until(
            lambda d: d.find_elements(By.CSS_SELECTOR, ".import-item .import-state")
            and d.find_element(By.CSS_SELECTOR, ".import-item .import-state").text == "Done")
        done = "Brought in 4 records from your Thrive export."
        assert browser.find_element(By.CSS_SELECTOR, ".import-item .import-message").text == done

        # After a reload: what came, by kind in words, and no second export can come in now.
        browser.get(base + "/profile/data/import")
        line = browser.find_element(By.CSS_SELECTOR, ".import-item")
        press(browser, line.find_element(By.TAG_NAME, "summary"))
        cells = [cell.text for cell in line.find_elements(By.CSS_SELECTOR, "tbody th, tbody td")]
        assert cells == ["Measurements", "3", "Profile", "1"], cells
        assert browser.find_element(By.ID, "thrive-export-has-records").is_displayed()
        assert_accessible(browser)
        screenshot(browser, "import-thrive")
    finally:
        process.terminate()
        process.wait(10)


CSV = """Date,Type,Value,Unit
2026-05-04T07:30:00+02:00,weight,154.3,lb
2026-05-05T07:31:00+02:00,weight,153.9,lb
2026-05-06,weight,heavy,lb
"""


def test_a_spreadsheet_is_mapped_shown_and_imported(browser):
    base, process = start_server()
    folder = Path(tempfile.mkdtemp(prefix="thrive-csv-"))
    sheet = folder / "scale.csv"
    sheet.write_text(CSV)
    try:
        log_in(browser, base)
        browser.get(base + "/profile/data/import")
        press(browser, browser.find_element(By.LINK_TEXT, "Import a CSV file"))
        WebDriverWait(browser, 10).until(lambda d: d.current_url.endswith("/profile/data/import/csv"))
        assert_accessible(browser)
        browser.find_element(By.ID, "csv-file").send_keys(str(sheet))
        press(browser, browser.find_element(By.XPATH, "//button[normalize-space()='Read the file']"))
        WebDriverWait(browser, 10).until(lambda d: d.find_elements(By.ID, "csv-summary"))
        assert browser.find_element(By.ID, "csv-summary").text == "2 rows are ready to import; 1 cannot be read."
        assert "Line 4: “heavy” is not a number." in browser.find_element(By.CSS_SELECTOR, "main").text
        assert_accessible(browser)
        screenshot(browser, "import-csv")
        press(browser, browser.find_element(By.ID, "csv-skip"))
        press(browser, browser.find_element(By.XPATH, "//button[normalize-space()='Import 2 rows']"))
        WebDriverWait(browser, 10).until(lambda d: "/profile/data/import#import-" in d.current_url)
        line = browser.find_element(By.CSS_SELECTOR, ".import-item")
        assert "Imported 2 new records from scale, 2026." in line.text
    finally:
        process.terminate()
        process.wait(10)
