import Foundation
import Logging
import ThriveCore
import ThriveNotify
import ThriveStore

/// The nightly look at who has stopped using Thrive (spec 004): 30 and 7 days before their account
/// goes, a warning in their notification center and by e-mail (when the server sends e-mail), each
/// saying the date and that signing in keeps the account; then the account and everything of it
/// is deleted. Off when the operator says so (`THRIVE_INACTIVITY_DELETION=off`).
struct InactivityCheck: Sendable {
    let store: Store
    let now: Now
    let ids: IDGenerator
    let email: SMTPClient?
    let files: PersonFiles
    let logger: Logger

    func run() async throws {
        let time = now()
        let people = try await store.read { try await $0.inactivity.all() }
        for (person, inactivity) in people {
            switch inactivity.step(at: time) {
            case .none: continue
            case .delete:
                _ = try await AccountErasure.erase(person, store: store, files: files)
                logger.notice("inactive account deleted", metadata: ["user": "\(person)"])
            case .warnFirst(let deletesAt): try await warn(person, deletesAt: deletesAt, final: false, at: time)
            case .warnFinal(let deletesAt): try await warn(person, deletesAt: deletesAt, final: true, at: time)
            }
        }
    }

    private func warn(_ person: UserID, deletesAt: Date, final: Bool, at time: Date) async throws {
        let ids = self.ids
        let found = try await store.write { repositories -> (Account, Settings, TimeZone)? in
            guard let account = try await repositories.accounts.find(id: person) else { return nil }
            let records = repositories.records(of: person)
            let zone = try await records.timeZone()
            let day = LocalDate(deletesAt, in: zone)
            let entry = NotificationEntry(
                id: NotificationID(ids.uuid()), kind: .accountNotice, key: "inactivity:\(day.iso8601):\(final ? 7 : 30)",
                title: Phrase("notification.inactivity.title"),
                body: Phrase("notification.inactivity.body", ["date": .date(day)]), link: "/profile/data", createdAt: time)
            try await repositories.inactivity.recordWarning(person, final: final, at: time)
            _ = try await NotificationDispatch.post(entry, pushAt: time, in: repositories, owner: person, ids: ids)
            return (account, try await records.documents.get(Settings.self) ?? Settings(), zone)
        }
        guard let (account, settings, zone) = found, let email else { return }
        let message = Localizer.$current.withValue(Localizer(settings.display.language ?? .en)) {
            EmailMessage(
                to: account.email.value, subject: t("inactivity.email.subject"),
                text: t("inactivity.email.body", ["date": DisplayFormat.date(deletesAt, in: zone)]))
        }
        do {
            try await email.send(message)
        } catch {
            // The center holds the warning either way; the date does not move for a lost e-mail.
            logger.warning("inactivity e-mail not sent", metadata: ["user": "\(person)"])
        }
    }
}
