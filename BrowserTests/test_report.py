"""The health report's checklist page: the person reads the checklist, picks a period and the
sections, sets a password whose strength the meter reads out as they type (the server's own rule),
and gets the protected PDF; what is missing is named at the top and beside its field."""
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from accessibility import assert_accessible
from conftest import screenshot, start_server
from test_outbox import press
from test_pages import log_in


def strength(browser):
    return browser.find_element(By.CSS_SELECTOR, "#password-strength .strength-word").text


def test_a_report_is_made_from_the_checklist_page(browser):
    base, process = start_server()
    try:
        log_in(browser, base)
        browser.get(base + "/profile/data")
        press(browser, browser.find_element(By.LINK_TEXT, "Make a report"))
        WebDriverWait(browser, 10).until(lambda d: d.current_url.endswith("/profile/data/report"))
        main = browser.find_element(By.CSS_SELECTOR, "main")
        assert "Before you export" in main.text
        assert "is not password-protected" in main.text
        assert_accessible(browser)

        # The meter follows the same rule as the server: 9 characters of two kinds are weak, 10 fair.
        field = browser.find_element(By.ID, "password")
        field.send_keys("abcdefg")
        assert strength(browser) == "Too short"
        field.send_keys("1")
        assert strength(browser) == "Weak"
        field.send_keys("2")
        assert strength(browser) == "Weak"
        field.send_keys("3")
        assert strength(browser) == "Fair"
        field.send_keys("-Thrive-Report")
        assert strength(browser) == "Strong"
        screenshot(browser, "report")

        # Sent without the checklist ticked and with a password typed once: both are named.
        press(browser, browser.find_element(By.XPATH, "//button[normalize-space()='Make and download the report']"))
        WebDriverWait(browser, 10).until(lambda d: d.find_elements(By.ID, "form-errors"))
        summary = browser.find_element(By.ID, "form-errors").text
        assert "There are 2 problems" in summary, summary
        assert "Tick the box to say you have read the checklist." in summary
        assert "The two passwords are not the same." in summary
        assert browser.find_element(By.ID, "understood").get_attribute("aria-invalid") == "true"
        assert_accessible(browser)
        screenshot(browser, "report-errors")

        # The same form, filled in, answers with the protected PDF.
        browser.find_element(By.ID, "password").send_keys("abcdefgh123-Thrive-Report")
        browser.find_element(By.ID, "confirmation").send_keys("abcdefgh123-Thrive-Report")
        press(browser, browser.find_element(By.CSS_SELECTOR, "label[for='understood']"))
        answer = browser.execute_async_script(
            """const done = arguments[arguments.length - 1];
            const form = document.querySelector("form[action='/profile/data/report']");
            fetch(form.action, {method: "POST", credentials: "same-origin",
                  body: new URLSearchParams(new FormData(form))})
              .then(r => r.arrayBuffer().then(b => done([r.status, r.headers.get("content-type"),
                r.headers.get("content-disposition"), new TextDecoder().decode(b.slice(0, 5))])))
              .catch(e => done([0, String(e), "", ""]));""")
        assert answer[0] == 200 and answer[1] == "application/pdf", answer
        assert answer[2].startswith('attachment; filename="alex_') and answer[2].endswith('.pdf"'), answer
        assert answer[3] == "%PDF-", answer
    finally:
        process.terminate()
        process.wait(10)
