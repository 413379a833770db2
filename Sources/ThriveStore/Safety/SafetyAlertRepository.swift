import Foundation
import SQLKit
import ThriveCore

/// One person's safety alerts. Recording findings keeps one open alert per condition: a condition
/// still present refreshes its alert, a new one opens an alert, and one no longer present resolves it.
public protocol SafetyAlertRepository: Sendable {
    var owner: UserID { get }
    /// Applies a fresh evaluation of the conditions in `scope` and returns the open alerts, newest first.
    func record(_ findings: [SafetyFinding], within scope: Set<SafetyCondition>, at time: Date, ids: IDGenerator)
        async throws -> [SafetyAlert]
    func open() async throws -> [SafetyAlert]
    /// Open alerts and those resolved within the last 30 days, newest first.
    func recent(since: Date) async throws -> [SafetyAlert]
    func acknowledge(_ id: SafetyAlertID, at time: Date) async throws -> SafetyAlert?
}

extension SafetyAlertRepository {
    /// Applies a fresh evaluation of every condition.
    public func record(_ findings: [SafetyFinding], at time: Date, ids: IDGenerator) async throws -> [SafetyAlert] {
        try await record(findings, within: Set(SafetyCondition.allCases), at: time, ids: ids)
    }
}

struct SQLSafetyAlertRepository: SafetyAlertRepository {
    let sql: any SQLDatabase
    let owner: UserID

    func record(_ findings: [SafetyFinding], within scope: Set<SafetyCondition>, at time: Date, ids: IDGenerator)
        async throws -> [SafetyAlert]
    {
        let current = Dictionary(
            try await open().filter { scope.contains($0.condition) }.map { ($0.condition, $0) },
            uniquingKeysWith: { first, _ in first })
        for finding in findings {
            if let alert = current[finding.condition] {
                try await sql.update("safety_alerts")
                    .set("message", to: try StoredPhrases.text(finding.message))
                    .set("evidence", to: try StoredPhrases.text([finding.evidence]))
                    .set("observed_on", to: finding.observedOn.iso8601).set("last_seen_at", to: time)
                    .where("owner_id", .equal, owner.rawValue).where("id", .equal, alert.id.rawValue).run()
            } else {
                try await sql.insert(into: "safety_alerts")
                    .columns("id", "owner_id", "condition", "message", "evidence", "observed_on", "opened_at", "last_seen_at")
                    .values(
                        ids.uuid(), owner.rawValue, finding.condition.rawValue, try StoredPhrases.text(finding.message),
                        try StoredPhrases.text([finding.evidence]),
                        finding.observedOn.iso8601, time, time
                    ).run()
            }
        }
        let present = Set(findings.map(\.condition))
        for (condition, alert) in current where !present.contains(condition) {
            try await sql.update("safety_alerts").set("resolved_at", to: time)
                .where("owner_id", .equal, owner.rawValue).where("id", .equal, alert.id.rawValue).run()
        }
        return try await open()
    }

    func open() async throws -> [SafetyAlert] {
        try await sql.select().column("*").from("safety_alerts").where("owner_id", .equal, owner.rawValue)
            .where("resolved_at", .is, SQLLiteral.null).orderBy("opened_at", .descending).all().compactMap(decode)
    }

    func recent(since: Date) async throws -> [SafetyAlert] {
        try await sql.select().column("*").from("safety_alerts").where("owner_id", .equal, owner.rawValue)
            .where { $0.where("resolved_at", .is, SQLLiteral.null).orWhere("resolved_at", .greaterThanOrEqual, since) }
            .orderBy("opened_at", .descending).all().compactMap(decode)
    }

    func acknowledge(_ id: SafetyAlertID, at time: Date) async throws -> SafetyAlert? {
        try await sql.update("safety_alerts").set("acknowledged_at", to: time)
            .where("owner_id", .equal, owner.rawValue).where("id", .equal, id.rawValue)
            .where("acknowledged_at", .is, SQLLiteral.null).run()
        return try await sql.select().column("*").from("safety_alerts").where("owner_id", .equal, owner.rawValue)
            .where("id", .equal, id.rawValue).first().flatMap(decode)
    }

    private func decode(_ row: any SQLRow) throws -> SafetyAlert? {
        guard let condition = SafetyCondition(rawValue: try row.string("condition")),
            let observed = LocalDate(iso8601: try row.string("observed_on"))
        else { return nil }
        return SafetyAlert(
            id: SafetyAlertID(try row.uuid("id")), condition: condition,
            message: StoredPhrases.phrases(try row.string("message")),
            evidence: StoredPhrases.phrases(try row.string("evidence")).first ?? .literal(""), observedOn: observed,
            openedAt: try row.date("opened_at"),
            lastSeenAt: try row.date("last_seen_at"), acknowledgedAt: try row.optionalDate("acknowledged_at"),
            resolvedAt: try row.optionalDate("resolved_at"))
    }
}
