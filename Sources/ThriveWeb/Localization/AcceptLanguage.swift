import Foundation
import ThriveCore

/// Picks the interface language from an HTTP `Accept-Language` header (RFC 9110 §12.5.4): the
/// supported language with the highest weight, the earlier one on a tie; "pt-BR" matches "pt".
enum AcceptLanguage {
    static func preferred(_ header: String?) -> Language? {
        guard let header else { return nil }
        var best: (language: Language, weight: Double)?
        for range in header.split(separator: ",") {
            let parts = range.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let tag = parts.first?.lowercased(), !tag.isEmpty else { continue }
            let weight =
                parts.dropFirst().lazy.compactMap { parameter -> Double? in
                    let pair = parameter.split(separator: "=", maxSplits: 1)
                    guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "q" else { return nil }
                    return Double(pair[1].trimmingCharacters(in: .whitespaces))
                }.first ?? 1
            let primary = tag.split(separator: "-").first.map(String.init) ?? tag
            guard weight > 0, let language = Language(rawValue: primary) else { continue }
            if let current = best, weight <= current.weight { continue }
            best = (language, weight)
        }
        return best?.language
    }

    /// The region the header names with `language` first ("US" in "en-US"), if any.
    static func region(of language: Language, in header: String?) -> String? {
        guard let header else { return nil }
        for range in header.split(separator: ",") {
            let tag = range.split(separator: ";").first?.trimmingCharacters(in: .whitespaces) ?? ""
            let subtags = tag.split(separator: "-")
            guard subtags.first?.lowercased() == language.rawValue else { continue }
            if let region = subtags.dropFirst().first(where: { $0.count == 2 && $0.allSatisfy(\.isLetter) }) {
                return region.uppercased()
            }
        }
        return nil
    }
}
