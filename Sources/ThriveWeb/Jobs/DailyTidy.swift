import Foundation
import ThriveCore
import ThriveStore

/// Once a day, at 03:00 UTC: notifications older than 30 days and jobs done more than 7 days ago are
/// deleted, so the center keeps what it promises and the jobs table stays small; and each person's
/// health records older than their retention setting (one or two years) are deleted, one person
/// per transaction; and accounts unused for six months are warned, then deleted.
struct DailyTidy: JobPlanner, JobHandler {
    let store: Store
    let now: Now
    /// Unused accounts' warnings and deletion; nil where the operator turned it off.
    var inactivity: InactivityCheck?
    let kind = "dailyTidy"
    static let keptJobDays = 7

    func upcoming(at time: Date, ids: IDGenerator) async throws -> [Job] {
        let clock = LocalClock(zone: .gmt)
        let today = clock.day(of: time)
        return [today, today.adding(days: 1)].map { clock.date($0, minute: 3 * 60) }.filter { $0 >= time }.prefix(1)
            .map { due in
                Job(
                    id: JobID(ids.uuid()), kind: kind, owner: nil, dueAt: due,
                    idempotencyKey: "\(kind):\(clock.day(of: due).iso8601)")
            }
    }

    func run(_ job: Job) async throws -> JobOutcome {
        let time = now()
        try await store.write { repositories in
            try await repositories.purgeNotifications(before: time - Double(NotificationEntry.keptDays) * 86_400)
            try await repositories.jobs.purgeDone(before: time - Double(Self.keptJobDays) * 86_400)
        }
        let people = try await store.read { repositories in
            var cutoffs: [(UserID, Date)] = []
            for account in try await repositories.accounts.all() {
                let settings = try await repositories.records(of: account.id).documents.get(Settings.self)
                if let cutoff = settings?.privacy.retention.cutoff(at: time) { cutoffs.append((account.id, cutoff)) }
            }
            return cutoffs
        }
        for (person, cutoff) in people {
            _ = try await store.write { try await $0.records(of: person).deleteRecords(before: cutoff) }
        }
        try await inactivity?.run()
        return .done
    }
}
