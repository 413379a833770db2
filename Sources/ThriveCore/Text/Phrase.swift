import Foundation

/// Words for a person, named by a catalog key and the values they mention. The engines say what
/// they found without knowing the person's language; the web layer finds the key in the person's
/// catalog and formats each value for their locale (grouping, decimal comma, dates).
public struct Phrase: Hashable, Sendable, Codable {
    public enum Value: Hashable, Sendable, Codable {
        /// A whole number, grouped ("8,000", "8.000"). A value named `count` also picks the
        /// singular or plural form of the key (`key.one`, `key.other`).
        case integer(Int)
        /// A number with a fixed count of decimals ("6.5", "6,5").
        case decimal(Double, digits: Int)
        /// A span of time as hours and minutes ("7 h 12 min").
        case duration(seconds: Double)
        /// A day ("Mon 17 Nov").
        case date(LocalDate)
        /// A time of day, in minutes after midnight ("8:00 PM", "20:00").
        case clock(minuteOfDay: Int)
        /// Words of their own, rendered in place.
        indirect case phrase(Phrase)
        /// Text shown as it is: a name, or the person's own words.
        case text(String)
        /// Phrases in a row, joined the language's way ("Activity 100, Sleep 85").
        indirect case list([Phrase])
        /// Names shown as they are, joined as a sentence does ("Apple Watch and iPhone").
        case names([String])
    }

    public let key: String
    public let values: [String: Value]

    public init(_ key: String, _ values: [String: Value] = [:]) {
        self.key = key
        self.values = values
    }

    /// Text that is already words, shown as it is in every language (stored before it was a phrase).
    public static func literal(_ text: String) -> Phrase { Phrase("text", ["text": .text(text)]) }
}
