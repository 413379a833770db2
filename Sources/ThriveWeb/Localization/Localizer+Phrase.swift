import Foundation
import ThriveCore

extension Localizer {
    /// An engine's words in this language: the phrase's key from the catalog, its values formatted
    /// for the locale. A phrase with a `count` takes the key's singular or plural form.
    func callAsFunction(_ phrase: Phrase) -> String {
        let values = phrase.values.map { (name: $0.key, value: format($0.value)) }
        if case .integer(let count) = phrase.values["count"] {
            return plural(phrase.key, count, values)
        }
        return text(phrase.key, values)
    }

    private func format(_ value: Phrase.Value) -> String {
        switch value {
        case .integer(let number): DisplayFormat.count(number)
        case .decimal(let number, let digits): DisplayFormat.decimal(number, digits: digits, minimum: digits)
        case .duration(let seconds): DurationFormat.hoursAndMinutes(seconds)
        case .date(let date): ChartSummary.day(date, .gmt)
        case .clock(let minutes): DisplayFormat.clock(minutes)
        case .phrase(let phrase): self(phrase)
        case .text(let text): text
        case .list(let phrases): phrases.map { self($0) }.formatted(.list(type: .and, width: .narrow).locale(locale))
        case .names(let names): names.formatted(.list(type: .and, width: .standard).locale(locale))
        }
    }
}

/// Shorthand for an engine's words in the current request's language.
func t(_ phrase: Phrase) -> String {
    Localizer.current(phrase)
}

extension ValidationError {
    /// What is wrong, in the language of the request being answered (English outside one: the CLI).
    public var message: String { t(phrase) }
}

extension PlanReason {
    /// Why, in the language of the request being answered (English outside one: the CLI).
    public var message: String { t(phrase) }
}

extension Phrase {
    /// The words in the language of the request being answered (English outside one: the CLI).
    public var text: String { t(self) }
}
