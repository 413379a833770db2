import Foundation
import Testing
import ThriveCore

/// The string catalogs and templates as files: every language complete, every template's text in
/// the catalogs.
@Suite("String catalogs")
struct LanguageCatalogTests {
    static let resources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/ThriveWeb/Resources")

    static func catalog(_ language: Language) throws -> [String: String] {
        let url = resources.appendingPathComponent("strings/\(language.rawValue).json")
        return try JSONDecoder().decode([String: String].self, from: Data(contentsOf: url))
    }

    static func templates() throws -> [(name: String, text: String)] {
        let folder = resources.appendingPathComponent("templates")
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".mustache") }.sorted()
            .map { ($0, try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8)) }
    }

    static func matches(_ pattern: String, in text: String) -> [String] {
        let regex = try! NSRegularExpression(pattern: pattern, options: [.dotMatchesLineSeparators])
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).map {
            String(text[Range($0.range(at: $0.numberOfRanges - 1), in: text)!])
        }
    }

    static func placeholders(_ text: String) -> Set<String> {
        Set(matches(#"\{\{[#^/]?([A-Za-z.]+)\}\}"#, in: text))
    }

    /// Values a translation may name though English does not, because the language builds the
    /// sentence another way (a chart's title where English says "your average sleep").
    static let alternatives: [String: Set<String>] = ["chart.summary.average": ["title"]]

    @Test(arguments: Language.allCases.filter { $0 != .en })
    func everyLanguageHasEveryKeyWithTheSameValues(_ language: Language) throws {
        let english = try Self.catalog(.en)
        let translated = try Self.catalog(language)
        #expect(english.count > 500)
        let missing = Set(english.keys).subtracting(translated.keys).sorted()
        let unknown = Set(translated.keys).subtracting(english.keys).sorted()
        #expect(missing.isEmpty, "missing in \(language.rawValue): \(missing)")
        #expect(unknown.isEmpty, "not in English: \(unknown)")
        for (key, text) in translated {
            #expect(
                !text.trimmingCharacters(in: .whitespaces).isEmpty || english[key]?.trimmingCharacters(in: .whitespaces) == "")
            let allowed = Self.placeholders(english[key] ?? "").union(Self.alternatives[key] ?? [])
            let used = Self.placeholders(text)
            #expect(used.isSubset(of: allowed), "\(language.rawValue) \(key) names \(used.subtracting(allowed))")
            if english[key]?.contains("{{count}}") == true {
                #expect(text.contains("{{count}}"), "\(language.rawValue) \(key) leaves out the count")
            }
        }
    }

    /// Swift fills `{{name}}`; only the scripts' own strings (`js.…`) use `{name}`, which they fill
    /// themselves. A `{name}` anywhere else would reach a person as it stands.
    @Test(arguments: Language.allCases)
    func placeholdersAreTheOnesTheirFillerKnows(_ language: Language) throws {
        for (key, text) in try Self.catalog(language) where !key.hasPrefix("js.") {
            let single = Self.matches(#"(?<!\{)\{([A-Za-z]+)\}(?!\})"#, in: text)
            #expect(single.isEmpty, "\(language.rawValue) \(key) has {\(single.joined(separator: ","))}: write {{name}}")
        }
    }

    /// What a locked screen shows: every kind worded in every language, with no number in it (a
    /// health value never leaves the app this way) and with the way back into Thrive.
    @Test(arguments: Language.allCases)
    func everyNotificationKindHasALockScreenWordingWithoutValues(_ language: Language) throws {
        let catalog = try Self.catalog(language)
        for kind in NotificationKind.allCases {
            let words = try #require(catalog[kind.lockScreenKey], "\(language) \(kind)")
            let hasNumber = words.contains { $0.isNumber }
            #expect(!hasNumber, "\(language) \(kind): \(words)")
            #expect(words.contains("Thrive"), "\(language) \(kind)")
        }
        for category in NotificationCategory.allCases {
            #expect(catalog["setting.notifications.categories.\(category.rawValue)"] != nil, "\(language) \(category)")
        }
    }

    @Test func everyKeyATemplateNamesIsInTheCatalog() throws {
        let english = try Self.catalog(.en)
        var named = 0
        for template in try Self.templates() {
            for key in Self.matches(#"\{\{t\.([A-Za-z0-9.\-]+)\}\}"#, in: template.text) {
                named += 1
                #expect(english[key] != nil, "\(template.name) names \(key)")
                // Mustache walks `t.labs.kit.queued` part by part: a key `labs.kit` of its own would
                // stop it at that text, and the page would show nothing.
                let parts = key.split(separator: ".")
                let shadow = (1..<parts.count).map { parts.prefix($0).joined(separator: ".") }.first { english[$0] != nil }
                #expect(shadow == nil, "\(template.name) names \(key), hidden behind the key \(shadow ?? "")")
            }
        }
        #expect(named > 250)
    }

    /// Words a person reads live only in the catalogs: once Mustache tags, scripts and styles are
    /// gone, no text node or readable attribute of any template may hold a letter (the brand aside).
    @Test func templatesHoldNoTextOutsideTheCatalogs() throws {
        for template in try Self.templates() {
            var text = template.text
            for pattern in [#"\{\{!.*?\}\}"#, #"<(script|style)\b.*?</\1>"#, #"\{\{\{?.*?\}?\}\}"#] {
                text = text.replacingOccurrences(of: pattern, with: "", options: .regularExpression)
            }
            for attribute in Self.matches(#"\b(?:aria-label|title|placeholder|alt|aria-description)="([^"]*)""#, in: text) {
                #expect(attribute.rangeOfCharacter(from: .letters) == nil, "\(template.name): \(attribute)")
            }
            let nodes = text.replacingOccurrences(of: #"<[^>]*>"#, with: "\n", options: .regularExpression)
                .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { $0.rangeOfCharacter(from: .letters) != nil && $0 != "Thrive" && $0 != "· Thrive" }
            #expect(nodes.isEmpty, "\(template.name): \(nodes)")
        }
    }

    @Test func theScannerCatchesHardCodedText() {
        let text = #"<p class="x">Hello {{name}}</p><a aria-label="Close">{{t.common.cancel}}</a>"#
            .replacingOccurrences(of: #"\{\{\{?.*?\}?\}\}"#, with: "", options: .regularExpression)
        #expect(Self.matches(#"\b(?:aria-label|title)="([^"]*)""#, in: text) == ["Close"])
        #expect(text.replacingOccurrences(of: #"<[^>]*>"#, with: "\n", options: .regularExpression).contains("Hello"))
    }
}
