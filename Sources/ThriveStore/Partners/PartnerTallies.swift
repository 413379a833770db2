import Foundation
import SQLKit
import ThriveCore

/// Keeps a partner's counts as their program's kits move along: each event adds its kits to the
/// stage's count for its month and quarter (and week, for results), in the partner's time zone at
/// the time, and adds a person where the person is new to that period. Reading a dashboard then
/// reads a few dozen rows, however many people the program holds.
struct PartnerTallies {
    let sql: any SQLDatabase

    /// Whose program, and the partner's zone.
    struct Program {
        let partner: UUID
        let zone: TimeZone
    }

    enum Stage: String {
        case issued, registered, returned, resulted, finding, turnaround
    }

    /// The partner of the kit and their zone; nil for a kit of no program.
    func program(ofKit number: String) async throws -> Program? {
        let row = try await sql.select().column(SQLColumn("partner_id", table: "test_kits"))
            .column(SQLColumn("time_zone", table: "profiles")).from("test_kits")
            .join(
                "profiles", method: SQLJoinMethod.left, on: SQLColumn("user_id", table: "profiles"), .equal,
                SQLColumn("partner_id", table: "test_kits")
            )
            .where(SQLColumn("number", table: "test_kits"), .equal, SQLBind(number)).first()
        guard let row, let partner = try row.decode(column: "partner_id", as: UUID?.self) else { return nil }
        return Program(partner: partner, zone: try Self.zone(row.decode(column: "time_zone", as: String?.self)))
    }

    func program(ofPartner partner: UUID) async throws -> Program {
        let row = try await sql.select().column("time_zone").from("profiles").where("user_id", .equal, SQLBind(partner))
            .first()
        return Program(partner: partner, zone: try Self.zone(row?.decode(column: "time_zone", as: String?.self)))
    }

    private static func zone(_ identifier: String?) throws -> TimeZone { identifier.flatMap(TimeZone.init(identifier:)) ?? .gmt }

    /// Adds `kits` kits at `stage` for `time`'s month and quarter (and week when `weekly`), and the
    /// member as a person in each period they are new to.
    func count(
        _ stage: Stage, _ program: Program, at time: Date, member: UUID?, kits: Int = 1, weekly: Bool = false,
        detail: Int = -1, quarterOnly: Bool = false
    ) async throws {
        let day = LocalDate(time, in: program.zone)
        var periods =
            quarterOnly ? [ProgramPeriodKey.quarter(day)] : [ProgramPeriodKey.month(day), ProgramPeriodKey.quarter(day)]
        if weekly { periods.append(ProgramPeriodKey.week(day)) }
        for period in periods {
            var isNew = 0
            if let member {
                let added = try await sql.insert(into: "partner_members").columns("partner_id", "stage", "period", "member_id")
                    .values(SQLBind(program.partner), SQLBind(stage.rawValue), SQLBind(period), SQLBind(member))
                    .ignoringConflicts(with: ["partner_id", "stage", "period", "member_id"]).returning("member_id").all()
                isNew = added.isEmpty ? 0 : 1
            }
            try await sql.raw(
                """
                INSERT INTO partner_counts (partner_id, stage, period, detail, kits, people)
                VALUES (\(bind: program.partner), \(bind: stage.rawValue), \(bind: period), \(bind: detail), \(bind: kits), \(bind: isNew))
                ON CONFLICT (partner_id, stage, period, detail)
                DO UPDATE SET kits = partner_counts.kits + excluded.kits, people = partner_counts.people + excluded.people
                """
            ).run()
        }
    }

    /// A result for a program's kit: resulted (with the week), the days it took from registration,
    /// and the member as a finding when it is one.
    /// A kit that had not been marked as reaching the lab is counted as returned too.
    func resulted(_ program: Program, _ result: LabResult, registeredAt: Date?, reachedLab: Bool, finding: Bool)
        async throws
    {
        if !reachedLab {
            try await count(.returned, program, at: result.reportedAt, member: result.owner.rawValue)
        }
        try await count(.resulted, program, at: result.reportedAt, member: result.owner.rawValue, weekly: true)
        if let registeredAt {
            let days = max(0, Int(result.reportedAt.timeIntervalSince(registeredAt) / 86_400))
            try await count(.turnaround, program, at: result.reportedAt, member: nil, detail: days, quarterOnly: true)
        }
        if finding { try await count(.finding, program, at: result.reportedAt, member: result.owner.rawValue, quarterOnly: true) }
    }
}
