import Foundation
import SQLKit
import ThriveCore

/// The person's profile: one row per person.
public protocol ProfileRepository: Sendable {
    var owner: UserID { get }
    func get() async throws -> Profile?
    /// Saves the profile; a new time zone also changes which day totals are kept (see
    /// `QuantityDayShifts`), in the same transaction.
    func save(_ profile: Profile, at time: Date) async throws
}

struct SQLProfileRepository: ProfileRepository {
    let session: DatabaseSession
    let owner: UserID
    private var sql: any SQLDatabase { session.sql }

    func get() async throws -> Profile? {
        guard let row = try await sql.select().column("*").from("profiles").where("user_id", .equal, owner.rawValue).first()
        else { return nil }
        return try Self.decode(row)
    }

    static func decode(_ row: any SQLRow) throws -> Profile {
        Profile(
            displayName: try row.optionalString("display_name"),
            dateOfBirth: try row.optionalString("date_of_birth").flatMap(LocalDate.init(iso8601:)),
            sex: try row.optionalString("sex").flatMap(BiologicalSex.init(rawValue:)),
            height: try row.optionalDouble("height_m").map(Length.init(metres:)),
            weight: try row.optionalDouble("weight_kg").map(Mass.init(kilograms:)),
            unitSystem: UnitSystem(rawValue: try row.string("unit_system")) ?? .metric,
            timeZoneIdentifier: try row.string("time_zone"))
    }

    func save(_ profile: Profile, at time: Date) async throws {
        let log = ChangeLogWriter(session: session, owner: owner)
        let first = try await log.reserve(1)
        try await sql.insert(into: "profiles")
            .columns(
                "user_id", "display_name", "date_of_birth", "sex", "height_m", "weight_kg", "unit_system", "time_zone",
                "updated_at"
            )
            .values(
                owner.rawValue, profile.displayName, profile.dateOfBirth?.iso8601, profile.sex?.rawValue,
                profile.height?.metres, profile.weight?.kilograms, profile.unitSystem.rawValue,
                profile.timeZoneIdentifier, time
            )
            .onConflict(with: ["user_id"]) { update in
                var update = update
                for column in [
                    "display_name", "date_of_birth", "sex", "height_m", "weight_kg", "unit_system", "time_zone", "updated_at",
                ] {
                    update = update.set(excludedValueOf: column)
                }
                return update
            }
            .run()
        try await log.log([.init(kind: .profile, recordID: owner.rawValue, deleted: false)], from: first)
        try await QuantityDayShifts(session: session, owner: owner).keep(for: profile.timeZone, now: time)
    }
}
