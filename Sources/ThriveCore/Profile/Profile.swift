import Foundation

/// Biological sex as the body formulas need it (Mifflin–St Jeor, calorie floors).
public enum BiologicalSex: String, Sendable, Codable, CaseIterable {
    case female
    case male
}

/// What Thrive knows about a person's body and preferences. Fields are optional until onboarding
/// fills them: a new account has a profile with only its units and time zone.
public struct Profile: Hashable, Sendable, Codable {
    public var displayName: String?
    public var dateOfBirth: LocalDate?
    public var sex: BiologicalSex?
    public var height: Length?
    public var weight: Mass?
    public var unitSystem: UnitSystem
    /// An IANA identifier such as "Europe/Berlin"; days and greetings follow it.
    public var timeZoneIdentifier: String

    public init(
        displayName: String? = nil,
        dateOfBirth: LocalDate? = nil,
        sex: BiologicalSex? = nil,
        height: Length? = nil,
        weight: Mass? = nil,
        unitSystem: UnitSystem = .metric,
        timeZoneIdentifier: String = "UTC"
    ) {
        self.displayName = displayName
        self.dateOfBirth = dateOfBirth
        self.sex = sex
        self.height = height
        self.weight = weight
        self.unitSystem = unitSystem
        self.timeZoneIdentifier = timeZoneIdentifier
    }

    /// The person's zone; an identifier the system no longer knows falls back to UTC.
    public var timeZone: TimeZone { TimeZone(identifier: timeZoneIdentifier) ?? TimeZone(identifier: "UTC")! }

    /// Age in whole years on the day `now` falls on in the person's own time zone.
    public func age(at now: Date) -> Int? {
        guard let dateOfBirth else { return nil }
        return dateOfBirth.wholeYears(until: LocalDate(now, in: timeZone))
    }
}

extension Profile {
    /// Checks the ranges a person could plausibly have; the message says which field and why.
    public func validated(now: Date) throws(ValidationError) -> Profile {
        if let first = problems(now: now).first { throw first }
        return self
    }

    /// Every field outside what a person could plausibly have, each with why.
    public func problems(now: Date) -> [ValidationError] {
        var problems: [ValidationError] = []
        if let name = displayName, name.count > 80 {
            problems.append(.tooLong("displayName", "name", atMost: 80))
        }
        if TimeZone(identifier: timeZoneIdentifier) == nil {
            problems.append(.because("timeZone", "timeZone", ["zone": .text(timeZoneIdentifier)]))
        }
        if let height, !(0.5...2.5).contains(height.metres) {
            problems.append(.range("height", "height", 50, 250, unit: " cm"))
        }
        if let weight, !(20...400).contains(weight.kilograms) {
            problems.append(.range("weight", "weight", 20, 400, unit: " kg"))
        }
        if let dateOfBirth, dateOfBirth > LocalDate(now, in: timeZone) {
            problems.append(.because("dateOfBirth", "birthInFuture"))
        } else if let age = age(at: now), !(13...120).contains(age) {
            problems.append(.because("dateOfBirth", "age"))
        }
        return problems
    }
}
