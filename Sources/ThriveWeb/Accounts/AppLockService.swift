import Foundation
import ThriveCore
import ThriveStore

/// The app lock of a browser session (``AppLock``): closing it, and opening it with the password
/// (throttled as a sign-in), the PIN (five tries) or a passkey (three tries, spec 001), after which
/// only the password opens it. The setting and the PIN live with the person; the lock and its
/// failed tries with the session, so locking one phone leaves the laptop as it is.
struct AppLockService: Sendable {
    let accounts: AccountService
    let passkeys: PasskeyService
    /// For people who never set theirs.
    let defaultLock: AppLock
    /// The providers the operator set up: a linked one opens the lock too.
    var offeredProviders: [SocialProvider] = []

    var store: Store { accounts.store }
    var now: Now { accounts.now }

    /// How the lock screen can be opened now.
    struct Ways: Codable, Sendable {
        let passkey: Bool
        let pin: Bool
        /// False for an account made with Google or Apple that never set a password.
        let password: Bool
        let google: Bool
        let apple: Bool
    }

    enum Refusal: Error, Equatable {
        case wrongPIN(triesLeft: Int)
        /// Too many failed passkey or PIN tries: only the password now.
        case passwordNeeded
    }

    func ways(for userID: UserID, session tokenHash: String) async throws -> Ways {
        let (lock, keys, failures, hasPassword, identities) = try await store.read { repositories in
            (
                try await setting(for: userID, in: repositories), try await repositories.passkeys.all(for: userID).count,
                try await repositories.sessions.find(tokenHash: tokenHash)?.unlockFailures ?? 0,
                try await repositories.accounts.find(id: userID)?.hasPassword ?? true,
                try await repositories.accountIdentities.all(for: userID).map(\.provider)
            )
        }
        let linked = Set(identities).intersection(offeredProviders)
        return Ways(
            passkey: keys > 0 && failures < AppLock.passkeyAttempts, pin: lock.pinHash != nil && failures < AppLock.pinAttempts,
            password: hasPassword, google: linked.contains(.google), apple: linked.contains(.apple))
    }

    func lock(session tokenHash: String) async throws {
        let time = now()
        try await store.write { try await $0.sessions.lock(tokenHash: tokenHash, at: time) }
    }

    func unlock(password: String, for userID: UserID, session tokenHash: String) async throws {
        let (_, keys) = try await accounts.prove(password, of: userID)
        let time = now()
        try await store.write { repositories in
            try await accounts.takeBack(keys, in: repositories, at: time)
            try await repositories.sessions.unlock(tokenHash: tokenHash, at: time)
        }
    }

    func unlock(pin: String, for userID: UserID, session tokenHash: String) async throws {
        let (lock, failures) = try await store.read { repositories in
            (
                try await setting(for: userID, in: repositories),
                try await repositories.sessions.find(tokenHash: tokenHash)?.unlockFailures ?? 0
            )
        }
        guard let hash = lock.pinHash, failures < AppLock.pinAttempts else { throw Refusal.passwordNeeded }
        guard await accounts.hasher.verify(pin, against: hash) else {
            let failed = try await store.write { try await $0.sessions.failedUnlock(tokenHash: tokenHash) }
            if failed >= AppLock.pinAttempts { throw Refusal.passwordNeeded }
            throw Refusal.wrongPIN(triesLeft: AppLock.pinAttempts - failed)
        }
        let time = now()
        try await store.write { try await $0.sessions.unlock(tokenHash: tokenHash, at: time) }
    }

    /// The passkey ceremony for the lock screen: the person's own passkeys only.
    func passkeyOptions(for userID: UserID, session tokenHash: String, site: WebAuthn) async throws -> (
        PasskeyService.RequestOptions, ticket: String
    ) {
        guard try await ways(for: userID, session: tokenHash).passkey else { throw Refusal.passwordNeeded }
        return try await passkeys.requestOptions(.unlock, for: userID, site: site)
    }

    func unlock(
        passkey assertion: PasskeyService.Assertion, ticket: String?, for userID: UserID, session tokenHash: String,
        site: WebAuthn
    ) async throws {
        guard try await ways(for: userID, session: tokenHash).passkey else { throw Refusal.passwordNeeded }
        do {
            _ = try await passkeys.verify(assertion, ticket: ticket, step: .unlock, site: site)
        } catch {
            try await failedPasskey(session: tokenHash)
            throw error
        }
        let time = now()
        try await store.write { try await $0.sessions.unlock(tokenHash: tokenHash, at: time) }
    }

    /// A passkey try that ended on the device (cancelled, the face or finger not recognised).
    func failedPasskey(session tokenHash: String) async throws {
        _ = try await store.write { try await $0.sessions.failedUnlock(tokenHash: tokenHash) }
    }

    /// The person's lock, or the server's default when they never chose.
    func setting(for userID: UserID, in repositories: Repositories) async throws -> AppLock {
        try await repositories.appLocks.find(for: userID) ?? defaultLock
    }

    func setMinutes(_ minutes: Int?, for userID: UserID) async throws {
        let time = now()
        try await store.write { repositories in
            var lock = try await setting(for: userID, in: repositories)
            lock.idleMinutes = minutes
            try await repositories.appLocks.save(lock, for: userID, at: time)
        }
    }

    /// Sets or changes the PIN once the password is proved.
    func setPIN(_ pin: String, confirmation: String, password: String, for userID: UserID) async throws {
        try AppLock.checkPIN(pin)
        guard pin == confirmation else { throw ValidationError.because("confirmPin", "pinConfirm") }
        let (_, keys) = try await accounts.prove(password, of: userID)
        let hash = await accounts.hasher.hash(pin)
        let time = now()
        try await store.write { repositories in
            try await accounts.takeBack(keys, in: repositories, at: time)
            var lock = try await setting(for: userID, in: repositories)
            lock.pinHash = hash
            try await repositories.appLocks.save(lock, for: userID, at: time)
        }
    }

    func removePIN(for userID: UserID) async throws {
        let time = now()
        try await store.write { repositories in
            var lock = try await setting(for: userID, in: repositories)
            lock.pinHash = nil
            try await repositories.appLocks.save(lock, for: userID, at: time)
        }
    }
}
