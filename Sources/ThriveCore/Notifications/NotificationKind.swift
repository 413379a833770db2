import Foundation

/// How much a notification matters: what it may interrupt and how it is delivered.
public enum NotificationImportance: String, Sendable, Codable, CaseIterable, Comparable {
    /// A health value past a safety threshold (spec 004 §10, spec 001's critical alerts).
    case critical
    /// The person asked for it at a time (a habit reminder) or it is about them now (test results).
    case high
    case normal
    /// Tips and product news: never a sound.
    case low

    public static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! > allCases.firstIndex(of: rhs)!
    }
}

/// Every kind of notification Thrive sends, one taxonomy for all five specs. Each kind belongs to a
/// settings category (the person's on/off switch), has an importance, a default time when it is a
/// daily prompt, and a lock-screen wording that never carries a health value or a condition.
///
/// How the specs' categories map onto it:
/// - spec 000 F4.4: Check-in Reminders → `checkInReminder`; Insights & Discoveries → `insight`;
///   Coaching Nudges → `coachingNudge`; Goal Milestones → `milestone`; Recovery Alerts →
///   `recoveryAlert`; Meal/Workout Prompts → `mealPrompt`, `workoutPrompt`.
/// - spec 001 §1: CRITICAL_ALERT → `criticalAlert`; TEST_RESULT → `testResult`; REMINDER →
///   `testKitReminder`; EDUCATIONAL → `tip`; research invitations and news → `productUpdate`.
/// - spec 002 screen 4: habit reminders → `habitReminder`; check-ins → `coachingCheckIn`;
///   celebrations → `milestone`.
/// - spec 003 FR-071..FR-078: routine reminders → `routineReminder`; progress-photo and evaluator
///   nudges → `coachingNudge`; tips → `tip`.
/// - spec 004: safety alerts → `criticalAlert`; daily targets and KPI nudges → `mealPrompt`,
///   `workoutPrompt`; the monthly plan adjustment → `insight`.
/// - issue 25: the end of an import the person started → `dataImport` (under Insights).
/// - issue 26: an export the person asked for is ready → `dataExport` (under Insights); an unused
///   account's deletion warnings → `accountNotice` (under Insights, high).
/// - issue 27: spec 001's poor-air days for Z carriers who turned them on → `airQuality` (under Insights);
///   a message in the counselor chat → `counselorMessage` (under Test results: the conversation is
///   about them; high, since a person waits for the answer).
public enum NotificationKind: String, Sendable, Codable, CaseIterable {
    case checkInReminder, habitReminder, coachingCheckIn, insight, coachingNudge, milestone, recoveryAlert
    case mealPrompt, workoutPrompt, criticalAlert, testResult, testKitReminder, routineReminder, tip, productUpdate
    /// An import the person started has ended (what it brought in, or why it stopped): in the
    /// center only, since they asked for it and may have closed the page.
    case dataImport
    /// A copy of their data the person asked for is ready to download (or could not be made).
    case dataExport
    /// Something about the account itself: an unused account will be deleted (spec 004).
    case accountNotice
    /// A day of poor air for someone carrying a Z allele who asked for these (spec 001).
    case airQuality
    /// A message in the genetic counselor chat, for the other side (spec 001, phase 3).
    case counselorMessage

    public var category: NotificationCategory {
        switch self {
        case .checkInReminder: return .checkInReminders
        case .habitReminder: return .habitReminders
        case .coachingCheckIn, .coachingNudge: return .coachingNudges
        case .insight, .dataImport, .dataExport, .accountNotice, .airQuality: return .insights
        case .milestone: return .goalMilestones
        case .recoveryAlert: return .recoveryAlerts
        case .mealPrompt, .workoutPrompt: return .mealWorkoutPrompts
        case .criticalAlert: return .criticalAlerts
        case .testResult, .counselorMessage: return .testResults
        case .testKitReminder: return .testKitReminders
        case .routineReminder: return .routineReminders
        case .tip: return .tips
        case .productUpdate: return .productUpdates
        }
    }

    public var importance: NotificationImportance {
        switch self {
        case .criticalAlert: return .critical
        case .habitReminder, .routineReminder, .testResult, .accountNotice, .counselorMessage: return .high
        case .tip, .productUpdate: return .low
        default: return .normal
        }
    }

    /// Spec 000 F4.4's Light mode keeps the essentials (the morning check-in, the featured insight,
    /// milestones); Deep adds the prompts, recovery alerts and nudges. A reminder the person set
    /// (a habit's, a routine's, a kit's) and anything about their results are theirs in both.
    public var inLightMode: Bool {
        switch self {
        case .coachingNudge, .recoveryAlert, .mealPrompt, .workoutPrompt, .tip: return false
        default: return true
        }
    }

    /// Minute of the day a daily prompt goes when the person's history says nothing better (spec
    /// 000's examples: check-in 8 a.m., recovery 7 a.m., workout 6 p.m., meal prompt 7 p.m.); nil
    /// for what is sent as it happens.
    public var defaultMinute: Int? {
        switch self {
        case .checkInReminder: return 8 * 60
        case .recoveryAlert: return 7 * 60
        case .workoutPrompt: return 18 * 60
        case .mealPrompt: return 19 * 60
        case .coachingNudge, .coachingCheckIn: return 10 * 60
        case .insight, .tip, .productUpdate: return 12 * 60
        default: return nil
        }
    }

    /// The words a locked screen shows (`notification.lock.` keys): a prompt to open Thrive, never
    /// a value or a condition ("Important health alert — open Thrive").
    public var lockScreenKey: String { "notification.lock.\(rawValue)" }
}
