import Foundation
import ThriveCore
import ThriveNotify
import ThriveStore

/// E-mails a one-time link: a password reset to the account's address, or a link to confirm a new
/// address (sent to the new one, with a word to the old one). The token is made here, when the
/// mail goes, so that it is never stored but as a hash — the job's payload names only the purpose.
///
/// Links point at `THRIVE_PUBLIC_URL` (else the address the server listens on), never at the
/// `Host` a request named: a forged host would otherwise send the person's link to a stranger.
struct AccountMail: JobHandler {
    let store: Store
    let now: Now
    let email: SMTPClient?
    let publicURL: String
    static let kind = "accountMail"
    var kind: String { Self.kind }

    struct Payload: Codable {
        let purpose: AccountLink.Purpose
        let newEmail: String?
    }

    /// The job for `owner`: at most one a minute per purpose (the idempotency key), whoever asks.
    static func job(_ purpose: AccountLink.Purpose, newEmail: EmailAddress? = nil, owner: UserID, at time: Date, ids: IDGenerator)
        throws -> Job
    {
        let minute = Int(time.timeIntervalSince1970 / 60)
        return Job(
            id: JobID(ids.uuid()), kind: kind, owner: owner, dueAt: time,
            payload: String(
                decoding: try JSONEncoder().encode(Payload(purpose: purpose, newEmail: newEmail?.value)), as: UTF8.self),
            idempotencyKey: "\(kind):\(owner):\(purpose.rawValue):\(minute)")
    }

    func run(_ job: Job) async throws -> JobOutcome {
        guard let owner = job.owner, let email else { return .done }
        let payload = try JSONDecoder().decode(Payload.self, from: Data(job.payload.utf8))
        let time = now()
        let token = SecretTokens.make()
        let newEmail = try payload.newEmail.map { try EmailAddress($0) }
        let minted = try await store.write { repositories -> (Account, Settings)? in
            guard let account = try await repositories.accounts.find(id: owner),
                try await repositories.accountLinks.count(for: owner, purpose: payload.purpose, since: time - 3_600)
                    < AccountLink.perHour
            else { return nil }
            // A new link ends the older ones: only the latest mail works.
            try await repositories.accountLinks.endAll(for: owner, purpose: payload.purpose, at: time)
            try await repositories.accountLinks.create(
                AccountLink(
                    tokenHash: SecretTokens.hash(token), userID: owner, purpose: payload.purpose, newEmail: newEmail,
                    createdAt: time))
            return (account, try await repositories.records(of: owner).documents.get(Settings.self) ?? Settings())
        }
        guard let (account, settings) = minted else { return .done }
        let base = publicURL.hasSuffix("/") ? String(publicURL.dropLast()) : publicURL
        let messages = Localizer.$current.withValue(Localizer(settings.display.language ?? .en)) { () -> [EmailMessage] in
            switch payload.purpose {
            case .passwordReset:
                return [
                    EmailMessage(
                        to: account.email.value, subject: t("email.reset.subject"),
                        text: t("email.reset.body", ["link": "\(base)/reset-password?token=\(token)"]))
                ]
            case .emailChange:
                guard let newEmail else { return [] }
                return [
                    EmailMessage(
                        to: newEmail.value, subject: t("email.confirm.subject"),
                        text: t("email.confirm.body", ["link": "\(base)/confirm-email?token=\(token)"])),
                    EmailMessage(
                        to: account.email.value, subject: t("email.changing.subject"),
                        text: t("email.changing.body", ["address": newEmail.value])),
                ]
            }
        }
        for message in messages { try await email.send(message) }
        return .done
    }
}
