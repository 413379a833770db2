import Foundation
import Hummingbird
import Mustache
import ThriveCore

/// The tab of the bottom navigation a page belongs to.
enum Tab: String, Sendable {
    case dashboard, pillars, insights, coach, profile, notifications, none
    /// Onboarding: no tab bar, since the app opens when it is done.
    case setup
}

/// What every page's layout needs besides its own content.
struct Chrome: Sendable {
    let title: String
    let signedIn: Bool
    let csrfToken: String?
    /// Whose page it is: entries a browser keeps for sync are sent only under the same person.
    let person: String?
    let tab: Tab
    private(set) var display: DisplaySettings
    private(set) var mode: FlexibilityMode
    /// The Insights tab's badge: today's insights not yet opened.
    var unreadInsights: Int
    /// The Coach tab's badge: the coach's messages not read yet.
    var unreadCoach: Int
    /// The bell's badge: notifications not read yet.
    var unreadNotifications: Int
    let inCreatorSpace: Bool
    /// The request's language, for `lang` and the templates' `{{t.key}}` text.
    let localizer: Localizer
    /// The app lock's timing for `applock.js`, when the person has it on.
    let appLock: AppLockTiming?

    init(title: String, context: AppRequestContext, tab: Tab = .none) {
        self.title = title
        self.signedIn = context.identity != nil
        self.csrfToken = context.csrfToken
        self.person = context.identity.map { $0.userID.rawValue.uuidString.lowercased() }
        self.tab = tab
        display = context.settings?.display ?? DisplaySettings()
        mode = context.settings?.coaching.mode ?? .light
        unreadInsights = context.unreadInsights
        unreadCoach = context.unreadCoach
        unreadNotifications = context.unreadNotifications
        inCreatorSpace = context.inCreatorSpace
        localizer = Localizer.current
        appLock = context.appLock?.idleMinutes.map(AppLockTiming.init)
    }

    /// Settings the page itself just read (newer than the request's).
    mutating func adopt(_ settings: Settings) {
        display = settings.display
        mode = settings.coaching.mode
    }
}

/// The object a template sees: the layout's fields first, then the page's own, by name.
struct PageContext: MustacheParent {
    let chrome: Chrome
    let content: TemplateFields?

    init(chrome: Chrome, content: Any) {
        self.chrome = chrome
        self.content = TemplateFields.reading(content) as? TemplateFields
    }

    func child(named name: String) -> Any? {
        switch name {
        case "title": return chrome.title
        case "signedIn": return chrome.signedIn
        case "csrfToken": return chrome.csrfToken ?? ""
        case "person": return chrome.person
        case "tab": return [chrome.tab.rawValue: true]
        case "theme": return chrome.display.theme.rawValue
        case "textSize": return chrome.display.textSize.rawValue
        case "palette": return chrome.display.colorBlindMode.rawValue
        case "reduceMotion": return chrome.display.reduceMotion
        case "highContrast": return chrome.display.highContrast
        case "screenReader": return chrome.display.screenReaderOptimized
        case "deepMode": return chrome.mode == .deep
        case "t": return CatalogScope(localizer: chrome.localizer, prefix: "")
        case "lang": return chrome.localizer.language.rawValue
        case "unreadInsights": return chrome.unreadInsights > 0 ? String(chrome.unreadInsights) : nil
        case "unreadCoach": return chrome.unreadCoach > 0 ? String(chrome.unreadCoach) : nil
        case "unreadNotifications": return chrome.unreadNotifications > 0 ? String(chrome.unreadNotifications) : nil
        case "inCreatorSpace": return chrome.inCreatorSpace
        case "appLock": return chrome.tab == .setup ? nil : chrome.appLock
        default: return content?.child(named: name)
        }
    }
}

/// Renders Mustache templates (shipped as resources) into HTML responses. Mustache escapes every
/// value by default, so text a person typed can never become markup.
public struct PageRenderer: Sendable {
    let library: MustacheLibrary

    static func load() async throws -> PageRenderer {
        guard let folder = Bundle.module.path(forResource: "templates", ofType: nil) else {
            throw ConfigurationError("The page templates are missing from the installation.")
        }
        return PageRenderer(library: try await MustacheLibrary(directory: folder))
    }

    /// A page under the Pillars tab (meals, habits, programs), titled `title`.
    func pillarPage<Content>(
        _ template: String, _ title: String, _ context: AppRequestContext, _ content: Content,
        status: HTTPResponse.Status = .ok
    ) -> Response {
        render(template, chrome: Chrome(title: title, context: context, tab: .pillars), content: content, status: status)
    }

    func render<Content>(
        _ template: String, chrome: Chrome, content: Content, status: HTTPResponse.Status = .ok
    ) -> Response {
        let html = library.render(PageContext(chrome: chrome, content: content), withTemplate: template) ?? ""
        return Response(
            status: status,
            headers: [.contentType: "text/html; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(string: html)))
    }
}
