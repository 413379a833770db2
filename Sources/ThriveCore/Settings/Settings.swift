import Foundation

/// A person's settings (spec F4.6), stored on the server so every device shows the same. Every field
/// has a default, and a stored document missing a newer category still reads.
public struct Settings: Hashable, Sendable, Codable {
    public var notifications = NotificationSettings()
    public var privacy = PrivacySettings()
    public var display = DisplaySettings()
    public var channels = ChannelSettings()
    public var coaching = CoachingSettings()

    public init() {}

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        notifications = try container.decodeIfPresent(NotificationSettings.self, forKey: .notifications) ?? .init()
        privacy = try container.decodeIfPresent(PrivacySettings.self, forKey: .privacy) ?? .init()
        display = try container.decodeIfPresent(DisplaySettings.self, forKey: .display) ?? .init()
        channels = try container.decodeIfPresent(ChannelSettings.self, forKey: .channels) ?? .init()
        coaching = try container.decodeIfPresent(CoachingSettings.self, forKey: .coaching) ?? .init()
    }

    enum CodingKeys: String, CodingKey { case notifications, privacy, display, channels, coaching }

    public func validated() throws(ValidationError) -> Settings {
        try notifications.quietHours.validated()
        if !notifications.checkInTime.isEmpty, QuietHours.minutes(notifications.checkInTime) == nil {
            throw ValidationError.because("checkInTime", "checkInTime")
        }
        return self
    }
}

/// The person's switches, one per group of notification kinds (``NotificationKind/category``).
public enum NotificationCategory: String, Sendable, Codable, CodingKeyRepresentable, CaseIterable {
    case checkInReminders, insights, coachingNudges, goalMilestones, recoveryAlerts, mealWorkoutPrompts
    case habitReminders, criticalAlerts, testResults, testKitReminders, routineReminders, tips, productUpdates

    /// Everything is on until the person says otherwise, except news about Thrive itself.
    public var defaultOn: Bool { self != .productUpdates }
}

/// Light: 1–3 notifications a day; deep: up to 8.
public enum FlexibilityMode: String, Sendable, Codable, CaseIterable {
    case light, deep
}

public struct NotificationSettings: Hashable, Sendable, Codable {
    public var enabled = true
    public var categories: [NotificationCategory: Bool] = Dictionary(
        uniqueKeysWithValues: NotificationCategory.allCases.map { ($0, $0.defaultOn) })
    public var quietHours = QuietHours()
    /// Spec 000's check-in reminder "at the person's preferred time": "HH:MM", or empty for smart
    /// timing (half an hour before they usually check in, else 08:00).
    public var checkInTime = ""
    public var frequency: FlexibilityMode = .light
    /// Critical health alerts may sound during quiet hours: off until the person opts in (spec 004:
    /// critical alerts are opt-in and quiet hours are respected).
    public var criticalAlertsBreakQuietHours = false
    /// A critical alert not opened within 30 minutes is e-mailed too (spec 001's redundant
    /// channel); off until the person allows it, since e-mail leaves the server.
    public var emailCriticalAlerts = false
    /// Categories whose notifications show their own words on a locked screen; none by default
    /// (spec 001: lock-screen preview is the person's choice). Otherwise a push says only "open
    /// Thrive", and the words wait in the notification center, behind sign-in.
    public var lockScreenDetails: [NotificationCategory: Bool] = Dictionary(
        uniqueKeysWithValues: NotificationCategory.allCases.map { ($0, false) })

    public init() {}

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        enabled = try container.decodeIfPresent(Bool.self, forKey: .enabled) ?? true
        let stored = try container.decodeIfPresent([NotificationCategory: Bool].self, forKey: .categories) ?? [:]
        categories = Dictionary(uniqueKeysWithValues: NotificationCategory.allCases.map { ($0, stored[$0] ?? $0.defaultOn) })
        quietHours = try container.decodeIfPresent(QuietHours.self, forKey: .quietHours) ?? QuietHours()
        checkInTime = try container.decodeIfPresent(String.self, forKey: .checkInTime) ?? ""
        frequency = try container.decodeIfPresent(FlexibilityMode.self, forKey: .frequency) ?? .light
        criticalAlertsBreakQuietHours = try container.decodeIfPresent(Bool.self, forKey: .criticalAlertsBreakQuietHours) ?? false
        emailCriticalAlerts = try container.decodeIfPresent(Bool.self, forKey: .emailCriticalAlerts) ?? false
        let details = try container.decodeIfPresent([NotificationCategory: Bool].self, forKey: .lockScreenDetails) ?? [:]
        lockScreenDetails = Dictionary(uniqueKeysWithValues: NotificationCategory.allCases.map { ($0, details[$0] ?? false) })
    }

    enum CodingKeys: String, CodingKey {
        case enabled, categories, quietHours, checkInTime, frequency, criticalAlertsBreakQuietHours, emailCriticalAlerts
        case lockScreenDetails
    }

    public func allows(_ category: NotificationCategory) -> Bool { enabled && categories[category] ?? category.defaultOn }

    /// Whether a category's notifications may show their words on a locked screen.
    public func showsDetails(_ category: NotificationCategory) -> Bool { lockScreenDetails[category] ?? false }
}

/// A nightly window without notifications. It may wrap midnight (22:00–07:00, the default); start
/// and end cannot be the same minute, which would mean both "never" and "always".
public struct QuietHours: Hashable, Sendable, Codable {
    public var start = "22:00"
    public var end = "07:00"

    public init(start: String = "22:00", end: String = "07:00") {
        self.start = start
        self.end = end
    }

    /// Minutes after midnight of "HH:MM", or nil when the text is not a time.
    public static func minutes(_ text: String) -> Int? {
        let parts = text.split(separator: ":")
        guard parts.count == 2, parts[0].count == 2, parts[1].count == 2, let hour = Int(parts[0]), let minute = Int(parts[1]),
            (0..<24).contains(hour), (0..<60).contains(minute)
        else { return nil }
        return hour * 60 + minute
    }

    public func validated() throws(ValidationError) {
        guard let start = Self.minutes(start) else {
            throw ValidationError.because("quietHours.start", "quietStart")
        }
        guard let end = Self.minutes(end) else {
            throw ValidationError.because("quietHours.end", "quietEnd")
        }
        guard start != end else {
            throw ValidationError.because("quietHours.end", "quietSame")
        }
    }

    /// Whether a minute of the day falls inside the window (start inclusive, end exclusive).
    public func contains(minuteOfDay minute: Int) -> Bool {
        guard let start = Self.minutes(start), let end = Self.minutes(end) else { return false }
        return start < end ? (start..<end).contains(minute) : minute >= start || minute < end
    }
}

public enum RetentionPeriod: String, Sendable, Codable, CaseIterable {
    case oneYear, twoYears, never

    /// Records that happened before this moment are deleted: the same date and time one or two
    /// calendar years ago (UTC; 29 February falls back to the 28th). Nil for never.
    public func cutoff(at now: Date) -> Date? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        switch self {
        case .oneYear: return calendar.date(byAdding: .year, value: -1, to: now)
        case .twoYears: return calendar.date(byAdding: .year, value: -2, to: now)
        case .never: return nil
        }
    }
}

public struct PrivacySettings: Hashable, Sendable, Codable {
    public var anonymousAnalytics = false
    public var productResearch = false
    public var retention: RetentionPeriod = .never
    /// Consent per kind of data to leave the server.
    public var sharing = CategorySharing()

    public init() {}

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        anonymousAnalytics = try container.decodeIfPresent(Bool.self, forKey: .anonymousAnalytics) ?? false
        productResearch = try container.decodeIfPresent(Bool.self, forKey: .productResearch) ?? false
        retention = try container.decodeIfPresent(RetentionPeriod.self, forKey: .retention) ?? .never
        sharing = try container.decodeIfPresent(CategorySharing.self, forKey: .sharing) ?? CategorySharing()
    }

    enum CodingKeys: String, CodingKey { case anonymousAnalytics, productResearch, retention, sharing }
}

public enum Theme: String, Sendable, Codable, CaseIterable {
    case auto, light, dark
}

public enum TextSize: String, Sendable, Codable, CaseIterable {
    case small, medium, large, extraLarge
}

public enum ColorBlindMode: String, Sendable, Codable, CaseIterable {
    case none, protanopia, deuteranopia, tritanopia
}

public struct DisplaySettings: Hashable, Sendable, Codable {
    public var theme: Theme = .auto
    public var textSize: TextSize = .medium
    public var reduceMotion = false
    /// Stronger text, borders and focus rings than the theme's own (AAA contrast), for people who
    /// find the usual greys hard to read; the system's "more contrast" setting does the same.
    public var highContrast = false
    public var colorBlindMode: ColorBlindMode = .none
    public var screenReaderOptimized = false
    /// The interface language; nil follows the browser's `Accept-Language`.
    public var language: Language?

    public init() {}

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        theme = try container.decodeIfPresent(Theme.self, forKey: .theme) ?? .auto
        textSize = try container.decodeIfPresent(TextSize.self, forKey: .textSize) ?? .medium
        reduceMotion = try container.decodeIfPresent(Bool.self, forKey: .reduceMotion) ?? false
        highContrast = try container.decodeIfPresent(Bool.self, forKey: .highContrast) ?? false
        colorBlindMode = try container.decodeIfPresent(ColorBlindMode.self, forKey: .colorBlindMode) ?? .none
        screenReaderOptimized = try container.decodeIfPresent(Bool.self, forKey: .screenReaderOptimized) ?? false
        language = try container.decodeIfPresent(Language.self, forKey: .language)
    }

    enum CodingKeys: String, CodingKey {
        case theme, textSize, reduceMotion, highContrast, colorBlindMode, screenReaderOptimized, language
    }
}

public enum Channel: String, Sendable, Codable, CaseIterable {
    case app, whatsApp, voice, noPreference
}

public struct ChannelSettings: Hashable, Sendable, Codable {
    public var preferred: Channel = .app
    public var whatsAppOptIn = false

    public init() {}
}

public enum GoalFocus: String, Sendable, Codable, CaseIterable {
    case balanced, fitness, nutrition, wellbeing
}

public enum CoachingTone: String, Sendable, Codable, CaseIterable {
    case supportive, motivational, direct, gentle
}

public enum GoalDifficulty: String, Sendable, Codable, CaseIterable {
    case conservative, moderate, aggressive
}

/// Who answers in the coach chat. The on-device coach runs on the person's own server; a hosted
/// coach is a large language model elsewhere, used only when the person picks it.
public enum CoachProviderChoice: String, Sendable, Codable, CaseIterable {
    case onDevice, anthropic
}

public struct CoachingSettings: Hashable, Sendable, Codable {
    public var focus: GoalFocus = .balanced
    public var tone: CoachingTone = .supportive
    public var mode: FlexibilityMode = .light
    public var difficulty: GoalDifficulty = .moderate
    public var coach: CoachProviderChoice = .onDevice
    /// Whether a hosted coach also gets the person's habits, streaks and program day with their
    /// messages. Off, it gets only the conversation and the tone.
    public var shareHabitsWithHostedCoach = false

    public init() {}

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        focus = try container.decodeIfPresent(GoalFocus.self, forKey: .focus) ?? .balanced
        tone = try container.decodeIfPresent(CoachingTone.self, forKey: .tone) ?? .supportive
        mode = try container.decodeIfPresent(FlexibilityMode.self, forKey: .mode) ?? .light
        difficulty = try container.decodeIfPresent(GoalDifficulty.self, forKey: .difficulty) ?? .moderate
        coach = try container.decodeIfPresent(CoachProviderChoice.self, forKey: .coach) ?? .onDevice
        shareHabitsWithHostedCoach = try container.decodeIfPresent(Bool.self, forKey: .shareHabitsWithHostedCoach) ?? false
    }

    enum CodingKeys: String, CodingKey { case focus, tone, mode, difficulty, coach, shareHabitsWithHostedCoach }
}
