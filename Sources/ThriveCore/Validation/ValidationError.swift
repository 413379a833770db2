/// A value a person gave that cannot be used, the field it came from, and what to do about it.
public struct ValidationError: Error, Hashable, Sendable, CustomStringConvertible {
    public let field: String
    /// What is wrong and how to put it right, rendered in the reader's language by the web layer.
    public let phrase: Phrase

    public init(field: String, _ phrase: Phrase) {
        self.field = field
        self.phrase = phrase
    }

    /// Words already in the reader's language (checks the web layer makes itself).
    public init(field: String, message: String) {
        self.init(field: field, .literal(message))
    }

    /// The catalog key, or the words themselves: for logs and tests, never for people.
    public var description: String {
        if phrase.key == "text", case .text(let words)? = phrase.values["text"] { return words }
        return phrase.key
    }
}

extension ValidationError {
    /// "Weight must be between 20 and 400 kg." (`what` names a `field.` catalog key).
    public static func range(
        _ field: String, _ what: String, _ low: Double, _ high: Double, unit: String = ""
    ) -> ValidationError {
        range(field, .phrase(Phrase("field.\(what)")), low, high, unit: unit)
    }

    /// The same, naming the thing in words of its own (a health record type's name).
    public static func range(
        _ field: String, _ what: Phrase.Value, _ low: Double, _ high: Double, unit: String = ""
    ) -> ValidationError {
        ValidationError(
            field: field,
            Phrase("invalid.range", ["what": what, "low": number(low), "high": number(high), "unit": .text(unit)]))
    }

    /// "Age must be a whole number from 13 to 120."
    public static func wholeNumber(_ field: String, _ what: String, _ low: Int, _ high: Int) -> ValidationError {
        ValidationError(
            field: field,
            Phrase(
                "invalid.wholeNumber", ["what": .phrase(Phrase("field.\(what)")), "low": .integer(low), "high": .integer(high)]))
    }

    /// "Food name must be 1 to 200 characters."
    public static func length(_ field: String, _ what: String, atMost high: Int) -> ValidationError {
        ValidationError(
            field: field, Phrase("invalid.length", ["what": .phrase(Phrase("field.\(what)")), "high": .integer(high)]))
    }

    /// "A note can be at most 2,000 characters." (may be empty)
    public static func tooLong(_ field: String, _ what: String, atMost high: Int) -> ValidationError {
        ValidationError(
            field: field, Phrase("invalid.tooLong", ["what": .phrase(Phrase("field.\(what)")), "high": .integer(high)]))
    }

    /// A problem of its own, `invalid.` + `key` in the catalogs.
    public static func because(_ field: String, _ key: String, _ values: [String: Phrase.Value] = [:]) -> ValidationError {
        ValidationError(field: field, Phrase("invalid.\(key)", values))
    }

    private static func number(_ value: Double) -> Phrase.Value {
        value.rounded() == value && abs(value) < 1e15 ? .integer(Int(value)) : .decimal(value, digits: 1)
    }
}
