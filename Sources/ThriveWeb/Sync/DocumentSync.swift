import Foundation
import ThriveCore
import ThriveStore

/// A document a device can change field by field (settings, goals): its current fields, and
/// applying the fields a device changed, validated as the API validates them.
struct DocumentSync: Sendable {
    let kind: ChangeKind
    let current: @Sendable (PersonalRecords) async throws -> JSONValue
    /// Applies changed fields (an object of just those) and saves; throws, having saved nothing,
    /// when the result is invalid.
    let apply: @Sendable (_ changed: JSONValue, _ records: PersonalRecords, _ now: Date) async throws -> Void

    static let settings = DocumentSync(
        kind: .settings,
        current: { try JSONValue(encoding: try await $0.documents.get(Settings.self) ?? Settings()) },
        apply: { changed, records, now in
            let current = try await records.documents.get(Settings.self) ?? Settings()
            let updated = try SettingsService.applying(try JSONEncoder().encode(changed), to: current)
            try await records.documents.save(updated, at: now)
        })

    /// Goals are the plan preferences a person chooses (activity, goal, pace, training set-up); the
    /// fields a device sends are those of `PUT /api/v1/plan/preferences`.
    static let goals = DocumentSync(
        kind: .goals,
        current: { try JSONValue(encoding: try await $0.documents.get(PlanPreferences.self) ?? PlanPreferences()) },
        apply: { changed, records, now in
            let update = try StrictJSON.decode(PreferencesUpdate.self, from: try JSONEncoder().encode(changed))
            let person = try await PersonContext.load(records, now: now)
            var preferences = try update.applied(
                to: person.preferences,
                body: PreferencesUpdate.Body(weight: person.weight, height: person.profile.height, today: person.today))
            if preferences.startedOn == nil { preferences.startedOn = person.today }
            try await records.documents.save(preferences, at: now)
        })

    static let all: [ChangeKind: DocumentSync] = [.settings: settings, .goals: goals]
}
