import Foundation
import ThriveCore
import ThriveStore

/// Why an e-mailed link did not work.
public enum AccountLinkRefusal: Error, Equatable, Sendable {
    /// Used already, older than an hour, replaced by a newer one, or never sent.
    case unusable
}

/// Password reset and change of e-mail address by one-time links (spec 003 FR-086..FR-088):
/// asking never says whether an address has an account, a link works once for an hour, and using
/// it is one transaction with what it changes.
extension AccountService {
    /// Sends a reset link when the address has an account; says the same either way.
    public func requestPasswordReset(email rawEmail: String) async throws {
        guard let email = try? EmailAddress(rawEmail) else { return }
        let time = now()
        try await store.write { repositories in
            guard let account = try await repositories.accounts.find(email: email) else { return }
            try await repositories.jobs.enqueue(try AccountMail.job(.passwordReset, owner: account.id, at: time, ids: ids))
        }
    }

    /// Whether a link still works (for the page that asks for the new password).
    public func link(_ token: String, purpose: AccountLink.Purpose) async throws -> AccountLink? {
        guard SecretTokens.looksValid(token) else { return nil }
        let link = try await store.read { try await $0.accountLinks.find(tokenHash: SecretTokens.hash(token)) }
        guard let link, link.purpose == purpose, link.isUsable(at: now()) else { return nil }
        return link
    }

    /// Sets a new password with a reset link, then signs the account out everywhere and forgets
    /// its failed sign-ins (whoever reads the mailbox is the owner).
    public func resetPassword(token: String, new: String, sessions: SessionService) async throws {
        try PasswordPolicy.check(new)
        guard let link = try await link(token, purpose: .passwordReset) else { throw AccountLinkRefusal.unusable }
        let hash = await hasher.hash(new)
        let time = now()
        try await store.write { repositories in
            guard try await repositories.accountLinks.use(tokenHash: link.tokenHash, at: time),
                let account = try await repositories.accounts.find(id: link.userID)
            else { throw AccountLinkRefusal.unusable }
            try await repositories.accounts.updatePasswordHash(hash, for: account.id)
            try await repositories.accountLinks.endAll(for: account.id, purpose: .passwordReset, at: time)
            try await repositories.loginThrottle.save(nil, for: ThrottleKey(.account, account.email.value).key)
            try await sessions.endEverywhere(for: account.id, in: repositories)
        }
    }

    /// The operator sets a password (`thrive user password`, for a server without e-mail); the
    /// account is signed out everywhere. False when no account has the address.
    public func setPassword(email: EmailAddress, to new: String) async throws -> Bool {
        try PasswordPolicy.check(new)
        let hash = await hasher.hash(new)
        let time = now()
        return try await store.write { repositories in
            guard let account = try await repositories.accounts.find(email: email) else { return false }
            try await repositories.accounts.updatePasswordHash(hash, for: account.id)
            try await repositories.accountLinks.endAll(for: account.id, purpose: .passwordReset, at: time)
            try await repositories.loginThrottle.save(nil, for: ThrottleKey(.account, email.value).key)
            try await repositories.signOutEverywhere(account.id, at: time)
            return true
        }
    }

    /// Sends a link to the new address once the current password is proved; the address changes
    /// only when the link is used.
    public func requestEmailChange(for userID: UserID, to rawEmail: String, password: String) async throws {
        let email = try EmailAddress(rawEmail)
        let (account, keys) = try await prove(password, of: userID)
        guard email != account.email else { throw ValidationError.because("email", "emailUnchanged") }
        let time = now()
        try await store.write { repositories in
            try await takeBack(keys, in: repositories, at: time)
            try await repositories.jobs.enqueue(
                try AccountMail.job(.emailChange, newEmail: email, owner: userID, at: time, ids: ids))
        }
    }

    /// Changes the address the link was sent to; returns it.
    @discardableResult
    public func confirmEmail(token: String) async throws -> EmailAddress {
        guard let link = try await link(token, purpose: .emailChange), let email = link.newEmail else {
            throw AccountLinkRefusal.unusable
        }
        let time = now()
        try await store.write { repositories in
            guard try await repositories.accountLinks.use(tokenHash: link.tokenHash, at: time) else {
                throw AccountLinkRefusal.unusable
            }
            try await repositories.accounts.updateEmail(email, for: link.userID)
        }
        return email
    }
}
