import Testing

@testable import ThriveWeb

@Suite("Browser names for the list of devices")
struct BrowserNameTests {
    @Test(arguments: [
        (
            "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
            "Chrome", "Android"
        ),
        (
            "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
            "Safari", "iPhone"
        ),
        (
            "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
            "Edge", "Windows"
        ),
        ("Mozilla/5.0 (Macintosh; Intel Mac OS X 14.6; rv:133.0) Gecko/20100101 Firefox/133.0", "Firefox", "macOS"),
        (
            "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1",
            "Chrome", "iPhone"
        ),
    ])
    func readsTheBrowserAndItsSystem(agent: String, browser: String, system: String) {
        #expect(BrowserName(userAgent: agent) == BrowserName(browser: browser, system: system))
    }

    @Test func aScriptIsNoBrowserAndTheStoredFormRoundTrips() {
        #expect(BrowserName(userAgent: "curl/8.5.0") == nil)
        #expect(BrowserName(userAgent: nil) == nil)
        let name = BrowserName(browser: "Firefox", system: "Android")
        #expect(BrowserName(stored: name.stored) == name)
        #expect(BrowserName(stored: "garbage") == nil)
    }
}
