import Foundation

/// The password a person sets on their report. The file leaves the server, so it is only as safe
/// as this: a weak one is refused with what would make it strong enough. The app's strength meter
/// (report.js) applies the same rule.
public enum ReportPassword {
    public enum Strength: String, Sendable, CaseIterable {
        case tooShort, weak, fair, strong

        public var isAccepted: Bool { self == .fair || self == .strong }
    }

    public static let minimumLength = 8
    public static let maximumLength = 128

    /// Length counts most: 16 characters of anything is strong (a passphrase), as are 12 with three
    /// kinds of character (lower case, upper case, digits, anything else); 10 with two kinds is fair.
    public static func strength(_ password: String) -> Strength {
        let length = password.count
        guard length >= minimumLength else { return .tooShort }
        var kinds = Set<Int>()
        for scalar in password.unicodeScalars {
            if CharacterSet.lowercaseLetters.contains(scalar) {
                kinds.insert(0)
            } else if CharacterSet.uppercaseLetters.contains(scalar) {
                kinds.insert(1)
            } else if CharacterSet.decimalDigits.contains(scalar) {
                kinds.insert(2)
            } else {
                kinds.insert(3)
            }
        }
        if length >= 16 || (length >= 12 && kinds.count >= 3) { return .strong }
        if length >= 10 && kinds.count >= 2 { return .fair }
        return .weak
    }

    public static func check(_ password: String, confirmation: String) throws(ValidationErrors) {
        var problems = ValidationProblems()
        if password.count > maximumLength {
            problems.add(
                ValidationError(field: "password", Phrase("report.invalid.passwordLong", ["count": .integer(maximumLength)])))
        } else if !strength(password).isAccepted {
            problems.add(ValidationError(field: "password", Phrase("report.invalid.passwordWeak")))
        }
        if confirmation != password {
            problems.add(ValidationError(field: "confirmation", Phrase("report.invalid.confirmation")))
        }
        try problems.finish()
    }
}

/// The report's file name, as spec 004 gives it: `firstname_lastname_YYYY-MM-DD.pdf`, the date the
/// report was made. Letters are folded to plain ASCII so that every system, mail client and
/// clinic's file share takes the name as it is.
public enum ReportFileName {
    public static func name(person: String?, date: LocalDate, extension suffix: String) -> String {
        let words = (person ?? "").replacingOccurrences(of: "ß", with: "ss").folding(
            options: [.diacriticInsensitive, .caseInsensitive], locale: nil
        )
        .lowercased()
        .split(whereSeparator: { $0.isWhitespace })
        .map { word in String(word.unicodeScalars.filter { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }) }
        .filter { !$0.isEmpty }
        let parts: [String] =
            switch words.count {
            case 0: ["thrive", "report"]
            case 1: [words[0]]
            default: [words[0], words[words.count - 1]]
            }
        return (parts + [date.iso8601]).joined(separator: "_") + "." + suffix
    }
}
