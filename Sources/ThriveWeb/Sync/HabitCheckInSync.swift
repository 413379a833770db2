import Foundation
import ThriveCore
import ThriveStore
import ThriveSync

/// Habit check-ins in sync, by the spec's rule for habit data: of two check-ins of the same
/// habit's day, the one made later wins, whichever reaches the server first. A device sends what
/// the person did (done, skip, +1, a count, clear) with when they did it; the server applies it as
/// a tap would have been, unless the day holds a check-in made after it.
enum HabitCheckInSync {
    /// What a device sends.
    struct Change: Codable, Sendable {
        let habitId: HabitID
        let day: String
        let action: HabitCheckInRequest.Action
        let amount: Int?
    }

    /// What a pull gives: the day as the server holds it.
    struct Record: Codable, Sendable {
        let habitId: HabitID
        let day: String
        let state: HabitCheckIn.State
        let amount: Int
        let recordedAt: Date
    }

    /// The current fields of logged check-in records (nil: the day holds no check-in now).
    static func fields(_ logged: [LoggedChange], in records: PersonalRecords) async throws -> [UUID: JSONValue] {
        var result: [UUID: JSONValue] = [:]
        for change in logged {
            guard let id = change.recordID, let key = HabitCheckInKey(detail: change.detail),
                let day = LocalDate(iso8601: key.day),
                let checkIn = try await records.habits.checkIns([key.habitId], from: day, through: day).first
            else { continue }
            result[id] = try JSONValue(
                encoding: Record(
                    habitId: key.habitId, day: key.day, state: checkIn.state, amount: checkIn.amount,
                    recordedAt: checkIn.recordedAt))
        }
        return result
    }

    /// Applies a device's check-in unless the day holds one made later. One that loses is a
    /// conflict the rule has settled (`final`): the device takes the server's day, and the batch
    /// keeps the device's version in the conflict history.
    static func apply(_ change: SyncChange, records: PersonalRecords, now: Date) async throws -> SyncChangeResult {
        guard let body = change.fields else { throw AppError.badRequest(t("sync.fieldsRequired"), field: "fields") }
        let sent = try StrictJSON.decode(Change.self, from: try JSONEncoder().encode(body))
        guard let day = LocalDate(iso8601: sent.day) else { throw ValidationError.because("day", "habitDay") }
        guard change.recordID == HabitCheckIn.syncID(habit: sent.habitId, day: day) else {
            throw AppError.badRequest(t("sync.habitRecordID"), field: "recordID")
        }
        guard try await records.habits.habit(sent.habitId) != nil else { throw HabitService.missing }
        if let held = try await records.habits.checkIns([sent.habitId], from: day, through: day).first,
            held.recordedAt > change.madeAt
        {
            let logged = try await records.changes.latest(.habitCheckIn, recordIDs: [change.recordID])[change.recordID]
            let fields = try await Self.fields(logged.map { [$0] } ?? [], in: records)[change.recordID]
            return SyncChangeResult(
                changeID: change.id, status: .conflict,
                server: SyncRecord(
                    kind: .habitCheckIn, recordID: change.recordID, version: logged?.sequence ?? 0, deleted: fields == nil,
                    fields: fields), final: true)
        }
        let action: HabitCheckInRequest.Action = change.operation == .delete ? .clear : sent.action
        _ = try await HabitService.checkIn(
            sent.habitId, HabitCheckInRequest(action: action, amount: sent.amount, day: sent.day), records: records,
            at: min(change.madeAt, now))
        return SyncChangeResult(changeID: change.id, status: .applied)
    }
}
