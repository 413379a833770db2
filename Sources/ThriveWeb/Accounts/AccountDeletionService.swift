import Foundation
import ThriveCore
import ThriveNotify
import ThriveStore

/// Deleting one's own account: asked for with the password, it signs the person out everywhere
/// and waits fourteen days (``AccountDeletion``), in which signing in again cancels it; a job
/// reminds them two days before and another deletes every row and file of theirs at the end.
struct AccountDeletionService: Sendable {
    let accounts: AccountService
    let ids: IDGenerator
    let files: PersonFiles

    var store: Store { accounts.store }

    /// Schedules the deletion and signs the person out everywhere; returns it (its date).
    func request(for userID: UserID, password: String) async throws -> AccountDeletion {
        let (_, keys) = try await accounts.prove(password, of: userID)
        let time = accounts.now()
        return try await store.write { repositories in
            try await accounts.takeBack(keys, in: repositories, at: time)
            try await repositories.accountDeletions.request(AccountDeletion(requestedAt: time), for: userID)
            let deletion = try await repositories.accountDeletions.find(for: userID) ?? AccountDeletion(requestedAt: time)
            try await repositories.jobs.enqueue(AccountDeletionJob.jobs(for: userID, deletion, ids: ids))
            try await repositories.signOutEverywhere(userID, at: time)
            return deletion
        }
    }

    /// Called on every sign-in: a person who comes back keeps their account. True when a
    /// deletion was waiting.
    func cancel(for userID: UserID) async throws -> Bool {
        try await store.write { try await $0.accountDeletions.cancel(for: userID) }
    }

}

/// Deleting an account and everything of it now: rows through the database's cascades (every
/// table that names a person refers to `users` with ON DELETE CASCADE; a test holds every table to
/// it), the uploaded and exported files by hand. The end of a cooling-off and `thrive user delete`.
public enum AccountErasure {
    /// False when there is no such account.
    public static func erase(_ userID: UserID, store: Store, files: PersonFiles) async throws -> Bool {
        let (uploads, exports) = try await store.read { repositories in
            let records = repositories.records(of: userID)
            return (try await records.imports.recent(limit: .max), try await records.exports.recent(limit: .max))
        }
        guard try await store.write({ try await $0.accounts.delete(userID) }) else { return false }
        let imported = ImportFiles(folder: files.imports, limit: .max)
        for upload in uploads { imported.remove(upload.id) }
        let exported = DataExportFiles(folder: files.exports)
        for export in exports { exported.remove(export.id) }
        ReportFiles(exports: files.exports).removeAll(userID)
        return true
    }
}

/// The two jobs of a deletion: the reminder e-mail two days before, and the deletion itself. Each
/// checks that the same request still stands, so a cancelled (or cancelled and asked again)
/// deletion's old jobs do nothing.
struct AccountDeletionJob: JobHandler {
    let store: Store
    let now: Now
    let email: SMTPClient?
    let files: PersonFiles
    static let kind = "accountDeletion"
    var kind: String { Self.kind }

    struct Payload: Codable {
        enum Step: String, Codable { case remind, delete }
        let step: Step
        /// Which request the job belongs to.
        let requestedAt: Date
    }

    static func jobs(for userID: UserID, _ deletion: AccountDeletion, ids: IDGenerator) throws -> [Job] {
        try [(Payload.Step.remind, deletion.reminderAt), (.delete, deletion.dueAt)].map { step, time in
            let payload = Payload(step: step, requestedAt: deletion.requestedAt)
            return Job(
                id: JobID(ids.uuid()), kind: kind, owner: userID, dueAt: time,
                payload: String(decoding: try StrictJSON.makeEncoder().encode(payload), as: UTF8.self),
                idempotencyKey: "\(kind):\(userID):\(Int(deletion.requestedAt.timeIntervalSince1970)):\(step.rawValue)")
        }
    }

    func run(_ job: Job) async throws -> JobOutcome {
        guard let owner = job.owner else { return .done }
        let payload = try StrictJSON.makeDecoder().decode(Payload.self, from: Data(job.payload.utf8))
        let waiting = try await store.read { repositories -> (AccountDeletion, Account, Settings, TimeZone)? in
            guard let deletion = try await repositories.accountDeletions.find(for: owner),
                abs(deletion.requestedAt.timeIntervalSince(payload.requestedAt)) < 1,
                let account = try await repositories.accounts.find(id: owner)
            else { return nil }
            let records = repositories.records(of: owner)
            return (deletion, account, try await records.documents.get(Settings.self) ?? Settings(), try await records.timeZone())
        }
        guard let (deletion, account, settings, zone) = waiting else { return .done }
        switch payload.step {
        case .delete:
            guard deletion.isDue(at: now()) else { return .later(deletion.dueAt) }
            _ = try await AccountErasure.erase(owner, store: store, files: files)
        case .remind:
            guard let email else { return .done }
            let message = Localizer.$current.withValue(Localizer(settings.display.language ?? .en)) {
                EmailMessage(
                    to: account.email.value, subject: t("deletion.reminder.subject"),
                    text: t("deletion.reminder.body", ["date": DisplayFormat.date(deletion.dueAt, in: zone)]))
            }
            try await email.send(message)
        }
        return .done
    }
}
