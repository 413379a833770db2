import Foundation
import SQLKit
import ThriveCore

/// A partner's program as counts, never as people: every query here groups, none returns a row
/// per person or a person's id or result.
public protocol PartnerRepository: Sendable {
    /// Accounts with the partner role, for the lab to issue kits for (id and e-mail).
    func partners() async throws -> [(id: UserID, email: String)]
    /// Every stage of the partner's kits counted over `periods`, from the counts kept as the kits
    /// moved (``PartnerTallies``).
    func enrollment(of partner: UserID, over periods: ProgramPeriods) async throws -> EnrollmentCounts
}

struct SQLPartnerRepository: PartnerRepository {
    let sql: any SQLDatabase

    func partners() async throws -> [(id: UserID, email: String)] {
        try await sql.select().column(SQLColumn("id", table: "users")).column(SQLColumn("email", table: "users"))
            .from("users").join(
                "account_roles", on: SQLColumn("user_id", table: "account_roles"), .equal, SQLColumn("id", table: "users")
            )
            .where(SQLColumn("role", table: "account_roles"), .equal, SQLBind(AccountRole.partner.rawValue))
            .orderBy(SQLColumn("email", table: "users")).all()
            .map { (UserID(try $0.uuid("id")), try $0.string("email")) }
    }

    func enrollment(of partner: UserID, over periods: ProgramPeriods) async throws -> EnrollmentCounts {
        let months = periods.months.map(ProgramPeriodKey.month)
        let quarters = periods.quarters.map(ProgramPeriodKey.quarter)
        let week = ProgramPeriodKey.week(periods.weekStart)
        let rows = try await sql.select().columns("stage", "period", "detail", "kits", "people").from("partner_counts")
            .where("partner_id", .equal, SQLBind(partner.rawValue)).where("period", .in, months + quarters + [week]).all()
        let monthIndex = Dictionary(uniqueKeysWithValues: months.enumerated().map { ($1, $0) })
        let quarterIndex = Dictionary(uniqueKeysWithValues: quarters.enumerated().map { ($1, $0) })
        var counts = EnrollmentCounts()
        for row in rows {
            let (stage, period) = (try row.string("stage"), try row.string("period"))
            let count = PeopleCount(kits: try row.int("kits"), people: try row.int("people"))
            if stage == PartnerTallies.Stage.turnaround.rawValue {
                if let index = quarterIndex[period] { counts.turnaround[index][try row.int("detail"), default: 0] += count.kits }
                continue
            }
            if stage == PartnerTallies.Stage.resulted.rawValue, period == week { counts.completedThisWeek = count }
            guard let programStage = ProgramStage(rawValue: stage) else { continue }
            if let index = monthIndex[period] { counts[programStage].months[index] = count }
            if let index = quarterIndex[period] { counts[programStage].quarters[index] = count }
        }
        for stage in ProgramStage.allCases {
            let quarterly = counts[stage].quarters
            let busiest = quarterly.map(\.people).max() ?? 0
            // The window's people are at least the busiest quarter's; only when every quarter is
            // small does the exact number matter (is the window small too?), and it is cheap then.
            let people =
                stage == .issued || busiest >= SmallCells.k
                ? busiest : try await distinctPeople(partner, stage.rawValue, quarters)
            counts[stage].total = PeopleCount(kits: quarterly.map(\.kits).reduce(0, +), people: people)
        }
        var findingKits = 0
        for row in rows where try row.string("stage") == PartnerTallies.Stage.finding.rawValue {
            if quarterIndex[try row.string("period")] != nil { findingKits += try row.int("kits") }
        }
        counts.findings = PeopleCount(
            kits: findingKits,
            people: try await distinctPeople(partner, PartnerTallies.Stage.finding.rawValue, quarters))
        return counts
    }

    /// Different people at `stage` over `periods`.
    private func distinctPeople(_ partner: UserID, _ stage: String, _ periods: [String]) async throws -> Int {
        let row = try await sql.select().column(SQLRaw("COUNT(DISTINCT member_id) AS people")).from("partner_members")
            .where("partner_id", .equal, SQLBind(partner.rawValue)).where("stage", .equal, SQLBind(stage))
            .where("period", .in, periods).first()
        return try row?.int("people") ?? 0
    }
}
