import Foundation
import Mustache
import ThriveCore

/// Every piece of interface text in one language: a flat map from keys ("nav.dashboard") to text.
/// Text may name values of the page in Mustache's own braces ("{{count}} records"), so a
/// translator can move them where the language puts them.
struct StringCatalog: Sendable {
    let language: Language
    let entries: [String: String]
    /// The entries that name page values or carry markup, parsed once for templates.
    let templates: [String: MustacheTemplate]

    init(language: Language, entries: [String: String]) {
        self.language = language
        self.entries = entries
        templates = entries.compactMapValues { text in
            guard text.contains("{{") || text.contains("<") else { return nil }
            return try? MustacheTemplate(string: text)
        }
    }

    /// The catalogs shipped with Thrive, read once. English is the reference every other
    /// language is checked against by the tests; a key missing at run time falls back to it.
    static let bundled: [Language: StringCatalog] = {
        var catalogs: [Language: StringCatalog] = [:]
        for language in Language.allCases {
            catalogs[language] = (try? load(language)) ?? StringCatalog(language: language, entries: [:])
        }
        return catalogs
    }()

    static func load(_ language: Language) throws -> StringCatalog {
        guard let url = Bundle.module.url(forResource: language.rawValue, withExtension: "json", subdirectory: "strings")
        else {
            throw ConfigurationError("The \(language.nativeName) strings are missing from the installation.")
        }
        let entries = try JSONDecoder().decode([String: String].self, from: Data(contentsOf: url))
        return StringCatalog(language: language, entries: entries)
    }

    subscript(key: String) -> String? { entries[key] }
}
