import Foundation
import ThriveCore
import ThriveStore

/// Family sharing of lab results (spec 001, phase 3): a person invites a family member by e-mail,
/// with their consent given on the way; the family member accepts and then reads the results;
/// either ends it. An invitation says nothing about whether the e-mail has an account here.
struct FamilyShareService: Sendable {
    let store: Store
    let now: Now
    let ids: IDGenerator
    let labs: LabService

    /// One share as a person sees it: the other side's name and e-mail.
    struct Entry: Sendable {
        let share: FamilyShare
        /// The person on the other side: the family member's e-mail, or the sharer's name and e-mail.
        let name: String
        let email: String
        let isMine: Bool
    }

    func overview(_ user: UserID) async throws -> [Entry] {
        try await store.read { repositories in
            guard let account = try await repositories.accounts.find(id: user) else { return [] }
            var entries: [Entry] = []
            for share in try await repositories.familyShares.shares(involving: user, email: account.email) {
                if share.owner == user {
                    entries.append(Entry(share: share, name: share.email.value, email: share.email.value, isMine: true))
                } else {
                    let (name, email) = try await Self.person(share.owner, repositories)
                    entries.append(Entry(share: share, name: name, email: email, isMine: false))
                }
            }
            return entries
        }
    }

    /// The sharer as the family member knows them: their name when they gave one, and their e-mail.
    static func person(_ owner: UserID, _ repositories: Repositories) async throws -> (name: String, email: String) {
        let email = try await repositories.accounts.find(id: owner)?.email.value ?? ""
        let name = try await repositories.records(of: owner).profile.get()?.displayName?.nonEmpty ?? email
        return (name, email)
    }

    func invite(_ owner: UserID, email text: String, consent: Bool) async throws -> FamilyShare {
        guard let email = try? EmailAddress(text.trimmingCharacters(in: .whitespaces)) else {
            throw ValidationError(field: "email", message: t("family.problem.email"))
        }
        guard consent else { throw ValidationError(field: "consent", message: t("family.problem.consent")) }
        let time = now()
        let share = FamilyShare(id: FamilyShareID(ids.uuid()), owner: owner, email: email, invitedAt: time)
        let ids = self.ids
        try await store.write { repositories in
            guard let account = try await repositories.accounts.find(id: owner) else { throw AppError.notFound(t("family.none")) }
            guard account.email != email else { throw ValidationError(field: "email", message: t("family.problem.self")) }
            let open = try await repositories.familyShares.shares(involving: owner, email: account.email).filter {
                $0.owner == owner
            }
            guard !open.contains(where: { $0.email == email }) else {
                throw ValidationError(field: "email", message: t("family.problem.again"))
            }
            guard open.count < FamilyShare.maximumOpen else {
                throw ValidationError(
                    field: "email", message: t("family.problem.many", ["max": "\(FamilyShare.maximumOpen)"]))
            }
            try await repositories.familyShares.invite(share)
            // Told in their notification center if they have an account; the inviter is not told either way.
            guard let invitee = try await repositories.accounts.find(email: email) else { return }
            let (name, _) = try await Self.person(owner, repositories)
            try await NotificationDispatch.notify(
                NotificationEntry(
                    id: NotificationID(ids.uuid()), kind: .accountNotice, key: "family-invite:\(share.id)",
                    title: Phrase("notification.familyInvite.title"),
                    body: Phrase("notification.familyInvite.body", ["name": .text(name)]), link: FamilyPagesController.path,
                    createdAt: time),
                in: repositories, owner: invitee.id, now: time, ids: ids)
        }
        return share
    }

    func accept(_ user: UserID, _ id: FamilyShareID) async throws {
        let time = now()
        try await store.write { repositories in
            guard let account = try await repositories.accounts.find(id: user),
                try await repositories.familyShares.accept(id, viewer: user, email: account.email, at: time)
            else { throw AppError.notFound(t("family.none")) }
        }
    }

    func end(_ user: UserID, _ id: FamilyShareID) async throws {
        let time = now()
        try await store.write { repositories in
            guard let account = try await repositories.accounts.find(id: user),
                try await repositories.familyShares.end(id, by: user, email: account.email, at: time)
            else { throw AppError.notFound(t("family.none")) }
        }
    }

    /// Whose results `viewer` may read as `subject`: their own, or a family member's who shares with them.
    func mayRead(_ subject: UserID, viewer: UserID) async throws -> Bool {
        if subject == viewer { return true }
        return try await store.read { try await $0.familyShares.shares(subject, with: viewer) }
    }

    /// The results a family member shares with `viewer`, latest first, and the sharer's name.
    func results(of owner: UserID, viewer: UserID) async throws -> (name: String, results: [LabResult]) {
        guard owner != viewer, try await mayRead(owner, viewer: viewer) else { throw AppError.notFound(t("family.none")) }
        return try await store.read { repositories in
            let (name, _) = try await Self.person(owner, repositories)
            return (name, try await repositories.records(of: owner).labs.results(after: nil, limit: 200))
        }
    }
}
