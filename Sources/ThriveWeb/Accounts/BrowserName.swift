/// A browser's name and system read from its `User-Agent`, for the list of signed-in devices
/// ("Firefox on Android"). Only these two words are kept, never the header itself.
struct BrowserName: Hashable, Sendable {
    let browser: String
    let system: String

    /// Kept in the session as "browser|system".
    var stored: String { "\(browser)|\(system)" }

    init?(stored: String?) {
        guard let parts = stored?.split(separator: "|", omittingEmptySubsequences: false), parts.count == 2 else {
            return nil
        }
        browser = String(parts[0])
        system = String(parts[1])
    }

    init(browser: String, system: String) {
        self.browser = browser
        self.system = system
    }

    /// What a `User-Agent` says; nil when it says nothing recognisable (a script, say).
    init?(userAgent: String?) {
        guard let agent = userAgent, !agent.isEmpty else { return nil }
        // Order matters: Edge and Opera say "Chrome" too, Chrome says "Safari", Android says "Linux".
        let browsers = [
            ("Edg/", "Edge"), ("OPR/", "Opera"), ("SamsungBrowser/", "Samsung Internet"), ("Firefox/", "Firefox"),
            ("FxiOS/", "Firefox"), ("CriOS/", "Chrome"), ("Chrome/", "Chrome"), ("Chromium/", "Chromium"),
            ("Safari/", "Safari"), ("Thrive", "Thrive app"),
        ]
        let systems = [
            ("iPhone", "iPhone"), ("iPad", "iPad"), ("Android", "Android"), ("CrOS", "ChromeOS"), ("Windows", "Windows"),
            ("Mac OS X", "macOS"), ("Macintosh", "macOS"), ("Linux", "Linux"),
        ]
        let browser = browsers.first { agent.contains($0.0) }?.1
        let system = systems.first { agent.contains($0.0) }?.1
        guard browser != nil || system != nil else { return nil }
        self.browser = browser ?? "?"
        self.system = system ?? "?"
    }
}
