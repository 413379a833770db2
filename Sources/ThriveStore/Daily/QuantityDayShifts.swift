import Foundation
import SQLKit
import ThriveCore

/// Which day rollups (`quantity_days`) are kept for a person: one per UTC hour their days start
/// at, taken from their time zone's offsets over the last ten years and the next. A zone offset by
/// a half or three quarters of an hour has none; its days are read from the hours.
struct QuantityDayShifts: Sendable {
    let session: DatabaseSession
    let owner: UserID

    /// The UTC hours (0–23) at which days start in `zone` in the years around `now`.
    static func shifts(of zone: TimeZone, around now: Date) -> Set<Int> {
        let year = 365.2425 * 86_400
        let instants = stride(from: now.addingTimeInterval(-10 * year), through: now.addingTimeInterval(year), by: year / 12)
        var shifts: Set<Int> = []
        for instant in instants {
            let offset = zone.secondsFromGMT(for: instant)
            guard offset % 3_600 == 0 else { continue }
            shifts.insert(((-offset / 3_600) % 24 + 24) % 24)
        }
        return shifts
    }

    func registered() async throws -> Set<Int> {
        let rows = try await session.sql.raw(
            "SELECT shift FROM quantity_day_shifts WHERE owner_id = \(bind: owner.rawValue)"
        ).all()
        return Set(try rows.map { try $0.int("shift") })
    }

    /// Keeps exactly `zone`'s shifts: a new one is filled from the hours already stored, one the
    /// person no longer needs is dropped with its days. Call inside a write transaction.
    func keep(for zone: TimeZone, now: Date) async throws {
        let wanted = Self.shifts(of: zone, around: now)
        var current = try await registered()
        guard wanted != current else { return }
        if session.kind == .postgres {
            // A sample written concurrently would otherwise reach neither the backfill (not yet
            // committed) nor the new shift's days (its trigger not yet seeing the shift). Another
            // process may have kept the same shifts while this one waited: look again.
            try await session.sql.raw("LOCK TABLE quantity_hours IN SHARE ROW EXCLUSIVE MODE").run()
            current = try await registered()
            guard wanted != current else { return }
        }
        for shift in current.subtracting(wanted) {
            try await session.sql.raw(
                "DELETE FROM quantity_days WHERE owner_id = \(bind: owner.rawValue) AND shift = \(bind: shift)"
            ).run()
            try await session.sql.raw(
                "DELETE FROM quantity_day_shifts WHERE owner_id = \(bind: owner.rawValue) AND shift = \(bind: shift)"
            ).run()
        }
        for shift in wanted.subtracting(current).sorted() {
            let day = Schema.floorDay("hour - \(shift)")
            try await session.sql.raw(
                """
                INSERT INTO quantity_days (owner_id, type, shift, day, source_name, source_kind, total, low, high, n) \
                SELECT owner_id, type, \(literal: shift), \(unsafeRaw: day), source_name, source_kind, \
                SUM(total), MIN(low), MAX(high), SUM(n) FROM quantity_hours WHERE owner_id = \(bind: owner.rawValue) \
                GROUP BY owner_id, type, \(unsafeRaw: day), source_name, source_kind
                """
            ).run()
            try await session.sql.raw(
                "INSERT INTO quantity_day_shifts (owner_id, shift) VALUES (\(bind: owner.rawValue), \(bind: shift))"
            ).run()
        }
    }

    /// Fills the day totals of people who have none yet: everyone, the first time a database
    /// opens after migration 7. Each person's in a transaction of its own.
    static func keepForEveryone(_ store: Store, now: Date) async throws {
        let people = try await store.read { repositories in
            try await repositories.sql.raw(
                """
                SELECT user_id, time_zone FROM profiles \
                WHERE NOT EXISTS (SELECT 1 FROM quantity_day_shifts s WHERE s.owner_id = profiles.user_id)
                """
            ).all().map { (UserID(try $0.uuid("user_id")), try $0.string("time_zone")) }
        }
        for (owner, zone) in people {
            guard let zone = TimeZone(identifier: zone), !shifts(of: zone, around: now).isEmpty else { continue }
            try await store.write { repositories in
                try await QuantityDayShifts(session: repositories.session, owner: owner).keep(for: zone, now: now)
            }
        }
    }
}
